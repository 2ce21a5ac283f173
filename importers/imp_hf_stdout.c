/* imp_hf_stdout.c: Hugging Face Trainer / optimum-neuron console output.
 *
 * Format (shared/domain/LOG-FORMATS.md section 2, pitfalls in section 9):
 * one Python dict repr per logging step, e.g.
 *   {'loss': 0.29, 'learning_rate': 4.5e-05, 'epoch': 1.0}
 * single quotes, `nan`/`inf` unquoted, possibly string/True/None values,
 * mixed with tqdm bars (glued before or after the dict, `\r` redraws), ANSI
 * colour codes, rank prefixes (`0: `) and trailing blanks. The dicts carry
 * no step, so steps are derived per launch (one launch = one start-up
 * banner `***** Running training *****`):
 *   (0) a 'step'/'global_step' key in every train record (some wrappers
 *       add one) is used as logged;
 *   (a) banner rule: step = round(epoch / Num Epochs * Total optimization
 *       steps), when every train record has an epoch and the derived steps
 *       strictly increase;
 *   (b) order rule: step = k * logging_steps for the k-th train record, with
 *       logging_steps from --logging-steps, else inferred from the banner's
 *       total steps when the launch finished (summary record seen) and
 *       exactly one value fits, else the HF default 500 (loud warning).
 * The record text is parsed by a small flat-dict parser: nothing is
 * evaluated, nested containers make the record unparsable (skipped).
 * A record is complete at its closing '}': the file's last line without
 * a line end whose last record has none (a writer killed mid-record, or
 * a file still being written) was cut, and is skipped with the warning of
 * the JSON lines and CSV importers ("FILE:LINE: last line truncated,
 * skipped", textline.h), not counted as a dict not parsed; a complete
 * record there is read. `import --follow` never parses such a line (it
 * waits for its line end). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "importers/importer.h"
#include "importers/neuron_compile.h"
#include "importers/resume_marker.h"
#include "importers/textline.h"
#include "model/util/num.h"

#define HF_KEY_LEN DT_METRIC_BUF
#define HF_MAX_KEYS 256      /* distinct key names per file */
#define HF_DEFAULT_LOGGING_STEPS 500

enum hf_kind { HF_TRAIN, HF_EVAL, HF_SUMMARY, HF_OTHER };

/* One numeric entry of a record: key index into hf_ctx.keys, value. */
typedef struct hf_kv {
	int key;
	double v;
} hf_kv;

/* One dict record of the current launch; its entries live in hf_ctx.kv. */
typedef struct hf_rec {
	size_t kv0, nkv;      /* entries kv[kv0 .. kv0+nkv) */
	int kind;             /* enum hf_kind */
	int has_epoch;
	double epoch;
	int epoch_decimals;   /* digits after '.' in the epoch text */
	int has_step;         /* a 'step'/'global_step' key was logged */
	int64_t step;
	size_t line;          /* 1-based line of the record */
} hf_rec;

/* The launch being collected (between two banners). */
typedef struct hf_seg {
	int64_t total_steps;  /* banner "Total optimization steps", 0 = none */
	int64_t num_epochs;   /* banner "Num Epochs", 0 = none */
	int64_t grad_accum;   /* banner "Gradient Accumulation steps" */
	int64_t examples;     /* banner "Num examples", 0 = none */
	int64_t batch;        /* banner "Total train batch size (...)" */
	size_t banner_line;   /* 0 = no banner */
	int summary_seen;     /* train_runtime/train_loss record seen */
	const char *marker;   /* resume marker id of this launch, NULL none */
	size_t marker_line;
	int64_t marker_ckpt;  /* checkpoint step it states, -1 none */
} hf_seg;

typedef struct hf_ctx {
	const dt_source *src;
	const dt_import_opts *opts;
	dt_rawlog *out;
	dt_linebuf lb;               /* current line, ANSI-stripped, NUL-ended */
	char *prev;                  /* text of the previous record (dedupe) */
	size_t prevlen, prevcap;
	hf_rec *recs;
	size_t nrec, caprec;
	hf_kv *kv;
	size_t nkv, capkv;
	char (*keys)[HF_KEY_LEN];    /* [HF_MAX_KEYS] distinct key names */
	int nkeys;
	hf_seg seg;
	size_t lineno;
	int cut;                     /* the current line is the file's last and
	                              * has no line end */
	const char *line_end;        /* end of the current line in lb.s */
	size_t nlaunch;              /* launches that produced points */
	size_t ndup, nsummary, nunparsed, nother;
	int rule_mask;               /* bit per step_source text used */
	int oom;
} hf_ctx;

