/* imp_csv.c: CSV metric tables (LOG-FORMATS.md sections 5 and 6).
 *
 * Handles, with one code path:
 *  - PyTorch Lightning CSVLogger metrics.csv: sparse wide table whose rows
 *    are train-step, validation or epoch-end rows, told apart only by the
 *    cells they fill. Every non-empty cell becomes a point of its column's
 *    metric at that row's step (so val_loss gives eval_loss points at the
 *    epoch's last step).
 *    Its `step` is 0-based (49, 99 ... when logging every 50), so 1 is
 *    added to get optimizer steps, with a warning saying so. A file is
 *    taken for CSVLogger output when its header has an `epoch` column, a
 *    `step` step column and at least one column named *_step, *_epoch or
 *    val_* (Lightning's on_step/on_epoch/validation keys).
 *  - Generic "step,loss,lr,..." tables (any of the step columns below).
 *  - TensorBoard UI export "Wall time,Step,Value": the metric is named by
 *    the tag in the file name: the text after the last "-tag-" of the
 *    basename, ".csv" removed (TensorBoard writes "train/loss" as
 *    "train_loss"); when that tag has no canonical mapping, its first '_' is
 *    read as '/' and mapped again ("train_learning_rate" -> lr). Without
 *    "-tag-" the basename without ".csv" is the tag.
 *  - W&B UI export: "<run name> - <metric>" headers lose the prefix (text up
 *    to the last " - "); "__MIN"/"__MAX" envelope columns are ignored.
 *
 * Step column, in order of preference: step, global_step,
 * train/global_step, trainer/global_step, iteration, _step (W&B's _step
 * counts log() calls, so a trainer step wins). Other step-like columns and
 * wall-clock columns (Wall time, _timestamp, _runtime, Relative Time ...)
 * are ignored. Header names lose the code points a terminal hides (bidi
 * controls, zero-width characters, controls: clean_names), with a
 * warning; two columns that then share a name are refused. Metric
 * columns go through dt_metric_canonical; when two
 * columns map to the same canonical metric the higher priority wins (per
 * step beats per epoch, then the first column) and the loser keeps its own
 * name, e.g. "train_loss_epoch".
 *
 * Empty cells are missing values, never 0. nan/inf spellings are kept.
 * The last line without a line end was cut while being written: skipped
 * with a warning (row_complete), on one thread or two.
 * A header row repeated mid-file (append after a resume, maybe in a new
 * column order) re-maps the columns and starts a new segment.
 *
 * Speed: libcsv gets 1 MiB chunks; numbers are parsed straight from
 * libcsv's field buffer; each column caches the index of its series in the
 * raw log (an index, not a pointer, because creating a series may move
 * the array). No allocation per row or cell. A large file is parsed by
 * two threads, the second taking the rows after the middle
 * (csv_split.h); the result is the same as one thread's. The steps of
 * a dense table are written once: a metric column whose every row came
 * with the first metric column's (the lead's) writes only its values
 * and shares the lead's step array at the end (csv_col.follows); the
 * first row that breaks that writes the column's steps so far. */
#include <ctype.h>
#include <csv.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "importers/csv_split.h"
#include "importers/importer.h"
#include "importers/source.h"
#include "importers/textline.h"
#include "model/util/grow.h"
#include "model/util/num.h"
#include "model/util/text.h"

#define CSV_CHUNK (1u << 20)
#define NO_SERIES SIZE_MAX
#define NO_COL SIZE_MAX
#define METRIC_MAX DT_METRIC_BUF

enum { COL_IGNORE, COL_STEP, COL_METRIC };

typedef struct csv_col {
	char *name;               /* header text as written, owned */
	char metric[METRIC_MAX];  /* series name */
	int kind;                 /* COL_* */
	int prio;                 /* dt_metric_canonical priority */
	size_t sidx;              /* index in log->series, NO_SERIES until used */
	double val;               /* value of this row */
	int has;                  /* val holds a value for this row */
	int follows;              /* 1: every row so far gave this column a
	                           * value exactly when it gave the lead
	                           * column one, so its series' steps are the
	                           * lead's: they are not written, and are
	                           * shared at the end (dt_rawlog_share_steps) */
} csv_col;

typedef struct csv_ctx {
	const dt_source *src;
	dt_rawlog *log;
	char *err;
	size_t errlen;
	int failed;
	size_t line;         /* 1-based physical line of the current field */
	size_t hdr_line;     /* line of the header in force (its names) */
	size_t row_line;     /* the line the current row began on */
	size_t nheaders;     /* header rows seen */
	int in_header;       /* the current row is a header row */
	int lib_pending;     /* libcsv holds an unfinished record */
	size_t feed_line;    /* physical line of the next line fed to libcsv */
	int quote_odd;       /* odd count of '"' in the pending record */
	size_t quote_line;   /* line where that record's open quote opened */
	size_t est_rows;     /* rows expected: bytes left / first row's length */
	size_t field;        /* index of the next field in the row */
	csv_col *cols;
	size_t ncols;
	char **hdr;          /* header fields being collected, owned */
	size_t nhdr, caphdr;
	size_t step_col;
	size_t lead;         /* the first metric column of the first header,
	                      * NO_COL when none: the one whose steps the
	                      * following columns share */
	int64_t step;
	int64_t step_add;    /* 1 for Lightning CSVLogger files, else 0 */
	int has_step;
	size_t nostep_rows, nostep_line;
	struct csv_parser lib; /* libcsv, for the header and quoted lines */
	int lib_ready;         /* lib initialised */
	/* a split parse (csv_split.h): each metric column's shared arrays,
	 * NULL when not split or after a repeated header re-mapped the
	 * columns; this thread's series of column i write them from index
	 * region_at, with room for region_cap points */
	dt_csv_region *regions;
	size_t region_at, region_cap;
	dt_csv_region **region_of; /* the second thread's: per series */
	struct csv_half *half; /* the first thread's second half while it
	                        * runs, else NULL */
} csv_ctx;

/* Step column names with their preference (lower wins). */
static const char *const step_names[] = {
	"step", "global_step", "train/global_step", "trainer/global_step",
	"iteration", "_step",
};
#define NSTEP_NAMES (sizeof step_names / sizeof step_names[0])

/* Wall-clock and bookkeeping columns that are not curves. */
static const char *const ignored_names[] = {
	"wall time", "wall_time", "_timestamp", "_runtime", "timestamp",
	"relative time (process)", "relative time (wall)",
};

