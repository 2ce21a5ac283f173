/* findings_scale.c: the logging-scale rule (findings.h) over the loss
 * curves' common steps fed in passes: the median pilot/baseline ratio and
 * its median absolute deviation by an exact radix select in bounded
 * memory. */
#include "model/core/findings.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/core/stats.h"

#define SCALE_NEAR 0.05    /* |m - k| / k for "near an integer" */
#define SCALE_SPREAD 0.05  /* MAD / m for "near-constant" */
#define SCALE_MIN_PAIRS 5
#define BUCKETS 65536      /* 16 bits of the key per pass */
#define KEEP_MAX 65536     /* a bucket this small is collected and selected */

/* The bits of v as an unsigned key in the order of the values (IEEE 754
 * total order: negative values have their bits inverted, positive ones
 * the sign bit set), and back. */
static uint64_t key_of(double v)
{
	uint64_t u;
	memcpy(&u, &v, sizeof u);
	return (u >> 63) ? ~u : u | (UINT64_C(1) << 63);
}

static double value_of(uint64_t k)
{
	uint64_t u = (k >> 63) ? k & ~(UINT64_C(1) << 63) : ~k;
	double v;
	memcpy(&v, &u, sizeof v);
	return v;
}

/* Start selecting the element of rank `rank` (0-based, ascending). */
static void sel_reset(dt_scale_acc *a, size_t rank)
{
	a->prefix = 0;
	a->bits = 0;
	a->rank = rank;
	a->collect = 0;
	a->nkeep = 0;
	memset(a->hist, 0, BUCKETS * sizeof *a->hist);
}

static void sel_add(dt_scale_acc *a, double v)
{
	uint64_t k = key_of(v);
	if (a->bits && (k >> (64 - a->bits)) != a->prefix)
		return;
	if (a->collect) {
		if (a->nkeep < a->capkeep)
			a->keep[a->nkeep++] = v;
		return;
	}
	a->hist[(k >> (48 - a->bits)) & (BUCKETS - 1)]++;
}

/* End of a selection pass: 1 with *out when the element is known, 0 when
 * another pass is needed, -1 ENOMEM. */
static int sel_end(dt_scale_acc *a, double *out)
{
	if (a->collect) {
		*out = dt_select_inplace(a->keep, a->nkeep, a->rank);
		return 1;
	}
	size_t cum = 0, b = 0;
	for (; b < BUCKETS - 1; b++) {
		if (cum + a->hist[b] > a->rank)
			break;
		cum += a->hist[b];
	}
	size_t cnt = a->hist[b];
	a->rank -= cum;
	a->prefix = (a->prefix << 16) | b;
	a->bits += 16;
	memset(a->hist, 0, BUCKETS * sizeof *a->hist);
	if (a->bits == 64) {
		*out = value_of(a->prefix);
		return 1;
	}
	if (cnt <= KEEP_MAX) {
		if (!a->keep) {
			a->keep = malloc(KEEP_MAX * sizeof *a->keep);
			if (!a->keep) {
				errno = ENOMEM;
				return -1;
			}
			a->capkeep = KEEP_MAX;
		}
		a->collect = 1;
		a->nkeep = 0;
	}
	return 0;
}

int dt_scale_acc_start(dt_scale_acc *a)
{
	memset(a, 0, sizeof *a);
	a->hist = malloc(BUCKETS * sizeof *a->hist);
	if (!a->hist) {
		errno = ENOMEM;
		return -1;
	}
	sel_reset(a, 0);
	return 0;
}

void dt_scale_acc_pair(dt_scale_acc *a, int64_t step, double b, double p)
{
	if (!isfinite(b) || !isfinite(p) || b == 0.0 || p == 0.0)
		return;
	double r = p / b;
	switch (a->phase) {
	case 0:
		if (a->n++ == 0)
			a->first = step;
		sel_add(a, r);
		break;
	case 1:
		sel_add(a, r);
		break;
	case 2:
		sel_add(a, fabs(r - a->median));
		break;
	default:
		break;
	}
}

/* After the first pass, whether the median's 16-bit bucket alone rules
 * the finding out: negative (m <= 0), or inside [0.6875, 1.5), where
 * k = floor(max(m, 1/m) + 0.5) = 1 (1/0.6875 < 1.46). The bucket bounds
 * are multiples of 2^-4 of an octave, so both ends are bucket edges. */
static int ruled_out(uint64_t bucket)
{
	return bucket < (key_of(0.0) >> 48) ||
	       (bucket >= (key_of(0.6875) >> 48) && bucket < (key_of(1.5) >> 48));
}

int dt_scale_acc_next(dt_scale_acc *a)
{
	double v;
	int r;
	switch (a->phase) {
	case 0:
		if (a->n < SCALE_MIN_PAIRS) {
			a->phase = 3;
			return 0;
		}
		a->rank = a->n / 2;    /* dt_median_inplace: the upper middle */
		if ((r = sel_end(a, &v)) < 0)
			return -1;
		if (ruled_out(a->prefix)) {
			a->phase = 3;
			return 0;
		}
		a->phase = 1;
		if (r == 1)
			goto median;
		return 1;
	case 1:
		if ((r = sel_end(a, &v)) < 0)
			return -1;
		if (r == 0)
			return 1;
median:
		a->median = v;
		a->phase = 2;
		sel_reset(a, a->n / 2);
		return 1;
	case 2:
		if ((r = sel_end(a, &v)) < 0)
			return -1;
		if (r == 0)
			return 1;
		a->mad = v;
		a->phase = 3;
		a->finding = 1;
		return 0;
	default:
		return 0;
	}
}

void dt_scale_acc_free(dt_scale_acc *a)
{
	free(a->hist);
	free(a->keep);
	memset(a, 0, sizeof *a);
}

int dt_scale_acc_finish(dt_scale_acc *a, dt_findings *out)
{
	int found = a->phase == 3 && a->finding;
	double m = a->median, mad = a->mad;
	size_t n = a->n;
	int64_t first = a->first;
	dt_scale_acc_free(a);
	if (!found)
		return 0;
	double spread = mad / fabs(m);
	int inverse = fabs(m) < 1.0;
	double mm = inverse ? 1.0 / fabs(m) : fabs(m);
	double k = floor(mm + 0.5);
	if (m <= 0 || k < 2 || fabs(mm - k) / k > SCALE_NEAR ||
	    spread > SCALE_SPREAD)
		return 0;
	dt_finding *x = dt_findings_push(out, DT_FIND_LOGGING_SCALE, "pilot");
	if (!x)
		return -1;
	x->step = first;
	x->count = n;
	x->factor = inverse ? 1.0 / k : k;
	x->ratio = m;
	x->spread = spread;
	dt_scale_in none = {0};
	dt_findings_scale_agree(x, &none);
	return 1;
}
