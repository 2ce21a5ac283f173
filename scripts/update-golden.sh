#!/usr/bin/env bash
# update-golden.sh: rewrite the TUI's expected screens (tests/golden/) from
# the current build, after a screen changed on purpose. Review the result
# with `git diff tests/golden` before committing: every changed line is a
# change a user will see.
# usage: scripts/update-golden.sh [BUILD_DIR]   (default: build)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
[ -x "$build/dualtrack" ] || { echo "no $build/dualtrack: build first" >&2; exit 2; }
DT_GOLDEN_UPDATE=1 \
	bash "$root/tests/tui_golden.sh" "$build/dualtrack"
git -C "$root" status --short tests/golden