static int step_rank(const char *name)
{
	for (size_t i = 0; i < NSTEP_NAMES; i++)
		if (strcasecmp(name, step_names[i]) == 0)
			return (int)i;
	return -1;
}

static int is_ignored_name(const char *name)
{
	for (size_t i = 0; i < sizeof ignored_names / sizeof ignored_names[0]; i++)
		if (strcasecmp(name, ignored_names[i]) == 0)
			return 1;
	return 0;
}

/* The metric part of a header: W&B exports write "<run> - <metric>". */
static const char *strip_run_prefix(const char *name)
{
	const char *p = name, *hit = NULL;
	while ((p = strstr(p, " - ")) != NULL) {
		hit = p + 3;
		p += 3;
	}
	return hit && *hit ? hit : name;
}

static int has_suffix_ci(const char *s, const char *suf)
{
	size_t n = strlen(s), m = strlen(suf);
	return n >= m && strcasecmp(s + n - m, suf) == 0;
}

/* Lower-case, spaces to '_': the name kept for a column that lost the
 * canonical name to another column. */
static void raw_metric_name(const char *name, char *out, size_t outlen)
{
	size_t k = 0;
	for (; name[k] && k + 1 < outlen; k++) {
		char c = (char)tolower((unsigned char)name[k]);
		out[k] = c == ' ' ? '_' : c;
	}
	out[k] = '\0';
}

/* "FILE:LINE: msg" error; the first error wins. */
static void fail(csv_ctx *c, const char *msg)
{
	if (c->failed)
		return;
	c->failed = 1;
	snprintf(c->err, c->errlen, "%s:%zu: %s", c->src->path, c->line, msg);
}

/* Excerpt of file text s[0..len) for a message: the text as written,
 * sanitised (dt_sanitize: control bytes and NULs -> '?'), at most `max`
 * bytes of it cut on a character boundary, and only then "…" after it
 * (the one mark, at the end: nothing inside is left out). out needs
 * max + 4 bytes. */
static void excerpt(const char *s, size_t len, size_t max, char *out,
                    size_t outlen)
{
	char tmp[256];
	size_t n = len < max ? len : max;
	if (n > sizeof tmp - 1)
		n = sizeof tmp - 1;
	while (n > 0 && n < len && ((unsigned char)s[n] & 0xC0) == 0x80)
		n--; /* s[n] continues a character: cut before its lead byte */
	memcpy(tmp, s, n);
	tmp[n] = '\0';
	for (size_t i = 0; i < n; i++)
		if (tmp[i] == '\0')
			tmp[i] = '?';
	size_t w = dt_sanitize(tmp, out, outlen > 4 ? outlen - 3 : 1);
	if (n < len && w + 4 <= outlen)
		memcpy(out + w, "\xE2\x80\xA6", 4); /* U+2026 */
}

#define CELL_EXCERPT 32   /* bytes of a cell or column name quoted */
#define LINE_EXCERPT 100  /* bytes of a line quoted */

/* Excerpt (as excerpt(), LINE_EXCERPT bytes) of physical line `line`
 * (1-based) of the source, without its line end; "…" too when the row
 * goes on past that line (a quoted cell spanning lines). */
static void line_excerpt(const csv_ctx *c, size_t line, int row_goes_on,
                         char *out, size_t outlen)
{
	const char *p = c->src->data, *end = p + c->src->len;
	for (size_t l = 1; l < line && p < end; l++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		p = nl ? nl + 1 : end;
	}
	const char *nl = memchr(p, '\n', (size_t)(end - p));
	size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
	if (len && p[len - 1] == '\r')
		len--;
	excerpt(p, len, LINE_EXCERPT, out, outlen);
	size_t w = strlen(out);
	if (row_goes_on && len <= LINE_EXCERPT && w + 4 <= outlen)
		memcpy(out + w, "\xE2\x80\xA6", 4);
}

static int is_blank_cell(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r' && s[i] != '\n')
			return 0;
	return 1;
}

static void free_cols(csv_ctx *c)
{
	for (size_t i = 0; i < c->ncols; i++)
		free(c->cols[i].name);
	free(c->cols);
	c->cols = NULL;
	c->ncols = 0;
}

static void free_hdr(csv_ctx *c)
{
	for (size_t i = 0; i < c->nhdr; i++)
		free(c->hdr[i]);
	c->nhdr = 0;
}

static void hdr_append(csv_ctx *c, const char *s, size_t len)
{
	if (c->nhdr == c->caphdr) {
		size_t cap = c->caphdr ? c->caphdr * 2 : 16;
		char **v = realloc(c->hdr, cap * sizeof *v);
		if (!v) {
			fail(c, "out of memory");
			return;
		}
		c->hdr = v;
		c->caphdr = cap;
	}
	/* a 0 byte is not where the name ends (text.h DT_TEXT_NUL) */
	char *d = malloc(2 * len + 1);
	if (!d) {
		fail(c, "out of memory");
		return;
	}
	dt_text_nul_encode(s, len, d, 2 * len + 1);
	c->hdr[c->nhdr++] = d;
}

/* TensorBoard export tag from the file name (see the file comment). */
static void tb_metric(const char *fname, char *out, size_t outlen)
{
	const char *p = fname, *tag = fname, *hit;
	while ((hit = strstr(p, "-tag-")) != NULL) {
		tag = hit + 5;
		p = hit + 5;
	}
	char buf[METRIC_MAX];
	snprintf(buf, sizeof buf, "%s", tag);
	size_t n = strlen(buf);
	if (n > 4 && strcasecmp(buf + n - 4, ".csv") == 0)
		buf[n - 4] = '\0';
	if (!buf[0])
		snprintf(buf, sizeof buf, "value");
	if (dt_metric_canonical(buf, out, outlen) > 0)
		return;
	char alt[METRIC_MAX], canon[METRIC_MAX];
	snprintf(alt, sizeof alt, "%s", buf);
	char *us = strchr(alt, '_');
	if (us) {
		*us = '/';
		if (dt_metric_canonical(alt, canon, sizeof canon) > 0) {
			snprintf(out, outlen, "%s", canon);
			return;
		}
	}
}

static int is_tb_export(const csv_ctx *c)
{
	return c->ncols == 3 && strcasecmp(c->cols[0].name, "wall time") == 0 &&
	       strcasecmp(c->cols[1].name, "step") == 0 &&
	       strcasecmp(c->cols[2].name, "value") == 0;
}

