#!/usr/bin/env bash
# cli_resume_cause.sh: resume-check names as intact only what it checked.
# Run "nolr": a.csv steps 1..10 loss 2.0, b.csv steps 11..16 loss 1.0 (a
# restart at 11 after 10, no checkpoint known), no LR and no consumed
# samples, epoch or batch fingerprints logged. step is n/a: no checkpoint
# is known ("checkpoint unknown"; 11 follows 10, nothing replayed or
# lost, so nothing fails it either); the loss fails: the band is the level
# before (2 over 10 points, flat trend: 2) and the mean after is 1 over 5
# points (the first point after the restart is the spike candidate):
# (1 - 2) / 2 = -50.00 %, limit 5.00 %. lr and data_cursor are n/a, so
# the cause does not say "LR and data cursor intact" but that they were
# not checked, in the text and in --json. The summary: 0 of 5 pass, the
# loss fails, the step cannot be judged (no checkpoint step known; how to
# give one), lr, replay and data_cursor n/a. Run "lr": the same with lr
# 1e-4 logged on both sides (lr passes): the LR intact, the data cursor
# not checked.
# usage: cli_resume_cause.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
dt() { "$bin" --db "$db" "$@"; }

{ echo step,loss; for s in $(seq 1 10); do echo "$s,2.0"; done; } >"$tmp/a.csv"
{ echo step,loss; for s in $(seq 11 16); do echo "$s,1.0"; done; } >"$tmp/b.csv"
dt import --platform trn2 --run nolr "$tmp/a.csv" "$tmp/b.csv" >/dev/null 2>&1
check "import exits 0" test $? -eq 0
dt resume-check nolr >"$tmp/r.out" 2>&1
check "resume-check exits 1 (the loss fails)" test $? -eq 1
check "the whole report, exactly" diff - "$tmp/r.out" <<'EOF2'
run nolr: 2 segment(s), 1 restart(s)
checkpoint unknown
restart 1 at step 11: FAIL
  evidence     new_file
  step         n/a   checkpoint unknown: resumed at step 11, last step logged before 10; 0 step(s) replayed
  lr           n/a   no LR logged on both sides of the restart
  loss         fail  loss mean 1 over 5 point(s) vs the band from the level before (2 over 10 point(s)) to its least-squares trend at the same steps (2): -50.00% (limit 5.00%)
                     cause: model / optimizer (or RNG), LR scheduler or dataloader state not restored: the loss moved; LR and data cursor not checked (not in the log)
  replay       n/a   no replayed steps with finite losses on both sides
  data_cursor  n/a   no consumed samples or epoch logged on both sides of the restart
  summary      0 of 5 checks pass, 1 fails (loss), 1 cannot be judged (step: no checkpoint step known; give it with --checkpoint, the journal fact checkpoint.confirmed_step or a drill's checkpoint step), 3 n/a (lr, replay, data_cursor)
EOF2
check "never 'intact' in it" sh -c "! grep -q intact '$tmp/r.out'"
dt resume-check nolr --json >"$tmp/r.json" 2>&1
check "--json: the same cause" py "
import json
r = json.load(open('$tmp/r.json'))['restarts'][0]
assert r['checks']['lr'] == 'n/a' and r['checks']['data_cursor'] == 'n/a', r['checks']
f = r['failed_checks']
assert [x['check'] for x in f] == ['loss'], f
assert f[0]['cause'] == 'model / optimizer (or RNG), LR scheduler or dataloader state not restored: the loss moved; LR and data cursor not checked (not in the log)', f[0]['cause']"

{ echo step,loss,lr; for s in $(seq 1 10); do echo "$s,2.0,0.0001"; done; } >"$tmp/c.csv"
{ echo step,loss,lr; for s in $(seq 11 16); do echo "$s,1.0,0.0001"; done; } >"$tmp/d.csv"
dt import --platform trn2 --run lr "$tmp/c.csv" "$tmp/d.csv" >/dev/null 2>&1
dt resume-check lr >"$tmp/l.out" 2>&1
check "with the LR logged: lr passes" grep -q "^  lr           pass" "$tmp/l.out"
check "  the cause: the LR intact, the data cursor not checked" grep -qxF \
  "                     cause: model / optimizer (or RNG) or dataloader state not restored: the loss moved with the LR intact; data cursor not checked (not in the log)" "$tmp/l.out"
finish
