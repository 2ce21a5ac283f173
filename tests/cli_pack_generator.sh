#!/usr/bin/env bash
# cli_pack_generator.sh: `dualtrack --version` names the git commit the
# binary was built from (scripts/build_id.cmake), and every evidence pack
# names that same build as its generator: evidence.json "generator", the
# attestation's predicate "generator", the report's summary line.
# usage: cli_pack_generator.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
src=$(cd "$(dirname "$0")/.." && pwd)
dt() { "$bin" --db "$db" "$@"; }
P=llama3-8b-lora-trn2

v=$("$bin" --version | head -1)
check "--version: 'dualtrack X.Y.Z' then the commit in parentheses (or none outside git)" \
  grep -Eq '^dualtrack [0-9]+\.[0-9]+\.[0-9]+( \(git [0-9a-f]{7}(-dirty)?\))?$' <<<"$v"
if git -C "$src" rev-parse --short=7 HEAD >/dev/null 2>&1; then
  head=$(git -C "$src" rev-parse --short=7 HEAD)
  check "--version: the source's commit ($head)" grep -q "(git $head" <<<"$v"
fi

dt demo --no-tui >"$tmp/demo.out" 2>&1
dt export "$P" --out "$tmp/pack" >"$tmp/export.out" 2>&1
check "export exits 0" test $? -eq 0
check "evidence.json: generator is --version's first line" test \
  "$(py "import json;print(json.load(open('$tmp/pack/evidence.json'))['generator'])")" = "$v"
check "attestation.json: the predicate's generator is the same" test \
  "$(py "import json;print(json.load(open('$tmp/pack/attestation.json'))['predicate']['generator'])")" = "$v"
check "report.md: exported by whom, with which build" \
  grep -qF "by $(id -un 2>/dev/null || echo x)" "$tmp/pack/report.md"
check "report.md: names the build" grep -qF "with $v." "$tmp/pack/report.md"
check "report.html: names the build" grep -qF "with $v." "$tmp/pack/report.html"
finish