/* First pass over a header: kind, canonical name and priority. */
static void classify_col(csv_ctx *c, csv_col *col, int *best_rank)
{
	const char *m = strip_run_prefix(col->name);
	int r = step_rank(m);
	col->kind = COL_METRIC;
	col->sidx = NO_SERIES;
	col->has = 0;
	if (has_suffix_ci(m, "__min") || has_suffix_ci(m, "__max") ||
	    is_ignored_name(m) || !*m) {
		col->kind = COL_IGNORE;
	} else if (r >= 0) {
		col->kind = COL_IGNORE;
		if (*best_rank < 0 || r < *best_rank) {
			*best_rank = r;
			c->step_col = (size_t)(col - c->cols);
		}
	} else {
		col->prio = dt_metric_canonical(m, col->metric, sizeof col->metric);
	}
}

/* A column loses the canonical name to a better column of the same
 * canonical metric: it keeps its own (normalised) name. */
static void resolve_conflicts(csv_ctx *c)
{
	for (size_t i = 0; i < c->ncols; i++) {
		csv_col *a = &c->cols[i];
		if (a->kind != COL_METRIC)
			continue;
		for (size_t j = 0; j < c->ncols; j++) {
			csv_col *b = &c->cols[j];
			if (j == i || b->kind != COL_METRIC ||
			    strcmp(a->metric, b->metric) != 0)
				continue;
			if (b->prio > a->prio || (b->prio == a->prio && j < i)) {
				raw_metric_name(strip_run_prefix(a->name), a->metric,
				                sizeof a->metric);
				a->prio = 0;
				break;
			}
		}
	}
	for (size_t i = 0; i < c->ncols; i++) {
		csv_col *a = &c->cols[i];
		for (size_t j = 0; a->kind == COL_METRIC && j < i; j++) {
			if (c->cols[j].kind == COL_METRIC &&
			    strcmp(a->metric, c->cols[j].metric) == 0) {
				dt_rawlog_warn(c->log, "%s:%zu: column '%s' repeats "
				               "metric '%s'; ignored", c->src->path,
				               c->line, a->name, a->metric);
				a->kind = COL_IGNORE;
			}
		}
	}
}

/* The header (the row that began on c->row_line) names no step column:
 * the error quotes that line as the file has it (line_excerpt). */
static void no_step_column(csv_ctx *c)
{
	char found[LINE_EXCERPT + 8];
	line_excerpt(c, c->row_line, c->row_line < c->line, found, sizeof found);
	char msg[384];
	snprintf(msg, sizeof msg, "no step column: expected one of step, "
	         "global_step, train/global_step, iteration, _step, Step (or "
	         "Wall time,Step,Value); found: %s", found);
	fail(c, msg);
}

/* Lightning CSVLogger header (see the file comment): epoch + step +
 * a *_step, *_epoch or val_* column. */
static int is_lightning(const csv_ctx *c)
{
	int epoch = 0, keyed = 0;
	for (size_t i = 0; i < c->ncols; i++) {
		const char *n = c->cols[i].name;
		if (strcmp(n, "epoch") == 0)
			epoch = 1;
		else if ((has_suffix_ci(n, "_step") && strcmp(n, "global_step")) ||
		         has_suffix_ci(n, "_epoch") || strncmp(n, "val_", 4) == 0)
			keyed = 1;
	}
	return epoch && keyed && strcmp(c->cols[c->step_col].name, "step") == 0;
}

/* Column col stops following the lead column: the steps of its series
 * (equal to the lead's so far) are written now. */
static void unfollow(csv_ctx *c, csv_col *col)
{
	col->follows = 0;
	if (col->sidx == NO_SERIES)
		return;
	dt_rawseries *s = &c->log->series[col->sidx];
	if (s->n)
		memcpy(s->step, c->log->series[c->cols[c->lead].sidx].step,
		       s->n * sizeof *s->step);
}

static void unfollow_all(csv_ctx *c)
{
	for (size_t i = 0; i < c->ncols; i++)
		if (c->cols[i].follows)
			unfollow(c, &c->cols[i]);
}

/* The lead column and its followers (csv_col.follows) of the first
 * header: every metric column but the lead follows until a row fills
 * it and not the lead, or the lead and not it. A repeated header ends
 * following (its column map may differ). */
static void choose_lead(csv_ctx *c)
{
	c->lead = NO_COL;
	for (size_t i = 0; i < c->ncols; i++) {
		if (c->cols[i].kind != COL_METRIC)
			continue;
		if (c->lead == NO_COL)
			c->lead = i;
		else
			c->cols[i].follows = c->nheaders == 0;
	}
}

/* The end of a whole parse: the lead's series and its followers' use
 * one step array (saves 8 bytes per point of every follower, and their
 * fresh pages). Without memory for that, the followers' steps are
 * written instead. */
static void share_followers(csv_ctx *c)
{
	if (c->lead == NO_COL || c->cols[c->lead].sidx == NO_SERIES) {
		unfollow_all(c);
		return;
	}
	dt_rawseries **group = malloc(c->ncols * sizeof *group);
	size_t n = 0;
	if (group) {
		group[n++] = &c->log->series[c->cols[c->lead].sidx];
		for (size_t i = 0; i < c->ncols; i++)
			if (c->cols[i].follows && c->cols[i].sidx != NO_SERIES)
				group[n++] = &c->log->series[c->cols[i].sidx];
	}
	if (!group || dt_rawlog_share_steps(c->log, group, n) < 0)
		unfollow_all(c);
	for (size_t i = 0; i < c->ncols; i++)
		c->cols[i].follows = 0;
	free(group);
}

/* Header names are keys a person types (--metric loss): the code points
 * a terminal hides (dt_text_is_hidden: bidi controls, zero-width
 * characters, controls) are removed from each, with a warning naming the
 * file, line, column and the name as read (escaped); two columns that
 * then have the same name are refused, both named: never merged, never
 * one dropped. Done here, on the header, rather than where the series are
 * made (dt_rawlog_series_at, which cleans every other importer's names
 * with the same texts): a column's name decides its role (step, wall
 * clock, metric) and its priority among columns naming one metric, so it
 * is cleaned before either is decided, and the messages name columns.
 * Returns 0, or -1 (failed). */
