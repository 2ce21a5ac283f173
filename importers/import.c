/* import.c: detection, parsing and the one-transaction import. */
#include "importers/import.h"
#include "model/util/nearest.h"

#include "model/core/segments.h"
#include "model/core/series.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "importers/import_dir.h"
#include "importers/import_follow.h"
#include "importers/import_digest.h"
#include "importers/import_grown.h"
#include "importers/import_report.h"
#include "importers/import_series.h"
#include "importers/import_stats.h"
#include "importers/source.h"
#include "importers/neuron_compile.h"
#include "importers/tfrecord.h"
#include "model/util/sha256.h"
#include "model/service/run_load.h"
#include "model/util/num.h"
#include "model/util/text.h"

/* One parsed file waiting to be stored. */
typedef struct parsed {
	const char *path;
	const dt_importer *imp;
	char sha256[65];     /* set once digest is joined (parsed_sha) */
	dt_file_digest *digest; /* the SHA-256 still being computed, or NULL */
	size_t bytes;
	dt_rawlog log;
	int borrowed;        /* log belongs to the caller: never freed here */
	int grown;           /* dry run: 1 when the import would store it as
	                      * the run's log grown (g says how) */
	dt_grown g;
} parsed;

int dt_platform_valid(const char *p)
{
	return p && (!strcmp(p, "gpu") || !strcmp(p, "trn2") ||
	             !strcmp(p, "trn1") || !strcmp(p, "other"));
}

/* "unknown format 'WORD'; did you mean 'NAME'? (formats: ...)": the
 * nearest name (dt_nearest_name), or the one WORD starts with
 * ("jsonlines" for jsonl), and every --format name. */
static void unknown_format(const char *word, char *err, size_t errlen)
{
	const char *names[16];
	size_t n = 0;
	for (; dt_importers[n] && n < 16; n++)
		names[n] = dt_importers[n]->name;
	const char *near = dt_nearest_name(word, names, n);
	for (size_t i = 0; !near && i < n; i++)
		if (strncmp(word, names[i], strlen(names[i])) == 0)
			near = names[i];
	char w[200], list[300] = "";
	dt_sanitize(word, w, sizeof w);
	for (size_t i = 0, k = 0; i < n && k < sizeof list; i++)
		k += (size_t)snprintf(list + k, sizeof list - k, "%s%s",
		                      i ? ", " : "", names[i]);
	if (near)
		snprintf(err, errlen, "unknown format '%s'; did you mean '%s'? "
		         "(formats: %s)", w, near, list);
	else
		snprintf(err, errlen, "unknown format '%s' (formats: %s)", w,
		         list);
}

static const dt_importer *choose(const dt_import_request *rq,
                                 const dt_source *src, char *err,
                                 size_t errlen)
{
	if (rq->format && strcmp(rq->format, "auto") != 0) {
		const dt_importer *imp = dt_importer_by_name(rq->format);
		if (!imp)
			unknown_format(rq->format, err, errlen);
		return imp;
	}
	size_t head = src->len < 65536 ? src->len : 65536;
	const dt_importer *imp = dt_importer_detect(src->name, src->data, head,
	                                            NULL);
	if (!imp && dt_neuron_has_record(src->data, head))
		snprintf(err, errlen, "%s: format not recognised: Neuron compiler "
		         "records (||NCC_WRAPPER|| and the like) but no "
		         "loss line %s (a run stopped before its first logged "
		         "step?); use --format to read it as one format anyway",
		         src->path, src->len > head ? "in its first 64 KiB"
		                                    : "in the file");
	else if (!imp)
		snprintf(err, errlen, "%s: format not recognised (expected a "
		         "TensorBoard event file, HF trainer_state.json, W&B "
		         "wandb-summary.json, MLPerf MLLOG, HF Trainer stdout, CSV, "
		         "JSON lines or NxD/Neuron/Megatron training lines; use "
		         "--format)",
		         src->path);
	return imp;
}

/* Why a parsed file holds no curve: its first warning, or a default. */
/* Why a parsed file holds no curve, for its refusal (which names the file
 * once and already says there is no curve): the importer's first warning
 * with the file's path taken off its front ("PATH:LINE: text" reads
 * ", line LINE: text", "PATH: text" reads ": text") and a closing "no
 * training curve" taken off its end; ": no metric values found" when
 * the importer said nothing. Written to out (size n). */
static void no_curve_detail(const char *path, const dt_rawlog *log,
                            char *out, size_t n)
{
	static const char *const tails[] = {
		": the file holds no training curve", ": no training curve",
		", no training curve"};
	const char *w = log->nwarnings ? log->warnings[0]
	                               : "no metric values found";
	size_t pl = strlen(path);
	if (strncmp(w, path, pl) == 0 && w[pl] == ':') {
		w += pl + 1;
		if (*w >= '0' && *w <= '9')
			snprintf(out, n, ", line %s", w);
		else
			snprintf(out, n, ":%s", w);
	} else {
		snprintf(out, n, ": %s", w);
	}
	size_t len = strlen(out);
	for (size_t i = 0; i < sizeof tails / sizeof tails[0]; i++) {
		size_t tl = strlen(tails[i]);
		if (len > tl && !strcmp(out + len - tl, tails[i])) {
			out[len - tl] = '\0';
			break;
		}
	}
}

/* Notes on how the bytes were read: decompressed, NUL bytes left out. */
static void source_notes(const dt_source *src, dt_rawlog *log)
{
	const char *z;
	uint64_t nul = dt_source_nul_bytes(src, &z);
	if (z)
		dt_rawlog_note(log, "read %s-compressed (%zu bytes after "
		               "decompression)", z, src->len);
	if (nul)
		dt_rawlog_note(log, "%llu NUL byte(s) left out (a preallocated "
		               "or crashed log)", (unsigned long long)nul);
}

static int warn_interleaved(const char *path, dt_rawlog *log);

const dt_step_base_def dt_step_bases[] = {
	{ "0", "counts from 0: stored + 1" },
	{ "1", "counts from 1: stored as logged" },
	{ NULL, NULL }
};

int dt_step_base_parse(const char *text, int *step_base, char *err,
                       size_t errlen)
{
	size_t i, used = 0;
	for (i = 0; dt_step_bases[i].value; i++)
		if (strcmp(text, dt_step_bases[i].value) == 0) {
			*step_base = (int)i + 1;
			return 0;
		}
	used += (size_t)snprintf(err, errlen, "expects ");
	for (i = 0; dt_step_bases[i].value && used < errlen; i++)
		used += (size_t)snprintf(err + used, errlen - used, "%s%s",
		                         i == 0 ? "" : dt_step_bases[i + 1].value
		                         ? ", " : " or ", dt_step_bases[i].value);
	if (used < errlen)
		snprintf(err + used, errlen - used, ", got '%s'", text);
	return -1;
}

int dt_import_count_parse(const char *what, const char *text, int64_t *n,
                          char *err, size_t errlen)
{
	char safe[64];
	if (dt_parse_int_strict(text, 1, INT64_MAX, n) == 0)
		return 0;
	dt_sanitize(text, safe, sizeof safe);
	snprintf(err, errlen, "%s expects an integer >= 1, got '%s'", what, safe);
	return -1;
}

/* Step base (issue 9): the producer's rule when known (the importer's
 * step_added / step_base_rule), steps kept as logged when not; --step-base
 * decides per import. The rule goes into the step source, which the
 * import report, `runs` and the TUI print. */
