/* jsonpull.c: streaming JSON reader (jsonpull.h). Grammar: RFC 8259,
 * widened to what json-c 0.16's non-strict tokener accepts (see the
 * header); written for this project, no code taken from elsewhere. */
#include "importers/jsonpull.h"

#include "model/util/digits.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/util/num.h"
#include "model/util/text.h"

/* Members compared linearly (by hash) up to this count; beyond it a hash
 * index keeps a many-key line linear in time. */
#define LINEAR_MAX 32

static int fail(dt_jreader *r, size_t off, const char *what)
{
	if (!r->err_what) {
		r->err_off = off;
		r->err_what = what;
	}
	return -1;
}

static int at_end(dt_jreader *r, const char *inside)
{
	return fail(r, r->len, inside);
}

void dt_jr_init(dt_jreader *r, const char *data, size_t len)
{
	memset(r, 0, sizeof *r);
	r->data = data;
	r->len = len;
}

static int is_ws(unsigned char c)
{
	return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

/* Index of the first byte at or after i that is not a space. Eight bytes
 * at a time where that is cheap (the indentation of pretty-printed
 * files). */
static size_t skip_spaces(const char *d, size_t i, size_t n)
{
#if defined(__GNUC__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	while (n - i >= 8) {
		uint64_t w;
		memcpy(&w, d + i, 8);
		uint64_t x = w ^ 0x2020202020202020ULL;
		if (x)
			return i + ((size_t)__builtin_ctzll(x) >> 3);
		i += 8;
	}
#endif
	while (i < n && d[i] == ' ')
		i++;
	return i;
}

int dt_jr_peek(dt_jreader *r)
{
	const char *d = r->data;
	size_t n = r->len, i = r->pos;
	for (;;) {
		while (i < n) {
			char c = d[i];
			if (c == ' ')
				i = skip_spaces(d, i, n);
			else if (c == '\n' || c == '\r' || c == '\t')
				i++;
			else
				break;
		}
		if (i + 1 >= n || d[i] != '/' || (d[i + 1] != '*' && d[i + 1] != '/'))
			break;
		if (d[i + 1] == '/') {
			const char *nl = memchr(d + i, '\n', n - i);
			i = nl ? (size_t)(nl - d) + 1 : n;
			continue;
		}
		size_t j = i + 2;
		for (; j + 1 < n; j++)
			if (d[j] == '*' && d[j + 1] == '/')
				break;
		if (j + 1 >= n) {
			r->pos = n;
			fail(r, n, "comment not closed");
			return -1;
		}
		i = j + 2;
	}
	r->pos = i;
	return i < n ? (unsigned char)d[i] : -1;
}

int dt_jr_begin(dt_jreader *r, int open)
{
	int c = dt_jr_peek(r);
	if (c == open) {
		r->pos++;
		return 0;
	}
	if (c < 0)
		return at_end(r, "input ends before the value");
	return fail(r, r->pos, open == '{' ? "expected '{'" : "expected '['");
}

/* Where decoded string bytes go: a growing buffer (grow = 1) or a fixed
 * one that keeps what fits (len still counts every byte). */
typedef struct sink {
	char *p;
	size_t len, cap;
	int grow;
} sink;

static int sink_put(sink *s, const char *src, size_t n)
{
	if (s->len + n + 1 > s->cap) {
		if (!s->grow) {
			if (s->cap > s->len + 1) {
				size_t k = s->cap - s->len - 1;
				memcpy(s->p + s->len, src, k < n ? k : n);
			}
			s->len += n;
			return 0;
		}
		size_t cap = s->cap ? s->cap : 256;
		while (cap < s->len + n + 1)
			cap *= 2;
		char *p = realloc(s->p, cap);
		if (!p)
			return -2;
		s->p = p;
		s->cap = cap;
	}
	memcpy(s->p + s->len, src, n);
	s->len += n;
	return 0;
}

static void sink_end(sink *s)
{
	if (s->cap == 0)
		return;
	s->p[s->len < s->cap ? s->len : s->cap - 1] = '\0';
}

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c |= 0x20;
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* 4 hex digits at d[i..]; -1 when not. */
static long hex4(const char *d, size_t i, size_t n)
{
	if (n - i < 4)
		return -1;
	long v = 0;
	for (int k = 0; k < 4; k++) {
		int h = hexval((unsigned char)d[i + k]);
		if (h < 0)
			return -1;
		v = v * 16 + h;
	}
	return v;
}