static int clean_names(csv_ctx *c)
{
	struct { char as_read[128]; size_t dropped; } *was;
	was = calloc(c->ncols ? c->ncols : 1, sizeof *was);
	if (!was) {
		fail(c, "out of memory");
		return -1;
	}
	for (size_t i = 0; i < c->ncols; i++) {
		char where[300];
		snprintf(where, sizeof where, "%s:%zu: column %zu", c->src->path,
		         c->line, i + 1);
		int r = dt_rawlog_clean_name(c->log, where, &c->cols[i].name,
		                             was[i].as_read, sizeof was[i].as_read,
		                             1);
		if (r < 0) {
			fail(c, "out of memory");
			break;
		}
		was[i].dropped = (size_t)r;
	}
	for (size_t i = 0; i < c->ncols && !c->failed; i++)
		for (size_t j = i + 1; j < c->ncols; j++) {
			if (strcmp(c->cols[i].name, c->cols[j].name) != 0 ||
			    (!was[i].dropped && !was[j].dropped))
				continue;   /* written the same: resolve_conflicts */
			char both[320], msg[512];
			snprintf(both, sizeof both, "columns %zu '%s' and %zu '%s'",
			         i + 1, was[i].as_read, j + 1, was[j].as_read);
			dt_hidden_clash_text(msg, sizeof msg, both, c->cols[i].name);
			fail(c, msg);
			break;
		}
	free(was);
	return c->failed ? -1 : 0;
}

static size_t half_end(csv_ctx *c, struct csv_half *h, size_t off);

/* Turn the collected header fields into the column map. A header the
 * first thread meets while the second half runs ends that half first
 * (its points, under the old map, would be dropped anyway): the series
 * of the old map may then grow, which moves the arrays the second
 * thread writes. */
static void finish_header(csv_ctx *c)
{
	if (c->half) {
		struct csv_half *h = c->half;
		c->half = NULL;
		half_end(c, h, SIZE_MAX); /* SIZE_MAX: not at its start */
	}
	c->regions = NULL; /* the split's columns are gone (csv_half) */
	unfollow_all(c);
	free_cols(c);
	c->cols = calloc(c->nhdr ? c->nhdr : 1, sizeof *c->cols);
	if (!c->cols) {
		fail(c, "out of memory");
		return;
	}
	for (size_t i = 0; i < c->nhdr; i++) {
		c->cols[i].name = c->hdr[i];
		c->hdr[i] = NULL;
	}
	c->ncols = c->nhdr;
	c->nhdr = 0;
	c->hdr_line = c->line;
	if (clean_names(c) < 0)
		return;
	int best = -1;
	for (size_t i = 0; i < c->ncols; i++)
		classify_col(c, &c->cols[i], &best);
	if (best < 0) {
		no_step_column(c);
		return;
	}
	c->cols[c->step_col].kind = COL_STEP;
	if (is_tb_export(c)) {
		tb_metric(c->src->name, c->cols[2].metric, sizeof c->cols[2].metric);
		c->cols[2].prio = 2;
	}
	resolve_conflicts(c);
	choose_lead(c);
	if (c->nheaders == 0 && is_lightning(c)) {
		c->step_add = 1;
		c->log->step_added = 1;
		snprintf(c->log->step_base_rule, sizeof c->log->step_base_rule,
		         "+1: Lightning CSVLogger logs the step before the update "
		         "(0-based)");
		snprintf(c->log->updates_by, sizeof c->log->updates_by,
		         "Lightning");
		dt_rawlog_note(c->log, "%s: Lightning CSVLogger metrics.csv (epoch, "
		               "step and *_step/*_epoch/val_* columns): its step is "
		               "0-based; stored as step + 1 (optimizer steps)",
		               c->src->path);
	}
	if (c->nheaders > 0) {
		if (dt_rawlog_launch(c->log, DT_LAUNCH_HEADER, c->line, -1,
		                     NULL) < 0)
			fail(c, "out of memory");
		dt_rawlog_warn(c->log, "%s:%zu: header repeated: new segment "
		               "(appended after a restart?)", c->src->path, c->line);
	} else {
		snprintf(c->log->step_source, sizeof c->log->step_source,
		         "logged step (CSV column '%.100s')%s",
		         c->cols[c->step_col].name,
		         c->step_add ? " + 1 (Lightning counts from 0)" : "");
	}
	c->nheaders++;
}

/* Does the first field of a row start a repeated header? */
static int looks_like_header(const csv_ctx *c, const char *s, size_t len)
{
	double v;
	if (len == 0 || is_blank_cell(s, len) || dt_parse_double_field(s, len, &v) == 0)
		return 0;
	const char *m = strip_run_prefix(s);
	if (step_rank(m) >= 0 || is_ignored_name(m))
		return 1;
	for (size_t i = 0; i < c->ncols; i++)
		if (strcasecmp(c->cols[i].name, s) == 0)
			return 1;
	char canon[METRIC_MAX];
	return dt_metric_canonical(m, canon, sizeof canon) > 0;
}

static void data_cell(csv_ctx *c, const char *s, size_t len)
{
	if (c->field >= c->ncols)
		return; /* counted; refused at the row's end (row_complete) */
	csv_col *col = &c->cols[c->field];
	if (col->kind == COL_IGNORE || len == 0 || is_blank_cell(s, len))
		return;
	if (col->kind == COL_STEP) {
		if (dt_parse_step(s, len, &c->step) == 0) {
			c->has_step = 1;
			return;
		}
	} else if (dt_parse_double_field(s, len, &col->val) == 0) {
		col->has = 1;
		return;
	}
	char ex[CELL_EXCERPT + 4], name[CELL_EXCERPT + 4];
	excerpt(s, len, CELL_EXCERPT, ex, sizeof ex);
	excerpt(col->name, strlen(col->name), CELL_EXCERPT, name, sizeof name);
	/* NUL bytes (a block of them: a hole left by a crash or a
	 * preallocation) are said as such, not quoted as '????...' */
	size_t nuls = 0;
	for (size_t i = 0; i < len; i++)
		nuls += s[i] == '\0';
	char msg[200];
	if (nuls)
		snprintf(msg, sizeof msg, "expected %s in column '%s', found %zu "
		         "NUL byte%s (a hole in the file?)",
		         col->kind == COL_STEP ? "an integer step" : "a number", name,
		         nuls, nuls == 1 ? "" : "s");
	else
		snprintf(msg, sizeof msg, "expected %s in column '%s', found '%s'",
		         col->kind == COL_STEP ? "an integer step" : "a number", name,
		         ex);
	fail(c, msg);
}

/* Fast path for the common data cell: empty, or a number with no blank
 * around it (so no newline inside that the line count would miss).
 * Returns 1 when the cell is fully handled. */
static int fast_cell(csv_ctx *c, const char *f, size_t len)
{
	if (c->nheaders == 0 || c->in_header || c->field >= c->ncols)
		return 0;
	if (len == 0)
		return 1;
	char last = f[len - 1];
	if (last == ' ' || last == '\t' || last == '\r' || last == '\n')
		return 0;
	csv_col *col = &c->cols[c->field];
	if (col->kind == COL_METRIC && dt_parse_double_field(f, len, &col->val) == 0)
		return col->has = 1;
	if (col->kind == COL_STEP && dt_parse_step(f, len, &c->step) == 0)
		return c->has_step = 1;
	return 0;
}

