/* dt_jsonw.c: streaming JSON writer (see dt_jsonw.h). */
#include "model/util/jsonw.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/util/num.h"
#include "model/util/text.h"

void dt_jw_init(dt_jw *w, FILE *f, int pretty)
{
	memset(w, 0, sizeof *w);
	w->f = f;
	w->pretty = pretty;
	w->first[0] = 1;
}

void dt_jw_init_plain(dt_jw *w, FILE *f, int pretty)
{
	dt_jw_init(w, f, pretty);
	w->plain = 1;
}

static void indent(dt_jw *w)
{
	if (!w->pretty)
		return;
	fputc('\n', w->f);
	for (int i = 0; i < w->depth; i++)
		fputs("  ", w->f);
}

/* Separator before a value or key at the current level. */
static void before_value(dt_jw *w)
{
	if (w->after_key) {
		w->after_key = 0;
		return;
	}
	if (w->is_arr[w->depth])
		w->count[w->depth]++;
	if (!w->first[w->depth])
		fputc(',', w->f);
	w->first[w->depth] = 0;
	if (w->depth > 0)
		indent(w);
}

static void write_string(FILE *f, const char *s);

static void open_level(dt_jw *w, char c)
{
	int root = w->depth == 0;
	before_value(w);
	fputc(c, w->f);
	if (w->depth + 1 < DT_JW_MAX_DEPTH)
		w->depth++;
	w->first[w->depth] = 1;
	w->is_arr[w->depth] = c == '[';
	w->count[w->depth] = 0;
	w->key[w->depth][0] = '\0';
	if (root && c == '{' && !w->plain) {
		dt_jw_key(w, "schema_version");
		dt_jw_int(w, DT_JSON_SCHEMA_VERSION);
	}
}

/* At the end of the root object: where the non-finite values were. */
static void write_non_finite(dt_jw *w)
{
	size_t n = w->nf_n;
	char **path = w->nf_path;
	const char **text = w->nf_text;
	w->nf_path = NULL;
	w->nf_text = NULL;
	w->nf_n = 0;
	dt_jw_key(w, "non_finite_count");
	dt_jw_int(w, w->nf_count);
	dt_jw_key(w, "non_finite");
	dt_jw_arr_begin(w);
	for (size_t i = 0; i < n; i++) {
		dt_jw_obj_begin(w);
		dt_jw_key(w, "path");
		dt_jw_str(w, path[i]);
		dt_jw_key(w, "value");
		dt_jw_str(w, text[i]);
		dt_jw_obj_end(w);
		free(path[i]);
	}
	dt_jw_arr_end(w);
	free(path);
	free(text);
	w->nf_count = 0;
}

static void close_level(dt_jw *w, char c)
{
	if (w->depth == 1 && c == '}' && w->nf_count > 0)
		write_non_finite(w);
	int empty = w->first[w->depth];
	if (w->depth > 0)
		w->depth--;
	if (!empty)
		indent(w);
	fputc(c, w->f);
}

void dt_jw_obj_begin(dt_jw *w) { open_level(w, '{'); }
void dt_jw_obj_end(dt_jw *w) { close_level(w, '}'); }
void dt_jw_arr_begin(dt_jw *w) { open_level(w, '['); }
void dt_jw_arr_end(dt_jw *w) { close_level(w, ']'); }

/* A code point as a JSON \u escape: two (a UTF-16 surrogate pair,
 * RFC 8259 section 7) above U+FFFF. */
static void write_escape(FILE *f, uint32_t cp)
{
	if (cp > 0xFFFF) {
		cp -= 0x10000;
		fprintf(f, "\\u%04x\\u%04x", (unsigned)(0xD800 + (cp >> 10)),
		        (unsigned)(0xDC00 + (cp & 0x3FF)));
	} else {
		fprintf(f, "\\u%04x", (unsigned)cp);
	}
}

/* Valid UTF-8 is copied, except what a terminal would act on, reorder or
 * hide (dt_text_is_hidden: controls, C1 controls, bidi and zero-width
 * format characters), which is escaped: the parsed string is exact, the
 * document's bytes hold none of it. An invalid byte is U+FFFD. */