static void apply_step_base(const dt_import_opts *o, dt_rawlog *log)
{
	char rule[120];
	if (o->step_base == 0) {
		snprintf(rule, sizeof rule, "%s", log->step_base_rule[0] ?
		         log->step_base_rule : "step base unknown: kept as logged "
		         "(--step-base 0|1 decides)");
	} else {
		int64_t want = o->step_base == 1 ? 1 : 0;
		int64_t delta = want - log->step_added;
		if (delta)
			dt_rawlog_shift_steps(log, delta);
		log->step_added = want;
		snprintf(rule, sizeof rule, "--step-base %d: %s", o->step_base - 1,
		         want ? "+1 (the file counts from 0)" :
		         "as logged (the file counts from 1)");
	}
	size_t used = strlen(log->step_source);
	if (used + 3 < sizeof log->step_source)
		snprintf(log->step_source + used, sizeof log->step_source - used,
		         "; %s", rule);
}

/* The gradient accumulation G that maps this log's steps to effective
 * steps: --grad-accum says the log counts micro-batches (README "The
 * rules"), but a producer known to log the optimizer update count
 * (dt_rawlog.updates_by: HF Trainer, Megatron-LM, ...) already gives
 * effective steps, so G does not apply to it (1). */
static int64_t log_grad_accum(const dt_import_opts *o, const dt_rawlog *log)
{
	return o->grad_accum > 1 && !log->updates_by[0] ? o->grad_accum : 1;
}

/* --grad-accum over the files of one import (one run-wide G): when the
 * files log optimizer updates it is ignored (each file warned in
 * parse_source): *opts' G becomes 0 (none given); files of both kinds
 * are refused (import them separately). Returns 0 or -1 with err. */
static int import_grad_accum(dt_import_opts *o, const parsed *ps, size_t n,
                             char *err, size_t errlen)
{
	const parsed *upd = NULL, *micro = NULL;
	if (o->grad_accum <= 1)
		return 0;
	for (size_t i = 0; i < n; i++) {
		if (ps[i].log.updates_by[0])
			upd = upd ? upd : &ps[i];
		else
			micro = micro ? micro : &ps[i];
	}
	if (upd && micro) {
		snprintf(err, errlen, "--grad-accum %lld: %s logs optimizer steps "
		         "(%s) while %s may count micro-batches: import them "
		         "separately (--grad-accum with the micro-batch log only)",
		         (long long)o->grad_accum, upd->path, upd->log.updates_by,
		         micro->path);
		return -1;
	}
	if (upd)
		o->grad_accum = 0;
	return 0;
}

/* The first negative step of log from point seen[i] of series i on
 * (seen NULL: all; a series at or past nseen: all of it): 1 with the
 * step, its metric and its index, else 0. */
static int first_negative(const dt_rawlog *log, const size_t *seen,
                          size_t nseen, int64_t *step, size_t *si, size_t *k)
{
	for (size_t i = 0; i < log->nseries; i++) {
		const dt_rawseries *s = &log->series[i];
		size_t from = seen && i < nseen ? seen[i] : 0;
		size_t t = dt_rawlog_step_twin(log, i);
		/* the same steps as an earlier series, scanned from the start */
		if (t != i && from == 0 && !(seen && t < nseen && seen[t] > 0))
			continue;
		for (size_t j = from; j < s->n; j++)
			if (s->step[j] < 0) {
				*step = s->step[j];
				*si = i;
				*k = j;
				return 1;
			}
	}
	return 0;
}

/* Where the importer first pushes a negative step, parsing src again in
 * steps (error path only): a line-based file is fed line by line (the
 * 1-based line returned in *line), a TensorBoard file record by record
 * (the record's byte offset in *off). 0 found, -1 not found (no steps,
 * out of memory). */
static int locate_negative(const dt_importer *imp, const dt_source *src,
                           const dt_import_opts *opts, uint64_t *line,
                           size_t *off)
{
	if (!imp->step_begin)
		return -1;
	int tfrec = !strcmp(imp->name, "tfevents");
	dt_rawlog log;
	dt_rawlog_init(&log);
	void *ps = imp->step_begin(opts, &log);
	size_t *seen = NULL, nseen = 0;
	int found = -1;
	char err[256];
	dt_source part = *src;
	part.priv = NULL; /* in memory: no release, no progress line */
	size_t from = 0;
	uint64_t ln = 0;
	while (ps && from < src->len && found < 0) {
		size_t end = from;
		if (tfrec) {
			const uint8_t *rec;
			size_t rl;
			const char *why;
			if (dt_tfrecord_next((const uint8_t *)src->data, src->len, &end,
			                     &rec, &rl, &why) != 1)
				break;
		} else {
			const char *nl = memchr(src->data + from, '\n', src->len - from);
			end = nl ? (size_t)(nl - src->data) + 1 : src->len;
			ln++;
		}
		part.len = end;
		if (imp->step_feed(ps, &part, from, err, sizeof err) < 0)
			break;
		int64_t st;
		size_t si, k;
		if (first_negative(&log, seen, nseen, &st, &si, &k)) {
			*line = ln;
			*off = from;
			found = 0;
		}
		size_t *grown = realloc(seen, (log.nseries + 1) * sizeof *seen);
		if (!grown)
			break;
		seen = grown;
		nseen = log.nseries;
		for (size_t i = 0; i < nseen; i++)
			seen[i] = log.series[i].n;
		from = end;
	}
	if (ps)
		imp->step_free(ps);
	free(seen);
	dt_rawlog_free(&log);
	return found;
}

int dt_import_steps_check(const dt_importer *imp, const dt_source *src,
                          const dt_import_opts *opts, const dt_rawlog *log,
                          const size_t *seen, size_t nseen, char *err,
                          size_t errlen)
{
	int64_t step;
	size_t si, k, off = 0;
	uint64_t line = 0;
	if (!first_negative(log, seen, nseen, &step, &si, &k))
		return 0;
	char m[64];
	dt_sanitize(log->series[si].metric, m, sizeof m);
	int at = locate_negative(imp, src, opts, &line, &off) == 0;
	if (at && line)
		snprintf(err, errlen, "%s:%llu: step %lld is negative; expected a "
		         "step >= 0", src->path, (unsigned long long)line,
		         (long long)step);
	else if (at)
		snprintf(err, errlen, "%s: byte %zu: step %lld is negative; "
		         "expected a step >= 0", src->path, off, (long long)step);
	else
		snprintf(err, errlen, "%s: step %lld is negative (metric '%s', "
		         "point %zu); expected a step >= 0", src->path,
		         (long long)step, m, k + 1);
	return -1;
}

/* Parse one opened, non-empty source into p->log with the importer
 * chosen for it (p->imp). */
static int parse_source(const dt_import_request *rq, dt_source *src,
                        parsed *p, char *err, size_t errlen)
{
	if (p->imp->binary) {
		dt_source_keep_nul_tail(src);
		p->bytes = src->len;
	}
	if (p->imp->parse(src, &rq->opts, &p->log, err, errlen) != 0) {
		dt_rawlog_refusal(&p->log, err, errlen); /* not "out of memory" */
		return -1;
	}
	/* every importer's points pass here (and import_follow's parse_more):
	 * a training step is >= 0, as logged, before any step base */
	if (dt_import_steps_check(p->imp, src, &rq->opts, &p->log, NULL, 0,
	                          err, errlen) < 0)
		return -1;
	if (dt_rawlog_points(&p->log))
		apply_step_base(&rq->opts, &p->log);
	if (rq->opts.grad_accum > 1 && p->log.updates_by[0] &&
	    dt_rawlog_warn(&p->log, "%s: --grad-accum %lld ignored: %s logs "
	                   "optimizer steps (the update count), so a logged step "
	                   "is already an effective step", src->path,
	                   (long long)rq->opts.grad_accum, p->log.updates_by) < 0) {
		snprintf(err, errlen, "%s: out of memory", src->path);
		return -1;
	}
	if (warn_interleaved(src->path, &p->log) < 0) {
		snprintf(err, errlen, "%s: out of memory", src->path);
		return -1;
	}
	/* No points but run facts (a W&B summary, a compile-only Neuron
	 * log): stored as facts, the importer's warning says why. */
	if (dt_rawlog_points(&p->log) == 0 && p->log.nfacts == 0) {
		char why[600];
		no_curve_detail(src->path, &p->log, why, sizeof why);
		snprintf(err, errlen, "%s: refused: expected a loss/step series "
		         "(metric values by training step) or run facts, found "
		         "neither; read as %s%s", src->path, p->imp->name, why);
		return -1;
	}
	return 0;
}

