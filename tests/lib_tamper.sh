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

# tamper_series NAME DB ID [BASE]: after the stored loss values of the
# demo's pilot run (series 2/loss, chain record ID) were swapped behind
# the triggers (same length, so nothing but their digest tells), every
# front-end says so: compare (text, --json) exits 1 with the integrity
# ALTERED, pilot show (text, --json) says it, gate fails on it, export
# writes no pack (exit 2), decide is refused (exit 2); with a pack exported
# from the intact store BASE (SQLite) and ssh-keygen, sign --db DB and
# verify --against refuse it. Expects G, T, P (demo runs and pilot).
tamper_series() {
  local name=$1 db=$2 id=$3 base=${4:-}
  # (every line names the record once: $why says "chain record $id")
  local why="stored series 2/loss (loss): the stored row differs from chain record $id (altered)"
  "$bin" --db "$db" compare $G $T >"$tmp/$name.c" 2>/dev/null
  check "$name: compare exits 1" test $? -eq 1
  check "$name: compare's verdict is still printed" grep -q "^verdict PASS" "$tmp/$name.c"
  check "$name: compare ends with the integrity ALTERED" test \
    "$(tail -n 1 "$tmp/$name.c")" = "integrity ALTERED: $why; the verdict rests on records that are not genuine (dualtrack verify lists all)"
  # resume-check reads the series too: the same line, exit 1; series
  # (no verdict) says what is true of the values it printed, exit 1
  local line="integrity ALTERED: $why; the verdict rests on records that are not genuine (dualtrack verify lists all)"
  local sline="integrity ALTERED: $why; the values shown are not the ones imported (dualtrack verify lists all)"
  "$bin" --db "$db" series $T >"$tmp/$name.s" 2>/dev/null
  check "$name: series exits 1" test $? -eq 1
  check "$name: series ends with its integrity line (values, no verdict)" test \
    "$(tail -n 1 "$tmp/$name.s")" = "$sline"
  check "$name: ... after the values as read (steps 1 and 2 swapped)" test \
    "$(sed -n '2,3p' "$tmp/$name.s" | awk '{print $1, $2}' | tr '\n' ' ')" = \
    "1 2.4708 2 2.4029 "
  "$bin" --db "$db" series $T $G --metric loss --csv >"$tmp/$name.scsv" 2>"$tmp/$name.serr"
  check "$name: series --csv exits 1" test $? -eq 1
  # (2200 stored values, 200 of them replayed and superseded: steps 1..2000)
  check "$name: series --csv: the line on stderr, the CSV whole" test \
    "$(tail -n 1 "$tmp/$name.serr") $(grep -c "^$T,loss," "$tmp/$name.scsv")" = "$sline 2000"
  "$bin" --db "$db" resume-check $T >"$tmp/$name.r" 2>/dev/null
  check "$name: resume-check exits 1 (its restarts pass)" test $? -eq 1
  check "$name: resume-check ends with compare's integrity line" test \
    "$(tail -n 1 "$tmp/$name.r")" = "$line"
  check "$name: ... after the restart passing" grep -qx "restart 1 at step 1201: PASS" "$tmp/$name.r"
  "$bin" --db "$db" resume-check $T --json >"$tmp/$name.rj" 2>"$tmp/$name.rerr"
  check "$name: resume-check --json exits 1, the line on stderr" test \
    "$? $(tail -n 1 "$tmp/$name.rerr")" = "1 $line"
  # the JSON documents carry compare --json's integrity object
  "$bin" --db "$db" series $T --json >"$tmp/$name.sj" 2>/dev/null
  "$bin" --db "$db" series $T $G --json >"$tmp/$name.stj" 2>/dev/null
  check "$name: series --json (one curve, several), resume-check --json: integrity" py "
import json
for f in ('$tmp/$name.sj', '$tmp/$name.stj', '$tmp/$name.rj'):
    g = json.load(open(f))['integrity']
    assert g['checked'] is True and g['intact'] is False, (f, g)
    assert g['first_bad_id'] == $id and g['reason'] == '$why', (f, g)
"
  "$bin" --db "$db" compare $G $T --json --no-points >"$tmp/$name.cj" 2>/dev/null
  check "$name: compare --json exits 1" test $? -eq 1
  check "$name: compare --json integrity" py "
import json
g = json.load(open('$tmp/$name.cj'))['integrity']
assert g['checked'] is True and g['intact'] is False, g
assert g['first_bad_id'] == $id, g
assert g['reason'] == '$why', g
assert len(g['head_hash']) == 64, g
"
  # the lean pass (both curves one evenly stepped series): the baseline
  # against itself is intact, the pilot is not lean (a restart)
  "$bin" --db "$db" compare $G $G --json --no-points >"$tmp/$name.gg" 2>/dev/null
  check "$name: an untouched run compared in one pass is intact" py "
import json
g = json.load(open('$tmp/$name.gg'))['integrity']
assert g['intact'] is True and g['first_bad_id'] is None, g
"
  "$bin" --db "$db" pilot show $P >"$tmp/$name.show" 2>/dev/null
  check "$name: pilot show names the series" grep -qxF \
    "ALTERED: records were changed outside dualtrack; $why (dualtrack verify lists all)" "$tmp/$name.show"
  check "$name: pilot show integrity: ALTERED" grep -qx "integrity: ALTERED" \
    "$tmp/$name.show"
  "$bin" --db "$db" pilot show $P --json >"$tmp/$name.sj" 2>/dev/null
  check "$name: pilot show --json integrity" py "
import json
g = json.load(open('$tmp/$name.sj'))['integrity']
assert g == {'checked': True, 'intact': False, 'first_bad_id': $id,
             'reason': '$why', 'head_hash': g['head_hash']}, g
"
  "$bin" --db "$db" gate $P >"$tmp/$name.gate" 2>/dev/null
  check "$name: gate exits 1" test $? -eq 1
  check "$name: gate fails on the integrity" grep -qxF \
    "  FAIL integrity store: ALTERED: $why (dualtrack verify lists all)" \
    "$tmp/$name.gate"
  "$bin" --db "$db" export $P --out "$tmp/$name.pack" >/dev/null 2>"$tmp/$name.exp"
  check "$name: export exits 2" test $? -eq 2
  check "$name: export says why" grep -qxF \
    "dualtrack: export: the store was altered: $why; no pack written (dualtrack verify lists every defect)" \
    "$tmp/$name.exp"
  check "$name: export wrote nothing" test ! -e "$tmp/$name.pack/evidence.json"
  "$bin" --db "$db" decide $P go --rationale "on swapped values" \
    --decider "A. Rivera:researcher" --force >/dev/null 2>"$tmp/$name.dec"
  check "$name: decide go is refused (exit 2)" test $? -eq 2
  check "$name: ... naming the series" grep -qF \
    "integrity: the store was altered: $why; nothing written" "$tmp/$name.dec"
  [ -n "$base" ] || return 0
  "$bin" --db "$base" export $P --out "$tmp/$name.ok" >/dev/null 2>&1
  check "$name: the intact store exports" test -s "$tmp/$name.ok/evidence.json"
  "$bin" --db "$db" verify --against "$tmp/$name.ok" >"$tmp/$name.va" 2>/dev/null
  check "$name: verify --against exits 1" test $? -eq 1
  check "$name: verify --against names the series" grep -qxF \
    "  store ALTERED: first altered record: stored series 2/loss (loss): the stored row differs from chain record $id (altered) (dualtrack verify lists all)" \
    "$tmp/$name.va"
  command -v ssh-keygen >/dev/null || return 0
  ssh-keygen -q -t ed25519 -N '' -C tester -f "$tmp/$name.key" </dev/null
  "$bin" --db "$db" sign "$tmp/$name.ok" --key "$tmp/$name.key" \
    >/dev/null 2>"$tmp/$name.sign"
  check "$name: sign --db exits 1" test $? -eq 1
  check "$name: sign refuses" grep -qxF \
    "dualtrack: sign: the store the pack comes from was altered; not signed" \
    "$tmp/$name.sign"
  check "$name: ... and signed nothing" test ! -e "$tmp/$name.ok/signatures/tester.sig"
  "$bin" --db "$base" sign "$tmp/$name.ok" --key "$tmp/$name.key" >/dev/null 2>&1
  check "$name: sign --db the intact store signs" test -s "$tmp/$name.ok/signatures/tester.sig"
}

