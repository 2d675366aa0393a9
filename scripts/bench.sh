#!/usr/bin/env bash
# `npm run bench`: type-checks and builds bench/, runs every section (throughput, CPU, size,
# type-check cost, pipeline, load), writes BENCHMARKS.md and prints the headline ratios.
# Options go to bench/run.ts: --only throughput,cpu   --quick
set -euo pipefail
cd "$(dirname "$0")/.."
npx --no-install tsc -p bench/tsconfig.json
rm -rf bench/.out
npx --no-install esbuild bench/run.ts bench/server.ts bench/throughput.ts bench/cpu.ts bench/size.ts bench/typecheck.ts \
  bench/pipeline.ts bench/load.ts bench/profile.ts \
  --bundle --platform=node --format=esm --packages=external --outdir=bench/.out --out-extension:.js=.mjs --log-level=warning
node bench/.out/run.mjs "$@"
