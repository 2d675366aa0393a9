#!/usr/bin/env bash
# Runs the quick start (scripts/quickstart.ts) from source.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tmp
node_modules/.bin/esbuild scripts/quickstart.ts --bundle --platform=node --format=cjs --packages=external \
  --outfile=.tmp/quickstart.cjs --log-level=warning
node .tmp/quickstart.cjs
