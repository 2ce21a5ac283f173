/* chain.h: the integrity chain of everything people write and of every
 * imported run: its record text, its hash and its check. Pure rules: the
 * store hands in rows and records, nothing here reads a store.
 *
 * What is chained (dt_chain_kind): pilots, task-card values, run
 * attachments, checklist entries and overrides, evidence links, drills
 * and their verification items, journal facts, ledger inputs and runs,
 * scenario answers, decisions, runs (every column: their settings, and
 * format, segments, replayed steps, step source and creation time since
 * SQLite user_version 17 / PostgreSQL schema version 11), imported files
 * (path, SHA-256, size), stored series (a SHA-256 of each BLOB), the
 * stored levels of detail of each series (a SHA-256 of the levels BLOB,
 * SQLite user_version 14 / PostgreSQL schema version 8), what an import
 * derived from a file (importer warnings and notes, launch evidence,
 * launch settings, per-metric counts: SQLite user_version 15 /
 * PostgreSQL schema version 9), and acknowledged breaks.
 *
 * A row's record text (dt_chain_row_canon):
 *   "dualtrack record v1\n" "kind LEN:KIND\n" "ref LEN:REF\n"
 * then one line per field in the store's fixed order, "NAME LEN:BYTES\n"
 * (LEN = byte length in decimal, so no field can imitate another),
 * "NAME -\n" for a NULL, and for a BLOB field "NAME sha256:HEX\n" with the
 * SHA-256 of its bytes.
 *
 * A chain record i holds (id, kind, ref, recorded_at, record text,
 * prev_hash = hash of record i-1, 64 '0' for the first) and
 *   hash = SHA-256("dualtrack chain v1\n" "id LEN:ID\n" "kind LEN:KIND\n"
 *                  "ref LEN:REF\n" "at LEN:AT\n" "record LEN:TEXT\n"
 *                  "prev_hash LEN:HEX\n").
 * Ids come from an AUTOINCREMENT counter and never repeat.
 *
 * The check (dt_chain_check) finds every defect:
 * - a record whose hash does not match its content, whose prev_hash is
 *   not the previous record's hash, or ids that are not 1, 2, 3, ...
 *   (a record removed in the middle);
 * - a counter above the last id (the newest record(s) deleted);
 * - for every current row: no chain record for it (written outside
 *   dualtrack), or a record text that differs from the latest record of
 *   that row (altered); a record whose row is gone (deleted); two records
 *   for one row of a kind that is never updated (an id reused).
 * The first defect (lowest record id; rows with no record come last) is
 * reported. A break record ("break" kind, written by an acknowledged
 * write) lists the defect lines it acknowledges; defects it lists stay
 * reported (the store is still ALTERED) but no longer block writes. */
#ifndef DT_CHAIN_H
#define DT_CHAIN_H

#include <stddef.h>
#include <stdint.h>

/* X(ENUM, name, label, updatable, heavy, detail field) */
#define DT_CHAIN_KINDS(X) \
	X(PILOT, "pilot", "pilot", 0, 0, "name") \
	X(TASKCARD, "taskcard_value", "task card value", 0, 0, "field") \
	X(PILOT_RUN, "pilot_run", "run attachment", 1, 0, "role") \
	X(CHECK, "check_entry", "checklist entry", 0, 0, "item") \
	X(EVIDENCE, "check_evidence", "evidence link", 0, 0, "item") \
	X(DRILL, "drill", "drill", 0, 0, "kind") \
	X(DRILL_CHECK, "drill_check", "drill verification", 0, 0, "item") \
	X(FACT, "run_fact", "journal fact", 0, 0, "key") \
	X(LEDGER, "ledger_entry", "ledger input", 0, 0, "key") \
	X(LEDGER_RUN, "ledger_run", "ledger run", 0, 0, "pilot") \
	X(SCENARIO, "scenario", "scenario answers", 0, 0, "recommendation") \
	X(DECISION, "decision", "decision", 0, 0, "kind") \
	X(RUN, "run", "run", 1, 0, "name") \
	X(RUN_FILE, "run_file", "run file", 1, 0, "path") \
	X(SERIES, "raw_series", "stored series", 1, 1, "metric") \
	X(SERIES_LOD, "series_lod", "stored levels", 1, 1, "metric") \
	X(WARNING, "run_warning", "importer message", 0, 0, "kind") \
	X(LAUNCH_EV, "launch_evidence", "launch evidence", 0, 0, "kind") \
	X(LAUNCH_SET, "launch_setting", "launch setting", 0, 0, "key") \
	X(RUN_METRIC, "run_metric", "metric counts", 1, 0, "metric") \
	X(BREAK, "break", "acknowledged break", 0, 0, "by")

