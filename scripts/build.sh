#!/usr/bin/env bash
# `npm run build`: ESM and CJS bundles of the public entry points, each with bundled type
# declarations (.d.mts / .d.cts), into dist/. The spec ships from generated/ as it is.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p dist
# Only this build's outputs: dist/docs belongs to `npm run docs`.
rm -f dist/*.mjs dist/*.cjs dist/*.d.mts dist/*.d.cts dist/*.d.ts
npx --no-install tsup --config scripts/build.config.ts --silent
# tsup writes the CJS declarations as .d.ts. Renamed .d.cts, they stay CommonJS even if the
# package ever gets "type": "module". That is safe only while each is one self-contained file.
for file in dist/*.d.ts; do
  if grep -qE "from ['\"]\.\.?/" "$file"; then
    echo "build: $file imports a relative file; renaming it would break that import." >&2
    exit 1
  fi
  mv "$file" "${file%.d.ts}.d.cts"
done
echo "Built: $(cd dist && ls *.mjs *.cjs *.d.mts *.d.cts | tr '\n' ' ')"