/* Open and parse one file, its SHA-256 on a thread (import_digest.h):
 * beside the parse (`when` AHEAD, joined here: p->sha256 is set) or after
 * it (AFTER: p->digest, joined by parsed_sha when the store needs it);
 * an AFTER digest starts early when one of the parse's two threads is
 * done before the other (start_early), on the core it leaves idle.
 * AFTER is kept only for a parse that may take both cores (the importer's
 * splits_from); any other parse runs on one thread, and its digest goes
 * beside it on the idle core: a 122 MB TensorBoard file's SHA-256 (~50 ms
 * of CPU) no longer runs after the parse, beside SQLite's writes. */
/* The dt_source_on_idle hook of an AFTER digest: one of the parse's
 * two threads is done, so the file's SHA-256 starts on its core now
 * rather than after the parse (import_digest.h dt_file_digest_early). */
typedef struct early_digest {
	const dt_source *src;
	const char *path;
	dt_file_digest *d;  /* started by the hook, NULL: not (yet) */
} early_digest;

static void start_early(void *arg)
{
	early_digest *e = arg;
	e->d = dt_file_digest_early(e->src, e->path);
}

static int parse_one(const dt_import_request *rq, const char *path,
                     parsed *p, dt_digest_when when, char *err, size_t errlen)
{
	dt_source src;
	memset(p, 0, sizeof *p);
	p->path = path;
	dt_rawlog_init(&p->log);
	if (dt_source_open(path, &src, err, errlen) < 0)
		return -1;
	p->path = src.path; /* "(stdin)" for "-" */
	p->bytes = src.len;
	if (src.len == 0) {
		snprintf(err, errlen, "%s: %s, expected a training log", src.path,
		         dt_source_nul_bytes(&src, NULL) ? "holds only NUL bytes"
		                                         : "empty file");
		dt_source_close(&src);
		return -1;
	}
	dt_source_progress(&src, &p->log);
	if ((p->imp = choose(rq, &src, err, errlen)) == NULL) {
		dt_source_close(&src);
		return -1;
	}
	int splits = p->imp->splits_from && src.len >= p->imp->splits_from;
	if (when == DT_DIGEST_AFTER && !splits)
		when = DT_DIGEST_AHEAD;
	/* a parse on both cores reads the file from memory (source.h) */
	if (splits)
		dt_source_load(&src, DT_SOURCE_LOAD_MAX);
	dt_file_digest *ahead = NULL;
	if (when == DT_DIGEST_AHEAD &&
	    !(ahead = dt_file_digest_start(&src, path, when, err, errlen))) {
		dt_source_close(&src);
		return -1;
	}
	early_digest early = {.src = &src, .path = path};
	if (!ahead)
		dt_source_on_idle(&src, start_early, &early);
	int rc = parse_source(rq, &src, p, err, errlen);
	dt_source_on_idle(&src, NULL, NULL);
	dt_source_parse_done(&src);
	rc = dt_source_check_after(&src, 0, rc, err, errlen);
	if (rc == 0)
		source_notes(&src, &p->log);
	if (ahead) {
		char e[300];
		int hr = dt_file_digest_join(ahead, p->sha256, e, sizeof e);
		if (rc == 0 && hr < 0) {
			snprintf(err, errlen, "%s", e);
			rc = -1;
		}
		dt_source_close(&src);
	} else if (rc == 0 && early.d) {
		dt_file_digest_adopt(early.d, &src);
		p->digest = early.d;
	} else if (rc == 0) {
		p->digest = dt_file_digest_start(&src, path, when, err, errlen);
		rc = p->digest ? 0 : -1; /* the source is taken either way */
	} else {
		dt_file_digest_free(early.d); /* joined before the source closes */
		dt_source_close(&src);
	}
	return rc;
}

/* p's SHA-256 in p->sha256, waiting for the digest when it is still being
 * computed. Returns 0, or -1 with err. */
static int parsed_sha(parsed *p, char *err, size_t errlen)
{
	if (!p->digest)
		return 0;
	int rc = dt_file_digest_join(p->digest, p->sha256, err, errlen);
	p->digest = NULL;
	return rc;
}

/* Folder names that say nothing about the run: the parent names it. */
static int generic_dir(const char *b, size_t n)
{
	static const char *const names[] = {"lightning_logs", "files", "runs",
	                                    "logs", "tensorboard", NULL};
	for (size_t i = 0; names[i]; i++)
		if (strlen(names[i]) == n && strncmp(b, names[i], n) == 0)
			return 1;
	return 0;
}

void dt_import_run_name(const dt_import_request *rq, char *out, size_t n)
{
	if (rq->run_name) {
		snprintf(out, n, "%s", rq->run_name);
		return;
	}
	const char *path = rq->nfiles ? rq->files[0] : "run";
	if (rq->nfiles && dt_import_is_dir(path)) {
		size_t end = strlen(path);
		for (int up = 0; up < 3; up++) {
			while (end > 1 && path[end - 1] == '/')
				end--;
			size_t b = end;
			while (b > 0 && path[b - 1] != '/')
				b--;
			if (!generic_dir(path + b, end - b) || b == 0) {
				snprintf(out, n, "%.*s", (int)(end - b), path + b);
				return;
			}
			end = b;
		}
		snprintf(out, n, "%s", "run");
		return;
	}
	const char *b = strrchr(path, '/');
	b = b ? b + 1 : path;
	snprintf(out, n, "%s", strcmp(b, "-") ? b : "stdin");
	size_t len = strlen(out); /* log.csv.gz -> log */
	if (len > 3 && !strcmp(out + len - 3, ".gz"))
		out[len - 3] = '\0';
	else if (len > 4 && !strcmp(out + len - 4, ".zst"))
		out[len - 4] = '\0';
	char *dot = strrchr(out, '.');
	if (dot && dot != out)
		*dot = '\0';
}

/* Append importer name to run->format unless present ('+'-joined). */
static void add_format(dt_run *run, const char *name)
{
	char *f = run->format;
	size_t nl = strlen(name);
	for (const char *p = f; *p;) {
		const char *e = strchr(p, '+');
		size_t l = e ? (size_t)(e - p) : strlen(p);
		if (l == nl && strncmp(p, name, l) == 0)
			return;
		p = e ? e + 1 : p + l;
	}
	size_t used = strlen(f);
	snprintf(f + used, sizeof run->format - used, "%s%s", used ? "+" : "",
	         name);
}

/* Find or create the run and apply the request's settings. */
/* A run the store does not hold yet, named `name` (G 1 until
 * run_settings). */
static void new_run(const dt_import_request *rq, const char *name,
                    dt_run *run)
{
	memset(run, 0, sizeof *run);
	snprintf(run->name, sizeof run->name, "%s", name);
	snprintf(run->platform, sizeof run->platform, "%s",
	         rq->platform ? rq->platform : "");
	run->grad_accum = 1;
}

/* The settings an import gives its run: G, global batch (given, else
 * the first file's when the run has none) and logging steps. */
