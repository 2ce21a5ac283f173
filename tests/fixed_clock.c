/* fixed_clock.c: a test-only LD_PRELOAD library that stops the wall clock
 * at $DUALTRACK_NOW ("YYYY-MM-DDTHH:MM:SSZ") for the process it is loaded
 * into: time(), gettimeofday() and clock_gettime(CLOCK_REALTIME) return
 * that second. tests/tui_golden.sh builds its fixed store with it, so
 * the times SQLite's column defaults take (which dt_time_now_iso, and so
 * DUALTRACK_NOW alone, does not reach) and the evidence digests and
 * chain hashes computed over them are the same on every run. Without the
 * variable (or with one that does not parse) the real clock is used.
 * Built without sanitizers (it must not pull in a second ASan runtime). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>
#include <time.h>

/* $DUALTRACK_NOW as seconds since the epoch into *t; 0 or -1. */
static int fixed(time_t *t)
{
	const char *s = getenv("DUALTRACK_NOW");
	struct tm tm = { 0 };
	char z = 0;
	if (!s || sscanf(s, "%4d-%2d-%2dT%2d:%2d:%2d%c", &tm.tm_year, &tm.tm_mon,
	                 &tm.tm_mday, &tm.tm_hour, &tm.tm_min, &tm.tm_sec,
	                 &z) != 7 || z != 'Z')
		return -1;
	tm.tm_year -= 1900;
	tm.tm_mon -= 1;
	*t = timegm(&tm);
	return *t == (time_t)-1 ? -1 : 0;
}

time_t time(time_t *out)
{
	time_t t;
	if (fixed(&t) < 0) {
		struct timespec ts;
		int (*real)(clockid_t, struct timespec *) =
			(int (*)(clockid_t, struct timespec *))dlsym(RTLD_NEXT,
			                                             "clock_gettime");
		real(CLOCK_REALTIME, &ts);
		t = ts.tv_sec;
	}
	if (out)
		*out = t;
	return t;
}

int gettimeofday(struct timeval *restrict tv, void *restrict tz)
{
	time_t t;
	int (*real)(struct timeval *restrict, void *restrict) =
		(int (*)(struct timeval *restrict, void *restrict))dlsym(
			RTLD_NEXT, "gettimeofday");
	if (fixed(&t) < 0)
		return real(tv, tz);
	tv->tv_sec = t;
	tv->tv_usec = 0;
	return 0;
}

int clock_gettime(clockid_t id, struct timespec *ts)
{
	time_t t;
	int (*real)(clockid_t, struct timespec *) =
		(int (*)(clockid_t, struct timespec *))dlsym(RTLD_NEXT,
		                                             "clock_gettime");
	if (id != CLOCK_REALTIME || fixed(&t) < 0)
		return real(id, ts);
	ts->tv_sec = t;
	ts->tv_nsec = 0;
	return 0;
}