#define DT_CK_KIND_ENUM(e, name, label, upd, heavy, detail) DT_CHAIN_##e,
typedef enum dt_chain_kind {
	DT_CHAIN_KINDS(DT_CK_KIND_ENUM) DT_CHAIN_KIND_COUNT
} dt_chain_kind;
#undef DT_CK_KIND_ENUM

typedef struct dt_chain_kind_def {
	const char *name;     /* stored kind text */
	const char *label;    /* "checklist entry" */
	int updatable;        /* a row may get newer records (latest counts) */
	int heavy;            /* checked by verify, not on every read */
	const char *detail;   /* field named in messages: "(step6)" */
} dt_chain_kind_def;

extern const dt_chain_kind_def dt_chain_kinds[DT_CHAIN_KIND_COUNT];

/* Kind by name; -1 when unknown. */
int dt_chain_kind_find(const char *name);

#define DT_CHAIN_FIELDS_MAX 24
#define DT_CHAIN_REF_MAX 200

/* One field of a row as the store read it: bytes (not NUL-terminated,
 * owned by the caller) or NULL (is_null); is_blob: hashed, not copied.
 * sha256: for a blob whose SHA-256 is already known (64 lower-case hex
 * digits, computed over data[0, len) by model/store/chain_digest.h while
 * the row was written), used instead of hashing data again; NULL
 * otherwise. omit_zero: a column its kind gained after records of it
 * were written: left out of the record text while its value is "0" (its
 * default), so the records written before it still verify. */
typedef struct dt_chain_field {
	const char *name;
	const void *data;
	size_t len;
	int is_null, is_blob, omit_zero;
	const char *sha256;
} dt_chain_field;

/* One current row of a chained table. */
typedef struct dt_chain_row {
	dt_chain_kind kind;
	char ref[DT_CHAIN_REF_MAX];   /* the row's key as text ("7", "3/loss") */
	dt_chain_field f[DT_CHAIN_FIELDS_MAX];
	size_t nf;
} dt_chain_row;

/* Record text of a row (file comment), malloc'd; NULL when out of
 * memory. */
char *dt_chain_row_canon(const dt_chain_row *r);

/* A chain record as stored. canon is owned (dt_chain_recs_free). */
typedef struct dt_chain_rec {
	int64_t id;
	char kind[32];
	char ref[DT_CHAIN_REF_MAX];
	char at[32];            /* recorded at, ISO 8601 UTC */
	char *canon;
	char prev_hash[65];
	char hash[65];
} dt_chain_rec;

void dt_chain_recs_free(dt_chain_rec *v, size_t n);

/* hash of record r (file comment) into hex[65]. 0 or -1 (ENOMEM). */
int dt_chain_rec_hash(const dt_chain_rec *r, char hex[65]);

/* The current text of one row, for the check: kind, ref and record text
 * (owned by the caller). */
typedef struct dt_chain_current {
	dt_chain_kind kind;
	char ref[DT_CHAIN_REF_MAX];
	char *canon;
} dt_chain_current;

