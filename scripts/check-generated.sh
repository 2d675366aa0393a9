#!/usr/bin/env bash
# Fails when generated/, or docs/operations.md, no longer matches what `npm run generate`
# would write from openapi/.
# It regenerates in a scratch copy, so the work tree is never touched. `--skip-lint` leaves out
# the spec lint that generating starts with, for a caller that has just linted (npm test).
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r openapi scripts redocly.yaml .redocly.lint-ignore.yaml package.json "$tmp/"
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
echo "generated/ and docs/operations.md are up to date."