# tamper_series_ack NAME DB: after tamper_series, decide --acknowledge-break
# records the series defect in a break record in the words verify uses
# for it, so verify (which re-hashes the series) calls it acknowledged.
tamper_series_ack() {
  local name=$1 db=$2
  "$bin" --db "$db" decide $P continue --rationale "after $name" \
    --decider "A. Rivera:researcher" --acknowledge-break >/dev/null 2>&1
  check "$name: --acknowledge-break records the decision" test $? -eq 0
  "$bin" --db "$db" verify >"$tmp/$name.ack" 2>/dev/null
  check "$name: verify still exits 1 after the break" test $? -eq 1
  check "$name: ... naming the series" grep -qxF \
    "integrity ALTERED: first altered record: stored series 2/loss (loss): the stored row differs from chain record $3 (altered)" \
    "$tmp/$name.ack"
  check "$name: ... and calls it acknowledged" grep -qxF \
    "  (every defect is acknowledged by a break record: writes are allowed)" \
    "$tmp/$name.ack"
}

# tamper_lod DB FILE METRIC: the stored levels of detail of series row
# FILE/METRIC (part 0) changed behind the append-only trigger, as the
# new-user trial did: the trigger series_lod_no_update dropped, 1.0 added
# to every minimum and maximum of every level (20-byte records after the
# 16-byte header, dualtrack(5)), the trigger made again. Only the levels'
# sealed digest (chain kind series_lod) tells.
tamper_lod() {
  python3 - "$1" "$2" "$3" <<'PYEOF'
import sqlite3, struct, sys
db = sqlite3.connect(sys.argv[1])
key = (int(sys.argv[2]), sys.argv[3])
(lod,) = db.execute("SELECT lod FROM series_lod WHERE file_id = ? AND"
                    " metric = ? AND part = 0", key).fetchone()
out = bytearray(lod)
for o in range(16, len(lod), 20):
    lo, hi = struct.unpack_from("<dd", lod, o)
    struct.pack_into("<dd", out, o, lo + 1.0, hi + 1.0)
db.execute("DROP TRIGGER series_lod_no_update")
db.execute("UPDATE series_lod SET lod = ? WHERE file_id = ? AND metric = ?"
           " AND part = 0", (bytes(out),) + key)
db.execute("CREATE TRIGGER series_lod_no_update BEFORE UPDATE ON series_lod"
           " BEGIN SELECT RAISE(ABORT, 'series_lod is append-only'); END")
db.commit()
PYEOF
}

