/* pack.h: the evidence pack (issue 10): writers of its files and the
 * pack commands (export, sign, verify DIR, gate). Writers render a
 * dt_pack (model/service/pack/pack_data.h) and decide nothing.
 *
 * A pack is a folder:
 *   report.html      one file, inline CSS and SVG, no script, no network
 *   report.md        the same report in Markdown (its charts: the files
 *                    below)
 *   chart.svg        the loss comparison of the first pilot run against
 *                    the baseline
 *   chart-N-RUN.svg  the same for the N-th pilot run (N = 2, 3, ... in
 *                    attach order; RUN its name through dt_pack_safe_name)
 *   evidence.json    the same content, machine-readable (schema_version)
 *   attestation.json an in-toto v1 Statement over the files and logs
 *   logs/            the input logs (unless --no-logs)
 *   MANIFEST.sha256  "HEX  PATH" per file (sha256sum -c reads it); logs
 *                    not in the pack as "# absent HEX  PATH" comments
 *   signatures/      NAME.sig (ssh-keygen -Y sign of MANIFEST.sha256),
 *                    NAME.role and NAME.role.sig (who signed in which role) */
#ifndef DT_PACK_H
#define DT_PACK_H

#include <stddef.h>
#include <stdio.h>

#include "model/service/pack/pack_data.h"
#include "model/service/pack/decision_standing.h"

#define DT_PACK_SCHEMA_VERSION 1
#define DT_PACK_PREDICATE_TYPE "https://dualtrack.dev/evidence-pack/v1"
#define DT_PACK_NAMESPACE "dualtrack"

/* ---- text escaping (escape.c). Every writer passes log text through
 * these: dt_sanitize first (control, C1, invalid UTF-8), then the
 * format's escapes. */

/* HTML text and attribute values: & < > " ' as entities. */
void dt_pack_html(FILE *f, const char *s);
/* Markdown inline text: ASCII punctuation that CommonMark or GitHub tables
 * interpret (\ ` * _ [ ] < > | ~ & # ! and a leading + - =) backslashed. */
void dt_pack_md(FILE *f, const char *s);
/* A file-name component: bytes outside [A-Za-z0-9._@-] become '_', a
 * leading '.' too; empty -> "_". Into out (size n). */
void dt_pack_safe_name(const char *s, char *out, size_t n);

/* ---- document writers (doc_html.c, doc_md.c): one report walker
 * (report.c) drives either. Text arguments are raw (escaped by the
 * writer). */
typedef struct dt_doc dt_doc;
/* Row marks: their first-cell markers (dt_mark_text) are the same in
 * both formats, and the report's legend (DT_MARK_LEGEND, under its
 * summary) explains them. A row where the sides merely differ (≠) and a
 * row that failed (×, the TUI's breach mark) are told apart. The pack is
 * UTF-8 (report.html says so) and has no ASCII form: the marks are the
 * same whatever DUALTRACK_ASCII says, as the report's other text. */
enum dt_mark { DT_MARK_NONE = 0, DT_MARK_DIFF = 1, DT_MARK_FORCED = 2,
               DT_MARK_FAIL = 3 };
#define DT_MARK_DIFF_TEXT "≠"
#define DT_MARK_FAIL_TEXT "×"
#define DT_MARK_FORCED_TEXT "!"
#define DT_MARK_LEGEND "Marks in the tables: ≠ a row where the " \
	"baseline and the pilot differ (side by side, the ledger: a " \
	"difference, not a failure); × a row that failed or is missing (a " \
	"resume check over its limit, a drill, a checklist item, a log left " \
	"out, missing inputs); ! a go recorded past open checklist items " \
	"(go FORCED)."
/* The first-cell marker of a dt_mark: DT_MARK_DIFF_TEXT,
 * DT_MARK_FAIL_TEXT, DT_MARK_FORCED_TEXT, "" for DT_MARK_NONE. */