static void on_field(void *s, size_t len, void *data)
{
	csv_ctx *c = data;
	if (c->failed)
		return;
	const char *f = s;
	if (fast_cell(c, f, len)) {
		c->field++;
		return;
	}
	if (c->field == 0 && len >= 3 && memcmp(f, "\xEF\xBB\xBF", 3) == 0) {
		f += 3; /* BOM of a file appended to this one */
		len -= 3;
	}
	if (c->field == 0)
		c->row_line = c->line;
	for (const char *p = f; (p = memchr(p, '\n', len - (size_t)(p - f))) != NULL; p++)
		c->line++;
	if (c->field == 0 && c->nheaders > 0 && looks_like_header(c, f, len))
		c->in_header = 1;
	if (c->nheaders == 0 || c->in_header)
		hdr_append(c, f, len);
	else
		data_cell(c, f, len);
	c->field++;
}

static void drop_row(csv_ctx *c);

/* A new series s of column i writes the split's shared arrays of that
 * column (csv_split.h): the first thread's owns them from index 0, the
 * second thread's writes from region_at. Returns 1 when taken. */
static int take_region(csv_ctx *c, size_t i, dt_rawseries *s)
{
	dt_csv_region *r = c->regions ? &c->regions[i] : NULL;
	if (!r || !r->step || s->cap || s->step)
		return 0;
	s->step = r->step + c->region_at;
	s->value = r->value + c->region_at;
	s->cap = c->region_cap;
	if (c->region_of)
		c->region_of[s - c->log->series] = r;
	else
		r->adopted = 1;
	return 1;
}

static void push_row(csv_ctx *c)
{
	dt_rawlog *log = c->log;
	int any = 0;
	int lead_has = c->lead != NO_COL && c->cols[c->lead].has;
	for (size_t i = 0; i < c->ncols; i++) {
		csv_col *col = &c->cols[i];
		if (col->follows && c->has_step && col->has != lead_has)
			unfollow(c, col);
		if (!col->has)
			continue;
		col->has = 0;
		any = 1;
		if (!c->has_step)
			continue;
		if (col->sidx == NO_SERIES) {
			dt_rawseries *s = dt_rawlog_series_at(log, col->metric,
			        (dt_name_at){c->src->path, NULL, c->hdr_line});
			if (!s && !c->failed &&
			    dt_rawlog_refusal(log, c->err, c->errlen)) {
				c->failed = 1; /* a name refused (too long) */
				return;
			}
			if (!s || (!take_region(c, i, s) &&
			           (col->follows ?
			            dt_rawseries_reserve_values(s, c->est_rows) :
			            dt_rawseries_reserve(s, c->est_rows)) < 0)) {
				fail(c, "out of memory");
				return;
			}
			col->sidx = (size_t)(s - log->series);
		}
		if (c->region_of && c->region_of[col->sidx] &&
		    log->series[col->sidx].n == log->series[col->sidx].cap) {
			fail(c, "second half: more rows than its room");
			return; /* never reached (dt_csv_half_room); the first
			         * thread then parses these rows itself */
		}
		if ((col->follows ?
		     dt_rawseries_push_value(&log->series[col->sidx], col->val) :
		     dt_rawseries_push(&log->series[col->sidx], c->step + c->step_add,
		                       col->val)) < 0) {
			fail(c, "out of memory");
			return;
		}
	}
	if (any && !c->has_step && c->nostep_rows++ == 0)
		c->nostep_line = c->line;
}

/* A data row must hold as many fields as its header (empty cells count:
 * Lightning's sparse rows keep every comma). The file's last line without
 * a line end (term < 0) was cut while being written, whatever its field
 * count (a cell has no closing mark of its own: `3,0.` cut from
 * `3,0.5317` still reads as the number 0; every CSV writer ends its
 * rows): skipped with the warning of the text-log importer
 * (textline.h: "FILE:LINE: last line truncated (no line end), skipped",
 * "(1 of 2 fields, no line end)" when fields are missing too). Any other
 * short or long row, and a last one with more fields than the header, is
 * an error naming the line and both counts. Returns 1 when the row is to
 * be pushed. */
static int row_complete(csv_ctx *c, int term)
{
	if (term < 0 && c->field <= c->ncols) {
		char detail[80];
		drop_row(c);
		if (c->field < c->ncols)
			snprintf(detail, sizeof detail, "%zu of %zu fields, no line "
			         "end", c->field, c->ncols);
		else
			snprintf(detail, sizeof detail, "no line end");
		if (dt_warn_last_line_cut(c->log, c->src->path, c->line,
		                          detail) < 0)
			fail(c, "out of memory");
		return 0;
	}
	if (c->field == c->ncols)
		return 1;
	char msg[160];
	snprintf(msg, sizeof msg, "expected %zu fields (as the header), found "
	         "%zu", c->ncols, c->field);
	fail(c, msg);
	return 0;
}

static void on_record(int term, void *data)
{
	csv_ctx *c = data;
	int row = c->field > 0;
	if (!c->failed && row) {
		if (c->nheaders == 0 || c->in_header)
			finish_header(c);
		else if (row_complete(c, term))
			push_row(c);
	}
	c->field = 0;
	c->in_header = 0;
	c->has_step = 0;
	c->lib_pending = 0;
	if (term == '\n' || (term < 0 && row)) /* a last line counts too */
		c->line++;
}

static void final_warnings(csv_ctx *c, dt_rawlog *to)
{
	const char *path = c->src->path;
	if (c->nheaders == 0) {
		dt_rawlog_warn(to, "%s: empty CSV file: no header, no training "
		               "curve", path);
		return;
	}
	if (c->nostep_rows)
		dt_rawlog_warn(to, "%s:%zu: %zu row(s) with values but an empty "
		               "step cell skipped", path, c->nostep_line, c->nostep_rows);
	if (c->log->nseries == 0)
		dt_rawlog_warn(to, "%s: no metric values found below the header: "
		               "the file holds no training curve", path);
}

/* A cell the fast path did not take: give on_field a NUL-terminated copy,
 * as libcsv would (CSV_APPEND_NULL). */