# chain_drop_kind DB KIND...: the chain of SQLite store DB as a dualtrack
# that did not chain the KINDs wrote it (to make an older store, as no older
# dualtrack is at hand): the records of each KIND taken out, the rest numbered
# 1, 2, ... and hashed again (core/chain.h: hash = SHA-256 of "dualtrack
# chain v1\n" and id, kind, ref, at, record, prev_hash as "NAME
# LEN:VALUE\n"), the id counter set to the last. With STRIP="KIND FIELD..."
# in the environment, each FIELD's line is also taken out of KIND's records
# (fields the records of KIND did not have then), and a record that then
# says what the latest kept record of its row says is dropped too (that
# dualtrack did not write it: an unchanged row gets no new record).
chain_drop_kind() {
  python3 - "$@" <<'PYEOF'
import hashlib, os, re, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
kinds = sys.argv[2:] or ["-"]
strip = os.environ.get("STRIP", "").split()
rows = db.execute("SELECT kind, ref, recorded_at, canon FROM chain_record"
                  " WHERE kind NOT IN (%s) ORDER BY id" %
                  ", ".join("?" * len(kinds)), kinds).fetchall()
db.execute("DROP TRIGGER chain_record_no_delete")
db.execute("DELETE FROM chain_record")
prev = "0" * 64
def f(name, v):
    b = v.encode()
    return b"%s %d:%s\n" % (name.encode(), len(b), b)
latest = {}
kept = []
for kind, ref, at, canon in rows:
    if strip and kind == strip[0]:
        for field in strip[1:]:
            canon = re.sub(r"(?m)^%s \d+:[^\n]*\n" % re.escape(field), "",
                           canon)
        if latest.get((kind, ref)) == canon:
            continue
    latest[(kind, ref)] = canon
    kept.append((kind, ref, at, canon))
rows = kept
for i, (kind, ref, at, canon) in enumerate(rows, 1):
    h = hashlib.sha256(b"dualtrack chain v1\n" + f("id", str(i)) +
                       f("kind", kind) + f("ref", ref) + f("at", at) +
                       f("record", canon) + f("prev_hash", prev)).hexdigest()
    db.execute("INSERT INTO chain_record(id, kind, ref, recorded_at, canon,"
               " prev_hash, hash) VALUES(?,?,?,?,?,?,?)",
               (i, kind, ref, at, canon, prev, h))
    prev = h
db.execute("UPDATE sqlite_sequence SET seq = ? WHERE name = 'chain_record'",
           (len(rows),))
db.execute("CREATE TRIGGER chain_record_no_delete BEFORE DELETE ON"
           " chain_record BEGIN SELECT RAISE(ABORT, 'chain_record is"
           " append-only'); END")
db.commit()
PYEOF
}