static size_t utf8_put(char *o, unsigned long cp)
{
	if (cp < 0x80) {
		o[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		o[0] = (char)(0xC0 | (cp >> 6));
		o[1] = (char)(0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp < 0x10000) {
		o[0] = (char)(0xE0 | (cp >> 12));
		o[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
		o[2] = (char)(0x80 | (cp & 0x3F));
		return 3;
	}
	o[0] = (char)(0xF0 | (cp >> 18));
	o[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
	o[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
	o[3] = (char)(0x80 | (cp & 0x3F));
	return 4;
}

/* Escape at d[*i] (just after the backslash) into s. Returns 0, -1 on a
 * bad escape, -2 on ENOMEM. */
static int escape(dt_jreader *r, size_t *i, sink *s)
{
	const char *d = r->data;
	size_t n = r->len;
	char o[8];
	size_t k = 1;
	if (*i >= n)
		return at_end(r, "input ends inside a string");
	switch (d[*i]) {
	case '"': o[0] = '"'; break;
	case '\\': o[0] = '\\'; break;
	case '/': o[0] = '/'; break;
	case '\'': o[0] = '\''; break;
	case 'b': o[0] = '\b'; break;
	case 'f': o[0] = '\f'; break;
	case 'n': o[0] = '\n'; break;
	case 'r': o[0] = '\r'; break;
	case 't': o[0] = '\t'; break;
	case 'u': {
		long cp = hex4(d, *i + 1, n);
		if (cp < 0)
			return fail(r, *i, "expected 4 hex digits after \\u");
		*i += 4;
		if (cp >= 0xD800 && cp <= 0xDBFF && n - *i >= 7 && d[*i + 1] == '\\' &&
		    d[*i + 2] == 'u') {
			long lo = hex4(d, *i + 3, n);
			if (lo >= 0xDC00 && lo <= 0xDFFF) {
				cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
				*i += 6;
			}
		}
		if (cp >= 0xD800 && cp <= 0xDFFF)
			cp = 0xFFFD;
		if (cp == 0) { /* not the string's end: text.h DT_TEXT_NUL */
			memcpy(o, DT_TEXT_NUL, 2);
			k = 2;
			break;
		}
		k = utf8_put(o, (unsigned long)cp);
		break;
	}
	default:
		return fail(r, *i, "unknown escape in a string");
	}
	(*i)++;
	return sink_put(s, o, k);
}

/* String at r->pos (its quote, " or ') into s (may be NULL: checked
 * only). Returns 0, -1 (syntax) or -2 (ENOMEM). */
static int read_string(dt_jreader *r, sink *s)
{
	const char *d = r->data;
	size_t n = r->len, i = r->pos + 1;
	char q = d[r->pos];
	for (;;) {
		size_t j = i;
		while (j < n && d[j] != q && d[j] != '\\')
			j++;
		if (j >= n)
			return at_end(r, "input ends inside a string");
		if (s && j > i) {
			int rc = sink_put(s, d + i, j - i);
			if (rc < 0)
				return rc;
		}
		if (d[j] == q) {
			r->pos = j + 1;
			if (s)
				sink_end(s);
			return 0;
		}
		i = j + 1;
		if (s) {
			int rc = escape(r, &i, s);
			if (rc < 0)
				return rc;
		} else {
			if (i >= n)
				return at_end(r, "input ends inside a string");
			i++;
		}
	}
}

static int delimiter(const char *d, size_t i, size_t n)
{
	if (i >= n)
		return 1;
	unsigned char c = (unsigned char)d[i];
	return is_ws(c) || c == ',' || c == '}' || c == ']' || c == '/';
}

/* Case-insensitive word w (lower case) at d[i..n), followed by a
 * delimiter. */
static int word_at(const char *d, size_t i, size_t n, const char *w, size_t wl)
{
	if (n - i < wl)
		return 0;
	for (size_t k = 0; k < wl; k++)
		if ((d[i + k] | 0x20) != w[k])
			return 0;
	return delimiter(d, i + wl, n);
}

static int read_number(dt_jreader *r, dt_jval *v)
{
	const char *d = r->data;
	size_t n = r->len, start = r->pos, i = start;
	int neg = d[i] == '-';
	i += (size_t)neg;
	v->type = DT_JNUMBER;
	v->is_int = 0;
	v->raw = d + start;
	if (i < n && (d[i] | 0x20) == 'i') {
		if (!word_at(d, i, n, "infinity", 8))
			return fail(r, i, "expected Infinity");
		v->d = neg ? -INFINITY : INFINITY;
		r->pos = i + 8;
		v->rawlen = r->pos - start;
		return 0;
	}
	/* mant: the first 19 significant digits (all of any int64), for the
	 * integer and for the double (model/util/num.h) */
	uint64_t mant = 0;
	int sig = 0, frac = 0, dropped = 0, lost = 0, integral = 1, exp10 = 0;
	size_t d0 = i;
	/* At most 19 digits in all (the usual number): every digit is in
	 * mant, frac counts the fraction's, nothing is dropped or lost,
	 * exactly what the loops below give them (digits.h reads eight at
	 * a time). More digits: the loops below, from the first digit. */
	i = dt_digits_run(d, i, n, &mant);
	size_t fi = i;
	if (i < n && d[i] == '.')
		fi = dt_digits_run(d, i + 1, n, &mant);
	size_t all = fi - d0 - (fi != i);
	if (i > d0 && all <= 19) {
		if (fi != i) {
			integral = 0;
			frac = (int)(fi - i - 1);
		}
		i = fi;
		goto exponent;
	}
	mant = 0;
	i = d0;
	for (; i < n && (unsigned)(d[i] - '0') < 10; i++) {
		unsigned dg = (unsigned)(d[i] - '0');
		if (sig < 19) {
			mant = mant * 10 + dg;
			sig += mant != 0;
		} else {
			dropped++;
			lost |= dg != 0;
		}
	}
	if (i == d0)
		return i < n ? fail(r, i, "expected a digit")
		             : at_end(r, "input ends inside a number");
	if (i < n && d[i] == '.') {
		integral = 0;
		for (i++; i < n && (unsigned)(d[i] - '0') < 10; i++) {
			unsigned dg = (unsigned)(d[i] - '0');
			if (sig < 19) {
				mant = mant * 10 + dg;
				sig += mant != 0;
				frac++;
			} else {
				lost |= dg != 0;
			}
		}
	}
exponent:
	if (i < n && (d[i] | 0x20) == 'e') {
		integral = 0;
		i++;
		int eneg = 0;
		if (i < n && (d[i] == '+' || d[i] == '-'))
			eneg = d[i++] == '-';
		size_t e0 = i;
		for (; i < n && (unsigned)(d[i] - '0') < 10; i++)
			if (exp10 < 100000)
				exp10 = exp10 * 10 + (d[i] - '0');
		if (i == e0)
			return i < n ? fail(r, i, "expected a digit in the exponent")
			             : at_end(r, "input ends inside a number");
		exp10 = eneg ? -exp10 : exp10;
	}
	if (!delimiter(d, i, n))
		return fail(r, i, "unexpected character after a number");
	r->pos = i;
	v->rawlen = i - start;
	if (integral && dropped == 0 &&
	    mant <= (neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX)) {
		v->is_int = 1;
		v->i = neg ? (int64_t)(0 - mant) : (int64_t)mant;
		v->d = (double)v->i;
		return 0;
	}
	if (!lost && dt_decimal_exact(mant, exp10 - frac + dropped, neg, &v->d))
		return 0;
	if (dt_decimal_value(mant, exp10 - frac + dropped, neg, !lost, v->raw,
	                     v->rawlen, &v->d) < 0)
		return fail(r, start, "unreadable number");
	return 0;
}

/* Scalar at r->pos (first byte c); strings go into s (may be NULL). */
static int read_scalar(dt_jreader *r, int c, dt_jval *v, sink *s)
{
	const char *d = r->data;
	size_t n = r->len, i = r->pos;
	if (c == '"' || c == '\'') {
		size_t before = s ? s->len : 0;
		v->type = DT_JSTRING;
		v->s = NULL;
		int rc = read_string(r, s);
		v->slen = s ? s->len - before : 0;
		return rc;
	}
	if (c == '-' || (c >= '0' && c <= '9') || (c | 0x20) == 'i')
		return read_number(r, v);
	if (word_at(d, i, n, "true", 4)) {
		v->type = DT_JTRUE;
		r->pos = i + 4;
		return 0;
	}
	if (word_at(d, i, n, "false", 5)) {
		v->type = DT_JFALSE;
		r->pos = i + 5;
		return 0;
	}
	if (word_at(d, i, n, "null", 4)) {
		v->type = DT_JNULL;
		r->pos = i + 4;
		return 0;
	}
	if (word_at(d, i, n, "nan", 3)) {
		v->type = DT_JNUMBER;
		v->is_int = 0;
		v->d = NAN;
		v->raw = d + i;
		v->rawlen = 3;
		r->pos = i + 3;
		return 0;
	}
	return fail(r, i, "expected a value");
}

static int skip_at(dt_jreader *r, int depth);
static int next_key(dt_jreader *r, int *first, sink *s, size_t *koff,
                    size_t *klen);

int dt_jr_element(dt_jreader *r, int *first)
{
	int c = dt_jr_peek(r);
	if (!*first && c == ',') {
		r->pos++;
		c = dt_jr_peek(r);
		if (c == ']') { /* trailing comma, as json-c allows */
			r->pos++;
			return 0;
		}
	} else if (c == ']') {
		r->pos++;
		return 0;
	} else if (!*first) {
		return c < 0 ? at_end(r, "input ends inside an array")
		             : fail(r, r->pos, "expected ',' or ']'");
	}
	*first = 0;
	if (c < 0)
		return at_end(r, "input ends inside an array");
	return 1;
}

/* Check and skip the value at the reader, `depth` levels below the
 * caller's. */
static int skip_at(dt_jreader *r, int depth)
{
	int c = dt_jr_peek(r);
	if (c < 0)
		return at_end(r, "input ends before the value");
	if (c != '{' && c != '[') {
		dt_jval v;
		return read_scalar(r, c, &v, NULL);
	}
	if (depth >= DT_JR_MAX_DEPTH)
		return fail(r, r->pos, "nesting deeper than 256 levels");
	r->pos++;
	int first = 1, k;
	if (c == '{') {
		while ((k = dt_jr_member(r, &first, NULL, 0, NULL)) == 1)
			if (skip_at(r, depth + 1) < 0)
				return -1;
	} else {
		while ((k = dt_jr_element(r, &first)) == 1)
			if (skip_at(r, depth + 1) < 0)
				return -1;
	}
	return k;
}

int dt_jr_skip(dt_jreader *r)
{
	return skip_at(r, 0);
}

int dt_jr_value(dt_jreader *r, dt_jval *v, dt_jobj *o)
{
	int c = dt_jr_peek(r);
	if (c < 0)
		return at_end(r, "input ends before the value");
	if (c == '{' || c == '[') {
		v->type = c == '{' ? DT_JOBJECT : DT_JARRAY;
		return skip_at(r, 0);
	}
	if (!o)
		return read_scalar(r, c, v, NULL);
	sink s = {o->buf, 0, o->bcap, 1};
	int rc = read_scalar(r, c, v, &s);
	if (rc == 0 && v->type == DT_JSTRING && sink_put(&s, "", 1) < 0)
		rc = -2;
	o->buf = s.p;
	o->bcap = s.cap;
	if (rc == -2)
		return fail(r, r->pos, "out of memory");
	if (rc == 0 && v->type == DT_JSTRING)
		v->s = o->buf;
	return rc;
}

/* FNV-1a, 32 bits. */
static uint32_t hash_key(const char *k, size_t n)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)k[i]) * 16777619u;
	return h;
}

static void index_put(dt_jobj *o, size_t idx)
{
	size_t mask = o->nslot - 1, h = o->m[idx].hash & mask;
	while (o->slot[h])
		h = (h + 1) & mask;
	o->slot[h] = (uint32_t)(idx + 1);
}

/* (Re)build the hash index for o->n members, room for twice as many. */
static int index_build(dt_jobj *o)
{
	size_t ns = 64;
	while (ns < o->n * 4)
		ns *= 2;
	if (ns > o->nslot) {
		uint32_t *p = realloc(o->slot, ns * sizeof *p);
		if (!p)
			return -1;
		o->slot = p;
		o->nslot = ns;
	}
	memset(o->slot, 0, o->nslot * sizeof *o->slot);
	for (size_t i = 0; i < o->n; i++)
		index_put(o, i);
	return 0;
}

/* Index of the member with key buf[koff..koff+klen) and hash h; -1 when
 * none. */
static long find_member(const dt_jobj *o, int indexed, const char *buf,
                        size_t koff, size_t klen, uint32_t h)
{
	const dt_jmember *m = o->m;
	if (!indexed) {
		for (size_t i = 0; i < o->n; i++)
			if (m[i].hash == h && m[i].klen == klen &&
			    memcmp(buf + m[i].koff, buf + koff, klen) == 0)
				return (long)i;
		return -1;
	}
	size_t mask = o->nslot - 1;
	for (size_t s = h & mask; o->slot[s]; s = (s + 1) & mask) {
		size_t i = o->slot[s] - 1;
		if (m[i].hash == h && m[i].klen == klen &&
		    memcmp(buf + m[i].koff, buf + koff, klen) == 0)
			return (long)i;
	}
	return -1;
}

/* A new member for key buf[koff..koff+klen) with hash h; its index, or
 * -1 on ENOMEM. */
static long add_member(dt_jobj *o, int *indexed, size_t koff, size_t klen,
                       uint32_t h)
{
	if (o->n == o->cap) {
		size_t cap = o->cap ? o->cap * 2 : 16;
		dt_jmember *m = realloc(o->m, cap * sizeof *m);
		if (!m)
			return -1;
		o->m = m;
		o->cap = cap;
	}
	size_t at = o->n++;
	o->m[at].hash = h;
	o->m[at].klen = klen;
	o->m[at].koff = koff;
	if (!*indexed && o->n <= LINEAR_MAX)
		return (long)at;
	if (!*indexed || o->n * 2 > o->nslot) {
		if (index_build(o) < 0)
			return -1;
		*indexed = 1;
	} else {
		index_put(o, at);
	}
	return (long)at;
}

/* Separator and key of the next member of an object being read into s
 * (key kept NUL-terminated at *koff, length *klen), reader left at the
 * value. Returns 1, 0 after '}', -1 on a syntax error, -2 on ENOMEM. */
static int next_key(dt_jreader *r, int *first, sink *s, size_t *koff,
                    size_t *klen)
{
	int c = dt_jr_peek(r);
	if (!*first && c == ',') {
		r->pos++;
		c = dt_jr_peek(r);
		if (c == '}') { /* trailing comma, as json-c allows */
			r->pos++;
			return 0;
		}
	} else if (c == '}') {
		r->pos++;
		return 0;
	} else if (!*first) {
		return c < 0 ? at_end(r, "input ends inside an object")
		             : fail(r, r->pos, "expected ',' or '}'");
	}
	*first = 0;
	if (c != '"' && c != '\'')
		return c < 0 ? at_end(r, "input ends inside an object")
		             : fail(r, r->pos, "expected a string key");
	*koff = s ? s->len : 0;
	int k = read_string(r, s);
	if (k < 0)
		return k;
	*klen = s ? s->len - *koff : 0;
	if (s && sink_put(s, "", 1) < 0)
		return -2;
	c = dt_jr_peek(r);
	if (c != ':')
		return c < 0 ? at_end(r, "input ends inside an object")
		             : fail(r, r->pos, "expected ':'");
	r->pos++;
	if (dt_jr_peek(r) < 0)
		return at_end(r, "input ends inside an object");
	return 1;
}

int dt_jr_member(dt_jreader *r, int *first, char *key, size_t keysz,
                 size_t *klen)
{
	sink s = {key, 0, keysz, 0};
	size_t koff, kl = 0;
	int k = next_key(r, first, key && keysz ? &s : NULL, &koff, &kl);
	if (key && keysz)
		key[kl < keysz ? kl : keysz - 1] = '\0';
	if (klen)
		*klen = kl;
	return k;
}

int dt_jr_object(dt_jreader *r, dt_jobj *o)
{
	int indexed = 0, first = 1, k;
	size_t koff = 0, klen = 0;
	o->n = 0;
	o->blen = 0;
	o->ndup = 0;
	if (dt_jr_begin(r, '{') < 0)
		return -1;
	sink s = {o->buf, 0, o->bcap, 1};
	while ((k = next_key(r, &first, &s, &koff, &klen)) == 1) {
		int c = (unsigned char)r->data[r->pos];
		dt_jval v;
		size_t soff = s.len;
		if (c == '{' || c == '[') {
			v.type = c == '{' ? DT_JOBJECT : DT_JARRAY;
			k = skip_at(r, 1);
		} else {
			k = read_scalar(r, c, &v, &s);
			if (k == 0 && v.type == DT_JSTRING && sink_put(&s, "", 1) < 0)
				k = -2;
		}
		if (k < 0)
			break;
		uint32_t h = hash_key(s.p + koff, klen);
		long at = find_member(o, indexed, s.p, koff, klen, h);
		if (at >= 0 && o->ndup++ == 0)
			o->dup = (size_t)at;
		if (at < 0 && (at = add_member(o, &indexed, koff, klen, h)) < 0) {
			k = -2;
			break;
		}
		o->m[at].v = v;
		o->m[at].soff = soff;
	}
	o->buf = s.p;
	o->bcap = s.cap;
	o->blen = s.len;
	if (k == -2) {
		fail(r, r->pos, "out of memory");
		return -2;
	}
	if (k < 0)
		return -1;
	for (size_t i = 0; i < o->n; i++) {
		o->m[i].key = o->buf + o->m[i].koff;
		if (o->m[i].v.type == DT_JSTRING)
			o->m[i].v.s = o->buf + o->m[i].soff;
	}
	return 0;
}

uint32_t dt_jr_key_hash(const char *k, size_t n)
{
	return hash_key(k, n);
}

int dt_jr_key_plain(const char *k, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)k[i];
		if (c < 0x20 || c == '"' || c == '\\')
			return 0;
	}
	return 1;
}

