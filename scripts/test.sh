#!/usr/bin/env bash
# `npm test`: the static checks (format and lint, spec lint, generated-files freshness, the type
# check, line length, breaking changes) and the Jest suites, side by side: much of Jest's time is
# spent waiting on child processes (Prism, tsc, npm), which the static checks fill. The static
# checks' output follows Jest's; the run fails if either part fails.
# README.md's TypeScript blocks and the JSDoc examples are compiled (and the README's programs run)
# against the packed package by tests/package/packed-package.test.ts, within Jest.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=node_modules/.bin
log=$(mktemp)

static_checks() {
  "$bin/tsc" --noEmit -p tsconfig.json >"$log.tsc" 2>&1 &
  local tsc=$!
  # Not `cmd && echo`: under `set -e` a failure on the left of && would not stop the function.
  "$bin/biome" check . || return 1
  echo "Format and lint: clean (biome)."
  scripts/lint-spec.sh || return 1
  # The spec was linted just above; the freshness check regenerates without linting it again.
  scripts/check-generated.sh --skip-lint || return 1
  node scripts/check-line-length.mjs || return 1
  node scripts/check-breaking.mjs || return 1
  if ! wait "$tsc"; then
    cat "$log.tsc"
    echo "Type check failed (tsc -p tsconfig.json)."
    return 1
  fi
  echo "Type check: src, tests, scripts, examples and type tests compile."
}

static_checks >"$log" 2>&1 &
static=$!
trap 'kill "$static" 2>/dev/null || true; rm -f "$log" "$log.tsc"' EXIT
jest=0
"$bin/jest" "$@" || jest=$?
checks=0
wait "$static" || checks=$?
echo
echo "Static checks (run beside Jest):"
cat "$log"
if [ "$checks" -ne 0 ]; then
  echo "Static checks failed: see above." >&2
  exit 1
fi
exit "$jest"
