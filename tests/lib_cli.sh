# lib_cli.sh: shared by the shell tests (sourced, not run): a scratch
# directory removed on exit, a `check NAME COMMAND...` that counts
# failures, `py CODE` for JSON assertions, `said` for a refusal (exit 2
# and its first line), and `finish` printing the
# "N passed, N failed" summary and setting the exit status.
# Expects $1 = the dualtrack binary; sets bin, tmp, db.
set -u
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
db="$tmp/s.db"
fails=0
passes=0
check() { # check NAME CONDITION-COMMAND...
  local name=$1; shift
  if "$@"; then
    echo "ok   $name"; passes=$((passes+1))
  else
    echo "FAIL $name"; fails=$((fails+1))
  fi
}
py() { python3 -c "$1"; }
# said NAME EXPECTED-STDERR COMMAND...: COMMAND exits 2 and the first line
# of its stderr is EXPECTED-STDERR (two checks; output in $tmp/o, $tmp/e)
said() {
  local name=$1 want=$2; shift 2
  "$@" >"$tmp/o" 2>"$tmp/e"
  local rc=$?
  check "$name: exit 2" test "$rc" -eq 2
  check "  '$want'" test "$(head -n 1 "$tmp/e")" = "$want"
}
finish() {
  echo "$(basename "$0" .sh): $passes passed, $fails failed"
  [ "$fails" -eq 0 ]
}