/* A current row (or a record's row) the check found a defect in: kind
 * and key, as dt_chain_row names them. */
typedef struct dt_chain_bad_row {
	dt_chain_kind kind;
	char ref[DT_CHAIN_REF_MAX];
} dt_chain_bad_row;

/* The integrity of a store as every reader sees it. */
typedef struct dt_chain_status {
	int intact;              /* 1: no defect */
	int64_t first_bad_id;    /* chain record id of the first defect; 0 =
	                          * intact, or a row with no record */
	char reason[512];        /* "checklist entry 7 (step6): ..." */
	char head_hash[65];      /* hash of the newest record, "" = empty */
	int64_t head_id;         /* its id, 0 = empty */
	size_t records;          /* chain records checked */
	size_t defects;          /* all defects found */
	int acknowledged;        /* every defect is listed by a break record:
	                          * writes may go on */
	int series_checked;      /* 1: stored series were re-hashed */
	char *defect_text;       /* every defect, one per line, malloc'd (the
	                          * text a break record lists); NULL when
	                          * intact; free with dt_chain_status_clear */
	dt_chain_bad_row *bad_rows; /* every row altered, deleted, chained
	                          * twice or not in the chain (the per-record
	                          * result, so a screen marks that row),
	                          * malloc'd, NULL when none; freed with
	                          * dt_chain_status_clear */
	size_t nbad_rows;
} dt_chain_status;

/* 1 when g lists row (kind, ref) among its bad rows, else 0. */
int dt_chain_row_bad(const dt_chain_status *g, dt_chain_kind kind,
                     const char *ref);

void dt_chain_status_clear(dt_chain_status *g);

/* Check records v[0..n) (id order) against the current rows cur[0..nc)
 * (rules in the file comment). `seq` is the id counter's value (highest
 * id ever given, 0 = none). Rows of heavy kinds are compared only when
 * `with_heavy` (their records are otherwise assumed unchanged). Fills
 * *g. Returns 0, or -1 when out of memory. cur is reordered. */
int dt_chain_check(const dt_chain_rec *v, size_t n, int64_t seq,
                   dt_chain_current *cur, size_t nc, int with_heavy,
                   dt_chain_status *g);

/* Record text of a break record: the old head (id, hash), the first
 * defect, every defect line (g->defect_text), who and when. malloc'd;
 * NULL when out of memory. */
char *dt_chain_break_canon(const dt_chain_status *g, const char *by,
                           const char *at);

/* The digest record text `canon` gives BLOB field `name`: 1 with its 64
 * hex digits in hex ("NAME sha256:HEX"), 0 when the field is NULL
 * ("NAME -"), -1 when the text holds no such field or is malformed. The
 * fields are walked in order from the header (a text field's bytes are
 * skipped by their length, so no field's content can pose as another). */
int dt_chain_canon_blob(const char *canon, const char *name, char hex[65]);

/* A one-line label of a record for messages: "checklist entry 7 (step6)"
 * from its kind, ref and, when found in the record text, the detail
 * field. out size n. */
void dt_chain_label(const char *kind, const char *ref, const char *canon,
                    char *out, size_t n);

/* The defect of a record whose stored row differs from chain record id:
 * "LABEL: the stored row differs from chain record ID (altered)", LABEL
 * as dt_chain_label. The one wording of it: the chain check (verify, the
 * rows re-hashed) and a reader that found a stored series altered as it
 * read it (model/service/series_seal.c) both say this, so a break record
 * written on the one acknowledges the other. out size n. */
void dt_chain_altered_text(const char *kind, const char *ref,
                           const char *canon, int64_t id, char *out,
                           size_t n);

/* The ref of stored series part `part` of file file_id, metric `metric`
 * ("2/loss"; a later part "2/loss/1"). out size n. */
void dt_chain_series_ref(int64_t file_id, const char *metric, int64_t part,
                         char *out, size_t n);

#endif
