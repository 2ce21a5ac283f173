/* dt_decision.h: the decision log of the acceptance workflow
 * (ACCEPTANCE.md "Decisions"): go / continue / roll back / compare other
 * instance / defer, with rationale, deciders (name and role), time and a
 * digest of the evidence it rests on.
 *
 * The log is append-only (a new decision supersedes the pilot's previous
 * one; SQLite triggers refuse UPDATE and DELETE) and hash-chained over the
 * whole store: record i stores prev_hash = hash of record i-1 (64 '0' for
 * the first) and hash = SHA-256 of its canonical text (dt_decision_canon):
 * the line "dualtrack decision v1" followed by one line per field in the
 * order id, pilot, kind, rationale, deciders, recorded_by, decided_at,
 * supersedes, evidence_digest, prev_hash, each written as
 * "NAME LEN:BYTES\n" (LEN = byte length in decimal), so no field can
 * imitate another. evidence_digest = SHA-256 of evidence_text.
 * A "go" recorded while checklist items were open (--force, or confirmed
 * past the TUI warning) keeps them in forced_past ("step7 (pending),
 * trial3 (fail)", dt_checklist_open_text); such a record's canonical text
 * starts "dualtrack decision v2" and holds the field forced_past right
 * after supersedes, so it is part of the hash. Records without it keep
 * the v1 text (older logs verify unchanged).
 * The head of the chain (last record's id and hash) is reported by
 * verify, so a team can keep it elsewhere and detect a deleted newest
 * record (which the chain alone cannot show). */
#ifndef DT_DECISION_H
#define DT_DECISION_H

#include <stddef.h>
#include <stdint.h>

#include "model/core/run.h"

typedef enum dt_decision_kind {
	DT_DECIDE_GO = 0,
	DT_DECIDE_CONTINUE,
	DT_DECIDE_ROLL_BACK,
	DT_DECIDE_COMPARE_OTHER,
	DT_DECIDE_DEFER,
	DT_DECIDE_COUNT
} dt_decision_kind;

typedef enum dt_decider_role {
	DT_ROLE_RESEARCHER = 0,     /* confirms model quality */
	DT_ROLE_TRAINING_ENGINEER,  /* confirms the trajectory */
	DT_ROLE_PLATFORM,           /* reproducibility and operating cost */
	DT_DECIDER_ROLE_COUNT
} dt_decider_role;

#define DT_DECIDERS_MAX 8

typedef struct dt_decider {
	char name[64];
	dt_decider_role role;
} dt_decider;

typedef struct dt_decision {
	int64_t id;
	int64_t pilot_id;
	char pilot_name[DT_NAME_MAX];
	dt_decision_kind kind;
	char rationale[2048];
	dt_decider deciders[DT_DECIDERS_MAX];
	size_t ndeciders;
	char recorded_by[64];      /* who entered it ($DUALTRACK_USER / login) */
	char decided_at[32];       /* ISO 8601 UTC */
	int64_t supersedes;        /* the pilot's previous decision id, 0 = none */
	char forced_past[1024];    /* open items a go was recorded past, "" =
	                            * none (file comment) */
	char evidence_digest[65];
	char *evidence_text;       /* owned (dt_decisions_free), may be NULL */
	char prev_hash[65];
	char hash[65];
	/* as stored (verify): the kind and deciders columns' text */
	char kind_text[32];
	char deciders_text[1024];
} dt_decision;

/* The first record that fails the chain check. */
typedef struct dt_chain_report {
	size_t records;            /* decisions checked */
	int intact;                /* 1: every record checks */
	int64_t first_bad_id;      /* when !intact */
	char reason[256];          /* what does not match */
	int64_t head_id;           /* last record's id, 0 = empty log */
	char head_hash[65];        /* its stored hash, "" = empty log */
} dt_chain_report;

/* "go", "continue", "roll-back", "compare-other-instance", "defer". */
const char *dt_decision_kind_name(dt_decision_kind k);

/* How a recorded decision reads wherever it is shown: its kind's name,
 * or "go FORCED" for a go recorded past open checklist items
 * (forced_past set), never a clean "go". The one wording of pilot list
 * (text and TUI), pilot show, the overview, the decision log, decide's
 * confirmation and the evidence pack. */
const char *dt_decision_label(const dt_decision *d);
int dt_decision_kind_parse(const char *s, dt_decision_kind *out);

/* "researcher", "training-engineer", "platform" (parse also accepts
 * "training_engineer"). */
const char *dt_decider_role_name(dt_decider_role r);
int dt_decider_role_parse(const char *s, dt_decider_role *out);

