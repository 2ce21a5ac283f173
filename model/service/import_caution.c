/* import_caution.c: warnings of an import into a held run. */
#include "model/service/import_caution.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/core/decision.h"
#include "model/core/pilot.h"
#include "model/util/text.h"

/* 1 when the '+'-joined format list `list` names `name`. */
static int format_held(const char *list, const char *name, size_t nl)
{
	for (const char *p = list; *p;) {
		const char *e = strchr(p, '+');
		size_t l = e ? (size_t)(e - p) : strlen(p);
		if (l == nl && strncmp(p, name, nl) == 0)
			return 1;
		p = e ? e + 1 : p + l;
	}
	return 0;
}

/* The formats of `after` that `before` did not hold, '+'-joined. */
static void new_formats(const char *before, const char *after, char *out,
                        size_t n)
{
	size_t o = 0;
	out[0] = '\0';
	for (const char *p = after; *p;) {
		const char *e = strchr(p, '+');
		size_t l = e ? (size_t)(e - p) : strlen(p);
		if (!format_held(before, p, l) && o < n) {
			int k = snprintf(out + o, n - o, "%s%.*s", o ? "+" : "", (int)l, p);
			o += k > 0 ? (size_t)k : 0;
		}
		p = e ? e + 1 : p + l;
	}
}

/* Append to buf (size n, used *o) with snprintf's arguments. */
static void put(char *buf, size_t n, size_t *o, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void put(char *buf, size_t n, size_t *o, const char *fmt, ...)
{
	if (*o >= n)
		return;
	va_list ap;
	va_start(ap, fmt);
	int k = vsnprintf(buf + *o, n - *o, fmt, ap);
	va_end(ap);
	*o += k > 0 ? (size_t)k : 0;
	if (*o >= n)
		*o = n - 1;
}

/* "the baseline of pilot 'P' (1 decision recorded)" for each pilot that
 * relies on run `id` (its baseline; a pilot run once decisions exist),
 * ", "-joined into out; *npilots counts them. Returns 0 or -1. */
static int pilots_relying(dt_store *st, int64_t id, char *out, size_t n,
                          size_t *npilots)
{
	dt_pilot *pv = NULL;
	size_t np = 0, o = 0;
	*npilots = 0;
	out[0] = '\0';
	if (dt_store_pilot_list(st, &pv, &np) < 0)
		return -1;
	for (size_t i = 0; i < np; i++) {
		dt_pilot_run *rv = NULL;
		dt_decision *dv = NULL;
		size_t nr = 0, nd = 0;
		int role = -1;
		if (dt_store_pilot_run_list(st, pv[i].id, &rv, &nr) < 0 ||
		    dt_store_decision_list(st, pv[i].id, &dv, &nd) < 0) {
			free(rv);
			free(pv);
			return -1;
		}
		for (size_t k = 0; k < nr; k++)
			if (rv[k].run.id == id)
				role = (int)rv[k].role;
		free(rv);
		dt_decisions_free(dv, nd);
		if (role < 0 || (role == DT_RUN_PILOT && nd == 0))
			continue;
		char name[DT_NAME_MAX * 2];
		dt_sanitize(pv[i].name, name, sizeof name);
		put(out, n, &o, "%s%s of pilot '%s' (", *npilots ? ", " : "",
		    role == DT_RUN_BASELINE ? "the baseline" : "a pilot run", name);
		if (nd)
			put(out, n, &o, "%zu decision%s recorded)", nd, nd == 1 ? "" : "s");
		else
			put(out, n, &o, "no decision recorded)");
		(*npilots)++;
	}
	free(pv);
	return 0;
}

int dt_import_caution(dt_store *st, const dt_run *before,
                      const dt_run *after, const char *path, size_t nfiles,
                      char *out, size_t outlen)
{
	size_t o = 0;
	int lines = 0;
	out[0] = '\0';
	if (before->files == 0)
		return 0;
	char run[DT_NAME_MAX * 2], added[64], held[128], file[512];
	dt_sanitize(after->name, run, sizeof run);
	new_formats(before->format, after->format, added, sizeof added);
	if (added[0]) {
		dt_sanitize(before->format, held, sizeof held);
		dt_sanitize(path, file, sizeof file);
		char more[48] = "";
		if (nfiles > 1)
			snprintf(more, sizeof more, " (with %zu other file(s))",
			         nfiles - 1);
		put(out, outlen, &o, "warning: run '%s' held %s file(s); %s%s is %s: "
		    "read as a later segment of the same training (its steps "
		    "replace the ones it shares); if it is another training, "
		    "import it as its own run (--run NAME)\n", run, held, file,
		    more, added);
		lines++;
	}
	int64_t replayed = after->replayed_steps - before->replayed_steps;
	if (replayed <= 0)
		return lines;
	char who[1024];
	size_t np;
	if (pilots_relying(st, after->id, who, sizeof who, &np) < 0) {
		out[0] = '\0';
		return -1;
	}
	if (np == 0)
		return lines;
	put(out, outlen, &o, "warning: this import replays %" PRId64 " step(s) "
	    "of run '%s' (the later segment's values count): it is %s; %s "
	    "(dualtrack compare)\n", replayed, run, who, np == 1 ?
	    "the pilot's verdict may change" : "the pilots' verdicts may change");
	return lines + 1;
}
