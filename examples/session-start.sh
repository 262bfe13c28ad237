#!/bin/sh
# session-start.sh CAMPAIGN: the start of a session. Every character of the
# campaign recovers as its system says (the start_of_session event: Fate
# points refreshed, Willpower mended...), one command per character, so that
# one the rules refuse is reported and the others still recover. For every
# system (each has its start_of_session recovery, though some recover nothing
# then).
#
#   ROLECLI_CAMPAIGNS=~/my-campaigns examples/session-start.sh caminantes
#
# Exit code: 0 when everyone recovered, 1 when someone could not.
set -eu
campaign=${1:?usage: session-start.sh CAMPAIGN}
failed=0
shown=$(rolecli -C "$campaign" campaign show --json)  # an unknown campaign stops here, with rolecli's exit code
# The names as the campaign writes them (jq -r: one per line, spaces and accents kept).
printf '%s\n' "$shown" | jq -r '.characters | keys_unsorted[]' | {
    while IFS= read -r name; do
        if said=$(rolecli -C "$campaign" recover start_of_session "$name" 2>&1); then
            printf '%s\n' "$said"
        else
            printf 'could not recover %s: %s\n' "$name" "$said" >&2
            failed=1
        fi
    done
    exit "$failed"
}
