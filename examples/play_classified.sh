#!/usr/bin/env bash
# Play a whole Classified Information match with curl (and jq), both seats from one terminal.
# Usage: BASE=http://127.0.0.1:8000 examples/play_classified.sh
set -euo pipefail
BASE=${BASE:-http://127.0.0.1:8000}
json=(-H 'Content-Type: application/json')

# 1. Create a match with two human seats; the answer holds one secret token per seat.
made=$(curl -sf -X POST "$BASE/matches" "${json[@]}" -d '{"game": "classified", "options": {"card_set": "citrine"}}')
match=$(jq -r .match_id <<<"$made")
token=("$(jq -r '.tokens[0].token' <<<"$made")" "$(jq -r '.tokens[1].token' <<<"$made")")
echo "match $match"

# 2. Loop: read the public view, ask GET /matches/{id}/actions for the legal actions of the seat
#    to move, post the first one with the version they were listed for (a stale version would
#    get 409 with the current one).
while :; do
  view=$(curl -sf "$BASE/matches/$match")
  [ "$(jq -r .finished <<<"$view")" = true ] && break
  seat=$(jq -r '.to_move[0]' <<<"$view")
  auth=(-H "Authorization: Bearer ${token[$seat]}")
  legal=$(curl -sf "$BASE/matches/$match/actions" "${auth[@]}")  # this seat's legal actions
  action=$(jq -c '.legal_actions[0]' <<<"$legal")
  version=$(jq -r .version <<<"$legal")
  curl -sf -X POST "$BASE/matches/$match/actions" "${json[@]}" "${auth[@]}" \
       -d "{\"action\": $action, \"version\": $version}" > /dev/null
  echo "v$version seat $seat: $action"
done

# 3. The outcome, then the replay (seed and every action, published only after the end).
jq -c .outcome <<<"$view"
curl -sf "$BASE/matches/$match/replay" | jq -c '{seed, commitment, actions: (.history | length)}'
