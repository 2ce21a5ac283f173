/* dt_actor.c: the acting person and UTC timestamps (dt_actor.h). */
#include "model/util/clock.h"

#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

void dt_actor_name(char *out, size_t n)
{
	const char *env = getenv("DUALTRACK_USER");
	if (env && *env) {
		snprintf(out, n, "%s", env);
		return;
	}
	struct passwd *pw = getpwuid(getuid());
	if (pw && pw->pw_name && *pw->pw_name)
		snprintf(out, n, "%s", pw->pw_name);
	else
		snprintf(out, n, "uid-%ld", (long)getuid());
}

void dt_time_now_iso(char out[32])
{
	time_t t = time(NULL);
	struct tm tm;
	gmtime_r(&t, &tm);
	strftime(out, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
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

int dt_time_parse_iso(const char *s, int64_t *epoch_seconds)
{
	int y, mo, d, h, mi, se, used = 0;
	char sep;
	if (!s || sscanf(s, "%4d-%2d-%2d%c%2d:%2d:%2d%n", &y, &mo, &d, &sep, &h,
	                 &mi, &se, &used) != 7 || (sep != 'T' && sep != ' '))
		return -1;
	if (strcmp(s + used, "") != 0 && strcmp(s + used, "Z") != 0)
		return -1;
	if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 ||
	    se > 60 || h < 0 || mi < 0 || se < 0)
		return -1;
	*epoch_seconds = dt_days_from_civil(y, mo, d) * 86400 + h * 3600 +
	                 mi * 60 + se;
	return 0;
}
