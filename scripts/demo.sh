#!/usr/bin/env bash
# demo.sh: install dependencies, build, and open dualtrack on its built-in
# demo store (a GPU baseline and a Trainium2 pilot with a restart).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
scripts/deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$(nproc 2>/dev/null || echo 2)"
exec build/dualtrack demo "$@"