static void run_settings(const dt_import_request *rq, const parsed *first,
                         dt_run *run)
{
	if (rq->opts.grad_accum > 0) {
		run->grad_accum = rq->opts.grad_accum;
		run->grad_accum_given = 1;
	}
	if (rq->opts.global_batch > 0)
		run->global_batch = rq->opts.global_batch;
	else if (run->global_batch == 0 && first->log.global_batch > 0)
		run->global_batch = first->log.global_batch;
	if (rq->opts.logging_steps > 0)
		run->logging_steps = rq->opts.logging_steps;
}

static int prepare_run(dt_store *st, const dt_import_request *rq,
                       const parsed *first, dt_run *run, char *err,
                       size_t errlen)
{
	char name[DT_NAME_MAX];
	dt_import_run_name(rq, name, sizeof name);
	int found = dt_store_run_find(st, name, run);
	if (found < 0) {
		snprintf(err, errlen, "%s", dt_store_error(st));
		return -1;
	}
	if (found == 0 && strcmp(run->platform, rq->platform) != 0) {
		snprintf(err, errlen, "run '%s' exists with platform %s, not %s",
		         name, run->platform, rq->platform);
		return -1;
	}
	if (found == 1)
		new_run(rq, name, run);
	run_settings(rq, first, run);
	if (found == 1 && dt_store_run_create(st, run) < 0) {
		snprintf(err, errlen, "%s", dt_store_error(st));
		return -1;
	}
	return 0;
}

void dt_import_stored_path(const char *given, char *out, size_t n)
{
	char *abs = strcmp(given, "(stdin)") ? realpath(given, NULL) : NULL;
	snprintf(out, n, "%s", abs && strlen(abs) < n ? abs : given);
	free(abs);
}

int dt_import_stored_path_is(const char *stored, const char *given)
{
	char abs[sizeof ((dt_run_file *)0)->path];
	dt_import_stored_path(given, abs, sizeof abs);
	return !strcmp(stored, abs) || !strcmp(stored, given);
}

/* Store p as a new file of the run. The first file of a run that holds
 * none (`first_of_run`: no stored file can be this one) has its row added
 * without its digest and given it, and its chain record, once the series
 * are written: a digest still being computed (p->digest) runs while
 * SQLite writes them, and the chain's order (series, then the file) is
 * the same whether the digest ran beside the parse or after it. */
static int store_one(dt_store *st, dt_run *run, parsed *p, int first_of_run,
                     char *err, size_t errlen)
{
	int64_t file_id;
	char stored[sizeof ((dt_run_file *)0)->path];
	dt_import_stored_path(p->path, stored, sizeof stored);
	int rc = dt_store_file_add(st, run->id, stored,
	                           first_of_run ? NULL : p->sha256,
	                           (int64_t)p->bytes, p->imp->name, &file_id);
	if (rc == 1) {
		snprintf(err, errlen, "%s: refused, run '%s' already holds this "
		         "file (SHA-256 %.16s...); nothing imported", p->path,
		         run->name, p->sha256);
		return -1;
	}
	if (rc < 0)
		goto store_err;
	if (dt_import_put_series(st, file_id, &p->log) < 0)
		goto store_err;
	if (dt_store_launch_put(st, file_id, p->log.launch_ev,
	                        p->log.nlaunch_ev) < 0 ||
	    dt_store_launch_setting_put(st, file_id, p->log.launch_set,
	                                p->log.nlaunch_set) < 0)
		goto store_err;
	const char *base = strrchr(p->path, '/');
	base = base ? base + 1 : p->path;
	for (size_t i = 0; i < p->log.nwarnings; i++) {
		char w[600];
		dt_import_file_text(w, sizeof w, p->path, base, p->log.warnings[i]);
		if (dt_store_warning_add(st, run->id, file_id, w) < 0)
			goto store_err;
	}
	for (size_t i = 0; i < p->log.nnotes; i++) {
		char w[600];
		dt_import_file_text(w, sizeof w, p->path, base, p->log.notes[i]);
		if (dt_store_note_add(st, run->id, file_id, w) < 0)
			goto store_err;
	}
	for (size_t i = 0; i < p->log.nfacts; i++)
		if (dt_store_fact_set(st, run->id, file_id, p->log.facts[i].key,
		                      p->log.facts[i].value, "import", NULL) < 0)
			goto store_err;
	if (first_of_run) {
		if (parsed_sha(p, err, errlen) < 0)
			return -1;
		if (dt_store_file_set_content(st, file_id, p->sha256,
		                              (int64_t)p->bytes) < 0)
			goto store_err;
	}
	add_format(run, p->imp->name);
	snprintf(run->step_source, sizeof run->step_source, "%s",
	         p->log.step_source);
	return 0;
store_err:
	snprintf(err, errlen, "%s", dt_store_error(st));
	return -1;
}

typedef struct dup_pt {
	uint32_t segment;  /* resolution's segment (dt_point_starts_segment) */
	int64_t step;
	double value;
} dup_pt;

static int cmp_dup(const void *a, const void *b)
{
	const dup_pt *x = a, *y = b;
	if (x->segment != y->segment)
		return x->segment < y->segment ? -1 : 1;
	return x->step < y->step ? -1 : x->step > y->step;
}

/* Interleaved writers (issue 9): steps of the loss logged more than once
 * with different values inside one launch. Two processes appending to
 * one log do this (or a log printing one row per micro-batch with the
 * same step); the points are averaged, so it must not happen silently.
 * Returns 0 or -1 (ENOMEM). */
static int warn_interleaved(const char *path, dt_rawlog *log)
{
	const dt_rawseries *s = dt_rawlog_find(log, DT_METRIC_LOSS);
	if (!s || s->n < 2)
		return 0;
	/* Steps strictly increasing through the file (the usual log): no
	 * step twice in any launch, nothing to sort. */
	size_t k = 1;
	while (k < s->n && s->step[k] > s->step[k - 1])
		k++;
	if (k == s->n)
		return 0;
	dup_pt *p = malloc(s->n * sizeof *p);
	if (!p)
		return -1;
	/* points are keyed by segment as resolution finds them (a launch
	 * mark, or a step going back: a restart whose values replace the
	 * earlier ones), so only a step repeated inside one is counted */
	size_t mk = 0;
	uint32_t seg = 0;
	for (size_t i = 0; i < s->n; i++) {
		size_t mk0 = mk;
		while (mk < s->nmarks && s->marks[mk] <= i)
			mk++;
		if (dt_point_starts_segment(mk > mk0, i > 0,
		                            s->sort_within_segment, s->step[i],
		                            i > 0 ? s->step[i - 1] : 0))
			seg++;
		p[i] = (dup_pt){seg, s->step[i], s->value[i]};
	}
	qsort(p, s->n, sizeof *p, cmp_dup);
	size_t steps = 0;
	int64_t first = 0;
	double a = 0, b = 0;
	for (size_t i = 0; i + 1 < s->n;) {
		size_t j = i + 1;
		int differ = 0;
		for (; j < s->n && p[j].segment == p[i].segment &&
		       p[j].step == p[i].step; j++)
			if (p[j].value != p[i].value && !differ++ && steps == 0) {
				first = p[i].step;
				a = p[i].value;
				b = p[j].value;
			}
		steps += differ > 0;
		i = j;
	}
	free(p);
	if (steps == 0)
		return 0;
	return dt_rawlog_warn(log, "%s: %zu loss step(s) logged more than once "
	                      "with different values inside one launch (first "
	                      "step %lld: %.6g vs %.6g): two processes writing "
	                      "the same log, or one row per micro-batch; the "
	                      "values are averaged per step", path, steps,
	                      (long long)first, a, b);
}

