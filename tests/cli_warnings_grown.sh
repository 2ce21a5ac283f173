#!/usr/bin/env bash
# cli_warnings_grown.sh: a warning the grown log no longer supports is
# not counted. checkpoint-2/trainer_state.json (global_step 2 < max_steps
# 4: "an unfinished run or a checkpoint state"), then the final
# trainer_state.json of the same training (global_step 4 = max_steps 4,
# steps 1..4, the first two bit for bit): the same log grown. runs
# counted "warn 1" from the checkpoint for good; now 0, the warning kept
# as history (a note "superseded by trainer_state.json (the same log
# grown): ..." in runs --json's notes; the warning row itself is never
# changed). A warning the grown log still gives stays counted: a
# checkpoint at 2 of 6 grown to 4 of 6 keeps one warning (the new text),
# the old one superseded. Importing the final log again is refused and
# adds nothing.
# usage: cli_warnings_grown.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
dt() { "$bin" --db "$db" "$@"; }
python3 - "$tmp" <<'PY'
import json, os, sys
d = sys.argv[1]
def ts(path, gs, ms, n):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    h = [{"step": s, "loss": 3.0 - 0.125 * s, "learning_rate": 1e-4} for s in range(1, n + 1)]
    json.dump({"global_step": gs, "max_steps": ms, "log_history": h}, open(path, "w"), indent=2)
ts(d + "/a/checkpoint-2/trainer_state.json", 2, 4, 2)
ts(d + "/a/out/trainer_state.json", 4, 4, 4)
ts(d + "/b/checkpoint-2/trainer_state.json", 2, 6, 2)
ts(d + "/b/checkpoint-4/trainer_state.json", 4, 6, 4)
PY
w1="trainer_state.json: global_step 2 < max_steps 4: an unfinished run or a checkpoint state"
dt import --platform gpu --run a "$tmp/a/checkpoint-2/trainer_state.json" >/dev/null 2>&1
dt runs >"$tmp/r0"
check "the checkpoint: warn 1" grep -qE "^a +gpu +hf-trainer-state +2 +1\.\.2 +1 +0 +1$" "$tmp/r0"
dt import --platform gpu --run a "$tmp/a/out/trainer_state.json" >"$tmp/i1" 2>&1
check "the final state: the same log grown" grep -q "same log grown" "$tmp/i1"
dt runs >"$tmp/r1"
check "runs: warn 0 (was 1)" grep -qE "^a +gpu +hf-trainer-state +4 +1\.\.4 +1 +0 +0$" "$tmp/r1"
dt runs --json >"$tmp/r1.json"
check "runs --json: no warning; the superseded one in the notes" py "
import json; r = json.load(open('$tmp/r1.json'))['runs'][0]
assert r['warnings'] == [], r['warnings']
assert r['notes'] == ['trainer_state.json: superseded by trainer_state.json (the same log grown): $w1'] or r['notes'] == ['superseded by trainer_state.json (the same log grown): $w1'], r['notes']"
dt import --platform gpu --run a "$tmp/a/out/trainer_state.json" >/dev/null 2>&1
check "the final state again: refused (exit 2)" test $? -eq 2
dt runs --json >"$tmp/r2.json"
check "  nothing added" cmp -s "$tmp/r1.json" "$tmp/r2.json"

dt import --platform gpu --run b "$tmp/b/checkpoint-2/trainer_state.json" >/dev/null 2>&1
dt import --platform gpu --run b "$tmp/b/checkpoint-4/trainer_state.json" >/dev/null 2>&1
dt runs --json >"$tmp/b.json"
check "a warning the grown log still gives (its new text) stays" py "
import json; r = [x for x in json.load(open('$tmp/b.json'))['runs'] if x['name'] == 'b'][0]
assert len(r['warnings']) == 1 and 'global_step 4 < max_steps 6' in r['warnings'][0], r['warnings']
assert len(r['notes']) == 1 and 'global_step 2 < max_steps 6' in r['notes'][0], r['notes']"
check "the grown log's warning names its file once, by name (was 'trainer_state.json: /full/path...: ...')" py "
import json; r = [x for x in json.load(open('$tmp/b.json'))['runs'] if x['name'] == 'b'][0]
assert r['warnings'] == ['trainer_state.json: global_step 4 < max_steps 6: an unfinished run or a checkpoint state'], r['warnings']
assert not any('$tmp' in t for t in r['warnings'] + r['notes']), r"
finish
