#!/usr/bin/env bash
# tui_export_path.sh: after the overview's export (X, Enter) the status
# rows name the pack's folder as an absolute path, so the next step they
# give, 'dualtrack sign DIR --key ~/.ssh/id_ed25519' (as `dualtrack
# export` gives it), works from any folder; a path a shell would split is
# quoted in that command. Demo store, 80x24, the folder typed relative to
# where dualtrack runs ($tmp, made by mktemp -d /tmp/dtexpath.XXXXXX: 20
# characters, so the message wraps at the same place on every machine):
# 1. 'packs/p1': 'evidence pack written; sign it with: dualtrack sign'
#    (51 columns: the path, 29, does not fit after it) and '$tmp/packs/p1
#    --key ~/.ssh/id_ed25519' on 2 rows above the footer; whole screen (it
#    read 'evidence pack written to packs/p1; sign it with: dualtrack sign
#    packs/p1 --key', relative; then '--key KEY' where the CLI said
#    '--key ~/.ssh/id_ed25519', new-user trial);
# 2. 'my packs/p 2': the command reads "dualtrack sign '$tmp/my packs/p 2'
#    --key ~/.ssh/id_ed25519" and, run as shown (with an ed25519 key made
#    here in place of ~/.ssh/id_ed25519), signs the pack.
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtexppath "${1:-}"
rm -rf "$tmp"
tmp=$(mktemp -d /tmp/dtexpath.XXXXXX) || exit 1
tmp=$(cd "$tmp" && pwd -P)
export DUALTRACK_NOW=2026-11-29T10:00:00Z DUALTRACK_USER=golden TZ=UTC
"$BIN" --db "$tmp/x.db" demo --no-tui >/dev/null || { echo "FAIL: demo"; exit 1; }
mkdir "$tmp/packs" "$tmp/my packs"
tui_start 80 24 DUALTRACK_NOW=$DUALTRACK_NOW DUALTRACK_USER=golden TZ=UTC
wait_for "pilots (1)" || exit 1
keys Enter
wait_for "— overview" || exit 1
keys X
wait_for "write the evidence pack into folder" || exit 1
keys C-u; keys -l "packs/p1"; keys Enter
wait_for "evidence pack written;" || exit 1
sed "s|@T@|$tmp|g" >"$tmp/want1.txt" <<'S'
 dualtrack — x.db — llama3-8b-lora-trn2 — overview
created by golden at 2026-11-29T10:00:00Z; you act as golden
[1] task card   meta-llama/Meta-Llama-3-8B  lora  seq 2048  tp=8 pp=1 dp=1
                micro-batch 2 x accum 8, global batch 16; target 2000 steps
                rtol 0.02 atol 0 warm-up 0; recovery <= 900 s; ckpt every 200
    runs        baseline llama3-8b-lora-gpu-a100 (gpu)
                pilot    llama3-8b-lora-trn2-pilot (trn2)
    parity      verdict PASS (with 1 finding): 2 of 2000 steps breach |p-b| > 0
                + 0.02*|b| (allowed 20); first breach at step 1733; max |rel
                diff| 2.07% at step 1961; warm-up 0
    resume      llama3-8b-lora-trn2-pilot: 1 restart, PASS; checkpoint 1200
                (from drill #1)
[2] checklist   9 pass  0 fail  3 pending  0 waived  (of 12)
                blocking go: step4 (pending), step7 (pending), trial4 (pending)
[3] drills      2 recorded (oldest first; +1 more in [3])
                #1 node-loss: items 4 pass 0 fail; recovery 690 s (limit 900 s)
[4] journal     compile and data-preparation time recorded for 1 pilot run
[5] decisions   latest #1 continue at 2026-11-29 10:00 by golden (1 in log)
                Parity passes and the node-loss drill resumed cleanly from ste…
                deciders: A. Rivera (researcher), K. Tanaka
                (training-engineer), M. Okafor (platform)
evidence pack written; sign it with: dualtrack sign
@T@/packs/p1 --key ~/.ssh/id_ed25519
?:help q:back Enter:open c:compare ]:pilot-run l:ledger X:export d:decide
S
screen_is "$tmp/want1.txt"
[ -f "$tmp/packs/p1/MANIFEST.sha256" ] || { echo "FAIL: no pack in packs/p1"; fail=1; }

# 2. a folder with blanks: quoted in the command, which works as shown
keys X
wait_for "write the evidence pack into folder" || exit 1
keys C-u; keys -l "my packs/p 2"; keys Enter
wait_joined "sign it with: dualtrack sign '$tmp/my packs/p 2' --key ~/.ssh/id_ed25519" || exit 1
if command -v ssh-keygen >/dev/null 2>&1; then
	ssh-keygen -q -t ed25519 -N '' -C 'golden' -f "$tmp/k" || exit 1
	cmd=$(screen | tr -s ' \n' ' ' | sed -n "s|.*sign it with: \(dualtrack sign .* --key\) ~/.ssh/id_ed25519.*|\1|p")
	[ -n "$cmd" ] || { echo "FAIL: no command on the screen"; screen; fail=1; }
	(cd / && eval "\"$BIN\" --db \"$tmp/x.db\" ${cmd#dualtrack } \"$tmp/k\" --role researcher") >"$tmp/sign.out" 2>&1 ||
		{ echo "FAIL: the command shown did not sign: $cmd"; cat "$tmp/sign.out"; fail=1; }
	grep -qF "BEGIN SSH SIGNATURE" "$tmp/my packs/p 2/signatures/golden.sig" ||
		{ echo "FAIL: no signature in the pack"; ls -R "$tmp/my packs/p 2"; fail=1; }
fi
keys q
keys Q
wait_for "EXIT=0"
exit $fail
