#!/usr/bin/env bash
# Sourced by the commands that drive a browser: stops with the fix when Chromium is missing,
# before anything slow runs. The path is the one tests/runtimes/chromium.ts launches.
chromium=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ ! -x "$chromium" ]; then
  {
    printf '%s' "Chromium not found at $chromium. Install Debian's (\`apt-get install chromium\`), "
    printf '%s\n' "or point CHROMIUM_PATH at a Chromium or Chrome executable, e.g. \`CHROMIUM_PATH=/usr/bin/google-chrome npm run test:docs\`."
  } >&2
  exit 1
fi
