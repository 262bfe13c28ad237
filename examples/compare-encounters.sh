#!/bin/sh
# compare-encounters.sh A.toml B.toml [TRIALS]: simulate two variants of an
# encounter with the same seed and print each side's win rate side by side,
# with the difference, then the mean rounds. Reads `encounter simulate --json`
# with jq; nothing is written to the campaigns. For every system: the figures
# compared are the ones `encounter simulate` gives any system.
#
#   examples/compare-encounters.sh campaigns/demo/encounter.toml six-zombies.toml 2000
set -eu
a=${1:?usage: compare-encounters.sh A.toml B.toml [TRIALS]}
b=${2:?usage: compare-encounters.sh A.toml B.toml [TRIALS]}
trials=${3:-1000}
seed=${SEED:-1}
tmp=${TMPDIR:-/tmp}/compare.$$
trap 'rm -f "$tmp.a" "$tmp.b"' EXIT  # gone however it ends (a file rolecli refuses stops the script)
rolecli encounter simulate "$a" --trials "$trials" --seed "$seed" --json > "$tmp.a"
rolecli encounter simulate "$b" --trials "$trials" --seed "$seed" --json > "$tmp.b"
printf 'side\tA\tB\tB - A\n'
# One line per side of A, with its rate in B (0 where B has no such side).
jq -r --slurpfile other "$tmp.b" '.sides | to_entries[]
    | [.key, .value.rate, ($other[0].sides[.key].rate // 0)]
    | "\(.[0])\t\(.[1] * 1000 | round / 10)%\t\(.[2] * 1000 | round / 10)%\t\((.[2] - .[1]) * 1000 | round / 10)"' "$tmp.a"
printf 'rounds\t%s\t%s\n' "$(jq '.rounds.mean * 100 | round / 100' "$tmp.a")" "$(jq '.rounds.mean * 100 | round / 100' "$tmp.b")"
