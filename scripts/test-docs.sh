#!/usr/bin/env bash
# `npm run test:docs`: builds the docs, then opens them in headless Chromium (tests/docs).
# Needs Debian's chromium (`apt-get install chromium`); .ci/run installs it.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/docs.sh
npx --no-install jest --config tests/docs/jest.config.ts "$@"