/* ---------------------------------------------------------------- text */

/* Integer after "= " with optional thousands commas ("346,940"); 0 when
 * there is none. */
static int64_t banner_count(const char *s)
{
	const char *eq = strchr(s, '=');
	if (!eq)
		return 0;
	eq++;
	while (*eq == ' ' || *eq == '\t')
		eq++;
	int64_t v = 0;
	int any = 0;
	for (; (*eq >= '0' && *eq <= '9') || (*eq == ',' && any); eq++) {
		if (*eq == ',')
			continue;
		if (v > INT64_MAX / 10 - 10)
			return 0;
		v = v * 10 + (*eq - '0');
		any = 1;
	}
	return any ? v : 0;
}

/* ----------------------------------------------------- dict parser */

static const char *skip_ws(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

/* Python string literal at p (quote ' or "); returns the byte after the
 * closing quote or NULL. Content copied (truncated) to out when not NULL. */
static const char *parse_str(const char *p, char *out, size_t outlen)
{
	char q = *p++;
	size_t o = 0;
	for (; *p && *p != q; p++) {
		if (*p == '\\' && p[1])
			p++;
		if (out && o + 1 < outlen)
			out[o++] = *p;
	}
	if (out)
		out[o] = '\0';
	return *p == q ? p + 1 : NULL;
}

static int ends_value(char ch)
{
	return ch == ',' || ch == '}' || ch == ' ' || ch == '\t';
}

static int is_ident(char ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
	       (ch >= '0' && ch <= '9') || ch == '_' || ch == '.';
}

/* Count digits after the '.' of a number text (for the epoch precision). */
static int frac_digits(const char *p, size_t n)
{
	const char *dot = memchr(p, '.', n);
	if (!dot)
		return 0;
	int d = 0;
	for (dot++; dot < p + n && *dot >= '0' && *dot <= '9'; dot++)
		d++;
	return d;
}

/* A value: number (nan/inf too), string, True/False/None, or a numeric
 * wrapper like np.float64(0.5). Sets *num (1 if numeric), *v, *dec.
 * Returns the byte after the value or NULL (nested or malformed). */
static const char *parse_value(const char *p, int *num, double *v, int *dec)
{
	size_t end;
	*num = 0;
	if (*p == '\'' || *p == '"')
		return parse_str(p, NULL, 0);
	if (dt_parse_double(p, strlen(p), v, &end) == 0 && ends_value(p[end])) {
		*num = 1;
		*dec = frac_digits(p, end);
		return p + end;
	}
	const char *q = p;
	while (is_ident(*q))
		q++;
	if (q == p)
		return NULL;
	if (*q != '(')
		return ends_value(*q) ? q : NULL;
	q++;
	if (dt_parse_double(q, strlen(q), v, &end) < 0 || q[end] != ')')
		return NULL;
	*num = 1;
	*dec = frac_digits(q, end);
	return q + end + 1;
}

/* Index of key name k in ctx->keys, adding it; -1 when the table is full. */
static int key_index(hf_ctx *c, const char *k)
{
	for (int i = 0; i < c->nkeys; i++)
		if (strcmp(c->keys[i], k) == 0)
			return i;
	if (c->nkeys == HF_MAX_KEYS)
		return -1;
	snprintf(c->keys[c->nkeys], HF_KEY_LEN, "%s", k);
	return c->nkeys++;
}

static int push_kv(hf_ctx *c, int key, double v)
{
	if (c->nkv == c->capkv) {
		size_t cap = c->capkv ? c->capkv * 2 : 256;
		hf_kv *p = realloc(c->kv, cap * sizeof *p);
		if (!p)
			return -1;
		c->kv = p;
		c->capkv = cap;
	}
	c->kv[c->nkv].key = key;
	c->kv[c->nkv].v = v;
	c->nkv++;
	return 0;
}

static int is_step_key(const char *k)
{
	return strcmp(k, "step") == 0 || strcmp(k, "global_step") == 0;
}

/* Parse one `'key': value` entry at p into r. Returns the byte after it. */
static const char *parse_entry(hf_ctx *c, const char *p, hf_rec *r)
{
	char key[HF_KEY_LEN];
	int num = 0, dec = 0;
	double v = 0;
	if (*p != '\'' && *p != '"')
		return NULL;
	p = parse_str(p, key, sizeof key);
	if (!p)
		return NULL;
	p = skip_ws(p);
	if (*p != ':')
		return NULL;
	p = parse_value(skip_ws(p + 1), &num, &v, &dec);
	if (!p || !num)
		return p;
	if (strcmp(key, "epoch") == 0) {
		r->has_epoch = 1;
		r->epoch = v;
		r->epoch_decimals = dec;
	}
	if (is_step_key(key)) {
		r->has_step = isfinite(v) && v == floor(v) && fabs(v) < 9e18;
		r->step = r->has_step ? (int64_t)v : 0;
		return p;
	}
	int k = key_index(c, key);
	if (k >= 0) {
		if (push_kv(c, k, v) < 0) {
			c->oom = 1;
			return NULL;
		}
		r->nkv++;
	}
	return p;
}

/* Parse a flat dict starting at p[0] == '{'. Returns the byte after '}'
 * or NULL; on NULL the entries added to ctx->kv are discarded. */
static const char *parse_dict(hf_ctx *c, const char *p, hf_rec *r)
{
	memset(r, 0, sizeof *r);
	r->kv0 = c->nkv;
	p = skip_ws(p + 1);
	while (*p != '}') {
		p = parse_entry(c, p, r);
		if (!p)
			break;
		p = skip_ws(p);
		if (*p == ',')
			p = skip_ws(p + 1);
		else if (*p != '}')
			p = NULL;
		if (!p)
			break;
	}
	if (!p || r->nkv == 0) {
		c->nkv = r->kv0;
		return NULL;
	}
	return p + 1;
}

/* --------------------------------------------------------- records */

static const char *rec_key(const hf_ctx *c, const hf_rec *r, size_t i)
{
	return c->keys[c->kv[r->kv0 + i].key];
}

static int classify(const hf_ctx *c, const hf_rec *r)
{
	int train = 0, eval = 0;
	for (size_t i = 0; i < r->nkv; i++) {
		const char *k = rec_key(c, r, i);
		char canon[HF_KEY_LEN];
		if (strcmp(k, "train_runtime") == 0 || strcmp(k, "train_loss") == 0)
			return HF_SUMMARY;
		if (strncmp(k, "eval_", 5) == 0)
			eval = 1;
		dt_metric_canonical(k, canon, sizeof canon);
		if (strcmp(canon, DT_METRIC_LOSS) == 0 ||
		    strcmp(canon, DT_METRIC_LR) == 0 ||
		    strcmp(canon, DT_METRIC_GRAD_NORM) == 0)
			train = 1;
	}
	return eval ? HF_EVAL : train ? HF_TRAIN : HF_OTHER;
}

/* 1 when text t[0..n) equals the previous record's text; then records it
 * as the new previous text. Returns -1 on ENOMEM. */
static int same_as_prev(hf_ctx *c, const char *t, size_t n)
{
	if (c->prev && c->prevlen == n && memcmp(c->prev, t, n) == 0)
		return 1;
	if (n > c->prevcap) {
		char *p = realloc(c->prev, n);
		if (!p)
			return -1;
		c->prev = p;
		c->prevcap = n;
	}
	memcpy(c->prev, t, n);
	c->prevlen = n;
	return 0;
}

static int keep_record(hf_ctx *c, hf_rec *r)
{
	if (c->nrec == c->caprec) {
		size_t cap = c->caprec ? c->caprec * 2 : 64;
		hf_rec *p = realloc(c->recs, cap * sizeof *p);
		if (!p)
			return -1;
		c->recs = p;
		c->caprec = cap;
	}
	c->recs[c->nrec++] = *r;
	return 0;
}

/* Value of key index k in r, or NULL. */
static const double *rec_value(const hf_ctx *c, const hf_rec *r, int k)
{
	for (size_t i = 0; i < r->nkv; i++)
		if (c->kv[r->kv0 + i].key == k)
			return &c->kv[r->kv0 + i].v;
	return NULL;
}

/* Data-parallel ranks each print the eval dict; only runtimes differ.
 * 1 when r is an eval record right after an eval record with the same
 * curve values (eval losses, epoch: keys with a canonical name). */
static int rank_duplicate(const hf_ctx *c, const hf_rec *r)
{
	if (r->kind != HF_EVAL || c->nrec == 0)
		return 0;
	const hf_rec *p = &c->recs[c->nrec - 1];
	size_t curve = 0;
	if (p->kind != HF_EVAL)
		return 0;
	for (size_t i = 0; i < r->nkv; i++) {
		char canon[HF_KEY_LEN];
		if (dt_metric_canonical(rec_key(c, r, i), canon, sizeof canon) == 0)
			continue;
		const double *v = rec_value(c, p, c->kv[r->kv0 + i].key);
		double w = c->kv[r->kv0 + i].v;
		if (!v || !(*v == w || (isnan(*v) && isnan(w))))
			return 0;
		curve++;
	}
	return curve > 0;
}

/* Handle a parsed dict whose text is t[0..n). Returns -1 on ENOMEM. */
static int add_record(hf_ctx *c, hf_rec *r, const char *t, size_t n)
{
	int dup = same_as_prev(c, t, n);
	if (dup < 0)
		return -1;
	r->kind = classify(c, r);
	r->line = c->lineno;
	if (r->kind == HF_SUMMARY) {
		c->nsummary++;
		c->seg.summary_seen = 1;
	} else if (dup || rank_duplicate(c, r)) {
		c->ndup++;
	} else if (r->kind == HF_OTHER) {
		c->nother++;
	} else {
		return keep_record(c, r);
	}
	c->nkv = r->kv0; /* entries not kept */
	return 0;
}

/* Find every dict record in the NUL-terminated piece s. */
static int scan_records(hf_ctx *c, const char *s)
{
	const char *p = s;
	while ((p = strchr(p, '{')) != NULL) {
		if (p[1] != '\'') {
			p++;
			continue;
		}
		hf_rec r;
		const char *e = parse_dict(c, p, &r);
		if (c->oom)
			return -1;
		if (!e && c->cut && s + strlen(s) == c->line_end &&
		    !strchr(p, '}'))
			return dt_warn_last_line_cut(c->out, c->src->path,
			                             c->lineno, NULL);
		if (!e) {
			c->nunparsed++;
			p++;
			continue;
		}
		if (add_record(c, &r, p, (size_t)(e - p)) < 0)
			return -1;
		p = e;
	}
	return 0;
}

/* ---------------------------------------------------- step rules */

static int push_point(hf_ctx *c, const char *metric, size_t line,
                      int64_t step, double v)
{
	dt_rawseries *s = dt_rawlog_series_at(c->out, metric,
	                                      (dt_name_at){c->src->path, NULL, line});
	if (!s || dt_rawseries_push(s, step, v) < 0)
		return -1;
	return 0;
}

/* Push every numeric entry of r at step (eval records skip 'epoch'). */
static int push_record(hf_ctx *c, const hf_rec *r, int64_t step)
{
	for (size_t i = 0; i < r->nkv; i++) {
		const char *k = rec_key(c, r, i);
		char canon[HF_KEY_LEN];
		if (r->kind == HF_EVAL && strcmp(k, "epoch") == 0)
			continue;
		dt_metric_canonical(k, canon, sizeof canon);
		if (push_point(c, canon, r->line, step, c->kv[r->kv0 + i].v) < 0)
			return -1;
	}
	return 0;
}

static int64_t epoch_step(const hf_seg *g, double epoch)
{
	return llround(epoch / (double)g->num_epochs * (double)g->total_steps);
}

/* The banner rule assumes N = E x steps per epoch (no max_steps). When the
 * banner also gives examples X and batch B, an epoch is about X / B
 * optimizer steps (dataloader rounding and accumulation remainder: +-2). */
static int whole_epochs(const hf_seg *g)
{
	if (g->examples <= 0 || g->batch <= 0)
		return 1;
	double spe = (double)g->examples / (double)g->batch;
	double want = spe * (double)g->num_epochs;
	return fabs((double)g->total_steps - want) <= 2.0 * (double)g->num_epochs;
}

/* Banner rule usable: every train record has an epoch and the derived
 * steps are > 0 and strictly increasing. Sets *why when not. */
static int epoch_rule_ok(const hf_ctx *c, const char **why)
{
	const hf_seg *g = &c->seg;
	int64_t last = 0;
	size_t ntrain = 0;
	*why = "no banner 'Total optimization steps' / 'Num Epochs'";
	if (g->total_steps <= 0 || g->num_epochs <= 0)
		return 0;
	*why = "'Total optimization steps' is not 'Num Epochs' x steps per "
	       "epoch (Num examples / Total train batch size): max_steps run";
	if (!whole_epochs(g))
		return 0;
	*why = "a record has no 'epoch'";
	for (size_t i = 0; i < c->nrec; i++) {
		const hf_rec *r = &c->recs[i];
		if (r->kind != HF_TRAIN)
			continue;
		if (!r->has_epoch || !isfinite(r->epoch))
			return 0;
		int64_t s = epoch_step(g, r->epoch);
		*why = "epochs do not advance (e.g. a trial run logs 'epoch': 0.0)";
		if (s <= last)
			return 0;
		last = s;
		ntrain++;
	}
	return ntrain > 0;
}

/* Decimals HF rounded epochs to: the longest fraction seen (Python's repr
 * drops trailing zeros, so 1.0 may come from round(x, 2)). */
static int epoch_precision(const hf_ctx *c)
{
	int dec = 0;
	for (size_t i = 0; i < c->nrec; i++)
		if (c->recs[i].kind == HF_TRAIN && c->recs[i].epoch_decimals > dec)
			dec = c->recs[i].epoch_decimals;
	return dec;
}

static void set_rule(hf_ctx *c, int bit, const char *text)
{
	if (c->rule_mask == 0)
		snprintf(c->out->step_source, sizeof c->out->step_source, "%s", text);
	else if (!(c->rule_mask & bit))
		snprintf(c->out->step_source, sizeof c->out->step_source,
		         "derived per launch, rules differ (see warnings)");
	c->rule_mask |= bit;
}

/* Some wrappers add a 'step' key: use it when every train record has one. */
static int logged_steps_ok(const hf_ctx *c)
{
	size_t ntrain = 0;
	for (size_t i = 0; i < c->nrec; i++) {
		if (c->recs[i].kind != HF_TRAIN)
			continue;
		if (!c->recs[i].has_step)
			return 0;
		ntrain++;
	}
	return ntrain > 0;
}

static int apply_logged_steps(hf_ctx *c)
{
	int64_t last = 0;
	set_rule(c, 8, "logged step ('step' key in the dict lines)");
	for (size_t i = 0; i < c->nrec; i++) {
		const hf_rec *r = &c->recs[i];
		int64_t s = r->has_step ? r->step : last;
		if (r->kind == HF_TRAIN)
			last = s;
		if (push_record(c, r, s) < 0)
			return -1;
	}
	return 0;
}

static int apply_epoch_rule(hf_ctx *c, const char *tag)
{
	const hf_seg *g = &c->seg;
	int dec = epoch_precision(c);
	/* epoch printed with `dec` decimals is off by <= 0.5e-dec, i.e. the
	 * step by <= 0.5e-dec * N / E; llround rounds half away from zero. */
	double err = 0.5 * pow(10.0, -dec) * (double)g->total_steps /
	             (double)g->num_epochs;
	char prec[96] = "rounding to the nearest integer gives the exact step";
	if (err >= 0.5)
		snprintf(prec, sizeof prec, "a step may be off by up to %.0f",
		         ceil(err));
	set_rule(c, 1, "derived: round(epoch / Num Epochs * Total optimization "
	               "steps) from the HF banner");
	if (dt_rawlog_warn(c->out, "%ssteps derived from epoch: step = "
	                   "round(epoch / %lld * %lld) (banner 'Num Epochs', "
	                   "'Total optimization steps'); epoch is printed with "
	                   "up to %d decimals, %s", tag,
	                   (long long)g->num_epochs, (long long)g->total_steps,
	                   dec, prec) < 0)
		return -1;
	int64_t last = 0;
	for (size_t i = 0; i < c->nrec; i++) {
		const hf_rec *r = &c->recs[i];
		int64_t s = r->has_epoch && isfinite(r->epoch) ?
		            epoch_step(g, r->epoch) : last;
		if (r->kind == HF_TRAIN)
			last = s;
		if (push_record(c, r, s) < 0)
			return -1;
	}
	return 0;
}

/* logging_steps for the order rule; *how says where it came from. */
static int64_t logging_steps(const hf_ctx *c, size_t ntrain, const char **how)
{
	const hf_seg *g = &c->seg;
	if (c->opts && c->opts->logging_steps > 0) {
		*how = "--logging-steps";
		return c->opts->logging_steps;
	}
	/* A finished launch logs floor(N / ls) records: ls is in
	 * (N / (K + 1), N / K]; use it when that range holds one integer. */
	if (g->total_steps > 0 && g->summary_seen && ntrain > 0) {
		int64_t k = (int64_t)ntrain;
		int64_t lo = g->total_steps / (k + 1) + 1, hi = g->total_steps / k;
		if (lo == hi) {
			*how = "inferred: banner total steps / records of a finished run";
			return lo;
		}
	}
	*how = NULL;
	return HF_DEFAULT_LOGGING_STEPS;
}

static int apply_order_rule(hf_ctx *c, const char *tag, const char *why)
{
	size_t ntrain = 0;
	for (size_t i = 0; i < c->nrec; i++)
		ntrain += c->recs[i].kind == HF_TRAIN;
	const char *how;
	int64_t ls = logging_steps(c, ntrain, &how);
	char text[160];
	snprintf(text, sizeof text, "derived: record order x logging_steps %lld "
	         "(%s)", (long long)ls, how ? how : "assumed HF default");
	set_rule(c, how ? 2 : 4, text);
	int rc = how ? dt_rawlog_warn(c->out, "%ssteps derived from record "
	                              "order x logging_steps %lld (%s); %s",
	                              tag, (long long)ls, how, why)
	             : dt_rawlog_warn(c->out, "%slogging_steps not "
	                              "given; assumed HF default 500: step = "
	                              "record number x 500 may be wrong, pass "
	                              "--logging-steps; %s", tag, why);
	if (rc < 0)
		return -1;
	/* A resumed launch ("Continuing training from global step N") counts
	 * from the checkpoint step it states. */
	int64_t step = c->seg.marker_ckpt > 0 ? c->seg.marker_ckpt : 0;
	if (step > 0 && dt_rawlog_note(c->out, "%ssteps counted from global "
	                               "step %lld stated at line %zu (resumed "
	                               "launch)", tag, (long long)step,
	                               c->seg.marker_line) < 0)
		return -1;
	for (size_t i = 0; i < c->nrec; i++) {
		const hf_rec *r = &c->recs[i];
		if (r->kind == HF_TRAIN)
			step += ls;
		if (push_record(c, r, step) < 0)
			return -1;
	}
	return 0;
}

static int banner_facts(hf_ctx *c, const char *tag)
{
	const hf_seg *g = &c->seg;
	if (g->grad_accum <= 0 && g->batch <= 0)
		return 0;
	if (g->grad_accum > 0 && c->out->grad_accum == 0) {
		c->out->grad_accum = g->grad_accum;
		/* the run's G as the log states it (a run fact: shown where
		 * the run's settings are, model/service/run_settings.h) */
		if (dt_rawlog_fact(c->out, "hf.gradient_accumulation_steps",
		                   "%lld", (long long)g->grad_accum) < 0)
			return -1;
	}
	if (g->batch > 0 && c->out->global_batch == 0)
		c->out->global_batch = g->batch;
	return dt_rawlog_note(c->out, "%sbanner: Gradient Accumulation steps = "
	                      "%lld, Total train batch size = %lld (HF logs "
	                      "optimizer steps; accumulation is informational)",
	                      tag, (long long)g->grad_accum, (long long)g->batch);
}

/* Turn the collected launch into points, then reset it. */
static int finish_launch(hf_ctx *c)
{
	char tag[96] = "";
	const char *why;
	int rc = 0;
	if (c->seg.banner_line)
		snprintf(tag, sizeof tag, "launch at line %zu: ", c->seg.banner_line);
	if (c->nrec > 0) {
		snprintf(c->out->step_base_rule, sizeof c->out->step_base_rule,
		         "as logged: HF Trainer counts updates from 1");
		snprintf(c->out->updates_by, sizeof c->out->updates_by,
		         "HF Trainer");
		/* Launch evidence: the banner (repeated after the first launch)
		 * and a resume marker; before the first launch's points they
		 * join launch 0 (rawlog.h). */
		if ((c->seg.banner_line &&
		     dt_rawlog_launch(c->out, DT_LAUNCH_BANNER, c->seg.banner_line,
		                      -1, "hf_running_training") < 0) ||
		    (c->seg.marker &&
		     dt_rawlog_launch(c->out, DT_LAUNCH_MARKER, c->seg.marker_line,
		                      c->seg.marker_ckpt, c->seg.marker) < 0) ||
		    (c->nlaunch > 0 && dt_rawlog_mark_segment(c->out) < 0))
			return -1;
		/* The banner's run settings belong to this launch (recorded
		 * before its points: rawlog.h dt_rawlog_setting). */
		if (dt_rawlog_setting(c->out, DT_SETTING_GLOBAL_BATCH,
		                      c->seg.batch, c->seg.banner_line) < 0 ||
		    dt_rawlog_setting(c->out, DT_SETTING_TOTAL_STEPS,
		                      c->seg.total_steps, c->seg.banner_line) < 0)
			return -1;
		if (logged_steps_ok(c))
			rc = apply_logged_steps(c);
		else if (epoch_rule_ok(c, &why))
			rc = apply_epoch_rule(c, tag);
		else
			rc = apply_order_rule(c, tag, why);
		c->nlaunch++;
	}
	if (rc == 0)
		rc = banner_facts(c, tag);
	c->nrec = 0;
	c->nkv = 0;
	memset(&c->seg, 0, sizeof c->seg);
	c->seg.marker_ckpt = -1;
	return rc;
}

/* ------------------------------------------------------------ lines */

/* Banner line of HF's "***** Running training *****" block. A banner line
 * after records of the current launch starts a new launch. */
static int scan_banner(hf_ctx *c, const char *s)
{
	static const char *const keys[] = {
		"***** Running training *****", "Num Epochs =",
		"Total optimization steps =", "Gradient Accumulation steps =",
		"Total train batch size ("
	};
	const char *ex = strstr(s, "Num examples =");
	if (ex && c->seg.banner_line && c->nrec == 0 && !c->seg.summary_seen)
		c->seg.examples = banner_count(ex);
	int which = -1;
	for (int i = 0; i < 5 && which < 0; i++)
		if (strstr(s, keys[i]))
			which = i;
	if (which < 0)
		return 0;
	if ((c->nrec > 0 || c->seg.summary_seen) && finish_launch(c) < 0)
		return -1;
	if (!c->seg.banner_line)
		c->seg.banner_line = c->lineno;
	int64_t v = banner_count(s);
	if (which == 1)
		c->seg.num_epochs = v;
	else if (which == 2)
		c->seg.total_steps = v;
	else if (which == 3)
		c->seg.grad_accum = v;
	else if (which == 4)
		c->seg.batch = v;
	return 0;
}

/* A resume marker (resume_marker.h) belongs to the current launch; after
 * records of this launch it starts a new one (no banner printed). */
static int scan_marker(hf_ctx *c, const char *s)
{
	int64_t ck;
	const char *m = dt_resume_marker(s, &ck);
	if (!m)
		return 0;
	if ((c->nrec > 0 || c->seg.summary_seen) && finish_launch(c) < 0)
		return -1;
	if (!c->seg.marker || ck >= 0) {
		c->seg.marker = m;
		c->seg.marker_line = c->lineno;
		if (ck >= 0 || c->seg.marker_ckpt < 0)
			c->seg.marker_ckpt = ck;
	}
	return 0;
}

static int scan_piece(void *ctx, char *piece)
{
	hf_ctx *c = ctx;
	return scan_banner(c, piece) < 0 || scan_marker(c, piece) < 0 ||
	       scan_records(c, piece) < 0 ? -1 : 0;
}

/* One physical line: strip ANSI, split at '\r' (tqdm redraws), scan. */
static int do_line(hf_ctx *c, const char *s, size_t len)
{
	long n = dt_linebuf_set(&c->lb, s, len);
	if (n < 0)
		return -1;
	c->line_end = c->lb.s + n;
	return dt_each_cr_piece(c->lb.s, scan_piece, c);
}

static int final_warnings(hf_ctx *c)
{
	dt_rawlog *o = c->out;
	if (c->ndup && dt_rawlog_warn(o, "%zu duplicate consecutive record(s) "
	                              "dropped (data-parallel ranks print the "
	                              "same line; eval repeats may differ in "
	                              "runtime only)", c->ndup) < 0)
		return -1;
	if (c->nsummary && dt_rawlog_note(o, "%zu end-of-run summary record(s) "
	                                  "(train_runtime, train_loss) skipped: "
	                                  "not curve points", c->nsummary) < 0)
		return -1;
	if (c->nunparsed && dt_rawlog_warn(o, "%zu dict-like text(s) not "
	                                   "parsed (not a flat dict)",
	                                   c->nunparsed) < 0)
		return -1;
	if (o->nseries == 0 &&
	    dt_rawlog_warn(o, "%s: no HF Trainer loss/eval records found",
	                   c->src->path) < 0)
		return -1;
	return 0;
}

static int run(hf_ctx *c)
{
	const char *d = c->src->data;
	size_t len = c->src->len, i = 0;
	while (i < len) {
		dt_source_release(c->src, i);
		const char *nl = memchr(d + i, '\n', len - i);
		size_t end = nl ? (size_t)(nl - d) : len;
		c->lineno++;
		c->cut = !nl;
		if (do_line(c, d + i, end - i) < 0)
			return -1;
		i = end + 1;
	}
	if (finish_launch(c) < 0 || final_warnings(c) < 0 ||
	    dt_neuron_compile_facts(c->src, c->out) < 0)
		return -1;
	/* neuron_parallel_compile trial runs log meaningless losses (LOG-FORMATS
	 * section 9): kept apart from the curve. */
	size_t trial = dt_neuron_trial_line(c->src);
	return trial
	       ? dt_neuron_mark_precompile(c->src, trial, c->out) : 0;
}

static int hf_parse(const dt_source *src, const dt_import_opts *opts,
                    dt_rawlog *out, char *err, size_t errlen)
{
	hf_ctx c;
	memset(&c, 0, sizeof c);
	c.src = src;
	c.opts = opts;
	c.out = out;
	c.seg.marker_ckpt = -1;
	c.keys = calloc(HF_MAX_KEYS, sizeof *c.keys);
	int rc = c.keys ? run(&c) : -1;
	if (rc < 0)
		snprintf(err, errlen, "%s:%zu: out of memory", src->path, c.lineno);
	free(c.lb.s);
	free(c.prev);
	free(c.recs);
	free(c.kv);
	free(c.keys);
	return rc;
}

static int hf_detect(const char *name, const char *head, size_t len)
{
	(void)name;
	if (dt_find_bytes(head, len, "{'loss':") ||
	    dt_find_bytes(head, len, "{'train_runtime'") ||
	    dt_find_bytes(head, len, "{'eval_loss'"))
		return 85;
	return 0;
}

/* HF Trainer / optimum-neuron stdout: Python dict lines, steps derived from
 * the banner or record order (LOG-FORMATS.md sections 2 and 9). */
const dt_importer dt_imp_hf_stdout = {
	.name = "hf-stdout",
	.description = "Hugging Face Trainer / optimum-neuron console output "
	               "({'loss': ...} lines)",
	.detect = hf_detect,
	.parse = hf_parse,
};
