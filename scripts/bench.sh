#!/usr/bin/env bash
# `npm run bench`: type-checks and builds bench/ (every file an entry), runs every section listed in
# bench/run.ts, writes BENCHMARKS.md and prints the headline. Options go to bench/run.ts:
#   --only throughput,cpu   --quick   --render-only
set -euo pipefail
cd "$(dirname "$0")/.."
# The packages the size section compares with live in bench/peers, outside the repository's own
# install (some declare Node 22 or newer): installed here, once, from bench/peers/package-lock.json.
[ -d bench/peers/node_modules ] || npm ci --prefix bench/peers --no-audit --no-fund --loglevel=error
node_modules/.bin/tsc -p bench/tsconfig.json
rm -rf bench/.out
node_modules/.bin/esbuild bench/*.ts \
  --bundle --platform=node --format=esm --packages=external --outdir=bench/.out --out-extension:.js=.mjs --log-level=warning
node bench/.out/run.mjs "$@"
