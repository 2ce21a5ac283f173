/* jsonpull.h: a streaming (pull) JSON reader for the JSON importers
 * (trainer_state.json, JSON lines). No document tree: the caller walks
 * the containers it cares about (dt_jr_member, dt_jr_element) and reads
 * one flat object at a time (dt_jr_object: its scalar members kept,
 * nested objects and arrays checked and skipped), so memory is bounded by
 * the largest entry, not the file.
 *
 * Accepted (RFC 8259 plus what json-c's non-strict mode, the previous
 * parser, took, so no file that imported before is refused now): the
 * tokens Python's json module writes for non-finite floats, NaN, Infinity
 * and -Infinity (any letter case); true/false/null in any letter case;
 * leading zeros (007); a trailing comma before } or ]; comments (slash-star
 * and slash-slash); single-quoted strings; raw control bytes and any
 * bytes (not checked as UTF-8) inside strings. \uXXXX escapes become UTF-8
 * (a lone surrogate becomes U+FFFD). Depth is limited to DT_JR_MAX_DEPTH.
 * Numbers are read with the project's locale-free parser
 * (model/util/num.h), never strtod under the user's locale.
 *
 * Differences from json-c, on purpose: an integer outside int64 is a
 * double (json-c clamps it to INT64_MAX / UINT64_MAX); nesting up to 256
 * levels is accepted (json-c: 32).
 *
 * Errors: every function returning -1 leaves the byte offset of the
 * offending byte in r->err_off and a short reason ("expected ':'") in
 * r->err_what; offset r->len means the input ended inside the value. */
#ifndef DT_JSONPULL_H
#define DT_JSONPULL_H

#include <stddef.h>
#include <stdint.h>

#define DT_JR_MAX_DEPTH 256

typedef enum dt_jtype {
	DT_JNULL, DT_JFALSE, DT_JTRUE, DT_JNUMBER, DT_JSTRING, DT_JOBJECT,
	DT_JARRAY
} dt_jtype;

/* One value. Strings are decoded, NUL-terminated (an escaped \u0000 ends
 * them early for C-string users; slen is the full length). Numbers keep
 * their text (raw, rawlen: a span of the input). */
typedef struct dt_jval {
	int type;        /* dt_jtype; DT_JOBJECT / DT_JARRAY: skipped, no content */
	int is_int;      /* DT_JNUMBER written as an integer that fits int64 */
	int64_t i;       /* the integer when is_int */
	double d;        /* the number (NaN/inf kept); also set when is_int */
	const char *s;   /* DT_JSTRING: decoded text */
	size_t slen;
	const char *raw; /* DT_JNUMBER: the token as written */
	size_t rawlen;
} dt_jval;

typedef struct dt_jmember {
	const char *key;  /* decoded, NUL-terminated */
	size_t klen;
	uint32_t hash;
	dt_jval v;
	size_t koff, soff; /* private: offsets in the buffer while read */
} dt_jmember;

/* One flat object: members in order of first appearance; a key written
 * twice keeps its first position and its last value (as json-c does).
 * Reused from entry to entry: its buffers grow to the largest entry and
 * are freed by dt_jobj_free. Zero-initialise before first use. */
typedef struct dt_jobj {
	dt_jmember *m;
	size_t n, cap;
	char *buf;            /* decoded keys and strings */
	size_t blen, bcap;
	uint32_t *slot;       /* hash index: member index + 1, 0 = empty */
	size_t nslot;
	size_t ndup;          /* keys written again (dt_jr_object), 0 = none */
	size_t dup;           /* ndup > 0: the member of the first of them */
} dt_jobj;

typedef struct dt_jreader {
	const char *data;
	size_t len, pos;
	size_t err_off;       /* byte offset of the error */
	const char *err_what; /* static text, NULL until an error */
	int depth;
} dt_jreader;

/* Start reading data[0..len) (not NUL-terminated; the caller keeps it
 * alive and unchanged while values read from it are used). */
void dt_jr_init(dt_jreader *r, const char *data, size_t len);

/* Skip blanks (space, tab, CR, LF) and comments; return the next byte
 * (0..255) without consuming it, or -1 at the end of the input (or on an
 * unterminated comment: then err_what is set). */
int dt_jr_peek(dt_jreader *r);

/* Consume the opening byte `open` ('{' or '[') after blanks. Returns 0,
 * or -1 when something else is there. */
