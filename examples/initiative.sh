#!/bin/sh
# initiative.sh CAMPAIGN NAME...: roll initiative for each character named,
# one roll each (the campaign's system's initiative verb), and print the order
# highest first, with standard tools: one "score<TAB>name" line per roll,
# sorted on the score, numbered. For a system whose initiative scores are
# numbers (the generic dice system: its initiative die plus the bonus).
#
#   examples/initiative.sh demo Ana Bruno Esqueleto
#   SEED=7 examples/initiative.sh demo Ana Bruno     # repeatable rolls
set -eu
campaign=${1:?usage: initiative.sh CAMPAIGN NAME...}
shift
n=0
for name in "$@"; do
    n=$((n + 1))
    # A seed of its own for each roll when SEED is set, so the rolls differ.
    rolecli -C "$campaign" initiative "$name" --json ${SEED:+--seed $((SEED + n))} \
        | jq -r --arg who "$name" '"\(.scores[$who])\t\($who)"'
done | sort -t "$(printf '\t')" -k1,1nr -s | nl -w1 -s'. '
