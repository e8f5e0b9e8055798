#!/usr/bin/env bash
# End-to-end tests of the browser UI: Playwright (npm playwright-core, from the lock file)
# driving Debian's chromium headless against a fresh `build/pacwar serve` per test.
# Installs chromium, nodejs and npm with apt when missing. Non-interactive (CI=true, no stdin).
#   scripts/test-e2e.sh                 run the tests (screenshots in build/e2e-screenshots/)
#   scripts/test-e2e.sh --screenshots   also refresh the screenshots of docs/img/
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

# Install by missing command (a Node.js from elsewhere, e.g. NodeSource, brings its own npm).
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v npm >/dev/null 2>&1 || missing+=(npm)
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq </dev/null
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" </dev/null
fi

if [ ! -x "${PACWAR_BIN:-build/pacwar}" ]; then
  echo "test-e2e: ${PACWAR_BIN:-build/pacwar} is missing; run 'make build' first" >&2
  exit 1
fi

if [ "${1:-}" = "--screenshots" ]; then
  export PACWAR_E2E_SHOTS="$root/docs/img"
fi

cd tests/e2e
# npm ci only when the lock file changed since the last install.
if ! cmp -s package-lock.json node_modules/.pacwar-installed-lock 2>/dev/null; then
  CI=true npm ci --no-audit --no-fund --loglevel=error </dev/null
  cp package-lock.json node_modules/.pacwar-installed-lock
fi
export PACWAR_BIN="${PACWAR_BIN:-$root/build/pacwar}"
export CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
CI=true node --test tests/*.test.mjs </dev/null
