#!/usr/bin/env bash
# `npm run test:runtimes`: the packed package's smoke program on Node 20/22/24/26, Bun, Deno and
# headless Chromium (tests/runtimes). Runtimes come from npm through npx; Chromium from apt.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/require-chromium.sh
# ts-node keeps __dirname pointing at the test sources, which the consumer helpers rely on.
TS_NODE_TRANSPILE_ONLY=true TS_NODE_COMPILER_OPTIONS='{"module":"commonjs","moduleResolution":"node10"}' \
  node -r ts-node/register tests/runtimes/run-matrix.ts
