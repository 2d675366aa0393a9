#!/usr/bin/env bash
# `npm run test:runtimes`: the packed package, installed by the README's steps from the registry:
# its program compiled and run under four module settings, the smoke calls on Node 20/22/24/26, Bun,
# Deno and headless Chromium, and the README's whole programs (tests/runtimes/run-matrix.ts).
# Runtimes come from npm through npx; Chromium from apt.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/require-chromium.sh
# ts-node keeps __dirname pointing at the test sources, which the consumer helpers rely on.
TS_NODE_TRANSPILE_ONLY=true TS_NODE_COMPILER_OPTIONS='{"module":"commonjs","moduleResolution":"node10"}' \
  node -r ts-node/register tests/runtimes/run-matrix.ts
# The webhook handler served by Bun and Deno as they are, as a Worker in workerd and as a Next.js route
# under next dev, both from node_modules (tests/runtimes/webhook-runtimes.test.ts; the workerd and
# Next.js parts run in npm test as well).
WEBHOOK_RUNTIMES=1 node_modules/.bin/jest tests/runtimes/webhook-runtimes.test.ts