/* Parse "NAME:ROLE" (split at the last ':'; NAME 1..63 bytes without
 * control characters or '\n'). Returns 0, or -1 with a message in err. */
int dt_decider_parse(const char *s, dt_decider *out, char *err, size_t errlen);

/* Add the decider "NAME:ROLE" `spec` as dk[*nd] and count it (*nd + 1):
 * the one place the sign-off's limits are applied while deciders are
 * gathered, for the CLI's --decider and the TUI decide form alike. dk
 * has room for DT_DECIDERS_MAX. The spec is parsed by dt_decider_parse;
 * a ninth decider or a name dk already holds is refused with
 * dt_decision_deciders_check's words ("a decision needs 1..8 deciders",
 * "decider 'A' is named twice ..."). Returns 0, or -1 with a message in
 * err (size errlen) and *nd unchanged. */
int dt_decider_add(dt_decider *dk, size_t *nd, const char *spec, char *err,
                   size_t errlen);

/* Check what a person entered for a decision: a rationale that is not
 * blank, without control or format characters (newlines allowed), at
 * most 2047 bytes; 1..DT_DECIDERS_MAX deciders with names as
 * dt_decider_parse requires. Returns 0, or -1 with a message in err. */
int dt_decision_validate(const char *rationale, const dt_decider *deciders,
                         size_t nd, char *err, size_t errlen);

/* dt_decision_validate's two halves, each with its words, for a form that
 * checks a field as it is left: the rationale (not blank, no control or
 * format characters, newlines allowed, at most 2047 bytes), and the
 * deciders (1..DT_DECIDERS_MAX, names as dt_decider_parse requires, no
 * name twice, ASCII case aside).
 * Return 0, or -1 with a message in err (size errlen). */
int dt_decision_rationale_check(const char *rationale, char *err,
                                size_t errlen);
int dt_decision_deciders_check(const dt_decider *deciders, size_t nd,
                               char *err, size_t errlen);

/* Deciders as stored: "ROLE:NAME" joined by '\n', into out (size n). */
void dt_deciders_text(const dt_decision *d, char *out, size_t n);

/* Deciders as people read them: "NAME (ROLE)" joined by ", " ("T. Lead
 * (researcher), M. Okafor (platform)"), into out (size n, truncated to
 * fit; "" when none). The deciders column of the evidence pack's
 * decision table and verify --against's superseded line. */
void dt_deciders_names(const dt_decision *d, char *out, size_t n);

/* Canonical text of a record (file comment) from kind_text and
 * deciders_text, malloc'd; NULL when out of memory. */
char *dt_decision_canon(const dt_decision *d);

/* hash = SHA-256 of dt_decision_canon(d). Returns 0 or -1 (ENOMEM). */
int dt_decision_hash(const dt_decision *d, char hex[65]);

/* Check a chain v[0..n) in id order: evidence digests, hashes and links
 * (file comment). Fills *r (head_id / head_hash from v[n-1] as stored);
 * returns 0 (checked) or -1 (out of memory). */
int dt_decision_chain_check(const dt_decision *v, size_t n,
                            dt_chain_report *r);

/* Where the next decision of a pilot joins the chain: what the store
 * holds now (read in the append's write transaction). */
typedef struct dt_decision_tail {
	int64_t last_id;      /* id of the newest record of the store, 0 = none */
	char last_hash[65];   /* its hash, "" when none */
	int64_t pilot_last;   /* id of the pilot's newest record, 0 = none */
} dt_decision_tail;

/* Check a new decision (dt_decision_validate; evidence_text must be set)
 * and fill what follows from it alone: kind_text, deciders_text and
 * evidence_digest (SHA-256 of evidence_text). Returns 0, or -1 with a
 * message in err (size errlen). */
int dt_decision_prepare(dt_decision *d, char *err, size_t errlen);

/* Link a prepared decision after tail *t: id = last_id + 1, supersedes =
 * the pilot's newest record, prev_hash = last_hash (64 '0' for the first
 * record), decided_at = now (ISO 8601 UTC) and hash. Returns 0, or -1
 * (out of memory). */
int dt_decision_link(dt_decision *d, const dt_decision_tail *t);

/* Parse d->deciders_text as stored ("role:name" lines) back into
 * d->deciders / d->ndeciders; lines of another form are skipped. */
void dt_decision_deciders_parse(dt_decision *d);

/* Free decisions returned by the store (their evidence texts and the
 * array). */
void dt_decisions_free(dt_decision *v, size_t n);

#endif
