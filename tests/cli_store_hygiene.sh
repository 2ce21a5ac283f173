#!/usr/bin/env bash
# cli_store_hygiene.sh: reading commands never create a store (exit 2,
# "no store at PATH ..."), a SQLite file of another program is never
# written, and a store opened for reading after an import works.
. "$(dirname "$0")/lib_cli.sh"
export XDG_CONFIG_HOME=$tmp/cfg HOME=$tmp
unset DUALTRACK_DB
missing=$tmp/typo/s.db
for cmd in "runs" "compare a b" "verify" "pilot list" "pilot show p" \
           "journal show a" "drill list p" "series a"; do
	# shellcheck disable=SC2086
	"$bin" --db "$missing" $cmd >/dev/null 2>"$tmp/err"; rc=$?
	check "$cmd on a missing store: exit 2" test $rc -eq 2
	check "$cmd names the store it looked for" \
		grep -qxF "dualtrack: no store at $missing; import a log into it first, or give --db an existing store" "$tmp/err"
done
check "no folder or file was created" test ! -e "$tmp/typo"

# another program's database: refused, its one table stays the only one
python3 -c 'import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute("create table notes(t)"); c.commit()' "$tmp/other.db"
{ echo step,loss; echo 1,2.5; } >"$tmp/a.csv"
"$bin" --db "$tmp/other.db" import --platform gpu --run a "$tmp/a.csv" >/dev/null 2>"$tmp/err"; rc=$?
check "import into a foreign SQLite file fails" test $rc -ne 0
check "it says why" grep -qF "is a SQLite database but not a dualtrack store" "$tmp/err"
check "the foreign file keeps its one table" \
	py "import sqlite3; c=sqlite3.connect('$tmp/other.db'); assert c.execute('select count(*) from sqlite_master').fetchone()[0]==1"

# a real store: import creates it, reading commands read it
"$bin" --db "$db" import --platform gpu --run a "$tmp/a.csv" >/dev/null
check "runs reads the imported store" sh -c '"$0" --db "$1" runs | grep -q "^a "' "$bin" "$db"
check "the store carries dualtrack's application_id" \
	py "import sqlite3; c=sqlite3.connect('$db'); assert c.execute('pragma application_id').fetchone()[0]==0x44554154"
finish