# store_before_import_seal DB: make the SQLite store DB what a store of
# user_version 14 was (before what an import derives joined the chain,
# schema.c user_version 15): the records of kinds run_warning,
# launch_evidence, launch_setting and run_metric taken out of the chain
# (chain_drop_kind) and those tables' append-only triggers dropped; and
# run.grad_accum_given (user_version 16) taken away first
# (store_before_grad_accum_given).
store_before_import_seal() {
  store_before_grad_accum_given "$1"
  chain_drop_kind "$1" run_warning launch_evidence launch_setting run_metric
  sqlite3 "$1" "
DROP TRIGGER run_warning_no_update; DROP TRIGGER run_warning_no_delete;
DROP TRIGGER launch_evidence_no_update; DROP TRIGGER launch_evidence_no_delete;
DROP TRIGGER launch_setting_no_update; DROP TRIGGER launch_setting_no_delete;
DROP TRIGGER run_metric_no_update; DROP TRIGGER run_metric_no_delete;
PRAGMA user_version=14;"
}

# store_before_run_seal DB: make the SQLite store DB what a store of
# user_version 16 was (before a run's format, segments, replayed_steps,
# step_source and created_at joined its chain record, schema.c
# user_version 17): those fields out of the run records (chain_drop_kind
# STRIP; a record then the same as its run's previous one dropped).
store_before_run_seal() {
  STRIP="run format segments replayed_steps step_source created_at" \
    chain_drop_kind "$1"
  sqlite3 "$1" "PRAGMA user_version=16;"
}

# store_before_grad_accum_given DB: make the SQLite store DB what a store
# of user_version 15 was (before run.grad_accum_given, schema.c
# user_version 16): the field out of the run records (chain_drop_kind
# STRIP), the column dropped; the user_version 17 fields first
# (store_before_run_seal).
store_before_grad_accum_given() {
  store_before_run_seal "$1"
  STRIP="run grad_accum_given" chain_drop_kind "$1"
  sqlite3 "$1" "ALTER TABLE run DROP COLUMN grad_accum_given; PRAGMA user_version=15;"
}

# run_altered_views NAME STORE PILOT RUN: after a run's column was edited
# behind dualtrack in STORE (a path or a PostgreSQL conninfo), verify
# exits 1 naming RUN ("run 2 (NAME)") as altered, runs ends with the
# integrity line and pilot show of PILOT says ALTERED naming it (three
# checks; outputs in $tmp/NAME.v, .r, .p).
run_altered_views() {
  local name=$1 store=$2 pilot=$3 run=$4
  "$bin" --db "$store" verify >"$tmp/$name.v" 2>/dev/null
  check "$name: verify exits 1 naming the run" test \
    "$?:$(grep -E '^integrity (ALTERED|intact)' "$tmp/$name.v" | sed 's/record [0-9]*/record N/')" = \
    "1:integrity ALTERED: first altered record: $run: the stored row differs from chain record N (altered)"
  "$bin" --db "$store" runs >"$tmp/$name.r" 2>/dev/null
  check "$name: runs ends with the integrity line" grep -q \
    "^integrity ALTERED: $run: the stored row differs from chain record" "$tmp/$name.r"
  "$bin" --db "$store" pilot show "$pilot" >"$tmp/$name.p" 2>/dev/null
  check "$name: pilot show says ALTERED" grep -q \
    "^ALTERED: records were changed outside dualtrack; $run" "$tmp/$name.p"
}
