#!/usr/bin/env bash
# cli_import_into_held_run.sh: importing another file into a run that
# holds files says so on stderr when it matters (it was silent): a file of
# a format the run does not hold yet (read as a later segment of the same
# training), and a file that replays steps of a run that is a pilot's
# baseline or a run of a pilot with decisions (the pilot named: its
# verdict may change). Not refused: one training may log in two formats
# (HF trainer_state.json and its console). A resumed job's file of the
# same format in a run no pilot uses, and the same log grown, say nothing.
# usage: cli_import_into_held_run.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
dt() { "$bin" --db "$db" "$@"; }
state() { # state FILE L1 L2 L3 L4: an HF trainer_state.json, steps 10..40
	printf '{"global_step": 40, "log_history": [{"loss": %s, "step": 10}, {"loss": %s, "step": 20}, {"loss": %s, "step": 30}, {"loss": %s, "step": 40}]}\n' \
		"$2" "$3" "$4" "$5" >"$1"
}
state "$tmp/base.json" 2.0 1.9 1.8 1.7
state "$tmp/trn.json" 2.01 1.91 1.81 1.71
state "$tmp/resumed.json" 2.0 1.9 1.8 1.6
printf 'step,loss\n10,5.0\n20,4.0\n30,3.0\n40,2.0\n' >"$tmp/other.csv"

dt import --platform gpu --run base "$tmp/base.json" >/dev/null 2>"$tmp/e0"
dt import --platform trn2 --run trn "$tmp/trn.json" >/dev/null
check "a run's first file: no caution" test ! -s "$tmp/e0"
dt pilot new acc >/dev/null
dt attach acc base --role baseline >/dev/null
dt attach acc trn --role pilot >/dev/null
dt decide acc defer --rationale "waiting" --decider "A. Lee:training-engineer" >/dev/null

dt import --platform gpu --run base "$tmp/other.csv" >"$tmp/o1" 2>"$tmp/e1"
check "a CSV into the HF baseline: imported (exit 0)" test $? -eq 0
check "  stderr: the format differs, what it is taken for" grep -qxF \
	"dualtrack: warning: run 'base' held hf-trainer-state file(s); $tmp/other.csv is csv: read as a later segment of the same training (its steps replace the ones it shares); if it is another training, import it as its own run (--run NAME)" "$tmp/e1"
check "  stderr: the replay and the pilot whose verdict may change" grep -qxF \
	"dualtrack: warning: this import replays 40 step(s) of run 'base' (the later segment's values count): it is the baseline of pilot 'acc' (1 decision recorded); the pilot's verdict may change (dualtrack compare)" "$tmp/e1"

# a resumed job's file of the same format, in a run no pilot uses
dt import --platform gpu --run solo "$tmp/base.json" >/dev/null
dt import --platform gpu --run solo "$tmp/resumed.json" >/dev/null 2>"$tmp/e2"
check "same format, no pilot: silent" test ! -s "$tmp/e2"
# the same format in the pilot run of a pilot with decisions: the replay warns
dt import --platform trn2 --run trn "$tmp/resumed.json" >/dev/null 2>"$tmp/e3"
check "a replay in a pilot's run with decisions: named, no format word" py "
t = open('$tmp/e3').read()
assert t == \"dualtrack: warning: this import replays 40 step(s) of run 'trn' (the later segment's values count): it is a pilot run of pilot 'acc' (1 decision recorded); the pilot's verdict may change (dualtrack compare)\n\", t"
# the same log grown (a checkpoint's state, then the final one): silent
printf '{"global_step": 20, "log_history": [{"loss": 2.0, "step": 10}, {"loss": 1.9, "step": 20}]}\n' >"$tmp/ckpt.json"
dt import --platform gpu --run grown "$tmp/ckpt.json" >/dev/null
dt attach acc grown --role baseline >/dev/null
dt import --platform gpu --run grown "$tmp/base.json" >/dev/null 2>"$tmp/e4"
check "the same log grown: silent" test ! -s "$tmp/e4"
finish