/* Blanks inside a one-line record: space, tab, CR (never LF). */
static size_t line_blanks(const char *d, size_t i, size_t n)
{
	while (i < n && (unsigned char)d[i] <= ' ' &&
	       (d[i] == ' ' || d[i] == '\t' || d[i] == '\r'))
		i++;
	return i;
}

/* Index in keys of the plain key written at d[i..] (its closing quote
 * at d[i + klen]); the expected one, h, is tried first. -1 when the key
 * is not plain or not known. */
static long known_key(const char *d, size_t i, size_t n, const dt_jkey *keys,
                      size_t nkeys, size_t h)
{
	if (h < nkeys && keys[h].key && n - i > keys[h].klen &&
	    d[i + keys[h].klen] == '"' &&
	    memcmp(d + i, keys[h].key, keys[h].klen) == 0)
		return (long)h;
	size_t j = i;
	while (j < n && d[j] != '"' && d[j] != '\\' &&
	       (unsigned char)d[j] >= 0x20)
		j++;
	if (j >= n || d[j] != '"')
		return -1;
	for (size_t k = 0; k < nkeys; k++)
		if (keys[k].key && keys[k].klen == j - i &&
		    memcmp(keys[k].key, d + i, j - i) == 0)
			return (long)k;
	return -1;
}

