#!/bin/sh
# attack-until-out.sh CAMPAIGN TARGET VERB ACTOR ARGS...: attack TARGET again
# and again until the rules say it cannot act, at most 20 times. Each attack
# is `rolecli VERB ACTOR ARGS... --target TARGET`: its exit code says whether
# it succeeded (0) or failed (1); anything else stops the loop. The target's
# status comes from `character show --json`, read with jq.
#
#   examples/attack-until-out.sh caminantes "El Coronel" attack Tomás "Armas cuerpo a cuerpo" Atletismo
set -eu
campaign=${1:?usage: attack-until-out.sh CAMPAIGN TARGET VERB ACTOR ARGS...}
target=${2:?usage: attack-until-out.sh CAMPAIGN TARGET VERB ACTOR ARGS...}
shift 2
rolecli -C "$campaign" character show "$target" > /dev/null  # an unknown target stops here
can_act() {
    rolecli -C "$campaign" character show "$target" --json | jq -e '.status.can_act' > /dev/null
}
hits=0 misses=0 n=0
while can_act; do
    n=$((n + 1))
    if [ "$n" -gt 20 ]; then
        echo "$target still stands after 20 attacks." >&2
        exit 1
    fi
    code=0
    said=$(rolecli -C "$campaign" "$@" --target "$target" --json ${SEED:+--seed $((SEED + n))}) || code=$?
    case $code in
        0) hits=$((hits + 1)) ;;
        1) misses=$((misses + 1)) ;;
        *) exit "$code" ;;  # the rules refused: rolecli said why on stderr
    esac
    printf '%s\n' "$said" | jq -r '.explanation[-1]'
done
why=$(rolecli -C "$campaign" character show "$target" --json | jq -r '.status.why')
echo "$target is out after $n attack(s), $hits hit(s) and $misses miss(es): $why."
