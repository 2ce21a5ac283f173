#!/usr/bin/env bash
# cli_pack_marks.sh: the evidence pack's report tells a row where the
# sides merely differ (≠) from a row that failed (×): the restart's
# failing resume check was marked ≠ like the platform row beside it.
# usage: cli_pack_marks.sh DUALTRACK
#
# Baseline g: loss 1.0 at steps 10, 20, ..., 90. Pilot t-jump: loss 2.0 at
# steps 1..5, a new launch (the CSV header again), 1.0 at 6..9: the
# restart at step 6 fails its loss check (-50 % beyond 5 %, as in
# agree_step6.sh), so its loss row and its restart row fail, and step 6
# fails. image.id is img-gpu on g and img-trn on t-jump. By hand:
#   ≠ rows (side by side): platform (gpu / trn2), segments (1 / 2),
#     image.id: 3;
#   × rows: the loss check and the restart (resume table), step6
#     (checklist), missing inputs (no ledger prices): 4; the logs are in
#     the pack, so no imported-file row is marked.
. "$(dirname "$0")/lib_cli.sh"
dt() { "$bin" --db "$db" "$@"; }
export DUALTRACK_USER="marks-test"

{ echo step,loss; for s in 10 20 30 40 50 60 70 80 90; do echo "$s,1.0"; done; } >"$tmp/g.csv"
{ echo step,loss; for s in 1 2 3 4 5; do echo "$s,2.0"; done
  echo step,loss; for s in 6 7 8 9; do echo "$s,1.0"; done; } >"$tmp/t.csv"
dt import --platform gpu --run g "$tmp/g.csv" >/dev/null &&
dt import --platform trn2 --run t-jump "$tmp/t.csv" >/dev/null &&
dt pilot new p >/dev/null && dt attach p g --role baseline >/dev/null &&
dt attach p t-jump --role pilot >/dev/null &&
dt journal set g image.id img-gpu >/dev/null &&
dt journal set t-jump image.id img-trn >/dev/null &&
dt export p --out "$tmp/pk" >/dev/null 2>&1 || { echo "FAIL: setup"; exit 1; }
md="$tmp/pk/report.md" html="$tmp/pk/report.html"

check "legend: ≠ differ, × failed, ! forced" grep -qxF "Marks in the tables: ≠ a row where the baseline and the pilot differ (side by side, the ledger: a difference, not a failure); × a row that failed or is missing (a resume check over its limit, a drill, a checklist item, a log left out, missing inputs); \\! a go recorded past open checklist items (go FORCED)." "$md"
check "a difference is marked ≠" grep -qxF "| **≠** image.id | img-gpu | img-trn |" "$md"
check "the failing loss check is marked ×" grep -qF "| **×** 6 | loss | fail | " "$md"
check "the failing restart is marked ×" grep -qF "| **×** 6 | restart | fail | loss: " "$md"
check "step6 (fail) is marked ×" grep -qF "| **×** step6 | " "$md"
check "missing inputs are marked ×" grep -qF "| **×** missing inputs | " "$md"
check "3 rows ≠" test "$(grep -c '^| \*\*≠\*\* ' "$md")" -eq 3
check "4 rows ×" test "$(grep -c '^| \*\*×\*\* ' "$md")" -eq 4
check "no failing row marked ≠" test "$(grep '^| \*\*≠\*\* ' "$md" | grep -c '| fail |')" -eq 0
check "HTML: a difference, class mark, ≠" \
  grep -qF '<tr class="mark"><td><strong>≠</strong> image.id</td>' "$html"
check "HTML: a failure, class fail, ×" \
  grep -qF '<tr class="fail"><td><strong>×</strong> step6</td>' "$html"
check "HTML: 4 rows fail, 3 rows mark" \
  test "$(grep -c '<tr class="fail">' "$html"):$(grep -c '<tr class="mark">' "$html")" = 4:3

# --no-logs leaves the two logs out on purpose: listed by digest, no
# failure, so still 4 rows ×; a log missing from disk is one (5 rows).
dt export p --no-logs --out "$tmp/pn" >/dev/null 2>&1
check "--no-logs: the logs listed, unmarked" \
  test "$(grep -c 'not included: --no-logs' "$tmp/pn/report.md"):$(grep -c '^| \*\*×\*\* ' "$tmp/pn/report.md")" = 2:4
rm "$tmp/g.csv"
dt export p --out "$tmp/pm" >/dev/null 2>&1
check "a log gone from disk is marked ×" \
  test "$(grep -c '^| \*\*×\*\* ' "$tmp/pm/report.md")" -eq 5
finish