const char *dt_mark_text(int mark);
typedef struct dt_doc_ops {
	void (*begin)(dt_doc *d, const char *title);
	void (*end)(dt_doc *d);
	void (*heading)(dt_doc *d, int level, const char *text);
	/* A paragraph; `status` (may be NULL) is a verdict word shown first
	 * and emphasised (pass, fail, pending, ...). */
	void (*para)(dt_doc *d, const char *status, const char *text);
	void (*table_begin)(dt_doc *d, size_t ncols, const char *const *head);
	/* One row; mark (dt_mark) highlights it and marks its first cell
	 * (dt_mark_text): DT_MARK_DIFF a difference between the sides,
	 * DT_MARK_FAIL a failure, DT_MARK_FORCED a go recorded past open
	 * checklist items (DT_MARK_LEGEND says so). */
	void (*row)(dt_doc *d, const char *const *cells, int mark);
	void (*table_end)(dt_doc *d);
	/* Preformatted lines (evidence text), one per '\n'. */
	void (*pre)(dt_doc *d, const char *text);
	/* The chart: `svg` (a whole <svg> element) and where it is saved. */
	void (*chart)(dt_doc *d, const char *svg, const char *file,
	              const char *caption);
} dt_doc_ops;
struct dt_doc {
	const dt_doc_ops *ops;
	FILE *f;
	size_t ncols;
};
extern const dt_doc_ops dt_doc_html_ops;
extern const dt_doc_ops dt_doc_md_ops;

/* Render the whole report of p through d (report.c). `svgs` holds the
 * charts, parallel to p->charts (the array NULL when p has none; an entry
 * NULL when that chart is absent); `logs` names what happened to each
 * input log file (may be NULL). */
typedef struct dt_pack_log {
	size_t run;                  /* index into ov.runs */
	size_t file;                 /* index into runs[run].files */
	char pack_path[600];         /* "logs/..." */
	int included;                /* 1: copied into the pack */
	int left_out;                /* 1: left out on purpose (--no-logs):
	                              * no failure, no mark */
	char note[2600];             /* why not, when !included */
} dt_pack_log;
void dt_pack_report(dt_doc *d, const dt_pack *p, const char *const *svgs,
                    const dt_pack_log *logs, size_t nlogs);

/* Loss chart k of p (p->charts[k]: a pilot run against the baseline) as
 * one <svg> element, malloc'd (NULL: k out of range, that chart not
 * present, or out of memory); run names in it are escaped (dt_pack_html)
 * (chart_svg.c). */
char *dt_pack_chart_svg(const dt_pack *p, size_t k);
/* The pack file of chart k into out (size n): "chart.svg" for k = 0 (the
 * first pilot run), else "chart-N-RUN.svg", N = k + 1 and RUN the pilot
 * run's name through dt_pack_safe_name (no '/', no leading '.'): unique
 * by N, whatever the names (chart_svg.c). */
void dt_pack_chart_file(const dt_pack *p, size_t k, char *out, size_t n);

/* evidence.json (evidence_json.c). Returns 0 or -1 (write error). */
int dt_pack_write_evidence(FILE *f, const dt_pack *p, const dt_pack_log *logs,
                           size_t nlogs);

/* Where the bytes of stored file f are read for a pack: returns 1 with
 * the path in `at` when the file there has f's SHA-256 (a file whose
 * digest differs is never taken), else 0 with why in `note` ("no longer
 * readable at its import path", "changed since its import (now sha256
 * ...)"). The stored path is absolute for files imported by this
 * dualtrack; a relative one (an older dualtrack stored the path as typed,
 * relative to a folder it did not record) is read from the current
 * folder, the only one export knows, and a note then names the stored
 * path and says it is relative (export.c). */
int dt_pack_log_find(const dt_run_file *f, char *at, size_t atlen,
                     char *note, size_t notelen);

/* A file of the pack with its digest. */
typedef struct dt_pack_file {
	char path[600];              /* relative to the pack folder */
	char sha256[65];
	int absent;                  /* listed by digest only (a log not copied) */
} dt_pack_file;

/* attestation.json: in-toto Statement v1 over files[0..n) (attest.c). */
int dt_pack_write_attestation(FILE *f, const dt_pack *p,
                              const dt_pack_file *files, size_t n);

/* ---- manifest (manifest.c) */

