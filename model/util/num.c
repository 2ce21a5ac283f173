/* dt_num.c: locale-independent number parsing. */
#include "model/util/num.h"

#include "model/util/digits.h"

#include <float.h>
#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <pthread.h>
#include <string.h>
#include <strings.h>

static locale_t c_loc;
static pthread_once_t c_loc_once = PTHREAD_ONCE_INIT;

static void c_locale_init(void)
{
	c_loc = newlocale(LC_ALL_MASK, "C", (locale_t)0);
}

/* Made once, also when two threads parse at once (imp_csv.c splits a
 * CSV parse across two threads). */
static locale_t c_locale(void)
{
	pthread_once(&c_loc_once, c_locale_init);
	return c_loc;
}

static int is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* Case-insensitive match of word w at s[i..len); returns its length or 0. */
static size_t match_word(const char *s, size_t i, size_t len, const char *w)
{
	size_t wl = strlen(w);
	if (len - i < wl || strncasecmp(s + i, w, wl) != 0)
		return 0;
	return wl;
}

#if LDBL_MANT_DIG == 64
/* Powers of ten exact in the x87 extended format (64-bit significand):
 * 10^k = 2^k * 5^k and 5^27 < 2^64. */
static const long double pow10_ext[] = {
	1e0L, 1e1L, 1e2L, 1e3L, 1e4L, 1e5L, 1e6L, 1e7L, 1e8L, 1e9L, 1e10L,
	1e11L, 1e12L, 1e13L, 1e14L, 1e15L, 1e16L, 1e17L, 1e18L, 1e19L, 1e20L,
	1e21L, 1e22L, 1e23L, 1e24L, 1e25L, 1e26L, 1e27L
};

/* mant x 10^scale correctly rounded to a double, for the 16 to 19 digit
 * mantissas that miss Clinger's fast path (Python writes 17): one
 * rounding in extended precision (error <= 1/2 extended ulp = 2^-12 of a
 * double ulp), then the rounding to double, which is the correct one
 * unless the extended result lies within 2^-10 double ulp of a halfway
 * point between doubles (or just below a power of two, where the spacing
 * halves): then 0 is returned and the caller takes strtod. Returns 1 with
 * *out set. */
static int ext_path(uint64_t mant, int scale, double *out)
{
	if (scale < -27 || scale > 27)
		return 0;
	long double x = (long double)mant;
	x = scale < 0 ? x / pow10_ext[-scale] : x * pow10_ext[scale];
	double d = (double)x;
	if (!isfinite(d) || d == 0)
		return 0;
	long double r = x - (long double)d; /* exact: same binade or next */
	uint64_t bits;
	memcpy(&bits, &d, sizeof bits);
	uint64_t ex = (bits >> 52) & 0x7FF;
	if (ex <= 52 || ((bits & ((1ULL << 52) - 1)) == 0 && r < 0))
		return 0; /* tiny, or just below a power of two (finer spacing) */
	uint64_t ub = (ex - 52) << 52; /* one ulp of d: 2^(ex - 1023 - 52) */
	double ulp;
	memcpy(&ulp, &ub, sizeof ulp);
	long double off = fabsl(r) - (long double)ulp / 2;
	if (fabsl(off) <= (long double)ulp / 1024)
		return 0;
	*out = d;
	return 1;
}
#endif

/* Slow path: copy to a NUL-terminated buffer and use strtod_l("C").
 * The whole text goes to strtod (fuzz/fuzz_num.c found a 300-digit
 * number cut at 127 bytes); -1 also when memory runs out. */
static int slow_parse(const char *s, size_t len, double *out, size_t *used)
{
	char small[128];
	char *buf = len < sizeof small ? small : malloc(len + 1);
	if (!buf)
		return -1;
	memcpy(buf, s, len);
	buf[len] = '\0';
	char *e;
	locale_t saved = uselocale(c_locale()); /* POSIX.1-2008 */
	double v = strtod(buf, &e);
	uselocale(saved);
	int rc = e == buf ? -1 : 0;
	if (rc == 0) {
		*out = v;
		*used = (size_t)(e - buf);
	}
	if (buf != small)
		free(buf);
	return rc;
}

/* The exponent after a mantissa ending at s[i]: "e" or "E", an optional
 * sign, at least one digit (else nothing is consumed). Returns the index
 * after it and sets *exp10 (saturated at +-100000). */
static size_t exponent(const char *s, size_t i, size_t len, int *exp10)
{
	*exp10 = 0;
	if (i >= len || (s[i] != 'e' && s[i] != 'E'))
		return i;
	size_t j = i + 1;
	int eneg = 0;
	if (j < len && (s[j] == '-' || s[j] == '+')) {
		eneg = s[j] == '-';
		j++;
	}
	if (j >= len || (unsigned)(s[j] - '0') >= 10)
		return i;
	int e = 0;
	for (; j < len && (unsigned)(s[j] - '0') < 10; j++)
		if (e < 100000)
			e = e * 10 + (s[j] - '0');
	*exp10 = eneg ? -e : e;
	return j;
}

static int parse_general(const char *s, size_t len, size_t i, double *out,
                         size_t *end);