/* "  step range: loss 1..50, all metrics 1..50; 2 segment(s) in the
 * file" (steps as logged; segments of the loss, else the most of any
 * metric, as dt_resolve_segments finds them: launches marked inside the
 * file and steps going back); with G > 1 the effective steps follow,
 * through the conversion resolution uses (dt_effective_step):
 * "  effective steps (--grad-accum 4): loss 1..13, all metrics 1..13". */
static void report_range(FILE *out, const dt_rawlog *log, int64_t g)
{
	const dt_rawseries *loss = dt_rawlog_find(log, DT_METRIC_LOSS);
	int64_t lo = INT64_MAX, hi = INT64_MIN, a = INT64_MAX, b = INT64_MIN;
	for (size_t i = 0; i < log->nseries; i++) {
		const dt_rawseries *s = &log->series[i];
		/* series sharing one step array share its range: scanned once */
		const dt_rawseries *t = &log->series[dt_rawlog_step_twin(log, i)];
		int64_t slo = INT64_MAX, shi = INT64_MIN;
		if (t == s || s == loss)
			dt_rawseries_step_range(s, &slo, &shi);
		lo = slo < lo ? slo : lo;
		hi = shi > hi ? shi : hi;
		if (s == loss) {
			a = slo;
			b = shi;
		}
	}
	if (lo > hi)
		return;
	size_t segs = dt_import_log_segments(log);
	/* ceil(m / G) keeps the order: the ends map to the ends */
	for (int eff = 0; eff <= (g > 1); eff++) {
		int64_t G = eff ? g : 1;
		if (eff)
			fprintf(out, "  effective steps (--grad-accum %lld):",
			        (long long)g);
		else
			fprintf(out, "  step range:");
		if (a <= b)
			fprintf(out, " loss %lld..%lld,",
			        (long long)dt_effective_step(a, G),
			        (long long)dt_effective_step(b, G));
		fprintf(out, " all metrics %lld..%lld",
		        (long long)dt_effective_step(lo, G),
		        (long long)dt_effective_step(hi, G));
		if (eff)
			fputc('\n', out);
		else
			fprintf(out, "; %zu segment(s) in the file\n", segs);
	}
}

/* "  launch 2 at line 17: marker megatron_loaded (checkpoint 400)": one
 * line per piece of launch evidence found inside the file. */
/* One line per launch, its evidence in file order: "  launch 2 at line
 * 10: banner megatron_arguments; line 12: marker megatron_loading
 * (checkpoint 40)" (evidence lines of one launch are one restart:
 * rawlog.h dt_rawlog_launch). */
static void report_launches(FILE *out, const dt_rawlog *log)
{
	for (size_t i = 0; i < log->nlaunch_ev; i++) {
		const dt_launch_evidence *e = &log->launch_ev[i];
		int first = i == 0 || log->launch_ev[i - 1].launch != e->launch;
		char m[64] = "", ck[48] = "";
		if (e->marker[0])
			dt_sanitize(e->marker, m, sizeof m);
		if (e->ckpt_step >= 0)
			snprintf(ck, sizeof ck, " (checkpoint %lld)",
			         (long long)e->ckpt_step);
		if (first)
			fprintf(out, "  launch %u%s", (unsigned)e->launch + 1,
			        e->line ? " at" : "");
		else
			fputc(';', out);
		if (e->line)
			fprintf(out, " line %llu", (unsigned long long)e->line);
		fprintf(out, "%s %s%s%s%s", first || e->line ? ":" : "",
		        dt_launch_kind_name(e->kind), m[0] ? " " : "", m, ck);
		if (i + 1 == log->nlaunch_ev ||
		    log->launch_ev[i + 1].launch != e->launch)
			fputc('\n', out);
	}
}

static void report_one(FILE *out, const parsed *p, int64_t g)
{
	char path[512];
	dt_sanitize(p->path, path, sizeof path);
	size_t np = dt_rawlog_points(&p->log);
	if (p->log.nseries == 0) /* facts only: never "0 points in 0 metrics ()" */
		fprintf(out, "%s: %s, no points (run facts only)", path,
		        p->imp->name);
	else
		fprintf(out, "%s: %s, %zu point%s in %zu metric%s (", path,
		        p->imp->name, np, np == 1 ? "" : "s", p->log.nseries,
		        p->log.nseries == 1 ? "" : "s");
	for (size_t i = 0; i < p->log.nseries; i++) {
		char m[128];
		dt_sanitize(p->log.series[i].metric, m, sizeof m);
		fprintf(out, "%s%s %zu", i ? ", " : "", m, p->log.series[i].n);
	}
	fprintf(out, "%s; steps: %s\n", p->log.nseries ? ")" : "",
	        p->log.step_source);
	report_range(out, &p->log, g);
	report_launches(out, &p->log);
	for (size_t i = 0; i < p->log.nfacts; i++) {
		char k[128], v[600];
		dt_sanitize(p->log.facts[i].key, k, sizeof k);
		dt_sanitize(p->log.facts[i].value, v, sizeof v);
		fprintf(out, "  fact: %s = %s\n", k, v);
	}
	for (size_t i = 0; i < p->log.nwarnings; i++) {
		char w[600];
		dt_sanitize(p->log.warnings[i], w, sizeof w);
		fprintf(out, "  warning: %s\n", w);
	}
	for (size_t i = 0; i < p->log.nnotes; i++) {
		char w[600];
		dt_sanitize(p->log.notes[i], w, sizeof w);
		fprintf(out, "  note: %s\n", w);
	}
}

static void free_parsed(parsed *ps, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		dt_file_digest_free(ps[i].digest);
		dt_rawlog_free(&ps[i].log);
	}
	free(ps);
}

/* Stats of a new run straight from the parsed logs (no read-back),
 * started on a thread (import_stats.h); NULL when memory runs out. */
static dt_import_stats *stats_from_memory(const dt_run *run, parsed *ps,
                                          size_t n)
{
	const dt_rawlog **logs = malloc((n ? n : 1) * sizeof *logs);
	if (!logs)
		return NULL;
	for (size_t i = 0; i < n; i++)
		logs[i] = &ps[i].log;
	dt_import_stats *j = dt_import_stats_start(run, logs, n);
	free(logs);
	return j;
}

/* The report line of a file stored as the run's log grown. */
static void report_grown(FILE *out, const char *path, const dt_grown *g)
{
	char from[300], name[300];
	const char *b = strrchr(path, '/');
	if (!out)
		return;
	dt_sanitize(g->held_from, from, sizeof from);
	dt_sanitize(b ? b + 1 : path, name, sizeof name);
	size_t held = g->has_loss ? g->loss_held : g->held;
	fprintf(out, "  %s: %zu point%s already held (same log grown; as stored "
	        "from %s, bit for bit), %zu new", name, held,
	        held == 1 ? "" : "s", from,
	        g->has_loss ? g->loss_added : g->added);
	if (g->has_loss)
		fprintf(out, " (loss; all metrics %zu held, %zu new)", g->held,
		        g->added);
	fputc('\n', out);
}

/* Store one parsed file: as the run's stored log grown when it is
 * (import_grown.h; p->grown, p->g say how), else as a new file.
 * Returns 0 or -1. */
