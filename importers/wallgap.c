/* wallgap.c: wall-time gaps as launch evidence (rule in wallgap.h). */
#include "importers/wallgap.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

int dt_wallgap_feed(dt_wallgap *w, double t, double *gap, double *usual)
{
	if (!isfinite(t))
		return 0;
	if (!w->have_prev || t < w->prev) {
		if (w->have_prev)
			w->ngaps = w->next = 0;
		w->prev = t;
		w->have_prev = 1;
		return 0;
	}
	double g = t - w->prev;
	w->prev = t;
	int boundary = 0;
	if (w->ngaps >= 3) {
		double s[32];
		memcpy(s, w->gaps, w->ngaps * sizeof *s);
		qsort(s, w->ngaps, sizeof *s, cmp_double);
		double med = w->ngaps % 2 ? s[w->ngaps / 2] :
		             0.5 * (s[w->ngaps / 2 - 1] + s[w->ngaps / 2]);
		if (g > 10.0 * med && g > med + 300.0) {
			*gap = g;
			*usual = med;
			boundary = 1;
		}
	}
	if (!boundary) {  /* the gap of a restart is not a usual interval */
		w->gaps[w->next] = g;
		w->next = (w->next + 1) % 32;
		if (w->ngaps < 32)
			w->ngaps++;
	}
	return boundary;
}

int dt_wallgap_check(dt_wallgap *w, double t, dt_rawlog *log,
                     const char *path, size_t line, const char *what)
{
	double gap, usual;
	if (!dt_wallgap_feed(w, t, &gap, &usual))
		return 0;
	if (dt_rawlog_warn(log, "%s:%zu: wall-time gap of %.0f s (usual "
	                   "interval %.3g s): a new launch", path, line, gap,
	                   usual) < 0 ||
	    dt_rawlog_launch(log, DT_LAUNCH_WALL_GAP, line, -1, what) < 0)
		return -1;
	return 1;
}

/* Days from 1970-01-01 to y-m-d in the proleptic Gregorian calendar
 * (the era arithmetic of H. Hinnant's "chrono-Compatible Low-Level Date
 * Algorithms", days_from_civil). */
static long long days_from_civil(long long y, unsigned m, unsigned d)
{
	y -= m <= 2;
	long long era = (y >= 0 ? y : y - 399) / 400;
	unsigned yoe = (unsigned)(y - era * 400);
	unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + (long long)doe - 719468;
}

/* n decimal digits at p into *v; 0 when one is missing. */
static int digits(const char *p, int n, int *v)
{
	*v = 0;
	for (int i = 0; i < n; i++) {
		if (!isdigit((unsigned char)p[i]))
			return 0;
		*v = *v * 10 + (p[i] - '0');
	}
	return 1;
}

/* `HH:MM:SS` at p: seconds of the day into *s; 0 when not there. */
static int clock_at(const char *p, double *s)
{
	int h, m, x;
	if (!digits(p, 2, &h) || p[2] != ':' || !digits(p + 3, 2, &m) ||
	    p[5] != ':' || !digits(p + 6, 2, &x) || h > 23 || m > 59 || x > 60)
		return 0;
	*s = h * 3600.0 + m * 60.0 + x;
	return 1;
}

/* ISO date-time at p (rule in wallgap.h). */
static int iso_at(const char *p, double *t)
{
	int y, mo, d;
	double s;
	if (!digits(p, 4, &y) || p[4] != '-' || !digits(p + 5, 2, &mo) ||
	    p[7] != '-' || !digits(p + 8, 2, &d) ||
	    (p[10] != 'T' && p[10] != ' ') || !clock_at(p + 11, &s) ||
	    mo < 1 || mo > 12 || d < 1 || d > 31)
		return 0;
	const char *q = p + 19;
	if ((*q == '.' || *q == ',') && isdigit((unsigned char)q[1])) {
		double f = 0.1;
		for (q++; isdigit((unsigned char)*q); q++, f /= 10)
			s += (*q - '0') * f;
	}
	int oh, om;
	if ((*q == '+' || *q == '-') && digits(q + 1, 2, &oh) && q[3] == ':' &&
	    digits(q + 4, 2, &om))
		s -= (*q == '+' ? 1 : -1) * (oh * 3600.0 + om * 60.0);
	*t = (double)days_from_civil(y, (unsigned)mo, (unsigned)d) * 86400.0 + s;
	return 1;
}

/* ctime date-time `Www Mmm dd HH:MM:SS YYYY` at p. */
static int ctime_at(const char *p, double *t)
{
	static const char months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
	static const char wdays[] = "SunMonTueWedThuFriSat";
	int wd = -1, mo = -1, d, y;
	double s;
	for (int i = 0; i < 7; i++)
		if (strncmp(p, wdays + 3 * i, 3) == 0)
			wd = i;
	if (wd < 0 || p[3] != ' ')
		return 0;
	for (int i = 0; i < 12; i++)
		if (strncmp(p + 4, months + 3 * i, 3) == 0)
			mo = i + 1;
	if (mo < 0 || p[7] != ' ')
		return 0;
	const char *q = p + 8;
	if (*q == ' ')
		q++;
	if (!isdigit((unsigned char)*q))
		return 0;
	d = *q++ - '0';
	if (isdigit((unsigned char)*q))
		d = d * 10 + (*q++ - '0');
	if (*q != ' ' || !clock_at(q + 1, &s) || q[9] != ' ' ||
	    !digits(q + 10, 4, &y) || d < 1 || d > 31)
		return 0;
	*t = (double)days_from_civil(y, (unsigned)mo, (unsigned)d) * 86400.0 + s;
	return 1;
}

int dt_wallgap_text_time(const char *line, double *t)
{
	for (size_t i = 0; i < 64 && line[i]; i++)
		if ((isdigit((unsigned char)line[i]) && (i == 0 ||
		     !isdigit((unsigned char)line[i - 1])) && iso_at(line + i, t)) ||
		    (isupper((unsigned char)line[i]) && ctime_at(line + i, t)))
			return 1;
	return 0;
}
