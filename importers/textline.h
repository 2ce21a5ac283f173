/* textline.h: helpers shared by the line-oriented text importers. */
#ifndef DT_TEXTLINE_H
#define DT_TEXTLINE_H

#include <stddef.h>

#include "model/core/rawlog.h"

/* Length of the ANSI escape sequence starting at s[0] == ESC: a CSI
 * (ESC [ params final-byte), an OSC (ESC ] ... BEL or ESC \) or a
 * two-byte escape (ECMA-48 section 5.4), bounded by len. */
size_t dt_ansi_len(const char *s, size_t len);

/* Copy s[0..len) into out (room for len + 1 bytes) without ANSI escape
 * sequences; NUL bytes become blanks so the copy is a C string. Returns
 * the copy's length. */
size_t dt_strip_ansi_copy(char *out, const char *s, size_t len);

/* First occurrence of the C string n in h[0..hlen) (not NUL-terminated),
 * or NULL. */
const char *dt_find_bytes(const char *h, size_t hlen, const char *n);

/* A reusable buffer for one line of a text log. */
typedef struct dt_linebuf {
	char *s;     /* NUL-terminated line, owned (free()) */
	size_t cap;  /* bytes allocated */
} dt_linebuf;

/* Put s[0..len) into b without ANSI escapes (dt_strip_ansi_copy), growing
 * it as needed. Returns the line length, or -1 on ENOMEM. */
long dt_linebuf_set(dt_linebuf *b, const char *s, size_t len);

/* Call fn(ctx, piece) on each '\r'-separated piece of `line` (tqdm and
 * progress bars redraw with '\r'), cutting it in place. Stops at and
 * returns the first negative result of fn, else 0. */
int dt_each_cr_piece(char *line, int (*fn)(void *ctx, char *piece),
                     void *ctx);

/* The one warning for a log's last line cut while being written, which
 * every line-based importer skips (jsonl, csv, textlog, hf-stdout,
 * mlperf): "PATH:LINE: last line truncated, skipped", with `detail` (NULL:
 * none) "PATH:LINE: last line truncated (DETAIL), skipped". Each importer
 * says in its header comment when its last line counts as cut; all share
 * one rule: only a last line without a line end can be, and only when it
 * is incomplete by the format's own marks. Returns 0, -1 on ENOMEM. */
int dt_warn_last_line_cut(dt_rawlog *log, const char *path, size_t line,
                          const char *detail);

#endif
