/* clock.c: the acting person and UTC timestamps (clock.h). */
#define _XOPEN_SOURCE 700 /* strptime */
#include "model/util/clock.h"

#include <ctype.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "model/util/text.h"

void dt_actor_name(char *out, size_t n)
{
	const char *env = getenv("DUALTRACK_USER");
	char raw[256];
	if (env && *env) {
		snprintf(raw, sizeof raw, "%s", env);
	} else {
		struct passwd *pw = getpwuid(getuid());
		if (pw && pw->pw_name && *pw->pw_name)
			snprintf(raw, sizeof raw, "%s", pw->pw_name);
		else
			snprintf(raw, sizeof raw, "uid-%ld", (long)getuid());
	}
	dt_sanitize(raw, out, n);
}

void dt_time_format_utc(int64_t epoch_seconds, char out[32])
{
	time_t t = (time_t)epoch_seconds;
	struct tm tm;
	if (!gmtime_r(&t, &tm) || !strftime(out, 32, "%Y-%m-%dT%H:%M:%SZ", &tm))
		snprintf(out, 32, "?");
}

void dt_time_now_iso(char out[32])
{
	const char *fixed = getenv("DUALTRACK_NOW");
	int64_t t;
	if (fixed && fixed[0] && dt_time_parse_iso(fixed, &t) == 0) {
		dt_time_format_utc(t, out); /* tests, demos: a fixed clock */
		return;
	}
	dt_time_format_utc((int64_t)time(NULL), out);
}

int64_t dt_days_from_civil(int64_t y, int64_t m, int64_t d)
{
	y -= m <= 2;
	int64_t era = (y >= 0 ? y : y - 399) / 400;
	int64_t yoe = y - era * 400;
	int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

/* s matches the picture ("9" a digit, other bytes literal) for its
 * length. */
static int shape(const char *s, const char *picture)
{
	for (; *picture; s++, picture++)
		if (*picture == '9' ? !isdigit((unsigned char)*s) : *s != *picture)
			return 0;
	return 1;
}

/* The zone at s: "Z", "+HH:MM", "-HH:MM", "+HHMM", "-HHMM" and nothing
 * after it; *offset in seconds east of UTC. 0 or -1. */
static int zone(const char *s, long *offset)
{
	if (!strcmp(s, "Z")) {
		*offset = 0;
		return 0;
	}
	if (*s != '+' && *s != '-')
		return -1;
	int h, m;
	if (shape(s + 1, "99:99") && s[6] == '\0') {
		h = atoi(s + 1);
		m = atoi(s + 4);
	} else if (shape(s + 1, "9999") && s[5] == '\0') {
		h = (s[1] - '0') * 10 + (s[2] - '0');
		m = atoi(s + 3);
	} else {
		return -1;
	}
	if (h > 23 || m > 59)
		return -1;
	*offset = (*s == '-' ? -1 : 1) * (long)(h * 3600 + m * 60);
	return 0;
}

int dt_time_parse_iso(const char *s, int64_t *epoch_seconds)
{
	if (!s || !shape(s, "9999-99-99T99:99:99"))
		return -1;
	struct tm tm;
	memset(&tm, 0, sizeof tm);
	const char *rest = strptime(s, "%Y-%m-%dT%H:%M:%S", &tm);
	if (rest != s + 19)
		return -1;
	if (*rest == '.') { /* fraction of a second: digits, ignored */
		rest++;
		if (!isdigit((unsigned char)*rest))
			return -1;
		while (isdigit((unsigned char)*rest))
			rest++;
	}
	long off;
	if (zone(rest, &off) < 0)
		return -1;
	struct tm want = tm;
	tm.tm_isdst = 0;
	time_t t = timegm(&tm);
	/* timegm normalises Feb 30 to Mar 2: refuse what it moved */
	if (tm.tm_year != want.tm_year || tm.tm_mon != want.tm_mon ||
	    tm.tm_mday != want.tm_mday || tm.tm_hour != want.tm_hour ||
	    tm.tm_min != want.tm_min || tm.tm_sec != want.tm_sec)
		return -1;
	if (want.tm_year < 70 || want.tm_year > 9999 - 1900)
		return -1;
	int64_t e = (int64_t)t - off;
	if (e < 0)
		return -1;
	*epoch_seconds = e;
	return 0;
}

int dt_time_normalize(const char *in, const char *what, char out[32],
                      char *err, size_t errlen)
{
	int64_t t;
	if (dt_time_parse_iso(in, &t) < 0) {
		char safe[64];
		dt_sanitize(in, safe, sizeof safe);
		snprintf(err, errlen, "%s '%s': expected an ISO 8601 time such as "
		         "2026-11-02T10:41:00Z or 2026-11-02T12:41:00+02:00 (a real "
		         "date, 1970..9999, with a zone)", what, safe);
		return -1;
	}
	dt_time_format_utc(t, out);
	return 0;
}
