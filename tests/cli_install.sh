#!/usr/bin/env bash
# cli_install.sh: dualtrack installs and runs away from its source and
# build trees. Installs the build into a temporary prefix, moves the
# installed tree elsewhere (so neither the build tree nor the install
# prefix it was configured with is reachable), and from another folder
# runs the installed --version, demo --no-tui, a theme switch in the TUI
# (tmux), man -l on the installed pages and the bash completion function.
# $1 = the dualtrack binary in its build folder.
. "$(dirname "$0")/lib_cli.sh"
build=$(cd "$(dirname "$bin")" && pwd)
command -v cmake >/dev/null || { echo "cmake not found: skipped"; exit 77; }

cmake --install "$build" --prefix "$tmp/prefix" >"$tmp/install.log" 2>&1
check "cmake --install succeeds" test $? -eq 0
mv "$tmp/prefix" "$tmp/moved"          # relocated: no configured path exists
m=$tmp/moved
mkdir -p "$tmp/elsewhere/home" "$tmp/nodata"
cd "$tmp/elsewhere" || exit 1
export HOME=$tmp/elsewhere/home XDG_DATA_HOME=$tmp/elsewhere/home/data \
       XDG_CONFIG_HOME=$tmp/elsewhere/home/config XDG_DATA_DIRS=$tmp/nodata
unset DUALTRACK_DB DUALTRACK_THEME DUALTRACK_USER
export PATH="$m/bin:$PATH"

check "installed files" test -x "$m/bin/dualtrack" \
  -a -f "$m/share/dualtrack/themes/default.theme" \
  -a -f "$m/share/dualtrack/themes/mono.theme" \
  -a -f "$m/share/man/man1/dualtrack.1" -a -f "$m/share/man/man5/dualtrack.5" \
  -a -f "$m/share/man/man7/dualtrack-acceptance.7" \
  -a -f "$m/share/bash-completion/completions/dualtrack" \
  -a -f "$m/share/zsh/vendor-completions/_dualtrack"

v=$(dualtrack --version)
check "--version: version, then the libraries" \
  py "import re,sys; t='''$v'''.splitlines(); sys.exit(not(re.fullmatch(r'dualtrack \d+\.\d+\.\d+( \(git [0-9a-f]{7}(-dirty)?\))?', t[0]) and any(l.split()[:1]==['store'] and 'SQLite' in l for l in t) and any(l.split()[0]=='json-c' for l in t[1:])))"

dualtrack --db demo.db demo --no-tui >demo.out 2>&1
check "installed demo --no-tui" test $? -eq 0
check "demo runs listed" grep -q "llama3" <(dualtrack --db demo.db runs)

# A named theme that is not installed: a message naming where it looked.
DUALTRACK_THEME=sunset dualtrack --db demo.db >theme.err 2>&1
rc=$?
check "missing theme: exit 2" test $rc -eq 2
check "missing theme: names it, the folder beside the binary, the themes" \
  grep -q "no theme named 'sunset' (looked in $m/bin/../share/dualtrack/themes.*themes: .*mono" theme.err

# Theme switch in the TUI: mono first ($DUALTRACK_THEME), 't' -> default.
# The default theme's title is black on cyan (SGR 46); mono has no colour.
if command -v tmux >/dev/null; then
  T="tmux -L dtinst$$ -f /dev/null"
  $T new-session -d -x 100 -y 30 -s t "env TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME=$HOME XDG_DATA_DIRS=$XDG_DATA_DIRS DUALTRACK_THEME=mono $m/bin/dualtrack --db $tmp/elsewhere/demo.db"
  title_sgr() { $T capture-pane -e -p -t t | head -n 1 | grep -c $'\e\\[[0-9;]*46[m;]'; }
  ok=0
  for i in $(seq 100); do $T capture-pane -p -t t | grep -q "pilots\|runs (" && { ok=1; break; }; sleep 0.1; done
  check "TUI starts from the installed binary" test $ok -eq 1
  check "mono theme: no cyan title" test "$(title_sgr)" -eq 0
  $T send-keys -t t t
  ok=0
  for i in $(seq 100); do [ "$(title_sgr)" -ge 1 ] && { ok=1; break; }; sleep 0.1; done
  check "t switches to the default theme (cyan title)" test $ok -eq 1
  $T send-keys -t t q q q
  $T kill-server 2>/dev/null
fi

if command -v man >/dev/null; then
  MANPAGER=cat MANWIDTH=80 man -l "$m/share/man/man1/dualtrack.1" >man1.txt 2>&1
  check "man -l dualtrack.1 renders" grep -q "dualtrack - accept a Trainium2" man1.txt
  check "man page lists the environment" grep -q "DUALTRACK_THEME" man1.txt
  MANPAGER=cat man -l "$m/share/man/man7/dualtrack-acceptance.7" >man7.txt 2>&1
  check "man -l dualtrack-acceptance.7 renders" grep -q "kill-during-save" man7.txt
  check "man pages point at nothing outside the repository" \
    test "$(grep -c 'shared/\|ACCEPTANCE.md\|ANCHORS' man1.txt man7.txt | awk -F: '{s+=$2} END {print s}')" -eq 0
else
  echo "man not found: man page checks skipped"
fi

# Bash completion, as bash calls it.
. "$m/share/bash-completion/completions/dualtrack"
comp() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=(); _dualtrack; printf '%s\n' "${COMPREPLY[@]}"; }
check "completes commands" grep -qx "series" <(comp dualtrack se)
check "completes options from --help" grep -qx -- "--platform" <(comp dualtrack import --pl)
check "completes run names from the store" grep -q "llama3" <(comp dualtrack --db demo.db compare "")
check "completes pilot names from the store" grep -qx "llama3-8b-lora-trn2" <(comp dualtrack --db demo.db pilot show "")
check "completes drill kinds" grep -qx "node-loss" <(comp dualtrack drill add p --kind no)
check "no store, no names, no store created" test -z "$(comp dualtrack --db nope.db compare "")" -a ! -e nope.db
finish
