#!/usr/bin/env bash
# deps.sh: install the Debian packages dualtrack builds, tests and
# benchmarks with (Debian 12). Runs apt-get only when something is missing.
set -euo pipefail
pkgs=(build-essential cmake pkg-config libncurses-dev libsqlite3-dev
      libcsv-dev libcmocka-dev libjson-c-dev libssl-dev libinih-dev
      tmux python3 sqlite3 scdoc man-db zlib1g-dev libzstd-dev
      openssh-client chromium libpq-dev postgresql python3-pandas)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update
$sudo apt-get install -y --no-install-recommends "${missing[@]}"
