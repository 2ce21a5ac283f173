"""man_json_keys.py MAN SECTION=FILE...: every key of each JSON output
FILE is named (as *key*) in the "## SECTION" part of the scdoc page MAN.
Keys of maps keyed by data (run facts, task card fields, answers, a
run's metric names, a drill's items: named in the text, not as keys) and the document
keys every output has (schema_version, non_finite_count, non_finite,
described in dualtrack(5)) are not asked for."""
import json, re, sys

man = open(sys.argv[1]).read()
secs = {m.group(1): m.group(2) for m in
        re.finditer(r'^## (\S+)\n(.*?)(?=^##? )', man, re.S | re.M)}
FREE = ("facts", "taskcard", "answers", "metrics", "checks")
COMMON = ('schema_version', 'non_finite_count', 'non_finite')


def keys(o, acc):
    if isinstance(o, dict):
        for k, v in o.items():
            if k in COMMON:
                continue
            acc.add(k)
            if k in FREE and isinstance(v, dict):
                for w in v.values():  # keys are data; their values are not
                    keys(w, acc)
            elif k != 'facts':
                keys(v, acc)
    elif isinstance(o, list):
        for v in o:
            keys(v, acc)
    return acc


bad = 0
for arg in sys.argv[2:]:
    sec, path = arg.split('=', 1)
    text = secs.get(sec, '')
    miss = sorted(k for k in keys(json.load(open(path)), set())
                  if '*%s*' % k not in text)
    if miss:
        bad += 1
        print('%s: keys not in dualtrack(1) "%s": %s' % (path, sec, ', '.join(miss)))
sys.exit(1 if bad else 0)