static void slow_cell(csv_ctx *c, const char *s, size_t n)
{
	char small[256];
	char *buf = n < sizeof small ? small : malloc(n + 1);
	if (!buf) {
		fail(c, "out of memory");
		return;
	}
	memcpy(buf, s, n);
	buf[n] = '\0';
	on_field(buf, n, c);
	if (buf != small)
		free(buf);
}

/* Split one unquoted line (no '"' in it) at commas and hand the cells to
 * the same callbacks libcsv calls, trimming blanks as libcsv does. The
 * trailing "\n" or "\r\n" is dropped. Most data rows of real logs take
 * this path; libcsv stays in charge of anything quoted. */
static void fast_line(csv_ctx *c, const char *s, size_t n)
{
	int term = n && s[n - 1] == '\n' ? '\n' : -1;
	if (term == '\n')
		n--;
	if (n && s[n - 1] == '\r')
		n--;
	for (size_t a = 0; n > 0;) {
		const char *comma = memchr(s + a, ',', n - a);
		size_t b = comma ? (size_t)(comma - s) : n, e = b;
		while (a < e && (s[a] == ' ' || s[a] == '\t'))
			a++;
		while (e > a && (s[e - 1] == ' ' || s[e - 1] == '\t'))
			e--;
		if (fast_cell(c, s + a, e - a))
			c->field++;
		else
			slow_cell(c, s + a, e - a);
		if (!comma || c->failed)
			break;
		a = b + 1;
	}
	on_record(term, c);
}

/* Forget a partly parsed row (the slow path will read it again). */
static void drop_row(csv_ctx *c)
{
	for (size_t i = 0; i < c->ncols; i++)
		c->cols[i].has = 0;
	c->has_step = 0;
}

/* One pass over a data row of plain numbers: each cell is parsed where it
 * stands (no separate scan for commas, quotes or the newline) and the row
 * is pushed. Returns the start of the next line, or NULL when the row
 * has no line end or holds anything else (a quote, text, blanks, a
 * non-integral step, more cells than columns): the caller then takes the
 * general path for it. */
static const char *fast_row(csv_ctx *c, const char *s, const char *end)
{
	size_t f = 0;
	for (;;) {
		if (s < end && *s != ',' && *s != '\n' && *s != '\r') {
			double v;
			size_t used;
			if (f >= c->ncols ||
			    dt_parse_double(s, (size_t)(end - s), &v, &used) < 0)
				goto slow;
			csv_col *col = &c->cols[f];
			if (col->kind == COL_METRIC) {
				col->val = v;
				col->has = 1;
			} else if (col->kind == COL_STEP) {
				if (!(v >= -9.2e18 && v <= 9.2e18) || v != (double)(int64_t)v)
					goto slow;
				c->step = (int64_t)v;
				c->has_step = 1;
			}
			s += used;
		}
		f++;
		if (s < end && *s == ',') {
			s++;
			continue;
		}
		if (s < end && *s == '\r')
			s++;
		if (s >= end || *s != '\n' || f != c->ncols)
			goto slow; /* a short row, or the last line without a
			            * line end (cut): row_complete, on the first
			            * thread (the line it names is counted there) */
		c->field = f;
		on_record('\n', c);
		return s + 1;
	}
slow:
	drop_row(c);
	return NULL;
}

static int feed_libcsv(csv_ctx *c, struct csv_parser *p, const char *s,
                       size_t n)
{
	if (csv_parse(p, s, n, on_field, on_record, c) == n)
		return 0;
	char msg[128];
	snprintf(msg, sizeof msg, "CSV parser: %s", csv_strerror(csv_error(p)));
	fail(c, msg);
	return -1;
}

/* Follow the quotes of one line fed to libcsv: a quoted cell is open
 * while the pending record holds an odd number of '"' (RFC 4180: an
 * escaped quote is doubled), and it opened on the line where the count
 * became odd. */
static void track_quotes(csv_ctx *c, const char *s, size_t n)
{
	if (!c->lib_pending) {
		c->feed_line = c->line;
		c->quote_odd = 0;
	}
	size_t q = 0;
	for (const char *p = s; (p = memchr(p, '"', n - (size_t)(p - s))) != NULL; p++)
		q++;
	if (!c->quote_odd && (q & 1))
		c->quote_line = c->feed_line;
	c->quote_odd ^= (int)(q & 1);
	c->feed_line++;
}

/* The second half of a split parse (csv_split.h): a context of its own
 * with the column map copied, the rows of plain numbers after `from`
 * parsed by fast_row into a log of its own, on a second thread. */
typedef struct csv_half {
	csv_ctx c;
	dt_rawlog log;
	const char *data;      /* the data the offsets count in */
	size_t from, len;      /* its rows: data[from, len) */
	size_t first;          /* the first half's rows: data[first, from) */
	size_t at_bound;       /* room for them in the shared arrays */
	size_t stop;           /* the first row it left (== len: none) */
	size_t nheaders;       /* the first thread's header count at the start */
	atomic_int quit;       /* set by the first thread: stop now */
	char err[256];
	pthread_t th;
	dt_csv_region *regions; /* [ncols], metric columns' arrays */
	dt_csv_region **region_of; /* [ncols]: region of log.series[k] */
	size_t ncols;
} csv_half;

#define HALF_DROP ((size_t)8 << 20) /* pages read are given back per 8 MiB */

static void *half_main(void *arg)
{
	csv_half *h = arg;
	/* Where this half's points go in the shared arrays: after one per
	 * line of the first half, counted here while the first thread
	 * parses. Lines beyond the room (blank lines) give the rows back to
	 * the first thread. */
	const dt_source *src0 = h->c.src;
	size_t base = (size_t)(h->data - src0->data);
	/* every page both threads read, mapped at once (source.h) */
	dt_source_prefault(src0, base + h->first, base + h->len);
	size_t at = dt_csv_count_lines(h->data + h->first, h->from - h->first);
	if (at > h->at_bound) {
		h->c.failed = 1;
		h->stop = h->from;
		return NULL;
	}
	h->c.region_at = at;
	const dt_source *src = h->c.src;
	const char *p = h->data + h->from, *end = h->data + h->len;
	const char *dropped = p;
	while (p < end && !h->c.failed &&
	       !atomic_load_explicit(&h->quit, memory_order_relaxed)) {
		const char *next = fast_row(&h->c, p, end);
		if (!next)
			break;
		p = next;
		if ((size_t)(p - dropped) >= HALF_DROP) {
			dt_source_drop(src, (size_t)(dropped - src->data),
			               (size_t)(p - src->data));
			dropped = p;
		}
	}
	h->stop = (size_t)(p - h->data);
	return NULL;
}

