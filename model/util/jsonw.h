/* dt_jsonw.h: a streaming JSON writer for command output.
 *
 * Streaming rather than building a json-c tree: `series --json` of a 10 M
 * point run would otherwise hold ~1 GB of objects. Non-finite numbers are
 * written as the strings "nan", "inf", "-inf" (issue 2 JSON contract);
 * strings are escaped per RFC 8259 section 7, control characters as \u00XX,
 * invalid UTF-8 bytes replaced by U+FFFD, so no terminal escape sequence
 * can pass through. Doubles use the shortest of %.15g/%.17g that reads
 * back exactly. */
#ifndef DT_JSONW_H
#define DT_JSONW_H

#include <stdint.h>
#include <stdio.h>

#define DT_JW_MAX_DEPTH 32

typedef struct dt_jw {
	FILE *f;
	int depth;
	int pretty;                       /* 1: newline + 2-space indent */
	unsigned char first[DT_JW_MAX_DEPTH]; /* no element yet at this level */
	int after_key;
} dt_jw;

/* Start writing to f; pretty = 1 indents objects (arrays of scalars stay
 * on one line per element). */
void dt_jw_init(dt_jw *w, FILE *f, int pretty);
void dt_jw_obj_begin(dt_jw *w);
void dt_jw_obj_end(dt_jw *w);
void dt_jw_arr_begin(dt_jw *w);
void dt_jw_arr_end(dt_jw *w);
/* Object key; the next value call writes its value. */
void dt_jw_key(dt_jw *w, const char *key);
void dt_jw_str(dt_jw *w, const char *s);
void dt_jw_int(dt_jw *w, int64_t v);
/* A double; non-finite as "nan" / "inf" / "-inf". */
void dt_jw_num(dt_jw *w, double v);
void dt_jw_null(dt_jw *w);
void dt_jw_bool(dt_jw *w, int v);
/* Finish the document with a newline. */
void dt_jw_end(dt_jw *w);

/* Format a double as the shortest of %.15g / %.17g that round-trips, in
 * the C locale (no decimal comma). buf must hold 32 bytes. */
void dt_fmt_double(double v, char buf[32]);

#endif
