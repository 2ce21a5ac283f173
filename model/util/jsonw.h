/* dt_jsonw.h: a streaming JSON writer for command output.
 *
 * Streaming rather than building a json-c tree: `series --json` of a 10 M
 * point run would otherwise hold ~1 GB of objects. The output contract
 * (issue 11; dualtrack(5)): a document is one object whose first key is
 * "schema_version" (DT_JSON_SCHEMA_VERSION, written by the first
 * dt_jw_obj_begin); it is valid RFC 8259: a non-finite number is written
 * as null and the fact is kept at the end of the document in
 * "non_finite": [{"path": JSON Pointer (RFC 6901) of the value, "value":
 * "nan" | "inf" | "-inf"}] (the first DT_JW_NONFINITE_LIST) with
 * "non_finite_count" (both only when there was one), so pandas reads a
 * column of numbers as float64;
 * strings are escaped per RFC 8259 section 7; what a terminal would act
 * on, reorder or hide (dt_text_is_hidden, text.h: C0 controls, DEL, C1
 * controls, bidi embeddings/overrides/isolates, zero-width and other
 * format characters) is written as a \uXXXX escape (a surrogate pair
 * above U+FFFF), invalid UTF-8 bytes as U+FFFD: the parsed text is the
 * text given, and no escape sequence or reordering character passes
 * through raw. Doubles use the shortest of %.15g/%.17g that reads
 * back exactly. */
#ifndef DT_JSONW_H
#define DT_JSONW_H

#include <stdint.h>
#include <stdio.h>

#define DT_JW_MAX_DEPTH 32
#define DT_JSON_SCHEMA_VERSION 1
#define DT_JW_NONFINITE_LIST 10000

typedef struct dt_jw {
	FILE *f;
	int depth;
	int pretty;                       /* 1: newline + 2-space indent */
	unsigned char first[DT_JW_MAX_DEPTH]; /* no element yet at this level */
	int after_key;
	/* where the writer is, for the JSON Pointer of a non-finite value */
	unsigned char is_arr[DT_JW_MAX_DEPTH];
	long count[DT_JW_MAX_DEPTH];      /* array elements written */
	char key[DT_JW_MAX_DEPTH][48];    /* object: the current key */
	char **nf_path;                   /* [nf_n] owned pointers */
	const char **nf_text;
	size_t nf_n;
	long long nf_count;
	int plain;                        /* dt_jw_init_plain */
} dt_jw;

/* Start writing to f; pretty = 1 indents objects (arrays of scalars stay
 * on one line per element). */
void dt_jw_init(dt_jw *w, FILE *f, int pretty);

/* The same for a document with a schema of its own (an in-toto
 * statement, the evidence pack): no "schema_version" added, non-finite
 * numbers written as null without the "non_finite" list. */
void dt_jw_init_plain(dt_jw *w, FILE *f, int pretty);

/* The writers below write to w's FILE and return nothing: a failed
 * write stays in the FILE's error flag (ferror) for the caller. */

/* Open an object ("{", after a comma where the level has an element
 * already); the first, root object of a dt_jw_init document gets
 * "schema_version" as its first key. Close it with dt_jw_obj_end.
 * Levels deeper than DT_JW_MAX_DEPTH - 1 are not tracked (their commas
 * and indents go wrong). */
void dt_jw_obj_begin(dt_jw *w);
/* Close the innermost object ("}"); closing the root object of a
 * dt_jw_init document first writes the "non_finite" list when a number
 * was not finite. */
void dt_jw_obj_end(dt_jw *w);
/* Open / close an array ("[", "]") as dt_jw_obj_begin / dt_jw_obj_end
 * do an object (no key added). */
void dt_jw_arr_begin(dt_jw *w);
void dt_jw_arr_end(dt_jw *w);
/* Object key; the next value call writes its value. */
void dt_jw_key(dt_jw *w, const char *key);
/* A string (NULL as ""): valid UTF-8 copied, what a terminal would act
 * on or hide escaped (\u), an invalid byte U+FFFD. */
void dt_jw_str(dt_jw *w, const char *s);
/* An integer. */
void dt_jw_int(dt_jw *w, int64_t v);
/* A double; non-finite as null, listed in "non_finite" (see above). */
void dt_jw_num(dt_jw *w, double v);
/* null. */
void dt_jw_null(dt_jw *w);
/* true (v != 0) or false. */
void dt_jw_bool(dt_jw *w, int v);
/* A string, or null when s is NULL or empty (a value not known). */
void dt_jw_str_or_null(dt_jw *w, const char *s);
/* A double, or null when v is NaN (a value not known: not listed in
 * "non_finite"); infinities as dt_jw_num. */
void dt_jw_num_or_null(dt_jw *w, double v);
/* Finish the document with a newline. */
void dt_jw_end(dt_jw *w);

/* Format a double as the shortest of %.15g / %.17g that round-trips, in
 * the C locale (no decimal comma). buf must hold 32 bytes. */
void dt_fmt_double(double v, char buf[32]);

#endif
