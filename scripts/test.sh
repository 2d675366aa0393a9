#!/usr/bin/env bash
# `npm test`: the static checks (format and lint, spec lint, generated-files freshness, line length,
# breaking changes) and the type check, then the Jest suites. The type check, the longest of the
# static checks, starts first, in the background: the Jest suites start once the others passed,
# and the type check's verdict comes after theirs. The run fails if either does.
# README.md's TypeScript blocks and the JSDoc examples are compiled against the packed package by
# tests/package/packed-package.test.ts, within Jest.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=node_modules/.bin
log=$(mktemp)
# With V8's interrupt budget raised, as for the compilers the tests start (tests/harness/compiler-process.ts):
# it optimizes fewer of the compiler's functions, for less CPU in all, and reports the same.
node --interrupt-budget=300000 node_modules/typescript/bin/tsc --noEmit -p tsconfig.json >"$log" 2>&1 &
tsc=$!
trap 'kill "$tsc" 2>/dev/null || true; rm -f "$log"' EXIT
# Not `cmd && echo`: under `set -e` a failure on the left of && would not stop the script.
"$bin/biome" check .
echo "Format and lint: clean (biome)."
scripts/lint-spec.sh
# The spec was linted just above; the freshness check regenerates without linting it again.
scripts/check-generated.sh --skip-lint
node scripts/check-line-length.mjs
node scripts/check-request-path.mjs
node scripts/check-breaking.mjs
# The type check takes longer than the checks above; Jest's workers start beside it rather than
# after it, so no core waits.
jest=0
"$bin/jest" "$@" || jest=$?
if ! wait "$tsc"; then
  cat "$log" >&2
  echo "Type check failed (tsc -p tsconfig.json)." >&2
  exit 1
fi
echo "Type check: src, tests, scripts, examples and type tests compile."
exit "$jest"
