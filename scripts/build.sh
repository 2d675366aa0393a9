#!/usr/bin/env bash
# `npm run build`: ESM and CJS bundles of the five public entry points, each with one bundled
# declaration file per format, into dist/. The spec ships from generated/ as it is.
#   dist/index.{mjs,cjs,d.mts,d.cts}       chat-rest-sdk
#   dist/testing.{mjs,cjs,d.mts,d.cts}     chat-rest-sdk/testing
#   dist/webhooks.{mjs,cjs,d.mts,d.cts}    chat-rest-sdk/webhooks
#   dist/rate-limits.{mjs,cjs,d.mts,d.cts} chat-rest-sdk/rate-limits
#   dist/redis.{mjs,cjs,d.mts,d.cts}       chat-rest-sdk/redis
#   dist/rate-limit-governor.{mjs,cjs}     no entry point: what a client with `rateLimits` loads
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p dist
# Only this build's outputs: dist/docs belongs to `npm run docs`.
rm -f dist/*.mjs dist/*.cjs dist/*.d.mts dist/*.d.cts

# Dependencies stay imports (--packages=external); everything under src/ and generated/ is bundled.
bundle() { npx --no-install esbuild "$1" --bundle --platform=node --target=es2022 --packages=external --log-level=warning "${@:2}"; }
# The rate-limit governor stays a module of its own, which the client imports on the first call of a
# client with `rateLimits` (so a bundler can split it off); each format imports its own build of it.
governor=rate-limit-governor
bundle src/index.ts --format=esm --outfile=dist/index.mjs "--external:*/$governor.js"
bundle src/index.ts --format=cjs --outfile=dist/index.cjs "--external:*/$governor.js"
for format in mjs cjs; do
  sed -i "s#\"./$governor.js\"#\"./$governor.$format\"#" "dist/index.$format"
  if ! grep -q "\"./$governor.$format\"" "dist/index.$format" || grep -q "\"./$governor.js\"" "dist/index.$format"; then
    echo "build: dist/index.$format does not import ./$governor.$format." >&2
    exit 1
  fi
done
bundle "src/rate-limits/$governor.ts" --format=esm "--outfile=dist/$governor.mjs"
bundle "src/rate-limits/$governor.ts" --format=cjs "--outfile=dist/$governor.cjs"
bundle src/rate-limits/index.ts --format=esm --outfile=dist/rate-limits.mjs
bundle src/rate-limits/index.ts --format=cjs --outfile=dist/rate-limits.cjs
# redis (node-redis) is an optional peer, imported when a store first connects.
bundle src/redis/index.ts --format=esm --outfile=dist/redis.mjs
bundle src/redis/index.ts --format=cjs --outfile=dist/redis.cjs
# The mock finds the package root (and so the spec) from __dirname, which ES modules do not have.
dirname_shim='import { fileURLToPath as __sdkFileURLToPath } from "node:url"; import { dirname as __sdkDirname } from "node:path"; const __dirname = __sdkDirname(__sdkFileURLToPath(import.meta.url));'
bundle src/testing/index.ts --format=esm --outfile=dist/testing.mjs "--banner:js=$dirname_shim"
bundle src/testing/index.ts --format=cjs --outfile=dist/testing.cjs
bundle src/webhooks/index.ts --format=esm --outfile=dist/webhooks.mjs
bundle src/webhooks/index.ts --format=cjs --outfile=dist/webhooks.cjs

# One self-contained declaration file per entry point, then a CJS copy of each. A copy is correct
# only while the file imports no relative path (whose extension would differ), so that is checked.
# dts.config.json skips the generator's own type check (noCheck): tests/package compiles these
# files under four strict module settings with skipLibCheck off, which checks more, and costs less here.
npx --no-install dts-bundle-generator --silent --config scripts/dts.config.json
for file in dist/*.d.mts; do
  if grep -qE "from ['\"]\.\.?/" "$file"; then
    echo "build: $file imports a relative file, so it cannot double as CommonJS declarations." >&2
    exit 1
  fi
  cp "$file" "${file%.d.mts}.d.cts"
done
echo "Built: $(cd dist && ls *.mjs *.cjs *.d.mts *.d.cts | tr '\n' ' ')"
