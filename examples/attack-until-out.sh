#!/bin/sh
# attack-until-out.sh CAMPAIGN TARGET VERB ACTOR ARGS...: attack TARGET again
# and again until the rules say it cannot act, at most 20 times, one attack a
# round. Each attack is `rolecli VERB ACTOR ARGS... --target TARGET`: its exit
# code says whether it succeeded (0) or failed (1); anything else stops the
# loop. After each, the actor's round ends as its system says (its end_of_round
# recovery, where it has one: the middle system allows one blow a round). The
# target's status comes from `character show --json`, read with jq.
#
# For the systems whose attacks take the character hit as --target: fate,
# alternity, giro, v5 and middle. The generic dice system is refused (its
# --target is a difficulty, not a character).
#
#   examples/attack-until-out.sh caminantes "El Coronel" attack Tomás "Armas cuerpo a cuerpo" Atletismo
#   examples/attack-until-out.sh aaa Zug attack "Mad Dog" "Armas Cuerpo a Cuerpo-espada" d4+1w/d6+1w/d4m
#   examples/attack-until-out.sh giro "Clovis Lenoir" attack "Wilhelmina Beckett" "Precisión + Armas de Fuego" "Gracia + Percepción"
#   examples/attack-until-out.sh v5 "Guardia 1" attack Katarina Destreza+Pelea Destreza+Pelea
#   examples/attack-until-out.sh middle Novato strike Aldara "uso de armas"
set -eu
usage="usage: attack-until-out.sh CAMPAIGN TARGET VERB ACTOR ARGS..."
campaign=${1:?$usage}
target=${2:?$usage}
actor=${4:?$usage}
shift 2
shown=$(rolecli -C "$campaign" campaign show --json)  # an unknown campaign stops here, with rolecli's exit code
system=$(printf '%s\n' "$shown" | jq -r '.system')
case $system in
    fate | alternity | giro | v5 | middle) ;;
    *)
        echo "attack-until-out.sh: campaign $campaign is of the '$system' system; this script needs one whose attacks" \
            "take the character hit as --target: fate, alternity, giro, v5 or middle." >&2
        exit 2 ;;
esac
rolecli -C "$campaign" character show "$target" > /dev/null  # an unknown target stops here
round_ends=$(rolecli systems "$system" --json | jq '.events | index("end_of_round") != null')
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
    if [ "$round_ends" = true ]; then
        rolecli -C "$campaign" recover end_of_round "$actor" > /dev/null
    fi
done
why=$(rolecli -C "$campaign" character show "$target" --json | jq -r '.status.why')
echo "$target is out after $n attack(s), $hits hit(s) and $misses miss(es): $why."
