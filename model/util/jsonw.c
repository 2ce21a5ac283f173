/* dt_jsonw.c: streaming JSON writer (see dt_jsonw.h). */
#include "model/util/jsonw.h"

#include <math.h>
#include <string.h>

#include "model/util/num.h"

void dt_jw_init(dt_jw *w, FILE *f, int pretty)
{
	memset(w, 0, sizeof *w);
	w->f = f;
	w->pretty = pretty;
	w->first[0] = 1;
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
	if (!w->first[w->depth])
		fputc(',', w->f);
	w->first[w->depth] = 0;
	if (w->depth > 0)
		indent(w);
}

static void open_level(dt_jw *w, char c)
{
	before_value(w);
	fputc(c, w->f);
	if (w->depth + 1 < DT_JW_MAX_DEPTH)
		w->depth++;
	w->first[w->depth] = 1;
}

static void close_level(dt_jw *w, char c)
{
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

static void write_string(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	fputc('"', f);
	while (*p) {
		unsigned c = *p;
		if (c == '"' || c == '\\') {
			fputc('\\', f);
			fputc((int)c, f);
			p++;
		} else if (c < 0x20 || c == 0x7F) {
			fprintf(f, "\\u%04x", c);
			p++;
		} else if (c < 0x80) {
			fputc((int)c, f);
			p++;
		} else {
			/* Copy a valid UTF-8 sequence; replace a bad byte. */
			size_t l = (c >= 0xC2 && c <= 0xDF) ? 2 :
			           (c >= 0xE0 && c <= 0xEF) ? 3 :
			           (c >= 0xF0 && c <= 0xF4) ? 4 : 0;
			size_t k = 1;
			while (k < l && (p[k] & 0xC0) == 0x80)
				k++;
			if (l && k == l && !(c == 0xC2 && p[1] < 0xA0)) {
				fwrite(p, 1, l, f);
				p += l;
			} else if (l && k == l) {
				fprintf(f, "\\u%04x", p[1]); /* C1 control */
				p += l;
			} else {
				fputs("\\ufffd", f);
				p++;
			}
		}
	}
	fputc('"', f);
}

void dt_jw_key(dt_jw *w, const char *key)
{
	before_value(w);
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

void dt_jw_num(dt_jw *w, double v)
{
	if (isnan(v)) {
		dt_jw_str(w, "nan");
	} else if (isinf(v)) {
		dt_jw_str(w, v > 0 ? "inf" : "-inf");
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

void dt_jw_bool(dt_jw *w, int v)
{
	before_value(w);
	fputs(v ? "true" : "false", w->f);
}

void dt_jw_end(dt_jw *w)
{
	fputc('\n', w->f);
}
