#!/bin/bash
# cli_store_migrate_grad_accum.sh: a SQLite store of user_version 15
# (before run.grad_accum_given, dualtrack(5)) opens in this dualtrack:
# the column comes with 0 (not given) for every run, so the runs read as
# they did: "three", imported with --grad-accum 3, shows 3; "one",
# imported with --grad-accum 1, and "none", given nothing, show unknown
# (JSON null: a version-15 store did not keep that 1 was typed); the
# integrity chain stays intact (the field is in a run's record only when
# 1). A run imported after the migration with --grad-accum 1 shows 1,
# and the chain is still intact.
# Usage: cli_store_migrate_grad_accum.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
. "$(dirname "$0")/lib_tamper.sh"
export DUALTRACK_USER=ana DUALTRACK_NOW=2026-11-29T10:00:00Z
dt() { "$bin" --db "$db" "$@"; }
ga() { dt runs --json | python3 -c "
import json, sys
print(' '.join('%s:%s' % (r['name'], r['grad_accum']) for r in json.load(sys.stdin)['runs']))"; }
printf 'step,loss\n1,2.5\n2,2.4\n3,2.3\n' >"$tmp/a.csv"
{ dt import --platform gpu --run none "$tmp/a.csv" &&
  dt import --platform trn2 --run one --grad-accum 1 "$tmp/a.csv" &&
  dt import --platform trn2 --run three --grad-accum 3 "$tmp/a.csv"; } >/dev/null 2>&1 ||
  { echo "import failed"; exit 1; }
check "this store: none unknown, one 1, three 3" test "$(ga)" = "none:None one:1 three:3"

store_before_grad_accum_given "$db"
check "made a version-15 store without run.grad_accum_given" \
  test "$(sqlite3 "$db" "PRAGMA user_version; select count(*) from pragma_table_info('run') where name='grad_accum_given'" | tr '\n' ' ')" = "15 0 "
"$bin" --db "$db" store init >"$tmp/out" 2>&1
check "store init migrates (exit 0)" test $? -eq 0
check "user_version 17, run.grad_accum_given 0 for every run" \
  test "$(sqlite3 "$db" "PRAGMA user_version; select group_concat(grad_accum_given) from run" | tr '\n' ' ')" = "17 0,0,0 "
check "the runs read as before: none, one unknown, three 3" test "$(ga)" = "none:None one:None three:3"
dt verify >"$tmp/v" 2>&1
check "verify after the migration: intact (exit 0)" test $? -eq 0
dt import --platform trn2 --run one2 --grad-accum 1 "$tmp/a.csv" >/dev/null 2>&1
check "a run imported now with --grad-accum 1 shows 1" \
  test "$(ga)" = "none:None one:None three:3 one2:1"
dt verify >"$tmp/v" 2>&1
check "verify: still intact (exit 0)" test $? -eq 0
finish
