/* integrity.h: what every front-end shows of the integrity chain
 * (model/core/chain.h) of the store it reads. */
#ifndef DT_INTEGRITY_H
#define DT_INTEGRITY_H

#include <stddef.h>
#include <stdint.h>

#include "model/store/store.h"

/* Integrity of the hash-chained records as a reader saw them: the
 * store's chain check without re-hashing every series (`verify` does
 * that), plus every stored series this connection has read whose bytes
 * differ from their chain record (series_seal.h: such a series makes the
 * state ALTERED, its reason naming the run and series). The field
 * names are the JSON keys of `pilot show --json` and `compare --json`
 * "integrity"; the TUI marks every pilot screen's title and the overview
 * says which record. */
typedef enum dt_integrity_state {
	DT_INTEGRITY_NOT_CHECKED = 0,
	DT_INTEGRITY_INTACT,
	DT_INTEGRITY_ALTERED       /* screens show ALTERED + first_bad_id */
} dt_integrity_state;

typedef struct dt_integrity {
	dt_integrity_state state;
	int intact;                /* 1 when state == INTACT */
	int64_t first_bad_id;      /* first altered record, 0 = none */
	char reason[256];          /* what does not match, "" = none */
	char head_hash[65];        /* stored hash of the chain's last record,
	                            * "" = empty chain / not checked */
	int values_altered;        /* 1 when a stored series (or its levels)
	                            * read on this connection differs from its
	                            * seal (series_seal.h); 0: every row read
	                            * matched, whatever else was altered */
} dt_integrity;

/* The integrity of the store's records now, as above (dt_assessment_load
 * and every finished comparison, compare.h, load it after reading their
 * series; the run and pilot lists load it too). 0, or -1 with the store's
 * error set (dt_store_error); *out is zeroed first. */
int dt_integrity_load(dt_store *st, dt_integrity *out);

/* As dt_integrity_load, with every stored series re-hashed against its
 * chain record as verify does (a value changed behind the triggers shows
 * before any screen reads that series): what the run and pilot lists
 * (CLI and TUI) load, so they flag it from the start. Cost: one read and
 * SHA-256 pass over every stored series (measured: `dualtrack runs` on a
 * store of 3 series of 1M points: about +55 ms, 0.07-0.12 s before,
 * 0.13-0.15 s after, on the shared 2-core machine at load 7-9). 0 or -1 as
 * dt_integrity_load. */
int dt_integrity_load_listing(dt_store *st, dt_integrity *out);

/* What an ALTERED state says, as one phrase naming the record once:
 * "first bad record 12: REASON"; REASON alone when it names that record
 * already (verify's words mostly do: "decision 1 (continue): the stored
 * row differs from chain record 12 (altered)", "chain records 5..7
 * removed"); "a record with no chain entry: REASON" when the first defect
 * is a row written outside dualtrack (first_bad_id 0). REASON as stored
 * (the caller sanitises). Returns buf. */
const char *dt_integrity_text(const dt_integrity *g, char *buf, size_t n);

/* The one line an ALTERED store is announced with, by `pilot show` and
 * the TUI's pilot overview: "ALTERED: records were changed outside
 * dualtrack; TEXT (dualtrack verify lists all)", TEXT dt_integrity_text's
 * (as stored: the caller sanitises). Returns buf. */
const char *dt_integrity_line(const dt_integrity *g, char *buf, size_t n);

/* "not checked", "intact", "ALTERED". */
const char *dt_integrity_state_name(dt_integrity_state s);

#endif
