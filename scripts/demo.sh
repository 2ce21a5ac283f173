#!/usr/bin/env bash
# demo.sh: install dependencies, build, install dualtrack so that it is
# on the PATH (a Debian package through apt; with PREFIX=DIR, into that
# prefix without sudo), and open it on its built-in demo store (a GPU
# baseline, a Trainium2 pilot with a restart and a complete pilot).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
scripts/deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
# only the program and its man pages: the tests and the benches are built
# by scripts/test.sh (building them here took minutes before the demo)
cmake --build build -j"$(nproc 2>/dev/null || echo 2)" --target dualtrack man
if [ -n "${PREFIX:-}" ]; then
  cmake --install build --prefix "$PREFIX" >/dev/null
  bin="$PREFIX/bin/dualtrack"
  echo "installed $bin (add $PREFIX/bin to PATH)"
else
  (cd build && rm -f dualtrack_*.deb && cpack -G DEB >/dev/null)
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get install -y --reinstall ./build/dualtrack_*.deb >/dev/null
  bin=$(command -v dualtrack)
  echo "installed $bin (man dualtrack; sudo apt remove dualtrack)"
fi
exec "$bin" demo "$@"
