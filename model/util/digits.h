/* digits.h: a run of decimal digits read eight bytes at a time, for the
 * number scanners (model/util/num.c dt_parse_double, the JSON reader's
 * numbers in importers/jsonpull.c).
 *
 * Eight ASCII bytes are loaded as one little-endian 64-bit word (the
 * first byte lowest); the digits among them are found and combined with
 * word arithmetic ("SIMD within a register"): no branch per digit. The
 * combination is the usual halving: pairs of digits (d0 * 10 + d1) in
 * every second byte, then pairs of pairs (* 100) in every second 16-bit
 * lane, then the two halves (* 10000); each lane's value stays below its
 * lane's limit (99, 9999, 99999999), so no lane carries into the next.
 * Read in bytes on a big-endian machine. */
#ifndef DT_DIGITS_H
#define DT_DIGITS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* The number of leading decimal digits (0..8) in the eight bytes at p,
 * and in *value the number they spell (0 when none). p[0..8) must be
 * readable; bytes after the first non-digit are ignored. Little-endian
 * machines only (dt_digits_run reads byte by byte elsewhere). */
static inline unsigned dt_digits8(const char *p, uint32_t *value)
{
	uint64_t x;
	memcpy(&x, p, sizeof x);
	/* Byte - '0': a digit gives 0..9. A byte below '0' borrows from the
	 * next byte up, but only bytes after the first non-digit are harmed,
	 * and those are ignored. */
	uint64_t t = x - 0x3030303030303030ull;
	/* High bit of a byte set when it is not 0..9: >= 0x80 already, or
	 * >= 10 so that adding 0x76 reaches 0x80 (carries again only leave
	 * bytes after the first non-digit). */
	uint64_t bad = (t | (t + 0x7676767676767676ull)) &
	               0x8080808080808080ull;
	unsigned k = bad ? (unsigned)__builtin_ctzll(bad) >> 3 : 8;
	if (k == 0) {
		*value = 0;
		return 0;
	}
	/* The k digits to the top bytes; zeros below are leading zeros. */
	t <<= 8 * (8 - k);
	t = (t * 10 + (t >> 8)) & 0x00FF00FF00FF00FFull;
	t = (t * 100 + (t >> 16)) & 0x0000FFFF0000FFFFull;
	t = t * 10000 + (t >> 32);
	*value = (uint32_t)t;
	return k;
}

/* The run of decimal digits at s[i..len): each digit d appended to *mant
 * as *mant * 10 + d (modulo 2^64: a caller that needs more than 19 digits
 * exact must count them, the run's length being the returned index minus
 * i). Returns the index after the run (i when s[i] is no digit). i <=
 * len; nothing at or past s[len] is read. */
static inline size_t dt_digits_run(const char *s, size_t i, size_t len,
                                   uint64_t *mant)
{
	uint64_t m = *mant;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	/* 10^k: a run of k digits shifts the mantissa by k places */
	static const uint64_t p10[9] = {
		1u, 10u, 100u, 1000u, 10000u, 100000u, 1000000u, 10000000u,
		100000000u
	};
	while (len - i >= 8) {
		uint32_t v;
		unsigned k = dt_digits8(s + i, &v);
		m = m * p10[k] + v;
		i += k;
		if (k < 8) {
			*mant = m;
			return i;
		}
	}
#endif
	for (; i < len && (unsigned)(s[i] - '0') < 10; i++)
		m = m * 10 + (uint64_t)(s[i] - '0');
	*mant = m;
	return i;
}

#endif
