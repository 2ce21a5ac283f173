/* evidence_link.c: evidence specs parsed, checked and hashed before the
 * store records the link (model/service/evidence_link.h). */
#include "model/service/evidence_link.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/util/sha256.h"

/* Check that drill `ref` (decimal id) belongs to the pilot. */
static int drill_of_pilot(dt_store *st, int64_t pilot_id, const char *ref)
{
	char *end;
	errno = 0;
	long long id = strtoll(ref, &end, 10);
	if (errno || end == ref || *end || id <= 0)
		return dt_store_fail(st, "evidence drill:%s: expected a drill "
		                     "number", ref);
	dt_drill *v;
	size_t n;
	if (dt_store_drill_list(st, pilot_id, &v, &n) < 0)
		return -1;
	int found = 0;
	for (size_t i = 0; i < n && !found; i++)
		found = v[i].id == id;
	free(v);
	return found ? 0 : dt_store_fail(st, "evidence: this pilot has no "
	                                 "drill #%lld", id);
}

int dt_evidence_link(dt_store *st, int64_t pilot_id, dt_check_id id,
                     const char *spec, const char *by)
{
	char kind[8] = "", sha[65] = "";
	const char *colon = strchr(spec, ':');
	const char *ref = colon ? colon + 1 : "";
	size_t kl = colon ? (size_t)(colon - spec) : 0;
	if (kl > 0 && kl < sizeof kind)
		memcpy(kind, spec, kl);
	if (!*ref || (strcmp(kind, "run") && strcmp(kind, "drill") &&
	              strcmp(kind, "file")))
		return dt_store_fail(st, "evidence '%.200s': expected run:NAME, "
		                     "drill:ID or file:PATH", spec);
	if (strlen(ref) >= sizeof ((dt_evidence *)0)->ref)
		return dt_store_fail(st, "evidence: reference too long");
	dt_run run;
	int rc;
	if (!strcmp(kind, "run") && (rc = dt_store_run_find(st, ref, &run)) != 0)
		return rc < 0 ? -1 : dt_store_fail(st, "evidence: no run named "
		                                   "'%.200s'", ref);
	if (!strcmp(kind, "drill") && drill_of_pilot(st, pilot_id, ref) < 0)
		return -1;
	char abs[PATH_MAX];
	if (!strcmp(kind, "file")) {
		char err[1200];
		/* err starts with the path: after "file:" it quotes the
		 * spec as typed ("evidence file:file:/x: No such file ...") */
		if (dt_sha256_file(ref, sha, err, sizeof err) < 0)
			return dt_store_fail(st, "evidence file:%s", err);
		if (realpath(ref, abs) && strlen(abs) < sizeof ((dt_evidence *)0)->ref)
			ref = abs; /* recorded as an absolute path */
	}
	return dt_store_evidence_add(st, pilot_id, id, kind, ref, sha, by);
}
