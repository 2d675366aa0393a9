#!/usr/bin/env bash
# Fails when generated/, docs/operations.md or the README's list of the operations the fake
# answers from examples no longer matches what `npm run generate` would write from openapi/ (and,
# for that list, from the fake's handler tables in src/testing/fake/).
# It regenerates in a scratch copy, so the work tree is never touched. `--skip-lint` leaves out
# the spec lint that generating starts with, for a caller that has just linted (npm test).
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r openapi scripts src redocly.yaml .redocly.lint-ignore.yaml package.json README.md "$tmp/"
mkdir -p "$tmp/docs"
ln -s "$PWD/node_modules" "$tmp/node_modules"
(cd "$tmp" && scripts/generate.sh "$@" >/dev/null)
if ! diff -r -q generated "$tmp/generated" >/dev/null; then
  echo "generated/ is stale: run \`npm run generate\` and commit the result." >&2
  diff -r -u generated "$tmp/generated" | head -40 >&2
  exit 1
fi
if ! diff -q docs/operations.md "$tmp/docs/operations.md" >/dev/null; then
  echo "docs/operations.md is stale: run \`npm run generate\` and commit the result." >&2
  diff -u docs/operations.md "$tmp/docs/operations.md" | head -40 >&2
  exit 1
fi
if ! diff -q README.md "$tmp/README.md" >/dev/null; then
  echo "README.md's list of the operations the fake answers from examples is stale: run \`npm run generate\` and commit the result." >&2
  diff -u README.md "$tmp/README.md" | head -40 >&2
  exit 1
fi
echo "generated/, docs/operations.md and the README's list of the fake's operations are up to date."
