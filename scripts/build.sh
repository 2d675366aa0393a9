#!/usr/bin/env bash
# `npm run build`: ESM and CJS bundles of the public entry points, each with one bundled
# declaration file per format, into dist/. The spec ships from generated/ as it is.
#   dist/index.{mjs,cjs,d.mts,d.cts}    chat-rest-sdk
#   dist/testing.{mjs,cjs,d.mts,d.cts}  chat-rest-sdk/testing
#   dist/webhooks.{mjs,cjs,d.mts,d.cts} chat-rest-sdk/webhooks
#   dist/helpers.{mjs,cjs,d.mts,d.cts}  chat-rest-sdk/helpers
#   dist/rate-limits.{mjs,cjs,d.mts,d.cts} chat-rest-sdk/rate-limits
#   dist/redis.{mjs,cjs,d.mts,d.cts}    chat-rest-sdk/redis
#   dist/mcp.{mjs,cjs,d.mts,d.cts}      chat-rest-sdk/mcp (and the chat-rest-mcp command)
#   dist/otel.{mjs,cjs,d.mts,d.cts}     chat-rest-sdk/otel
#   dist/cli.cjs                        no entry point: the chat-rest command (bin/chat-rest.js)
#   dist/rate-limit-governor.{mjs,cjs}  no entry point: what a client with `rateLimits` loads
#   dist/traced-call.{mjs,cjs}          no entry point: what a client loads once something subscribes to its diagnostics channels
#   dist/walk-pages.{mjs,cjs}           no entry point: what paginate loads on the first page
#   dist/errors.{mjs,cjs}               no entry point: the error classes, which every other bundle imports
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p dist
# Only this build's outputs: dist/docs belongs to `npm run docs`.
rm -f dist/*.mjs dist/*.cjs dist/*.d.mts dist/*.d.cts

# Dependencies stay imports (--packages=external); everything under src/ and generated/ is bundled,
# but for src/errors/: the error classes (and the record of failed calls) have one copy in the
# package, dist/errors.{mjs,cjs}, so that `instanceof` holds for an error whichever entry point
# threw it. Each bundle keeps its imports of src/errors/ as imports, pointed at that module below.
esbuild() { node_modules/.bin/esbuild "$1" --bundle --platform=node --target=es2022 --packages=external --log-level=warning "${@:2}"; }
errors_chunk=src/errors/errors-chunk.ts
shared_errors=()
for source in src/errors/*.ts; do
  [ "$source" = "$errors_chunk" ] && continue
  shared_errors+=("--external:*/errors/$(basename "$source" .ts).js")
  # A module of src/errors/ that the chunk leaves out would be imported from it, and be missing there.
  if ! grep -q "from \"./$(basename "$source" .ts).js\"" "$errors_chunk"; then
    echo "build: $errors_chunk must export everything of $source, which the bundles import from dist/errors." >&2
    exit 1
  fi
done
bundle() { esbuild "$@" "${shared_errors[@]}"; }
esbuild "$errors_chunk" --format=esm --outfile=dist/errors.mjs
esbuild "$errors_chunk" --format=cjs --outfile=dist/errors.cjs
# The rate-limit governor stays a module of its own, which the client imports on the first call of a
# client with `rateLimits` (so a bundler can split it off); each format imports its own build of it.
# The same for the module that describes a traced call, loaded once something subscribes to the client's diagnostics channels.
# And for the walk `paginate` runs, loaded on the first page it asks for.
lazy="src/rate-limits/rate-limit-governor.ts src/diagnostics/traced-call.ts src/pagination/walk-pages.ts"
lazy_external=("--external:*/rate-limit-governor.js" "--external:*/traced-call.js" "--external:*/walk-pages.js")
bundle src/index.ts --format=esm --outfile=dist/index.mjs "${lazy_external[@]}"
bundle src/index.ts --format=cjs --outfile=dist/index.cjs "${lazy_external[@]}"
for source in $lazy; do
  module=$(basename "$source" .ts)
  for format in mjs cjs; do
    sed -i "s#\"./$module.js\"#\"./$module.$format\"#" "dist/index.$format"
    if ! grep -q "\"./$module.$format\"" "dist/index.$format" || grep -q "\"./$module.js\"" "dist/index.$format"; then
      echo "build: dist/index.$format does not import ./$module.$format." >&2
      exit 1
    fi
  done
  bundle "$source" --format=esm "--outfile=dist/$module.mjs"
  bundle "$source" --format=cjs "--outfile=dist/$module.cjs"
