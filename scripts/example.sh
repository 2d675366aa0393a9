#!/usr/bin/env bash
# `npm run example -- <name>`: runs examples/<name>.ts from source, e.g. `npm run example -- page-through-users`.
# Against a mock unless CHAT_APP_ID and CHAT_API_KEY are set (see examples/target.ts).
set -euo pipefail
cd "$(dirname "$0")/.."
names=$(cd examples && ls -- *.ts | grep -v '^target\.ts$' | sed 's/\.ts$//' | paste -sd, - | sed 's/,/, /g')
name=${1:-}
if [ -z "$name" ]; then
  echo "Usage: npm run example -- <name>, where <name> is one of: $names." >&2
  exit 1
fi
[ -f "examples/$name.ts" ] || { echo "No example named \"$name\"; choose one of: $names." >&2; exit 1; }
mkdir -p .tmp/examples
# The bundle maps "chat-rest-sdk" to src/ through examples/tsconfig.json's paths; other packages stay in node_modules.
node_modules/.bin/esbuild "examples/$name.ts" --bundle --platform=node --format=cjs --packages=external \
  --tsconfig=examples/tsconfig.json --outfile=".tmp/examples/$name.cjs" --log-level=warning
node ".tmp/examples/$name.cjs"
