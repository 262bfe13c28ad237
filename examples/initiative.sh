#!/bin/sh
# initiative.sh CAMPAIGN NAME...: roll initiative for each character named,
# one roll each (the campaign's system's initiative verb), and print the order
# highest first, with standard tools: one "score<TAB>name" line per roll,
# sorted on the score, numbered.
#
# For the systems whose initiative scores are numbers: the generic dice system
# (its initiative die plus the bonus). The others order their turns by more
# than one number (Fate's skills and ties, Alternity's action checks...), so
# they are refused: `rolecli initiative NAME...` orders them as their rules say.
#
#   examples/initiative.sh demo Ana Bruno Esqueleto
#   SEED=7 examples/initiative.sh demo Ana Bruno     # repeatable rolls
set -eu
campaign=${1:?usage: initiative.sh CAMPAIGN NAME...}
shift
: "${1:?usage: initiative.sh CAMPAIGN NAME...}"
shown=$(rolecli -C "$campaign" campaign show --json)  # an unknown campaign stops here, with rolecli's exit code
system=$(printf '%s\n' "$shown" | jq -r '.system')
if [ "$system" != dice ]; then
    echo "initiative.sh: campaign $campaign is of the '$system' system; this script needs one whose initiative" \
        "scores are numbers: dice. Use 'rolecli -C $campaign initiative NAME...' instead." >&2
    exit 2
fi
for name in "$@"; do  # an unknown name stops here, before anything is rolled (a failure in the pipe below would not)
    rolecli -C "$campaign" character show "$name" > /dev/null
done
n=0
for name in "$@"; do
    n=$((n + 1))
    # A seed of its own for each roll when SEED is set, so the rolls differ.
    rolecli -C "$campaign" initiative "$name" --json ${SEED:+--seed $((SEED + n))} \
        | jq -r --arg who "$name" '"\(.scores[$who])\t\($who)"'
done | sort -t "$(printf '\t')" -k1,1nr -s | nl -w1 -s'. '
