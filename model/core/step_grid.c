/* step_grid.c: steps shared by two evenly stepped curves (step_grid.h). */
#include "model/core/step_grid.h"

__extension__ typedef __int128 i128;

static i128 gcd128(i128 a, i128 b)
{
	while (b) {
		i128 t = a % b;
		a = b;
		b = t;
	}
	return a;
}

/* Floor of a / b, b > 0. */
static i128 floor_div(i128 a, i128 b)
{
	i128 q = a / b;
	return (a % b != 0 && a < 0) ? q - 1 : q;
}

/* x with a * x = 1 (mod m), gcd(a, m) = 1, m >= 1: extended Euclid. */
static i128 inverse(i128 a, i128 m)
{
	i128 r0 = m, r1 = ((a % m) + m) % m, t0 = 0, t1 = 1;
	while (r1) {
		i128 q = r0 / r1, t;
		t = r0 - q * r1; r0 = r1; r1 = t;
		t = t0 - q * t1; t0 = t1; t1 = t;
	}
	return ((t0 % m) + m) % m;
}

size_t dt_step_grid_common(const dt_step_grid *a, const dt_step_grid *b,
                           int64_t min_step)
{
	return dt_step_grid_common_at(a, b, min_step, NULL, NULL);
}

size_t dt_step_grid_common_at(const dt_step_grid *a, const dt_step_grid *b,
                              int64_t min_step, int64_t *first,
                              int64_t *stride)
{
	if (a->n == 0 || b->n == 0)
		return 0;
	if ((a->n > 1 && a->stride <= 0) || (b->n > 1 && b->stride <= 0))
		return (size_t)-1;
	/* a single point: any stride will do */
	i128 sa = a->n > 1 ? a->stride : 1, sb = b->n > 1 ? b->stride : 1;
	i128 fa = a->first, fb = b->first;
	i128 la = fa + (i128)(a->n - 1) * sa, lb = fb + (i128)(b->n - 1) * sb;
	i128 lo = fa > fb ? fa : fb, hi = la < lb ? la : lb;
	if (min_step > lo)
		lo = min_step;
	if (lo > hi)
		return 0;
	/* fa + i sa = fb (mod sb)  <=>  i (sa/g) = (fb - fa)/g (mod sb/g) */
	i128 g = gcd128(sa, sb), d = fb - fa;
	if (d % g != 0)
		return 0;
	i128 m = sb / g;
	i128 i0 = ((d / g) % m + m) % m * inverse(sa / g, m) % m;
	i128 s0 = fa + i0 * sa, L = sa / g * sb;
	/* common steps: s0 + k L for every integer k */
	i128 k_lo = -floor_div(s0 - lo, L), k_hi = floor_div(hi - s0, L);
	if (k_hi < k_lo)
		return 0;
	if (first)
		*first = (int64_t)(s0 + k_lo * L); /* in [lo, hi] */
	if (stride)
		*stride = L > INT64_MAX ? INT64_MAX : (int64_t)L;
	return (size_t)(k_hi - k_lo + 1);
}