done
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
# @opentelemetry/api is an optional peer, imported by chat-rest-sdk/otel alone.
# It imports the core by the package's name, as the helpers do, so that its errors are the core's classes.
bundle src/otel/index.ts --format=esm --external:chat-rest-sdk --outfile=dist/otel.mjs
bundle src/otel/index.ts --format=cjs --external:chat-rest-sdk --outfile=dist/otel.cjs
# The helpers import the core by the package's name (tsconfig.json maps it to src/ for development), so they share its classes.
bundle src/helpers/index.ts --format=esm --external:chat-rest-sdk --outfile=dist/helpers.mjs
bundle src/helpers/index.ts --format=cjs --external:chat-rest-sdk --outfile=dist/helpers.cjs
# The MCP server likewise calls through the core's clients; its tools (generated/mcp-tools.ts) are bundled
# into it, and its libraries (@modelcontextprotocol/sdk, ajv) are optional peers, imported on first use.
bundle src/mcp/index.ts --format=esm --external:chat-rest-sdk --outfile=dist/mcp.mjs
bundle src/mcp/index.ts --format=cjs --external:chat-rest-sdk --outfile=dist/mcp.cjs
# The chat-rest command: the helpers bundled in, the core imported by the package's name, as the helpers do.
bundle src/cli/index.ts --format=cjs --external:chat-rest-sdk --outfile=dist/cli.cjs
for file in dist/*.mjs dist/*.cjs; do
  format=${file##*.}
  [ "$file" = "dist/errors.$format" ] && continue
  sed -i -E "s#\"(\.\.?/)+errors/[a-z-]+\.js\"#\"./errors.$format\"#g" "$file"
  if grep -qE "[\"'](\.\.?/)+errors/" "$file"; then
    echo "build: $file imports src/errors/ by a path this build does not point at dist/errors.$format." >&2
    exit 1
  fi
done
# Only dist/errors.{mjs,cjs} defines the error classes.
for format in mjs cjs; do
  copies=$(grep -lE "\b(ChatError|ChatConfigError) = class\b" dist/*."$format" | tr '\n' ' ')
  if [ "$copies" != "dist/errors.$format " ]; then
    echo "build: the error classes must be defined in dist/errors.$format alone, found in: $copies" >&2
    exit 1
  fi
done

# One self-contained declaration file per entry point, then a CJS copy of each. A copy is correct
# only while the file imports no relative path (whose extension would differ), so that is checked.
# Neither the sources nor the emitted declarations are type-checked here (noCheck, in dts.config.json and in
# scripts/tsconfig.dts.json, which both configurations read): `npm test` type-checks the sources, and
# tests/package compiles these files under four strict module settings, one with skipLibCheck off.
# Each entry names the packages its declarations import types from (importedLibraries; "node:http" is a module of
# @types/node) and allows no @types package as a reference directive (allowedTypesLibraries): dts-bundle-generator
# then passes over the declarations of every other package, where by default it weighs each of their statements
# (@types/node, redis, ajv...) against every export of the entry, most of its time. A type of a package missing from the list would be
# left without its import: tests/package compiles the declarations its program imports with skipLibCheck off, which
# reports the unknown name.
node_modules/.bin/dts-bundle-generator --silent --config scripts/dts.config.json
# chat-rest-sdk/helpers and chat-rest-sdk/mcp import the core's declarations rather than a copy of them
# (see scripts/tsconfig.helpers-dts.json); one run bundles both.
mkdir -p .tmp/dts/node_modules/chat-rest-sdk && cp dist/index.d.mts .tmp/dts/node_modules/chat-rest-sdk/index.d.ts
node_modules/.bin/dts-bundle-generator --silent --config scripts/dts.helpers.json
for file in dist/*.d.mts; do
  if grep -qE "from ['\"]\.\.?/" "$file"; then
    echo "build: $file imports a relative file, so it cannot double as CommonJS declarations." >&2
    exit 1
  fi
  cp "$file" "${file%.d.mts}.d.cts"
done
echo "Built: $(cd dist && ls *.mjs *.cjs *.d.mts *.d.cts | tr '\n' ' ')"