/* Scalar value at d[i] of a one-line record into v (a string: its plain
 * text copied into s), read with the scratch reader t (over the same
 * input). Returns the offset after it, 0 when the value is not one the
 * fast path reads (nested, escaped, single-quoted, bad), (size_t)-1 on
 * ENOMEM. */
static size_t known_value(dt_jreader *t, size_t i, dt_jval *v, sink *s)
{
	const char *d = t->data;
	size_t n = t->len;
	int c = (unsigned char)d[i];
	if (c == '"') {
		size_t j = i + 1;
		while (j < n && d[j] != '"' && d[j] != '\\' && d[j] != '\n')
			j++;
		if (j >= n || d[j] != '"')
			return 0;
		if (sink_put(s, d + i + 1, j - i - 1) < 0 || sink_put(s, "", 1) < 0)
			return (size_t)-1;
		v->type = DT_JSTRING;
		v->s = NULL;
		v->slen = j - i - 1;
		return j + 1;
	}
	if (c == '{' || c == '[' || c == '\'' || c == '/')
		return 0;
	t->pos = i;
	t->err_what = NULL;
	int rc = c == '-' || (unsigned)(c - '0') < 10 ? read_number(t, v)
	                                             : read_scalar(t, c, v, NULL);
	return rc < 0 ? 0 : t->pos;
}

