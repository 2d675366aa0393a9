#!/usr/bin/env bash
# `npm run test:live`: replays the contract cases against the real service through Prism's proxy
# and reports every deviation from the spec. Reads only, unless CHAT_LIVE_WRITES=1.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -z "${CHAT_APP_ID:-}" || -z "${CHAT_API_KEY:-}" ]]; then
  # Keep this sentence in step with LIVE_SKIP_MESSAGE in tests/harness/live-config.ts.
  printf '%s' "Live contract tests skipped: set CHAT_APP_ID and CHAT_API_KEY (optionally CHAT_REGION; "
  printf '%s' "CHAT_MGMT_KEY and CHAT_MGMT_SECRET for the Management API; CHAT_LIVE_WRITES=1 with CHAT_SENDER_UID, "
  printf '%s\n' "CHAT_RECEIVER_UID and CHAT_PARENT_ID to also send writes) to run them against the real service."
  exit 0
fi
if [[ "${CHAT_LIVE_WRITES:-}" == "1" ]]; then
  echo "CHAT_LIVE_WRITES=1: writes (POST/PUT/PATCH/DELETE) will be sent to app ${CHAT_APP_ID}."
else
  echo "Reads only: set CHAT_LIVE_WRITES=1 to also send writes to app ${CHAT_APP_ID}."
fi
exec node_modules/.bin/jest --testMatch '**/tests/contract/live/*.live.ts' --testTimeout 60000 "$@"