static int store_file(dt_store *st, dt_run *run, parsed *ps, size_t i,
                      FILE *report, char *err, size_t errlen)
{
	parsed *p = &ps[i];
	/* the run's first file (none stored before, none earlier in this
	 * import): nothing it could have grown from or repeat */
	if (i == 0 && run->files == 0)
		return store_one(st, run, p, 1, err, errlen);
	if (parsed_sha(p, err, errlen) < 0)
		return -1;
	/* the same file named twice in this import (or by two paths, or a
	 * copy): said so, not "the run already holds it", which the run,
	 * new before this import, may not. Earlier files' SHA-256 is known:
	 * each was stored (store_one, store_file) before this one. */
	for (size_t j = 0; j < i; j++) {
		if (strcmp(ps[j].sha256, p->sha256) != 0)
			continue;
		if (!strcmp(ps[j].path, p->path))
			snprintf(err, errlen, "%s: named twice in this import; "
			         "nothing imported", p->path);
		else
			snprintf(err, errlen, "%s: named twice in this import (the "
			         "same content as %s, SHA-256 %.16s...); nothing "
			         "imported", p->path, ps[j].path, p->sha256);
		return -1;
	}
	int r = dt_import_grown(st, run, p->path, p->sha256, p->bytes,
	                        p->imp->name, &p->log, &p->g, err, errlen);
	p->grown = r == 1;
	if (r < 0)
		return -1;
	if (r == 0)
		return store_one(st, run, p, 0, err, errlen);
	report_grown(report, p->path, &p->g);
	add_format(run, p->imp->name);
	snprintf(run->step_source, sizeof run->step_source, "%s",
	         p->log.step_source);
	return 0;
}

void dt_import_report_resolved(FILE *out, const char *run_name,
                               const dt_metric_stats *loss)
{
	if (!out || loss->read <= loss->points)
		return;
	char name[DT_NAME_MAX * 2];
	dt_sanitize(run_name, name, sizeof name);
	fprintf(out, "loss of run '%s': %lld point%s read, %lld step%s kept:",
	        name, (long long)loss->read, loss->read == 1 ? "" : "s",
	        (long long)loss->points, loss->points == 1 ? "" : "s");
	/* only the parts that happened */
	if (loss->averaged)
		fprintf(out, " %lld point%s averaged into the steps they share (a "
		        "row per micro-batch, or several writers of one log)%s",
		        (long long)loss->averaged, loss->averaged == 1 ? "" : "s",
		        loss->superseded ? "," : "");
	/* points, not steps: logged every 10 steps, 24 points superseded
	 * are 240 replayed steps (the summary's count) */
	if (loss->superseded)
		fprintf(out, " %lld point%s superseded by a later segment (logged "
		        "again when their steps were replayed)",
		        (long long)loss->superseded, loss->superseded == 1 ? "" : "s");
	fputc('\n', out);
}

/* Store all parsed files in one transaction. A run that had no files
 * gets its stats computed from memory before the logs are freed; an
 * existing run, or one a file of this import grew, is re-resolved from
 * the store (old and new files). *loss: the run's loss stats as
 * resolved (dt_import_report_resolved says them). */
static int store_all(dt_store *st, const dt_import_request *rq, parsed *ps,
                     FILE *report, dt_metric_stats *loss, char *err,
                     size_t errlen)
{
	dt_run run;
	dt_metric_stats *ms = NULL;
	size_t nm = 0;
	int any_grown = 0;
	if (dt_store_begin(st) < 0) {
		snprintf(err, errlen, "%s", dt_store_error(st));
		return -1;
	}
	int rc = prepare_run(st, rq, &ps[0], &run, err, errlen);
	/* a new run's stats come from the parsed logs, on a thread while
	 * the first file is written (import_stats.h) */
	dt_import_stats *sj = NULL;
	if (rc == 0 && run.files == 0 &&
	    !(sj = stats_from_memory(&run, ps, rq->nfiles))) {
		snprintf(err, errlen, "out of memory");
		rc = -1;
	}
	for (size_t i = 0; rc == 0 && i < rq->nfiles; i++) {
		rc = store_file(st, &run, ps, i, report, err, errlen);
		any_grown |= ps[i].grown;
		/* before any log changes (a grown file) or is freed */
		if (sj && dt_import_stats_join(sj, &ms, &nm) < 0 && rc == 0) {
			snprintf(err, errlen, "out of memory");
			rc = -1;
		}
		sj = NULL;
		if (!ps[i].borrowed)
			dt_rawlog_free(&ps[i].log); /* stored: release before refresh */
	}
	if (sj && dt_import_stats_join(sj, &ms, &nm) < 0 && rc == 0) {
		snprintf(err, errlen, "out of memory"); /* no file to store */
		rc = -1;
	}
	memset(loss, 0, sizeof *loss);
	if (rc == 0 && ms && !any_grown) {
		rc = dt_run_store_stats(st, &run, ms, nm, err, errlen);
		for (size_t i = 0; i < nm; i++)
			if (!strcmp(ms[i].metric, DT_METRIC_LOSS))
				*loss = ms[i];
	} else if (rc == 0)
		rc = dt_run_refresh_loss(st, &run, loss, err, errlen);
	if (rc == 0 && dt_store_commit(st) < 0) {
		snprintf(err, errlen, "%s", dt_store_error(st));
		rc = -1;
	}
	if (rc < 0)
		dt_store_rollback(st);
	free(ms);
	return rc;
}

