#!/usr/bin/env bash
# `npm run docs`: the published references, built with no network.
#   dist/docs/index.html  the REST API reference: one self-contained HTML file from the bundled spec,
#                         showing only the tags that have operations, and each operation's code samples
#   dist/docs/sdk/        the TypeScript reference of `chat-rest-sdk` and its entry points `/testing`, `/webhooks`, `/helpers`, `/rate-limits`, `/redis` (TypeDoc)
set -euo pipefail
cd "$(dirname "$0")/.."
export REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true
rm -rf dist/docs
mkdir -p dist/docs
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
node scripts/docs-spec.mjs generated/openapi.json "$tmp/openapi.json"
# --inlineBundle embeds Redoc's scripts instead of loading them from a CDN when the page opens;
# docs.redocly.yaml lists the languages of the code samples (x-codeSamples) that Redoc shows.
node_modules/.bin/redocly build-docs "$tmp/openapi.json" --config scripts/docs.redocly.yaml --inlineBundle --title "Chat REST API v3" \
  --output dist/docs/index.html >/dev/null 2>dist/docs/.redocly.log || { cat dist/docs/.redocly.log >&2; exit 1; }
rm -f dist/docs/.redocly.log
node scripts/docs-offline.mjs dist/docs/index.html
node_modules/.bin/typedoc --options scripts/typedoc.json --logLevel Warn
echo "Docs: dist/docs/index.html (REST API) and dist/docs/sdk/index.html (SDK)."