/* Write MANIFEST.sha256 of files[0..n) into dir. Returns 0, or -1 with
 * the reason in err. */
int dt_pack_manifest_write(const char *dir, const dt_pack_file *files,
                           size_t n, char *err, size_t errlen);
/* Read DIR/MANIFEST.sha256: *files (malloc'd) and *n. Returns 0, or -1
 * with "MANIFEST.sha256 line N: ..." in err. */
int dt_pack_manifest_read(const char *dir, dt_pack_file **files, size_t *n,
                          char *err, size_t errlen);

/* ---- verification (pack_verify.c) */

/* Every check `verify DIR` makes of pack `dir`, by the same code: its
 * files against MANIFEST.sha256 (changed, missing, extra), the signatures
 * it holds (each checked for its own key only: no trust list), the
 * decision chain carried in evidence.json, the attestation's subjects and
 * decision. A pack nobody signed yet is no problem here (sign makes the
 * first signature). Each problem is one line on `out`, as verify prints
 * it; nothing else is said. *nfiles receives the files checked. Returns
 * the number of problems (0: the pack holds). Used by sign. */
size_t dt_pack_check(const char *dir, FILE *out, size_t *nfiles);

/* Whether `dir` is a folder holding an evidence pack (any of
 * MANIFEST.sha256, evidence.json, attestation.json: a pack missing some
 * is a pack whose problems verify and sign list). When not, one line on
 * stderr, "dualtrack: CMD: DIR is not a folder" or "dualtrack: CMD: DIR:
 * not an evidence pack (...)", and -1 (the caller exits DT_EXIT_USAGE);
 * else 0. verify DIR and sign DIR say the same. */
int dt_pack_dir_usable(const char *cmd, const char *dir);

/* The store's records as `verify` checks them, every series re-hashed
 * (dt_store_chain_verify with the series): when they are not intact, one
 * problem line on `out` naming the first altered record. Returns the
 * problems (0 or 1), or (size_t)-1 on a store error (said on stderr). */
size_t dt_pack_store_integrity(dt_store *st, FILE *out);

/* ---- commands */
int dt_cmd_export(const char *db, int argc, char **argv);
int dt_cmd_sign(const char *db, int argc, char **argv);
int dt_cmd_gate(const char *db, int argc, char **argv);
/* verify DIR [--allowed-signers FILE] and verify --against DIR (on the
 * store); cmd_verify.c dispatches here when it sees either
 * (pack_verify.c). Returns 1 when argv is such a call (*rc set). */
int dt_pack_verify_dispatch(const char *db, int argc, char **argv, int *rc);
/* Exit status of verify DIR when everything holds but no
 * --allowed-signers was given: the signatures are valid for their own
 * keys, whose holders nothing vouches for (not "verified"). */
#define DT_PACK_EXIT_SIGNER_UNCHECKED 3
/* Exit status of verify --against DIR when the pack and the store hold
 * but the pack's decision is no longer its pilot's current decision: the
 * store has recorded a newer decision of the pilot since
 * (decision_standing.h). Wins over DT_PACK_EXIT_SIGNER_UNCHECKED: the
 * pack no longer stands for what the team decided, whoever signed it. */
#define DT_PACK_EXIT_SUPERSEDED 4
/* The standing of pack DIR's decision in store st (the service's
 * judgement, model/service/pack/decision_standing.h), its pilot and
 * newest decision read from DIR's evidence.json as verify reads them (a
 * malformed chain is verify's to report: not judged here). Returns 1
 * (*ds filled), 0 (not judged: no evidence.json or no pilot named), -1
 * (store error, said on stderr). Used by sign --db. */
int dt_pack_standing(const char *dir, dt_store *st,
                     dt_decision_standing *ds);
/* The description of verify DIR for --help, after the usage lines (also
 * in `dualtrack verify --help`). */
void dt_pack_verify_help(FILE *f);

/* Write a pack of pilot `name` into `dir` (export; also the TUI's key).
 * Returns 0, 1 when no such pilot, -1 (message in err). */
int dt_pack_export(dt_store *st, const char *name, const char *dir,
                   int with_logs, char *err, size_t errlen);

#endif