int dt_jr_object_known(dt_jreader *r, dt_jobj *o, const dt_jkey *keys,
                       size_t nkeys, int *slots, size_t *hint)
{
	const char *d = r->data;
	size_t n = r->len, i = line_blanks(d, r->pos, n), h = *hint, nm = 0;
	uint64_t seen = 0;
	if (nkeys > DT_JR_KNOWN_MAX || i >= n || d[i] != '{')
		return 0;
	if (o->cap < nkeys) {
		dt_jmember *m = realloc(o->m, nkeys * sizeof *m);
		if (!m)
			return -2;
		o->m = m;
		o->cap = nkeys;
	}
	sink s = {o->buf, 0, o->bcap, 1};
	dt_jreader t = *r; /* values are read with it (errors stay there) */
	int rc = 0;
	i = line_blanks(d, i + 1, n);
	if (i < n && d[i] == '}')
		goto close;
	for (;;) {
		if (i >= n || d[i] != '"')
			goto out;
		long k = known_key(d, i + 1, n, keys, nkeys, h);
		if (k < 0 || (seen >> k & 1))
			goto out;
		seen |= (uint64_t)1 << k;
		i = line_blanks(d, i + 1 + keys[k].klen + 1, n);
		if (i >= n || d[i] != ':')
			goto out;
		i = line_blanks(d, i + 1, n);
		if (i >= n)
			goto out;
		dt_jmember *m = &o->m[nm];
		m->soff = s.len;
		size_t after = known_value(&t, i, &m->v, &s);
		if (after == (size_t)-1)
			rc = -2;
		if (after == 0 || after == (size_t)-1)
			goto out;
		m->key = keys[k].key;
		m->klen = keys[k].klen;
		m->hash = keys[k].hash;
		slots[nm++] = (int)k;
		h = (size_t)k + 1;
		i = line_blanks(d, after, n);
		if (i < n && d[i] == ',') {
			i = line_blanks(d, i + 1, n);
			continue;
		}
		if (i < n && d[i] == '}')
			break;
		goto out;
	}
close:
	i = line_blanks(d, i + 1, n);
	if (i < n && d[i] != '\n')
		goto out;
	r->pos = i < n ? i + 1 : n;
	o->n = nm;
	o->ndup = 0; /* a key seen twice left this path (`seen`) */
	o->blen = s.len;
	for (size_t j = 0; j < nm; j++)
		if (o->m[j].v.type == DT_JSTRING)
			o->m[j].v.s = s.p + o->m[j].soff;
	*hint = nm ? (size_t)slots[0] : 0; /* where the next line starts */
	rc = 1;
out:
	o->buf = s.p;
	o->bcap = s.cap;
	return rc;
}

