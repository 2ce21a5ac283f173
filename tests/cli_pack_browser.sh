#!/usr/bin/env bash
# cli_pack_browser.sh: the evidence pack's report.html in headless
# Chromium (Debian's chromium, scripts/deps.sh): the screenshot shows the
# chart (pixels of the baseline blue, pilot orange and tolerance-band
# green of cli/pack/chart_svg.c; a blank page has none), the DOM holds the
# SVG's paths, no request leaves the page (Chromium's net log: no request
# started by the page other than file: and data:; a control page with an
# external image and stylesheet shows the check catches page requests),
# and it prints on A4 pages. Skips (77) without chromium.
# usage: cli_pack_browser.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
chrome=""
for c in /usr/bin/chromium chromium chromium-browser; do
  command -v "$c" >/dev/null 2>&1 && { chrome=$(command -v "$c"); break; }
done
[ -n "$chrome" ] || { echo "skip: no chromium"; exit 77; }
export DUALTRACK_USER="browser-test"
"$bin" --db "$db" demo --no-tui >/dev/null 2>&1
"$bin" --db "$db" export llama3-8b-lora-trn2 --out "$tmp/pack" >/dev/null 2>&1
check "pack exported" test -s "$tmp/pack/report.html"

run_chrome() { # run_chrome ARGS... URL (own profile, no network services)
  timeout 180 "$chrome" --headless --no-sandbox --disable-gpu --disable-quic \
    --no-first-run --disable-background-networking --disable-component-update \
    --disable-sync --disable-default-apps --no-pings \
    --user-data-dir="$(mktemp -d "$tmp/profile.XXXXXX")" "$@" 2>>"$tmp/chrome.err"
}
url="file://$tmp/pack/report.html"
run_chrome --log-net-log="$tmp/net.json" --screenshot="$tmp/shot.png" \
  --window-size=1000,2400 "$url" >/dev/null
check "chromium took a screenshot" test -s "$tmp/shot.png"

# PNG decoder (zlib + the five scanline filters of PNG 1.2 section 6),
# 8-bit RGB / RGBA only, enough for Chromium's screenshots
cat >"$tmp/png.py" <<'PY'
import struct, sys, zlib
def load(path):
    b = open(path, 'rb').read()
    assert b[:8] == b'\x89PNG\r\n\x1a\n'
    pos, idat, w = 8, b'', 0
    while pos < len(b):
        n, t = struct.unpack('>I4s', b[pos:pos + 8]); d = b[pos + 8:pos + 8 + n]
        if t == b'IHDR':
            w, h, depth, ctype = struct.unpack('>IIBB', d[:10])
            assert depth == 8 and ctype in (2, 6), (depth, ctype)
            bpp = 3 if ctype == 2 else 4
        elif t == b'IDAT':
            idat += d
        pos += 12 + n
    raw, stride, out, prev = zlib.decompress(idat), w * bpp, [], bytearray(w * bpp)
    for y in range(h):
        f = raw[y * (stride + 1)]; line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0; up = prev[i]; c = prev[i - bpp] if i >= bpp else 0
            if f == 1: line[i] = (line[i] + a) & 255
            elif f == 2: line[i] = (line[i] + up) & 255
            elif f == 3: line[i] = (line[i] + (a + up) // 2) & 255
            elif f == 4:
                p = a + up - c; pa, pb, pc = abs(p - a), abs(p - up), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else up if pb <= pc else c)) & 255
        out.append(bytes(line)); prev = line
    return w, h, bpp, out
def count(img, rgb, tol=24):
    w, h, bpp, rows = img; n = 0
    for r in rows:
        for x in range(0, w * bpp, bpp):
            if abs(r[x] - rgb[0]) <= tol and abs(r[x + 1] - rgb[1]) <= tol and abs(r[x + 2] - rgb[2]) <= tol:
                n += 1
    return n
PY
check "the chart is drawn: both curves, the tolerance band" python3 -c "
import sys; sys.path.insert(0, '$tmp'); import png
img = png.load('$tmp/shot.png')
blue = png.count(img, (0x1f, 0x5f, 0xbf))
orange = png.count(img, (0xe0, 0x70, 0x00))
band = png.count(img, (0xb8, 0xe0, 0xb8))
print('baseline px', blue, 'pilot px', orange, 'band px', band)
# the 800 px wide strip's band alone covers thousands of pixels; each
# curve is a 2 px line across the plot
assert blue > 500 and orange > 500 and band > 5000, (blue, orange, band)
"
check "the screenshot is not blank (many colours)" python3 -c "
import sys; sys.path.insert(0, '$tmp'); import png
w, h, bpp, rows = png.load('$tmp/shot.png')
cols = set()
for r in rows[::7]:
    for x in range(0, w * bpp, bpp * 7):
        cols.add(bytes(r[x:x + 3]))
assert len(cols) > 50, len(cols)
"
run_chrome --dump-dom "$url" >"$tmp/dom.html"
check "the DOM holds the SVG chart with its paths" python3 -c "
import re
d = open('$tmp/dom.html').read()
svg = d[d.index('<svg'):d.index('</svg>')]
paths = re.findall(r'<path[^>]* d=\"M[^\"]{200,}', svg)
assert len(paths) >= 3, len(paths)   # baseline, pilot, difference (and band)
"

# requests the page started (net log: URL_REQUEST_START_JOB with an
# initiator; Chromium's own background requests have 'not an origin')
cat >"$tmp/netcheck.py" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
names = {v: k for k, v in j['constants']['logEventTypes'].items()}
bad = set()
for ev in j['events']:
    p = ev.get('params', {})
    if names.get(ev['type']) != 'URL_REQUEST_START_JOB':
        continue
    url, init = p.get('url', ''), p.get('initiator', 'not an origin')
    if init != 'not an origin' and not url.startswith(('file:', 'data:')):
        bad.add(url)
print('\n'.join(sorted(bad)))
PY
check "no request leaves the report" sh -c "test -z \"\$(python3 '$tmp/netcheck.py' '$tmp/net.json')\""
printf '<!DOCTYPE html><img src="http://127.0.0.1:9/x.png"><link rel=stylesheet href="https://example.invalid/a.css">' >"$tmp/control.html"
run_chrome --log-net-log="$tmp/net-control.json" --screenshot="$tmp/control.png" \
  --window-size=300,200 "file://$tmp/control.html" >/dev/null
check "the request check catches a page that fetches (control)" sh -c \
  "python3 '$tmp/netcheck.py' '$tmp/net-control.json' | grep -q 'http://127.0.0.1:9/x.png'"

run_chrome --no-pdf-header-footer --print-to-pdf="$tmp/r.pdf" "$url" >/dev/null
check "prints on A4 pages (595 x 842 pt)" python3 -c "
import re
b = open('$tmp/r.pdf', 'rb').read()
boxes = re.findall(rb'/MediaBox \[0 0 ([0-9.]+) ([0-9.]+)\]', b)
assert boxes and all(abs(float(w) - 595.3) < 1 and abs(float(h) - 841.9) < 1 for w, h in boxes), boxes
"
finish