static void half_free(csv_half *h)
{
	dt_csv_regions_free(h->regions, h->ncols);
	free(h->regions);
	free(h->region_of);
	free(h->c.cols);
	free(h);
}

/* The shared arrays of every metric column (csv_split.h): room for the
 * first half's points (data[from, mid), a bound: its lines are counted
 * on the second thread, half_main) then for the second half's. Returns
 * 0, or -1 on ENOMEM. */
static int half_regions(csv_half *h, csv_ctx *c, size_t from, size_t mid,
                        size_t len)
{
	size_t at = dt_csv_half_room(mid - from, c->ncols);
	size_t room = dt_csv_half_room(len - mid, c->ncols);
	h->ncols = c->ncols;
	h->regions = calloc(c->ncols, sizeof *h->regions);
	h->region_of = calloc(c->ncols, sizeof *h->region_of);
	if (!h->regions || !h->region_of || room > SIZE_MAX / 16 - at)
		return -1;
	for (size_t i = 0; i < c->ncols; i++)
		if (c->cols[i].kind == COL_METRIC &&
		    dt_csv_regions_alloc(&h->regions[i], 1, at + room) < 0)
			return -1;
	c->regions = h->c.regions = h->regions;
	c->region_at = 0;
	c->region_cap = at;
	h->first = from;
	h->at_bound = at;
	h->c.region_at = 0; /* set by half_main */
	h->c.region_cap = room;
	h->c.region_of = h->region_of;
	return 0;
}

/* Start the second half at `mid` (a line start; the first data row at
 * `from`); NULL when it cannot (memory, thread): the first thread then
 * parses on alone. */
static csv_half *half_begin(csv_ctx *c, const char *data, size_t from,
                            size_t mid, size_t len)
{
	csv_half *h = calloc(1, sizeof *h);
	if (!h || !(h->c.cols = calloc(c->ncols, sizeof *c->cols))) {
		free(h);
		return NULL;
	}
	for (size_t i = 0; i < c->ncols; i++) {
		h->c.cols[i] = c->cols[i];
		h->c.cols[i].name = NULL; /* the first thread's: never read here */
		h->c.cols[i].sidx = NO_SERIES;
		h->c.cols[i].has = 0;
	}
	h->c.ncols = c->ncols;
	h->c.src = c->src;
	h->c.err = h->err;
	h->c.errlen = sizeof h->err;
	h->c.line = 1;
	h->c.nheaders = h->nheaders = c->nheaders;
	h->c.step_col = c->step_col;
	h->c.lead = c->lead;
	h->c.step_add = c->step_add;
	dt_rawlog_init(&h->log);
	h->c.log = &h->log;
	h->data = data;
	h->from = mid;
	h->len = len;
	atomic_init(&h->quit, 0);
	if (half_regions(h, c, from, mid, len) < 0 ||
	    pthread_create(&h->th, NULL, half_main, h) != 0) {
		c->regions = NULL;
		half_free(h);
		return NULL;
	}
	return h;
}

/* Every series of the first thread that owns a region gets its whole
 * room: it goes on in place (after the merge, or alone when the second
 * half was dropped). */
static void half_settle(csv_ctx *c, const csv_half *h)
{
	for (size_t i = 0; i < h->ncols; i++)
		for (size_t k = 0; h->regions[i].adopted && k < c->log->nseries; k++)
			if (c->log->series[k].step == h->regions[i].step)
				c->log->series[k].cap = h->regions[i].cap;
}

/* Before a merge: a column that follows the lead in both halves keeps
 * following (skip[k] = 1 for its second-half series k: the merge moves
 * no steps) when the merge keeps its points in their region; any other
 * follower gets its steps written in the half where it follows. */
static void half_reconcile(csv_ctx *c, csv_half *h, unsigned char *skip)
{
	for (size_t i = 0; i < c->ncols; i++) {
		csv_col *a = &c->cols[i], *b = &h->c.cols[i];
		if (a->follows && b->follows && b->sidx != NO_SERIES) {
			const dt_csv_region *r = h->region_of[b->sidx];
			const dt_rawseries *s = a->sidx == NO_SERIES ? NULL :
			                        &c->log->series[a->sidx];
			if (r && (s ? s->step == r->step : !r->adopted)) {
				skip[b->sidx] = 1;
				continue;
			}
		}
		if (a->follows && !(b->follows && b->sidx == NO_SERIES))
			unfollow(c, a);
		if (b->follows)
			unfollow(&h->c, b);
	}
}

/* After a merge: the series a column's points went to, for the columns
 * whose first-half series the merge created. */
static void resync_sidx(csv_ctx *c)
{
	for (size_t i = 0; i < c->ncols; i++) {
		csv_col *col = &c->cols[i];
		if (col->kind != COL_METRIC || col->sidx != NO_SERIES)
			continue;
		const dt_rawseries *s = dt_rawlog_find(c->log, col->metric);
		if (s)
			col->sidx = (size_t)(s - c->log->series);
	}
}

/* The first thread has parsed up to `off`: join the second half and,
 * when the first half ended right at its start with no quoted cell open
 * and the same column map, take its points and lines. Returns where the
 * first thread goes on: after the second half's rows, or at its start
 * (points dropped). Frees h. */
static size_t half_end(csv_ctx *c, csv_half *h, size_t off)
{
	int usable = !c->failed && !c->lib_pending && off == h->from &&
	             c->nheaders == h->nheaders;
	if (!usable)
		atomic_store_explicit(&h->quit, 1, memory_order_relaxed);
	else
		dt_source_parse_idle(c->src); /* this core is free until the join */
	pthread_join(h->th, NULL);
	usable = usable && !h->c.failed;
	size_t rows = h->c.line - 1;
	c->regions = NULL;
	half_settle(c, h);
	unsigned char *skip = calloc(h->ncols ? h->ncols : 1, 1);
	if (!skip) {
		fail(c, "out of memory");
		usable = 0;
	}
	if (!usable)
		h->c.region_at = 0; /* nothing merged: only detach */
	else
		half_reconcile(c, h, skip);
	if (dt_csv_split_merge(usable ? c->log : NULL, &h->log, h->region_of,
	                       skip, h->c.region_at) < 0) {
		fail(c, "out of memory");
		usable = 0;
	}
	free(skip);
	if (usable)
		resync_sidx(c);
	if (usable) {
		if (h->c.nostep_rows && c->nostep_rows == 0)
			c->nostep_line = c->line + h->c.nostep_line - 1;
		c->nostep_rows += h->c.nostep_rows;
		c->line += rows;
		off = h->stop;
	}
	dt_csv_split_note_rows(usable ? rows : 0);
	dt_rawlog_free(&h->log);
	half_free(h);
	return off;
}

