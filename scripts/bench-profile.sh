#!/usr/bin/env bash
# Where the time goes: runs one client against the loopback server under `node --cpu-prof`
# and prints the functions with the most self time. Run `npm run bench` once first (it builds bench/.out).
#   scripts/bench-profile.sh [sdk|sdk-middleware|openapi-fetch|sdk-timeouts-off|raw|raw-timeout] [send-thread-message|list-users] [concurrency] [seconds]
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
node --cpu-prof --cpu-prof-dir="$dir" bench/.out/profile.mjs "$@"
PROFILE_DIR="$dir" node bench/.out/profile.mjs --summarize