static void free_paths(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/* The request's paths with folders replaced by their log files
 * (dt_import_dir_files); *out owned (free_paths). */
static void json_skipped(void *ctx, const char *path, const char *why)
{
	dt_jw *w = ctx;
	dt_jw_obj_begin(w);
	dt_jw_key(w, "path"); dt_jw_str(w, path);
	dt_jw_key(w, "reason"); dt_jw_str(w, why);
	dt_jw_obj_end(w);
}

/* A folder of the request in the JSON report: {path, layout, files,
 * skipped [{path, reason}]}. */
static void json_folder(dt_jw *w, const char *dir, char *const *sub,
                        size_t nsub, const char *kind)
{
	dt_jw_obj_begin(w);
	dt_jw_key(w, "path"); dt_jw_str(w, dir);
	dt_jw_key(w, "layout"); dt_jw_str(w, kind);
	dt_jw_key(w, "files");
	dt_jw_arr_begin(w);
	for (size_t i = 0; i < nsub; i++)
		dt_jw_str(w, sub[i]);
	dt_jw_arr_end(w);
	dt_jw_key(w, "skipped");
	dt_jw_arr_begin(w);
	dt_import_dir_skipped_each(dir, sub, nsub, kind, json_skipped, w);
	dt_jw_arr_end(w);
	dt_jw_obj_end(w);
}

/* jw: the JSON report (its "folders" array is open), else NULL. */
static int expand_paths(const dt_import_request *rq, FILE *report,
                        dt_jw *jw, char ***out, size_t *nout, char *err,
                        size_t errlen)
{
	char **v = NULL;
	size_t n = 0, cap = 0;
	for (size_t i = 0; i < rq->nfiles; i++) {
		char **sub = NULL;
		size_t nsub = 1;
		const char *kind = NULL;
		int dir = dt_import_is_dir(rq->files[i]);
		if (dir && dt_import_dir_files(rq->files[i], &sub, &nsub, &kind,
		                               err, errlen) < 0) {
			free_paths(v, n);
			return -1;
		}
		if (n + nsub > cap) {
			size_t c2 = (n + nsub) * 2;
			char **nv = realloc(v, c2 * sizeof *nv);
			if (!nv)
				goto oom;
			v = nv;
			cap = c2;
		}
		if (dir) {
			if (jw) {
				json_folder(jw, rq->files[i], sub, nsub, kind);
			} else if (report) {
				char safe[512];
				dt_sanitize(rq->files[i], safe, sizeof safe);
				fprintf(report, "%s: folder, %zu file(s): %s; one run, a "
				        "segment per file\n", safe, nsub, kind);
				size_t k = dt_import_dir_skipped(rq->files[i], sub, nsub,
				                                 kind, report);
				if (k)
					fprintf(report, "  %zu file(s) of the folder skipped\n",
					        k);
			}
			memcpy(v + n, sub, nsub * sizeof *sub);
			n += nsub;
			free(sub);
			sub = NULL;
		} else if ((v[n] = strdup(rq->files[i])) != NULL) {
			n++;
		} else {
			goto oom;
		}
		continue;
oom:
		free_paths(sub, nsub);
		free_paths(v, n);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	*out = v;
	*nout = n;
	return 0;
}

/* A log the run already holds a first part of (a stopped follow): only
 * what was appended is stored (the follow machinery, one update).
 * Returns 1 done, 0 not such a log, -1 error. */
static int continue_followed(dt_store *st, const dt_import_request *rq,
                             FILE *report, char *err, size_t errlen)
{
	char name[DT_NAME_MAX];
	dt_import_run_name(rq, name, sizeof name);
	dt_import_request one = *rq;
	one.run_name = name;
	dt_follow *f = dt_follow_new(&one);
	long added;
	if (!f) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	struct stat sb;
	int r = dt_follow_resume(f, st, NULL, err, errlen);
	if (r == 1 && (stat(rq->files[0], &sb) < 0 ||
	               (size_t)sb.st_size <= dt_follow_offset(f)))
		r = 0; /* nothing appended: an ordinary import (refused) */
	if (r == 1) {
		if (report) {
			char safe[512];
			dt_sanitize(rq->files[0], safe, sizeof safe);
			fprintf(report, "%s: run '%s' holds the first part of this log "
			        "(a stopped follow); reading what was appended\n", safe,
			        name);
		}
		r = dt_follow_poll(f, st, &added, report, err, errlen);
		if (r == 1)
			dt_import_report_resolved(report, name, dt_follow_loss(f));
	}
	dt_follow_free(f);
	return r;
}

/* The JSON report (rq->json): the root object up to the open "folders"
 * array, written to a memory stream so that a failed dry run prints
 * nothing on stdout. */
static int json_open(const char *platform, const char *name,
                     dt_jw *jw, FILE **mem, char **buf, size_t *len)
{
	*mem = open_memstream(buf, len);
	if (!*mem)
		return -1;
	dt_jw_init(jw, *mem, 0);
	dt_jw_obj_begin(jw);
	dt_jw_key(jw, "dry_run"); dt_jw_bool(jw, 1);
	dt_jw_key(jw, "run"); dt_jw_str(jw, name);
	dt_jw_key(jw, "platform");
	if (platform)
		dt_jw_str(jw, platform);
	else
		dt_jw_null(jw);
	dt_jw_key(jw, "folders");
	dt_jw_arr_begin(jw);
	return 0;
}

/* Totals after "files": points, segments (each file after the first
 * starts one), launches = segments, warnings; then the document ends
 * and goes to `report` when rc is 0. */
static void json_close(dt_jw *jw, FILE *mem, char **buf, size_t *len,
                       const parsed *ps, size_t n, int rc, FILE *report)
{
	size_t points = 0, segs = 0, warns = 0;
	for (size_t i = 0; i < n; i++) {
		points += dt_rawlog_points(&ps[i].log);
		segs += dt_import_log_segments(&ps[i].log);
		warns += ps[i].log.nwarnings;
	}
	dt_jw_arr_end(jw);
	dt_jw_key(jw, "points"); dt_jw_int(jw, (int64_t)points);
	dt_jw_key(jw, "segments"); dt_jw_int(jw, (int64_t)segs);
	dt_jw_key(jw, "warnings"); dt_jw_int(jw, (int64_t)warns);
	dt_jw_obj_end(jw);
	dt_jw_end(jw);
	fclose(mem);
	if (rc == 0 && report)
		fwrite(*buf, 1, *len, report);
	free(*buf);
	*buf = NULL;
}

/* Checks that need neither the files nor the store. */
static int request_valid(const dt_import_request *rq0, char *err,
                         size_t errlen)
{
	/* a dry run stores nothing: the platform may be left out */
	if ((rq0->platform || !rq0->dry_run) &&
	    !dt_platform_valid(rq0->platform)) {
		snprintf(err, errlen, "--platform must be gpu, trn2, trn1 or other");
		return -1;
	}
	if (rq0->nfiles == 0) {
		snprintf(err, errlen, "no file given");
		return -1;
	}
	if (rq0->json && !rq0->dry_run) {
		snprintf(err, errlen, "a JSON report is made by --dry-run only");
		return -1;
	}
	return 0;
}

/* The files of an import, parsed, between dt_import_begin and
 * dt_import_finish. */
struct dt_import_job {
	dt_import_request rq;   /* run_name -> name, files -> paths */
	char name[DT_NAME_MAX];
	char **paths;
	size_t npaths;
	parsed *ps;
	FILE *report, *out;     /* out: report, or held until stored */
	FILE *held;
	char *hbuf;
	size_t hlen;
};

static void job_free(dt_import_job *job, int show)
{
	if (job->held) {
		fclose(job->held);
		if (show)
			fwrite(job->hbuf, 1, job->hlen, job->report);
		free(job->hbuf);
	}
	if (job->ps)
		free_parsed(job->ps, job->npaths);
	free_paths(job->paths, job->npaths);
	free(job);
}

/* A dry run's view of what the import would do with file ps[i]
 * (parsed): whether it is the run's log grown (import_grown.h), of the
 * last file before it in this import holding points (as stored, or as
 * grown by it), else of the store's run (st and run, NULL when there is
 * no store or no such run). Sets ps[i].grown and .g. Returns 0 or -1
 * with err. */
static int dry_grown(dt_store *st, const dt_run *run, parsed *ps, size_t i,
                     char *err, size_t errlen)
{
	parsed *p = &ps[i];
	int r = 0;
	for (size_t k = 0; k < i; k++)
		if (!strcmp(ps[k].sha256, p->sha256))
			return 0; /* the import refuses it */
	size_t k = i;
	while (k > 0 && dt_rawlog_points(&ps[k - 1].log) == 0)
		k--;
	if (k > 0) {
		const parsed *w = &ps[k - 1];
		const char *b = strrchr(w->path, '/');
		r = dt_import_grown_of(&w->log, w->grown ? w->g.held_from :
		                       b ? b + 1 : w->path, &p->log, &p->g);
		if (r < 0)
			snprintf(err, errlen, "out of memory");
	} else if (st && run) {
		r = dt_import_grown_check(st, run, p->sha256, &p->log, &p->g, err,
		                          errlen);
	}
	p->grown = r == 1;
	return r < 0 ? -1 : 0;
}

/* The dry run's "loss of run" line (dt_import_report_resolved) when the
 * import would count exactly the files given, from memory: a run the
 * store does not hold, no file the log of another grown or given twice
 * (the import refuses that). A run the store holds is counted over its
 * stored files too, which a dry run does not read: not said. Returns 0
 * or -1 with err. */
static int dry_resolved(const dt_import_request *rq, parsed *ps, size_t n,
                        FILE *out, char *err, size_t errlen)
{
	for (size_t i = 0; i < n; i++) {
		if (ps[i].grown)
			return 0;
		for (size_t k = 0; k < i; k++)
			if (!strcmp(ps[k].sha256, ps[i].sha256))
				return 0;
	}
	if (n == 0)
		return 0;
	dt_run run;
	new_run(rq, rq->run_name, &run);
	run_settings(rq, &ps[0], &run);
	dt_import_stats *sj = stats_from_memory(&run, ps, n);
	dt_metric_stats *ms = NULL, loss = {0};
	size_t nm = 0;
	if (!sj || dt_import_stats_join(sj, &ms, &nm) < 0) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (size_t i = 0; i < nm; i++)
		if (!strcmp(ms[i].metric, DT_METRIC_LOSS))
			loss = ms[i];
	free(ms);
	dt_import_report_resolved(out, run.name, &loss);
	return 0;
}

/* The dry run's platform line when --platform was not given: the store's
 * run's (the import adds to that run), else not given; when given, only
 * when the store's run of that name has another (the import refuses). */
static void report_platform(FILE *out, const char *given, const dt_run *run)
{
	char name[DT_NAME_MAX * 2];
	if (run)
		dt_sanitize(run->name, name, sizeof name);
	if (given && run && strcmp(given, run->platform) != 0)
		fprintf(out, "platform: %s; run '%s' in the store is %s: the import "
		        "would be refused\n", given, name, run->platform);
	else if (given)
		return;
	else if (run)
		fprintf(out, "platform: %s (run '%s' in the store)\n",
		        run->platform, name);
	else
		fprintf(out, "platform: not given (an import needs --platform "
		        "gpu|trn2|trn1|other)\n");
}

/* dt_import_begin; st: for a dry run, the store (read) or NULL. */
static dt_import_job *begin_job(const dt_import_request *rq0, dt_store *st,
                                FILE *report, char *err, size_t errlen)
{
	if (request_valid(rq0, err, errlen) < 0)
		return NULL;
	dt_import_job *job = calloc(1, sizeof *job);
	if (!job) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	/* the run is named after what the user gave (a folder, a file) */
	dt_import_run_name(rq0, job->name, sizeof job->name);
	/* a dry run reads the store's run (if any) to say which file the
	 * import would store as the run's log grown, and its platform */
	dt_run run, *held_run = NULL;
	int found = rq0->dry_run && st ? dt_store_run_find(st, job->name, &run)
	                               : 1;
	if (found < 0) {
		snprintf(err, errlen, "%s", dt_store_error(st));
		free(job);
		return NULL;
	} else if (found == 0) {
		held_run = &run;
	}
	dt_jw jws, *jw = NULL;
	FILE *mem = NULL;
	char *jbuf = NULL;
	size_t jlen = 0;
	if (rq0->json) {
		if (json_open(rq0->platform ? rq0->platform : held_run ?
		              held_run->platform : NULL, job->name, &jws, &mem,
		              &jbuf, &jlen) < 0) {
			snprintf(err, errlen, "out of memory");
			free(job);
			return NULL;
		}
		jw = &jws;
	}
	/* an import's text report is held until the store took the files:
	 * a refused import (the run already holds the file, ...) prints
	 * nothing on stdout that reads like success */
	job->report = job->out = report;
	if (report && !rq0->dry_run && !jw &&
	    (job->held = open_memstream(&job->hbuf, &job->hlen)) != NULL)
		job->out = job->held;
	FILE *out = job->out;
	int rc = expand_paths(rq0, out, jw, &job->paths, &job->npaths, err,
	                      errlen);
	if (rc == 0 && (job->ps = calloc(job->npaths ? job->npaths : 1,
	                                 sizeof *job->ps)) == NULL) {
		snprintf(err, errlen, "out of memory");
		rc = -1;
	}
	dt_import_request *rq = &job->rq;
	*rq = *rq0;
	rq->run_name = job->name;
	rq->files = (const char *const *)job->paths;
	rq->nfiles = job->npaths;
	if (jw) {
		dt_jw_arr_end(jw);
		dt_jw_key(jw, "files");
		dt_jw_arr_begin(jw);
	}
	size_t done = 0;
	for (size_t i = 0; i < job->npaths && rc == 0; i++) {
		parsed *p = &job->ps[i];
		/* a dry run and --json name each file's digest as it is
		 * parsed; an import needs it only when storing (store_file) */
		rc = parse_one(rq, job->paths[i], p, rq->dry_run || jw ?
		               DT_DIGEST_AHEAD : DT_DIGEST_AFTER, err, errlen);
		done = i + 1;
		if (rc == 0 && rq->dry_run)
			rc = dry_grown(st, held_run, job->ps, i, err, errlen);
		if (rc == 0 && jw) {
			dt_import_json_file(jw, p->path, p->imp->name, p->bytes,
			                    p->sha256, &p->log, p->grown ? &p->g : NULL);
		} else if (rc == 0 && out) {
			report_one(out, p, log_grad_accum(&rq->opts, &p->log));
			if (p->grown)
				report_grown(out, p->path, &p->g);
		}
	}
	if (rc == 0)
		rc = import_grad_accum(&rq->opts, job->ps, job->npaths, err, errlen);
	if (rc == 0 && rq->dry_run && !jw && out && !held_run)
		rc = dry_resolved(rq, job->ps, job->npaths, out, err, errlen);
	if (rc == 0 && rq->dry_run && !jw && out)
		report_platform(out, rq->platform, held_run);
	if (jw)
		json_close(jw, mem, &jbuf, &jlen, job->ps, rc == 0 ? done : 0, rc,
		           report);
	if (rc < 0) {
		job_free(job, 0);
		return NULL;
	}
	return job;
}

dt_import_job *dt_import_begin(const dt_import_request *rq0, FILE *report,
                               char *err, size_t errlen)
{
	return begin_job(rq0, NULL, report, err, errlen);
}

int dt_import_finish(dt_import_job *job, dt_store *st, char *err,
                     size_t errlen)
{
	int rc = 0;
	dt_metric_stats loss;
	if (!job->rq.dry_run) {
		rc = store_all(st, &job->rq, job->ps, job->out, &loss, err, errlen);
		if (rc == 0)
			dt_import_report_resolved(job->out, job->name, &loss);
	}
	job_free(job, rc == 0);
	return rc;
}

void dt_import_abandon(dt_import_job *job)
{
	if (job)
		job_free(job, 0);
}

int dt_import(dt_store *st, const dt_import_request *rq0, FILE *report,
              char *err, size_t errlen)
{
	if (request_valid(rq0, err, errlen) < 0)
		return -1;
	if (!rq0->dry_run && rq0->nfiles == 1 && !dt_import_is_dir(rq0->files[0]) &&
	    strcmp(rq0->files[0], "-")) {
		int r = continue_followed(st, rq0, report, err, errlen);
		if (r != 0)
			return r < 0 ? -1 : 0;
	}
	dt_import_job *job = begin_job(rq0, rq0->dry_run ? st : NULL, report,
	                               err, errlen);
	return job ? dt_import_finish(job, st, err, errlen) : -1;
}

int dt_import_parsed(dt_store *st, const dt_import_request *rq,
                     const char *path, const char sha256[65], size_t bytes,
                     const dt_importer *imp, dt_rawlog *log, dt_run *run,
                     int64_t *file_id, dt_grown *g, dt_metric_stats *loss,
                     FILE *report, char *err, size_t errlen)
{
	parsed p;
	memset(&p, 0, sizeof p);
	p.path = path;
	p.imp = imp;
	p.bytes = bytes;
	memcpy(p.sha256, sha256, 65);
	p.log = *log;        /* a shallow copy: the caller keeps the log */
	p.borrowed = 1;
	dt_import_request one = *rq;
	one.files = &path;
	one.nfiles = 1;
	if (import_grad_accum(&one.opts, &p, 1, err, errlen) < 0)
		return -1;
	int rc = store_all(st, &one, &p, report, loss, err, errlen);
	if (rc == 0 && dt_store_run_find(st, rq->run_name, run) != 0) {
		snprintf(err, errlen, "%s", dt_store_error(st));
		return -1;
	}
	if (rc == 0) {
		dt_run_file *files;
		size_t nf;
		if (dt_store_file_list(st, run->id, &files, &nf) < 0) {
			snprintf(err, errlen, "%s", dt_store_error(st));
			return -1;
		}
		*file_id = nf ? files[nf - 1].id : 0;
		*g = p.g; /* all 0 unless grown (dt_import_grown) */
		free(files);
	}
	return rc;
}