const dt_jval *dt_jobj_get(const dt_jobj *o, const char *key)
{
	size_t kl = strlen(key);
	uint32_t h = hash_key(key, kl);
	for (size_t i = 0; i < o->n; i++)
		if (o->m[i].hash == h && o->m[i].klen == kl &&
		    memcmp(o->m[i].key, key, kl) == 0)
			return &o->m[i].v;
	return NULL;
}

void dt_jobj_free(dt_jobj *o)
{
	free(o->m);
	free(o->buf);
	free(o->slot);
	memset(o, 0, sizeof *o);
}

int dt_jval_number(const dt_jval *v, double *out)
{
	if (v->type == DT_JNUMBER) {
		*out = v->d;
		return 0;
	}
	if (v->type == DT_JSTRING && v->s)
		return dt_parse_double_field(v->s, v->slen, out);
	return -1;
}

int dt_jval_step(const dt_jval *v, int64_t *out)
{
	if (v->type == DT_JNUMBER && v->is_int) {
		*out = v->i;
		return 0;
	}
	if (v->type == DT_JSTRING && v->s)
		return dt_parse_step(v->s, v->slen, out);
	if (v->type != DT_JNUMBER)
		return -1;
	double d = v->d;
	if (!isfinite(d) || d != floor(d) || d < -9.2e18 || d > 9.2e18)
		return -1;
	*out = (int64_t)d;
	return 0;
}
