# lib_tamper.sh: the part of a tamper scenario that is the same on every
# store backend (sourced after lib_cli.sh by cli_integrity.sh and
# cli_pg_integrity.sh). After a record of store DB was altered behind the
# append-only triggers: decide exits 2 naming the first bad record and
# appends nothing; with --acknowledge-break it appends a break record
# (naming who and the record) and then the decision; verify still exits 1
# and says the break acknowledges it; later writes go on.
# Expects P (the demo pilot) and DUALTRACK_USER=auditor.

# tamper_decide NAME DB QUERY LABEL TRIGGER
#   QUERY: a shell function `QUERY DB SQL` printing the rows of SQL on DB.
#   LABEL: how verify names the altered record; TRIGGER: the append-only
#   trigger that was dropped or disabled (a writing command restores it).
tamper_decide() {
  local name=$1 db=$2 q=$3 label=$4 trig=$5 nd nc
  nd=$($q "$db" "SELECT count(*) FROM decision")
  nc=$($q "$db" "SELECT count(*) FROM chain_record")
  "$bin" --db "$db" decide $P continue --rationale "after $name" \
    --decider "A. Rivera:researcher" >/dev/null 2>"$tmp/$name.err"
  check "$name: decide exits 2" test $? -eq 2
  check "$name: decide names the first bad record" \
    grep -q "the store was altered: $label" "$tmp/$name.err"
  check "$name: a writing command restored the trigger and said so" \
    grep -q "append-only trigger was missing and was restored ($trig)" \
    "$tmp/$name.err"
  check "$name: decide appended nothing" test \
    "$($q "$db" "SELECT count(*) FROM decision") $($q "$db" \
       "SELECT count(*) FROM chain_record")" = "$nd $nc"
  "$bin" --db "$db" decide $P continue --rationale "after $name" \
    --decider "A. Rivera:researcher" --acknowledge-break >/dev/null 2>&1
  check "$name: --acknowledge-break records the decision" test $? -eq 0
  check "$name: a break record, then the decision" test \
    "$($q "$db" "SELECT kind FROM chain_record WHERE id > $nc ORDER BY id" |
       tr '\n' ' ')" = "break decision "
  check "$name: the break record names who and the first bad record" test \
    "$($q "$db" "SELECT count(*) FROM chain_record WHERE kind = 'break' AND
      canon LIKE '%by 7:auditor%' AND canon LIKE '%reason %:$label%'")" = 1
  "$bin" --db "$db" verify >"$tmp/$name.v2" 2>/dev/null
  check "$name: verify still reports it after the break" test $? -eq 1
  check "$name: ... and says it is acknowledged" \
    grep -q "acknowledged by a break record" "$tmp/$name.v2"
  "$bin" --db "$db" check $P step7 pending >/dev/null 2>&1
  check "$name: later writes go on" test $? -eq 0
}
