#!/usr/bin/env bash
# Lints openapi/ with redocly.yaml (recommended-strict). Any error or warning fails.
set -euo pipefail
cd "$(dirname "$0")/.."
export REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true
report=$(node_modules/.bin/redocly lint --format=json 2>/dev/null || true)
if ! node -e '
  const r = JSON.parse(require("fs").readFileSync(0, "utf8"));
  const { errors, warnings } = r.totals;
  console.log(`Spec lint: ${errors} errors, ${warnings} warnings.`);
  process.exit(errors + warnings === 0 ? 0 : 1);
' <<<"$report"; then
  node_modules/.bin/redocly lint --format=stylish >&2 || true
  exit 1
fi