int dt_parse_double(const char *s, size_t len, double *out, size_t *end)
{
	size_t i = 0;
	while (i < len && is_blank(s[i]))
		i++;
	size_t start = i;
	/* Fast path: at most 19 digits in all (they fit a uint64 exactly),
	 * the common case of a log; anything else (more digits, nan, inf, no
	 * digit) restarts on the general path below. */
	int neg = 0;
	if (i < len && (s[i] == '-' || s[i] == '+')) {
		neg = s[i] == '-';
		i++;
	}
	uint64_t mant = 0;
	size_t d0 = i;
	i = dt_digits_run(s, i, len, &mant); /* eight at a time: digits.h */
	size_t digits = i - d0, frac = 0;
	if (i < len && s[i] == '.') {
		size_t f0 = ++i;
		i = dt_digits_run(s, i, len, &mant);
		frac = i - f0;
		digits += frac;
	}
	if (digits == 0 || digits > 19)
		return parse_general(s, len, start, out, end);
	int exp10 = 0;
	if (i < len && (s[i] | 0x20) == 'e') /* most numbers have none */
		i = exponent(s, i, len, &exp10);
	if (end)
		*end = i;
	int scale = exp10 - (int)frac;
	if (dt_decimal_exact(mant, scale, neg, out))
		return 0;
	return dt_decimal_value(mant, scale, neg, 1, s + start, i - start, out);
}

/* Any number dt_parse_double's fast path does not take, from s[i] (after
 * the blanks): signs, nan/inf words, leading zeros skipped, at most 19
 * significant digits kept (the rest only tell whether digits were lost,
 * which sends the value to the exact slow path). */
static int parse_general(const char *s, size_t len, size_t i, double *out,
                         size_t *end)
{
	size_t start = i;
	int neg = 0;
	if (i < len && (s[i] == '-' || s[i] == '+')) {
		neg = s[i] == '-';
		i++;
	}
	size_t w;
	if (i < len && (s[i] == 'n' || s[i] == 'N' || s[i] == 'i' || s[i] == 'I')) {
		double v;
		if ((w = match_word(s, i, len, "nan")) != 0)
			v = NAN;
		else if ((w = match_word(s, i, len, "infinity")) != 0 ||
		         (w = match_word(s, i, len, "inf")) != 0)
			v = INFINITY;
		else
			return -1;
		*out = neg ? -v : v;
		if (end)
			*end = i + w;
		return 0;
	}
	/* Significant digits go into mant (at most 19 fit a uint64); leading
	 * zeros are skipped, so "0.000123" keeps 3 digits and scale -6. */
	uint64_t mant = 0;
	int sig = 0, frac_digits = 0, dropped = 0, any = 0;
	int lost = 0; /* a non-zero digit did not fit in mant */
	while (i < len && s[i] == '0') {
		any = 1;
		i++;
	}
	for (; i < len && (unsigned)(s[i] - '0') < 10; i++, any = 1) {
		if (sig < 19) {
			mant = mant * 10 + (uint64_t)(s[i] - '0');
			sig++;
		} else {
			dropped++;
			lost |= s[i] != '0';
		}
	}
	if (i < len && s[i] == '.') {
		i++;
		if (sig == 0)
			for (; i < len && s[i] == '0'; i++, any = 1)
				frac_digits++;
		for (; i < len && (unsigned)(s[i] - '0') < 10; i++, any = 1) {
			if (sig < 19) {
				mant = mant * 10 + (uint64_t)(s[i] - '0');
				sig++;
				frac_digits++;
			} else {
				lost |= s[i] != '0';
			}
		}
	}
	if (!any)
		return -1;
	int exp10;
	i = exponent(s, i, len, &exp10);
	if (end)
		*end = i;
	int scale = exp10 - frac_digits + dropped;
	return dt_decimal_value(mant, scale, neg, !lost, s + start, i - start,
	                        out);
}

int dt_decimal_value(uint64_t mant, int scale, int neg, int exact,
                     const char *text, size_t len, double *out)
{
	if (exact && dt_decimal_exact(mant, scale, neg, out))
		return 0;
#if LDBL_MANT_DIG == 64
	if (exact && ext_path(mant, scale, out)) {
		if (neg)
			*out = -*out;
		return 0;
	}
#endif
	size_t used;
	if (slow_parse(text, len, out, &used) < 0)
		return -1;
	return 0;
}

int dt_parse_double_field(const char *s, size_t len, double *out)
{
	size_t e;
	if (dt_parse_double(s, len, out, &e) < 0)
		return -1;
	while (e < len && (is_blank(s[e]) || s[e] == '\r' || s[e] == '\n'))
		e++;
	return e == len ? 0 : -1;
}

int dt_parse_step(const char *s, size_t len, int64_t *out)
{
	double v;
	if (dt_parse_double_field(s, len, &v) < 0)
		return -1;
	if (!isfinite(v) || v != floor(v) || v < -9.2e18 || v > 9.2e18)
		return -1;
	*out = (int64_t)v;
	return 0;
}

int dt_parse_int_strict(const char *s, int64_t min, int64_t max,
                        int64_t *out)
{
	int64_t v = 0;
	if (!*s)
		return -1;
	for (const char *p = s; *p; p++) {
		if (*p < '0' || *p > '9')
			return -1;
		if (v > (INT64_MAX - (*p - '0')) / 10)
			return -1;
		v = v * 10 + (*p - '0');
	}
	if (v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

int dt_parse_real_strict(const char *s, double min, double max, double *out)
{
	const char *p = s;
	int digits = 0;
	if (*p == '-' && min < 0)
		p++;
	while (*p >= '0' && *p <= '9') {
		p++;
		digits++;
	}
	if (*p == '.')
		for (p++; *p >= '0' && *p <= '9'; p++)
			digits++;
	if (!digits)
		return -1;
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '+' || *p == '-')
			p++;
		if (*p < '0' || *p > '9')
			return -1;
		while (*p >= '0' && *p <= '9')
			p++;
	}
	double v;
	if (*p || dt_parse_double_field(s, strlen(s), &v) < 0 || !isfinite(v) ||
	    v < min || v > max)
		return -1;
	*out = v;
	return 0;
}
