/* dt_num.c: locale-independent number parsing. */
#include "model/util/num.h"

#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Powers of ten exactly representable as doubles (10^0 .. 10^22). */
static const double pow10_exact[] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22
};

static locale_t c_locale(void)
{
	static locale_t loc;
	if (!loc)
		loc = newlocale(LC_ALL_MASK, "C", (locale_t)0);
	return loc;
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

/* Slow path: copy to a NUL-terminated buffer and use strtod_l("C"). */
static int slow_parse(const char *s, size_t len, double *out, size_t *used)
{
	char buf[128];
	if (len >= sizeof buf)
		len = sizeof buf - 1;
	memcpy(buf, s, len);
	buf[len] = '\0';
	char *e;
	locale_t saved = uselocale(c_locale()); /* POSIX.1-2008 */
	double v = strtod(buf, &e);
	uselocale(saved);
	if (e == buf)
		return -1;
	*out = v;
	*used = (size_t)(e - buf);
	return 0;
}

int dt_parse_double(const char *s, size_t len, double *out, size_t *end)
{
	size_t i = 0;
	while (i < len && is_blank(s[i]))
		i++;
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
			}
		}
	}
	if (!any)
		return -1;
	int exp10 = 0;
	if (i < len && (s[i] == 'e' || s[i] == 'E')) {
		size_t j = i + 1;
		int eneg = 0;
		if (j < len && (s[j] == '-' || s[j] == '+')) {
			eneg = s[j] == '-';
			j++;
		}
		if (j < len && s[j] >= '0' && s[j] <= '9') {
			int e = 0;
			while (j < len && s[j] >= '0' && s[j] <= '9') {
				if (e < 100000)
					e = e * 10 + (s[j] - '0');
				j++;
			}
			exp10 = eneg ? -e : e;
			i = j;
		}
	}
	if (end)
		*end = i;
	int scale = exp10 - frac_digits + dropped;
	/* Clinger's fast path: both operands exact, one rounding. */
	if (mant < (1ULL << 53) && scale >= -22 && scale <= 22) {
		double v = (double)mant;
		v = scale < 0 ? v / pow10_exact[-scale] : v * pow10_exact[scale];
		*out = neg ? -v : v;
		return 0;
	}
	size_t used;
	if (slow_parse(s + start, i - start, out, &used) < 0)
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