static void write_string(FILE *f, const char *s)
{
	const char *run = s; /* bytes copied as they are, not yet written */
	fputc('"', f);
	while (*s) {
		unsigned char c = (unsigned char)*s;
		uint32_t cp = 0;
		size_t l = 1;
		if (c >= 0x20 && c < 0x7F && c != '"' && c != '\\') {
			s++; /* printable ASCII: the common case */
			continue;
		}
		if (c >= 0x80) {
			l = dt_utf8_next(s, &cp);
			if (l && !dt_text_is_hidden(cp)) {
				s += l;
				continue;
			}
		}
		fwrite(run, 1, (size_t)(s - run), f);
		if (l == 0) {
			fputs("\\ufffd", f);
			l = 1;
		} else if (c == '"' || c == '\\') {
			fputc('\\', f);
			fputc(c, f);
		} else {
			write_escape(f, c < 0x80 ? c : cp);
		}
		s += l;
		run = s;
	}
	fwrite(run, 1, (size_t)(s - run), f);
	fputc('"', f);
}

void dt_jw_key(dt_jw *w, const char *key)
{
	before_value(w);
	snprintf(w->key[w->depth], sizeof w->key[w->depth], "%s", key);
	write_string(w->f, key);
	fputs(w->pretty ? ": " : ":", w->f);
	w->after_key = 1;
}

void dt_jw_str(dt_jw *w, const char *s)
{
	before_value(w);
	write_string(w->f, s ? s : "");
}

void dt_jw_int(dt_jw *w, int64_t v)
{
	before_value(w);
	fprintf(w->f, "%lld", (long long)v);
}

void dt_fmt_double(double v, char buf[32])
{
	double back;
	snprintf(buf, 32, "%.15g", v);
	if (dt_parse_double(buf, strlen(buf), &back, NULL) < 0 || back != v)
		snprintf(buf, 32, "%.17g", v);
	/* snprintf follows LC_NUMERIC; the CLI never calls setlocale for
	 * LC_NUMERIC, but guard anyway against a decimal comma. */
	for (char *c = buf; *c; c++)
		if (*c == ',')
			*c = '.';
}

/* Remember the JSON Pointer (RFC 6901: '~' -> "~0", '/' -> "~1") of
 * the value being written. */
static void note_non_finite(dt_jw *w, const char *text)
{
	char path[512];
	size_t used = 0;
	if (w->plain)
		return;
	w->nf_count++;
	if (w->nf_n >= DT_JW_NONFINITE_LIST)
		return;
	path[0] = '\0';
	for (int l = 1; l <= w->depth && used + 64 < sizeof path; l++) {
		path[used++] = '/';
		if (w->is_arr[l]) {
			used += (size_t)snprintf(path + used, sizeof path - used, "%ld",
			                         w->count[l] - 1);
			continue;
		}
		for (const char *k = w->key[l]; *k && used + 3 < sizeof path; k++) {
			if (*k == '~' || *k == '/') {
				path[used++] = '~';
				path[used++] = *k == '~' ? '0' : '1';
			} else {
				path[used++] = *k;
			}
		}
	}
	path[used] = '\0';
	char **np = realloc(w->nf_path, (w->nf_n + 1) * sizeof *np);
	if (np)
		w->nf_path = np;
	const char **nt = np ? realloc(w->nf_text, (w->nf_n + 1) * sizeof *nt)
	                     : NULL;
	if (nt)
		w->nf_text = nt;
	char *copy = nt ? strdup(path) : NULL;
	if (!copy)
		return; /* out of memory: counted, not listed */
	w->nf_path[w->nf_n] = copy;
	w->nf_text[w->nf_n++] = text;
}

void dt_jw_num(dt_jw *w, double v)
{
	if (!isfinite(v)) {
		before_value(w);
		note_non_finite(w, isnan(v) ? "nan" : v > 0 ? "inf" : "-inf");
		fputs("null", w->f);
	} else {
		char buf[32];
		before_value(w);
		dt_fmt_double(v, buf);
		fputs(buf, w->f);
	}
}

void dt_jw_null(dt_jw *w)
{
	before_value(w);
	fputs("null", w->f);
}

void dt_jw_str_or_null(dt_jw *w, const char *s)
{
	if (s && *s)
		dt_jw_str(w, s);
	else
		dt_jw_null(w);
}

void dt_jw_num_or_null(dt_jw *w, double v)
{
	if (isnan(v))
		dt_jw_null(w);
	else
		dt_jw_num(w, v);
}

void dt_jw_bool(dt_jw *w, int v)
{
	before_value(w);
	fputs(v ? "true" : "false", w->f);
}

void dt_jw_end(dt_jw *w)
{
	fputc('\n', w->f);
}
