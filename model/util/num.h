/* dt_num.h: locale-independent number parsing for log values. */
#ifndef DT_NUM_H
#define DT_NUM_H

#include <stddef.h>
#include <stdint.h>

/* Parse a decimal floating-point number from s[0..len) the way C's "C"
 * locale does, whatever the user's locale: optional sign, digits with an
 * optional '.', optional exponent (e/E). Also accepts nan, NaN, NAN, inf,
 * Inf, Infinity, -Infinity (Python and JSON spellings). Leading blanks are
 * skipped. On success stores the value and, when `end` is not NULL, the
 * number of bytes consumed, and returns 0. Returns -1 when no number starts
 * there. Correctly rounded: exact fast path for mantissas below 2^53 and
 * |exp10| <= 22 (Clinger 1990); on x86 (80-bit long double) up to 19
 * digits and |exp10| <= 27 in extended precision when the result is
 * provably not near a halfway point (the 17-digit numbers Python writes);
 * otherwise strtod under uselocale("C"). */
int dt_parse_double(const char *s, size_t len, double *out, size_t *end);

/* The double nearest mant x 10^scale (negated when neg), for a caller
 * that has already scanned a decimal number (the JSON reader): `exact`
 * says mant holds every non-zero digit; text[0..len) is the number as
 * written, parsed by the slow path (strtod in the "C" locale) when the
 * fast paths of dt_parse_double cannot decide. Returns 0, or -1 when the
 * text is not a number. */
int dt_decimal_value(uint64_t mant, int scale, int neg, int exact,
                     const char *text, size_t len, double *out);

/* Clinger's fast path (W. D. Clinger, "How to read floating point
 * numbers accurately", PLDI 1990): when mant < 2^53 and |scale| <= 22,
 * mant and 10^|scale| are exact doubles and one multiplication or
 * division rounds mant x 10^scale correctly. Returns 1 with *out set
 * (negated when neg), 0 when it does not apply (then dt_decimal_value).
 * Inline: the number scanners call it for most values of a log. */
static inline int dt_decimal_exact(uint64_t mant, int scale, int neg,
                                   double *out)
{
	/* powers of ten exactly representable as doubles */
	static const double p10[23] = {
		1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
		1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22
	};
	if (mant >= (1ULL << 53) || scale < -22 || scale > 22)
		return 0;
	double v = (double)mant;
	v = scale < 0 ? v / p10[-scale] : v * p10[scale];
	*out = neg ? -v : v;
	return 1;
}

/* Parse a whole field: like dt_parse_double but trailing blanks only may
 * follow. Returns 0 or -1. */
int dt_parse_double_field(const char *s, size_t len, double *out);

/* Parse a step: an integer, or a float with zero fraction ("39.00",
 * "1.000", "2.0e3"). Returns 0, or -1 when it is not an integral number in
 * int64 range. */
int dt_parse_step(const char *s, size_t len, int64_t *out);

/* Parse a value a person typed: a whole decimal integer made of digits
 * only (no sign, no blank, no exponent: " 5", "+5", "-0", "5.0" are
 * refused) in [min, max]. Returns 0 or -1. */
int dt_parse_int_strict(const char *s, int64_t min, int64_t max,
                        int64_t *out);

/* Parse a value a person typed: a finite decimal number (digits, an
 * optional '.', an optional exponent; no sign other than '-' when min < 0,
 * no blank before or after, no nan/inf) in [min, max]. Returns 0 or -1. */
int dt_parse_real_strict(const char *s, double min, double max, double *out);

#endif
