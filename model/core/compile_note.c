/* dt_compile.c: compile time in a run's wall time, from its facts. */
#include "model/core/compile_note.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *fact(const dt_fact *f, size_t n, const char *key)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(f[i].key, key) == 0)
			return f[i].value;
	return NULL;
}

static double num(const dt_fact *f, size_t n, const char *key)
{
	const char *v = fact(f, n, key);
	return v ? strtod(v, NULL) : 0.0;
}

dt_compile_time dt_run_compile_time(const dt_fact *f, size_t n)
{
	if (num(f, n, "neuron.cache_misses") > 0 ||
	    num(f, n, "neuron.compile_seconds") > 0)
		return DT_COMPILE_INCLUDED;
	if (num(f, n, "neuron.cache_hits") > 0)
		return DT_COMPILE_CACHED;
	if (fact(f, n, "compile.init_seconds"))
		return DT_COMPILE_SEPARATE;
	return DT_COMPILE_NONE;
}

/* "(4 cache misses, 338 s compiling)", "(1260 s compiling)" (no miss
 * count recorded) or the reason it does not. */
static void detail(const dt_fact *f, size_t n, dt_compile_time t, char *out,
                   size_t outlen)
{
	switch (t) {
	case DT_COMPILE_INCLUDED: {
		/* the miss count only when recorded (INCLUDED by compile
		 * seconds alone has none); seconds only when > 0 */
		int known = fact(f, n, "neuron.cache_misses") != NULL;
		double miss = num(f, n, "neuron.cache_misses");
		double secs = num(f, n, "neuron.compile_seconds");
		size_t l = 0;
		snprintf(out, outlen, "(");
		if (known) {
			l = strlen(out);
			snprintf(out + l, outlen - l, "%.0f cache miss%s", miss,
			         miss == 1 ? "" : "es");
		}
		if (secs > 0) {
			l = strlen(out);
			snprintf(out + l, outlen - l, "%s%.0f s compiling",
			         known ? ", " : "", secs);
		}
		l = strlen(out);
		snprintf(out + l, outlen - l, ")");
		break;
	}
	case DT_COMPILE_CACHED:
		snprintf(out, outlen, "(all %.0f graphs from the compile cache)",
		         num(f, n, "neuron.cache_hits"));
		break;
	case DT_COMPILE_SEPARATE:
		snprintf(out, outlen, "(initialisation %.60s s logged apart)",
		         fact(f, n, "compile.init_seconds"));
		break;
	default:
		snprintf(out, outlen, "(no compilation recorded)");
	}
}

int dt_run_compile_note(const char *baseline, const dt_fact *fb, size_t nb,
                        const char *pilot, const dt_fact *fp, size_t np,
                        char *out, size_t outlen)
{
	dt_compile_time tb = dt_run_compile_time(fb, nb);
	dt_compile_time tp = dt_run_compile_time(fp, np);
	int ib = tb == DT_COMPILE_INCLUDED, ip = tp == DT_COMPILE_INCLUDED;
	char db[128], dp[128];
	detail(fb, nb, tb, db, sizeof db);
	detail(fp, np, tp, dp, sizeof dp);
	if (ib && ip) {
		snprintf(out, outlen, "compile: both runs' times include graph "
		         "compilation: baseline %s %s, pilot %s %s", baseline, db,
		         pilot, dp);
		return 1;
	}
	if (!ib && !ip) {
		if (outlen)
			out[0] = '\0';
		return 0;
	}
	snprintf(out, outlen, "compile: %s %s's time includes graph compilation "
	         "%s; %s %s's does not %s", ip ? "pilot" : "baseline",
	         ip ? pilot : baseline, ip ? dp : db, ip ? "baseline" : "pilot",
	         ip ? baseline : pilot, ip ? db : dp);
	return 1;
}
