#!/usr/bin/env bash
# Where the time goes: runs one client against the loopback server (or a stubbed fetch) under `node --cpu-prof`
# and prints the functions with the most self and total time. Run `npm run bench` once first (it builds bench/.out).
#   scripts/bench-profile.sh [variant] [send-thread-message|list-users] [concurrency] [seconds] [loopback|stub]
#   (the variants are listed at the top of bench/profile.ts)
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
node --cpu-prof --cpu-prof-dir="$dir" bench/.out/profile.mjs "$@"
PROFILE_DIR="$dir" node bench/.out/profile.mjs --summarize