int dt_jr_begin(dt_jreader *r, int open);

/* Next member of an object opened with dt_jr_begin(r, '{'): *first is 1
 * before the first call (the function clears it). Returns 1 with the key
 * decoded into key[0..keysz) (cut to fit, NUL-terminated; *klen gets the
 * full decoded length) and the reader at the value, 0 after the closing
 * '}', -1 on error. */
int dt_jr_member(dt_jreader *r, int *first, char *key, size_t keysz,
                 size_t *klen);

/* Next element of an array opened with dt_jr_begin(r, '['): like
 * dt_jr_member; returns 1 with the reader at the element, 0 after ']',
 * -1 on error. */
int dt_jr_element(dt_jreader *r, int *first);

/* Read the value at the reader. Scalars are returned in *v (strings
 * decoded into o's buffer, valid until o is reused; o may be NULL when
 * the caller needs no string text: then v->s is NULL); objects and arrays
 * are checked and skipped, v->type saying which. Returns 0 or -1. */
int dt_jr_value(dt_jreader *r, dt_jval *v, dt_jobj *o);

/* Check and skip the value at the reader. Returns 0 or -1. */
int dt_jr_skip(dt_jreader *r);

/* Read the object at the reader ('{' after blanks) into o (emptied
 * first): its members with scalar values; nested objects and arrays are
 * checked and skipped, kept as members of type DT_JOBJECT / DT_JARRAY.
 * Returns 0, -1 on a syntax error, -2 when out of memory (err_what says
 * so). */
int dt_jr_object(dt_jreader *r, dt_jobj *o);

/* A key the caller has met before, for dt_jr_object_known: its decoded
 * text (NUL-terminated, klen bytes, none of them '"', '\\', a control
 * byte or NUL, so the text is also how the key is written) and
 * dt_jr_key_hash of it. key NULL: an entry that matches nothing. */
typedef struct dt_jkey {
	const char *key;
	size_t klen;
	uint32_t hash;
} dt_jkey;

/* Most known keys dt_jr_object_known takes. */
#define DT_JR_KNOWN_MAX 64

/* The hash dt_jobj keeps of a key k[0..n) (FNV-1a, 32 bits). */
uint32_t dt_jr_key_hash(const char *k, size_t n);

/* Whether k[0..n) can be a dt_jkey (see there). */
int dt_jr_key_plain(const char *k, size_t n);

/* The fast path of dt_jr_object for a one-line record (JSON lines): an
 * object at the reader (after spaces or tabs) whose keys are all in
 * keys[0..nkeys) (nkeys <= DT_JR_KNOWN_MAX), written plainly with double
 * quotes, each at most once, with scalar values, blanks other than a
 * line feed between tokens and no comments; after its '}' only spaces,
 * tabs and CRs up to a '\n' (consumed) or the end of the input. Keys are
 * matched by one comparison each, in the order of the previous call
 * (*hint: the first key of the line before, 0 before the first call),
 * not decoded or hashed. Returns 1
 * with o filled as dt_jr_object fills it (o->m[i].key points into keys)
 * and slots[i] the index in keys of member i (slots has room for nkeys),
 * the reader after the line; 0 when the line is anything else (nothing
 * is consumed: the caller reads it with dt_jr_object, which also reports
 * any error), -2 when out of memory. Values read identically either
 * way (the same scanners). */
int dt_jr_object_known(dt_jreader *r, dt_jobj *o, const dt_jkey *keys,
                       size_t nkeys, int *slots, size_t *hint);

/* Member `key` of o; NULL when absent. */
const dt_jval *dt_jobj_get(const dt_jobj *o, const char *key);

/* Free o's buffers; o may be reused after dt_jobj_free (zeroed). */
void dt_jobj_free(dt_jobj *o);

/* Numeric value of v: a number (NaN/inf included) or a string holding
 * a number ("0.00", "nan"; model/util/num.h). Returns 0, or -1 for null,
 * booleans, objects, arrays and other strings. Same rule as
 * dt_json_number for json-c values (importers/json_value.h). */
int dt_jval_number(const dt_jval *v, double *out);

/* Integral step of v: an integer, an integral double, or a string
 * holding one ("39.00"), within int64. Returns 0 or -1. Same rule as
 * dt_json_step. */
int dt_jval_step(const dt_jval *v, int64_t *out);

#endif
