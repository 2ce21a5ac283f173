#!/bin/bash
# layers.sh SRC BUILD: the model's layers depend one way only
# (dt_util <- dt_core <- dt_store <- dt_service), SQL stays in
# model/store (code or docs: the store page dualtrack(5) lives there), and no file
# outside model/store includes a backend header.
# Checked on the sources (includes) and on the built libraries (a symbol a
# lower layer needs is never defined by a higher one).
set -u
src=$1 build=$2
fail=0
bad() { echo "layers: $*"; fail=1; }

cd "$src" || exit 1
hits=$(grep -rl sqlite3 model/core model/service model/util cli tui importers)
[ -z "$hits" ] || bad "sqlite3 outside model/store: $hits"
hits=$(grep -rlE '#include "model/store/(ops\.h|[a-z]+/)' --include='*.[ch]' . |
       grep -v '^\./model/store/' | grep -v '^\./build')
[ -z "$hits" ] || bad "backend header included outside model/store: $hits"
hits=$(grep -rlE '#include "model/(core|store|service)/' model/util)
[ -z "$hits" ] || bad "model/util includes a higher layer: $hits"
hits=$(grep -rlE '#include "model/(store|service)/' model/core)
[ -z "$hits" ] || bad "model/core includes the store or the service: $hits"
hits=$(grep -rlE '#include "model/service/' model/store)
[ -z "$hits" ] || bad "model/store includes the service: $hits"
hits=$(grep -rlE '\bdt_store \*' model/core)
[ -z "$hits" ] || bad "model/core takes a store handle: $hits"
# every dt_store_* function is store.c's (dispatching through the ops
# table); a backend defines only its dt_<backend>_* members
hits=$(grep -lE '^[a-z].*[ *]dt_store_[a-z_]+\(' model/store/*/*.c)
[ -z "$hits" ] || bad "a backend defines a dt_store_* function (not in the ops table): $hits"

cd "$build" || exit 1
undef() { nm -u "lib$1.a" | awk '{print $2}' | sort -u; }
defs() { nm --defined-only "lib$1.a" | awk 'NF == 3 {print $3}' | sort -u; }
layers=(dt_util dt_core dt_store dt_service)
for ((i = 0; i < ${#layers[@]}; i++)); do
	for ((j = i + 1; j < ${#layers[@]}; j++)); do
		up=$(comm -12 <(undef "${layers[i]}") <(defs "${layers[j]}"))
		[ -z "$up" ] || bad "${layers[i]} uses ${layers[j]}: $up"
	done
done
[ $fail = 0 ] && echo "layers: ok"
exit $fail
