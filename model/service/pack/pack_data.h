/* pack_data.h: everything an evidence pack shows, loaded in one call
 * (issue 10). The verdicts are the service's (dt_assessment: parity per
 * pilot run, resume per restart, the checklist with its computed items,
 * drills, decisions); this adds what a report needs around them: each
 * run's imported files, journal and importer warnings, the loss curves of the first
 * baseline and of every pilot run for the charts (one per pilot run; each
 * pairing by dt_parity_compute, for the difference strip only: the
 * verdict shown is the overview's), the time and cost ledger, and the decision chain of
 * the whole store (every record's id, hash and prev_hash; the pilot's
 * own records in full, with their frozen evidence texts) with the store's
 * integrity report. Writers (cli/pack/) render a dt_pack and decide
 * nothing. */
#ifndef DT_PACK_DATA_H
#define DT_PACK_DATA_H

#include <stddef.h>
#include <stdint.h>

#include "model/core/decision.h"
#include "model/core/parity.h"
#include "model/core/series.h"
#include "model/service/ledger_load.h"
#include "model/service/assessment.h"

/* The next step after an export, as `dualtrack export` and the TUI's
 * overview X both give it (one text, so the two hints agree): a printf
 * format taking the pack's folder, already made safe for a terminal. */
#define DT_PACK_SIGN_NEXT "dualtrack sign %s --key ~/.ssh/id_ed25519"

/* One run of the pilot: its files (path as imported, SHA-256, bytes) and
 * journal (current value per key). Parallel to ov.runs. */
typedef struct dt_pack_run {
	dt_run_file *files;       /* [nfiles] import order, owned */
	size_t nfiles;
	dt_fact *facts;           /* [nfacts] sorted by key, owned */
	size_t nfacts;
	char **warnings;          /* [nwarnings] the importer's warnings (as
	                           * `dualtrack runs` shows them, notes
	                           * excluded), insertion order, raw text,
	                           * owned */
	size_t nwarnings;
} dt_pack_run;

/* One loss comparison drawn in the report: the first baseline vs one
 * pilot-role run. present = 0 when either lacks a loss curve (then
 * baseline / pilot / pairing are empty and no chart is drawn). */
typedef struct dt_pack_chart {
	int present;
	size_t baseline_run, pilot_run; /* indexes into ov.runs */
	dt_series baseline, pilot;      /* resolved loss, owned */
	dt_parity pairing;              /* points with rel_diff / breach, owned */
	const dt_run_verdict *verdict;  /* the overview's verdict of this pair */
} dt_pack_chart;

/* One link of the store's decision chain. */
typedef struct dt_pack_link {
	int64_t id;
	char hash[65], prev_hash[65];
	int own;                        /* 1: a decision of this pilot */
} dt_pack_link;

typedef struct dt_pack {
	dt_assessment ov;                 /* the service's assessment */
	dt_pack_run *runs;              /* [ov.nruns] owned */
	dt_pack_chart *charts;          /* [ncharts] owned: one per pilot-role
	                                 * run in ov.runs order (attach order),
	                                 * each against the first baseline; none
	                                 * when the pilot has no baseline */
	size_t ncharts;
	dt_ledger_view ledger;
	int has_ledger;                 /* 0: no ledger records for the pilot */
	dt_chain_report chain;          /* whole store (dt_decision_verify) */
	dt_pack_link *links;            /* [nlinks] whole store, id order */
	size_t nlinks;
	double recovery_limit;          /* task card seconds, < 0 = not set */
	char exported_at[32];           /* ISO 8601 UTC */
	char exported_by[64];           /* dt_actor_name */
} dt_pack;

/* Load pilot `name`'s pack contents. Returns 0, 1 when no such pilot, -1
 * on a store error (message in err). Free with dt_pack_free. */
int dt_pack_load(dt_store *st, const char *name, dt_pack *p, char *err,
                 size_t errlen);

/* Free what dt_pack_load allocated and zero *p. NULL-safe. */
void dt_pack_free(dt_pack *p);

#endif