/* Line by line: unquoted data lines through fast_line, the header and
 * every line holding a quote (plus the lines a quoted cell spans) through
 * libcsv. on_record clears lib_pending when libcsv completes a record.
 * At the first data row a large file is split (csv_split.h): this thread
 * parses up to the split point, then goes on after the rows the second
 * thread took. */
static int run_parser(csv_ctx *c, const char *data, size_t len)
{
	struct csv_parser *p = &c->lib;
	size_t end = len, off = 0;
	dt_csv_split_note_rows(0);
	while (!c->failed) {
		if (!c->half)
			end = len; /* none, or a header ended it (finish_header) */
		if (off >= end) {
			if (!c->half)
				break;
			csv_half *h = c->half;
			c->half = NULL;
			off = half_end(c, h, off);
			continue;
		}
		dt_source_release(c->src, (size_t)(data + off - c->src->data));
		if (!c->lib_pending && c->nheaders > 0) {
			if (c->est_rows == 0) {
				const char *e = memchr(data + off, '\n', len - off);
				size_t l = e ? (size_t)(e - data - off) + 1 : len - off;
				c->est_rows = (len - off) / l + 16;
				size_t mid = dt_csv_split_point(data, off, len,
				                                (size_t)(data - c->src->data));
				if (mid && (c->half = half_begin(c, data, off, mid, len)) != NULL)
					end = mid;
			}
			const char *next = fast_row(c, data + off, data + end);
			if (next) {
				off = (size_t)(next - data);
				continue;
			}
		}
		const char *nl = memchr(data + off, '\n', end - off);
		size_t stop = nl ? (size_t)(nl - data) + 1 : end;
		const char *line = data + off;
		if (!c->lib_pending && c->nheaders > 0 &&
		    !memchr(line, '"', stop - off)) {
			fast_line(c, line, stop - off);
		} else {
			track_quotes(c, line, stop - off);
			c->lib_pending = 1;
			if (feed_libcsv(c, p, line, stop - off) < 0)
				break;
		}
		off = stop;
	}
	if (c->half) {
		csv_half *h = c->half;
		c->half = NULL;
		half_end(c, h, off);
	}
	return c->failed ? -1 : 0;
}

static void *csv_begin(const dt_import_opts *opts, dt_rawlog *out)
{
	(void)opts;
	csv_ctx *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->log = out;
	c->line = 1;
	if (csv_init(&c->lib, CSV_APPEND_NULL | CSV_REPALL_NL) != 0) {
		free(c);
		return NULL;
	}
	c->lib_ready = 1;
	c->lead = NO_COL;
	return c;
}

static int csv_feed(void *ps, const dt_source *src, size_t from, char *err,
                    size_t errlen)
{
	csv_ctx *c = ps;
	c->src = src;
	c->err = err;
	c->errlen = errlen;
	const char *data = src->data + from;
	size_t len = src->len - from;
	if (from == 0) {
		size_t bom = dt_utf8_bom_len(data, len);
		data += bom;
		len -= bom;
	}
	return run_parser(c, data, len);
}

/* A whole parse (to is the log) ends libcsv's last record and refuses a
 * quoted cell never closed; a followed log's update leaves both pending
 * (the writer may not have finished the cell). */
static int csv_end(void *ps, const dt_source *src, dt_rawlog *to, char *err,
                   size_t errlen)
{
	csv_ctx *c = ps;
	c->src = src;
	c->err = err;
	c->errlen = errlen;
	if (to == c->log && !c->failed && c->lib_pending && c->quote_odd) {
		c->line = c->quote_line;
		fail(c, "quoted cell opened here is never closed");
	}
	if (to == c->log && !c->failed)
		csv_fini(&c->lib, on_field, on_record, c);
	if (c->failed)
		return -1;
	if (to == c->log)
		share_followers(c);
	else
		unfollow_all(c); /* followed: the log is read between feeds */
	final_warnings(c, to);
	return 0;
}

static void csv_free_state(void *ps)
{
	csv_ctx *c = ps;
	if (!c)
		return;
	if (c->lib_ready)
		csv_free(&c->lib);
	free_cols(c);
	free_hdr(c);
	free(c->hdr);
	free(c);
}

static int csv_parse_src(const dt_source *src, const dt_import_opts *opts,
                         dt_rawlog *out, char *err, size_t errlen)
{
	return dt_parse_in_steps(&dt_imp_csv, src, opts, out, err, errlen);
}

static int header_has_step(const char *line, size_t n)
{
	char cell[128];
	size_t i = 0;
	while (i <= n) {
		size_t k = 0;
		while (i < n && line[i] != ',') {
			char ch = line[i++];
			if (ch != '"' && k + 1 < sizeof cell)
				cell[k++] = ch;
		}
		i++;
		while (k > 0 && (cell[k - 1] == ' ' || cell[k - 1] == '\r'))
			k--;
		cell[k] = '\0';
		const char *s = cell;
		while (*s == ' ')
			s++;
		if (step_rank(strip_run_prefix(s)) >= 0)
			return 1;
	}
	return 0;
}

static int csv_detect(const char *name, const char *head, size_t len)
{
	size_t bom = dt_utf8_bom_len(head, len);
	head += bom;
	len -= bom;
	const char *nl = memchr(head, '\n', len);
	size_t n = nl ? (size_t)(nl - head) : len;
	if (n == 0 || !memchr(head, ',', n) || memchr(head, '{', n))
		return 0;
	int csv_name = name && has_suffix_ci(name, ".csv");
	if (header_has_step(head, n))
		return csv_name ? 95 : 80;
	return csv_name ? 30 : 0;
}

/* The CSV importer (declared in importer.h). detect: 80-95 when the first
 * line has commas and a step column (see step_names) or is the TensorBoard
 * "Wall time,Step,Value" header; 30 for a *.csv without a step column (so
 * parse can say which columns it expected); else 0. parse: see the file
 * comment; errors are "FILE:LINE: ..." in err. */
const dt_importer dt_imp_csv = {
	.name = "csv",
	.description = "CSV metrics: Lightning metrics.csv, TensorBoard and W&B "
	               "CSV exports, step,loss,... tables",
	.detect = csv_detect,
	.parse = csv_parse_src,
	.step_begin = csv_begin,
	.step_feed = csv_feed,
	.step_end = csv_end,
	.step_free = csv_free_state,
	.splits_from = DT_CSV_SPLIT_MIN,
};
