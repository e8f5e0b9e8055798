#!/usr/bin/env bash
# Installs, with apt, the Debian 12 packages pacwar needs to build and test, if missing.
set -euo pipefail
packages=(g++ cmake make nlohmann-json3-dev libcli11-dev libgtest-dev libgmock-dev
          libbenchmark-dev ccache pkg-config libcpp-httplib-dev libsqlite3-dev libpq-dev
          libsodium-dev clang libclang-rt-dev nginx openssl curl
          libcurl4-openssl-dev python3-aiosmtpd prometheus-cpp-dev python3-prometheus-client
          dpkg-dev lintian sqlite3)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "Installing: ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}"
