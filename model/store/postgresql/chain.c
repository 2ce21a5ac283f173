/* chain.c: integrity on the PostgreSQL store, as far as this backend
 * keeps it today: the decision log is hash-chained (core/decision.h) and
 * every table of records people write is append-only (schema.c
 * triggers) and team-guarded (row-level security); the chain of every
 * other record (core/chain.h chain_record) is not kept yet. So
 * chain_verify reports the decision chain (records = decisions; the first
 * bad decision and why), writes onto a broken chain are not refused by
 * this backend, and chain_record rows copied in by `store copy` are kept
 * as they came (so a SQLite store copied here and back verifies the
 * same). */
#include "model/store/postgresql/internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int dt_pg_chain_verify(dt_store *st, int with_series, dt_chain_status *g)
{
	(void)with_series;
	memset(g, 0, sizeof *g);
	dt_decision *v;
	size_t n;
	if (dt_pg_decision_list(st, 0, &v, &n) < 0)
		return -1;
	dt_chain_report r;
	int rc = dt_decision_chain_check(v, n, &r);
	dt_decisions_free(v, n);
	if (rc < 0)
		return dt_store_fail(st, "store: out of memory");
	g->intact = r.intact;
	g->records = r.records;
	g->head_id = r.head_id;
	snprintf(g->head_hash, sizeof g->head_hash, "%s", r.head_hash);
	if (!r.intact) {
		g->first_bad_id = r.first_bad_id;
		g->defects = 1;
		snprintf(g->reason, sizeof g->reason, "%s", r.reason);
		g->defect_text = strdup(r.reason);
	}
	return 0;
}

void dt_pg_chain_acknowledge(dt_store *st, const char *by)
{
	(void)st; /* nothing is refused here, so nothing to acknowledge */
	(void)by;
}

int dt_pg_chain_state(const dt_store *st, int which)
{
	(void)st;
	(void)which;
	return 0;
}

const char *dt_pg_notice(const dt_store *st)
{
	(void)st;
	return "";
}
