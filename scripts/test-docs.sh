#!/usr/bin/env bash
# `npm run test:docs`: builds the docs, then opens them in headless Chromium (tests/docs).
# Needs Chromium: Debian's (`apt-get install chromium`, which .ci/run does) or any at CHROMIUM_PATH.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/require-chromium.sh
scripts/docs.sh
node_modules/.bin/jest --config tests/docs/jest.config.ts "$@"
