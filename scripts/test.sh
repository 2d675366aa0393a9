#!/usr/bin/env bash
# `npm test`: spec lint, generated-files freshness, type checks, then the Jest suites.
set -euo pipefail
cd "$(dirname "$0")/.."
# Not `cmd && echo`: under `set -e` a failure on the left of && would not stop the script.
npx --no-install biome check .
echo "Format and lint: clean (biome)."
scripts/lint-spec.sh
scripts/check-generated.sh
npx --no-install tsc --noEmit -p tsconfig.json
echo "Type check: src, tests and type tests compile."
npx --no-install tsc --noEmit -p examples
echo "Type check: examples compile against src/ under the package name."
node scripts/check-line-length.mjs
node scripts/check-readme.mjs
node scripts/check-breaking.mjs
npx --no-install jest "$@"
