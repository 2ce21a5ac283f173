/* imp_textlog.c: plain-text training lines (GPU and Trainium stacks).
 *
 * One small matcher per line style (shared/domain/LOG-FORMATS.md sections
 * 8 and 9):
 *   - key/value step lines: NxD `step 1 step_time 244.7s throughput 3.9
 *     seq/s loss 13.41 grad norm 1.97`, generic `step 10 | loss 2.31 | lr
 *     1e-4`, torchtune `Step 12 | loss:1.23 lr:2e-05`, JAX `Step 0:
 *     grad_norm=0.4, loss=0.06`;
 *   - Megatron-LM `iteration 100/ 1000 | ... | lm loss: 1.08E+01 | ...`
 *     (optional `srun -l` rank or `[timestamp]` prefix) and `validation
 *     loss at iteration 50 | lm loss value: 8.88E+00 |`;
 *   - torch-neuronx `LOG <ctime> - (epoch, step) step_loss : 9.18 ...`;
 *   - NeMo / NxD Training PyTorch-Lightning bars: `key=value` list in the
 *     `[...]` holding `global_step=` (float-formatted step);
 *   - SageMaker HyperPod `[Auto Resume] ... Retrying step` = new launch.
 * A training line whose start carries a wall-clock time (wallgap.h) feeds
 * the wall-time gap rule: a gap well beyond the usual interval is launch
 * evidence `wall_gap` at that line.
 * Other lines (compiler, cache, NCCL...) are ignored. Steps are as logged.
 * Exact duplicates of a series' last point (same step, same value) are
 * dropped: PTL reprints a bar for the same global_step, ranks reprint.
 * The last line without a line end is cut (a writer killed mid-line, or a
 * file still being written): a text line has no closing mark of its own
 * (`loss 0.2` cut from `loss 0.5317` still reads as a number), and every
 * logger ends its lines, so the missing line end is what says the line is
 * incomplete. When that line (its last '\r' piece) is one this importer
 * reads (any line kind below, or a data fingerprint), it is skipped with
 * the warning of the JSON lines and CSV importers (textline.h:
 * "FILE:LINE: last line truncated (no line end), skipped"); an ignored
 * line is ignored as any other. `import --follow` never feeds a partial
 * last line (it waits for its line end), so a growing log is not warned
 * about. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "importers/fingerprint.h"
#include "importers/importer.h"
#include "importers/neuron_compile.h"
#include "importers/resume_marker.h"
#include "importers/skipval.h"
#include "importers/textline.h"
#include "importers/wallgap.h"
#include "model/util/num.h"

#define TL_KEY_LEN DT_METRIC_BUF
#define TL_MAX_PAIRS 48
#define TL_DETECT_LINE 4096

enum tl_kind {
	TL_NONE,        /* not a training line */
	TL_TRAIN,       /* training metrics at a step */
	TL_EVAL,        /* validation metrics at a step */
	TL_RESUME,      /* a resume marker line (resume_marker.h) */
	TL_BANNER,      /* a start-up banner (launch evidence) */
	TL_SETTING,     /* a run setting line (global batch, total steps) */
	TL_PTL_NOSTEP,  /* PTL bar without global_step */
	TL_VAL_NOSTEP   /* Megatron validation line without an iteration */
};

enum tl_style { TL_STEP_KV = 1, TL_MEGATRON, TL_NEURON_LOG, TL_PTL };

typedef struct tl_pair {
	char key[TL_KEY_LEN];  /* as logged, parenthesised units removed */
	double v;
} tl_pair;

/* What one line says. */
typedef struct tl_rec {
	int kind;              /* enum tl_kind */
	int style;             /* enum tl_style */
	int64_t step;
	tl_pair p[TL_MAX_PAIRS];
	int np;
	int has_loss;          /* a pair maps to the canonical loss */
	int running_mean;      /* PTL loss= used without reduced_train_loss */
	int nxd;               /* a `step N step_time ...` line (NxD example) */
	int64_t batch;         /* Megatron global batch size, 0 = none; for
	                        * TL_SETTING the global batch it sets */
	int64_t total;         /* Megatron `iteration N/M`: M; TL_SETTING: the
	                        * total steps it sets; 0 = none */
	int64_t skipped;       /* Megatron number of skipped iterations */
	int64_t ckpt;          /* TL_RESUME: checkpoint step named, -1 none */
	const char *marker;    /* TL_RESUME: marker id (resume_marker.h) */
	dt_skipval bad;        /* known-metric values that are not numbers */
	const char *bad_step;  /* the digits of a step beyond int64 (in the
	                        * line), NULL = none: refused (apply) */
} tl_rec;

typedef struct tl_ctx {
	const dt_source *src;
	dt_rawlog *out;
	dt_linebuf lb;         /* current line, ANSI-stripped, NUL-ended */
	size_t lineno;
	size_t nmatched;
	int style_seen;
	size_t nnoloss, nptl_nostep, nval_nostep;
	int64_t noloss_first, noloss_last, skipped_total;
	int running_mean, batch_warned, ptl_noted;
	dt_skipval skip;       /* unreadable values of the whole file */
	char fail[96];         /* why the line was refused (feed returns -2) */
	int64_t last_step;     /* step of the last training line */
	dt_wallgap clock;      /* wall-time gaps between timestamped
	                        * training lines (launch evidence) */
	dt_neuron_scan nc;     /* compile records, trial-run markers */
	tl_rec rec;            /* scratch, too big for a small stack frame */
	int cut;               /* the current line is the file's last and has
	                        * no line end (file comment) */
	const char *line_end;  /* end of the current line in lb.s */
} tl_ctx;

/* ------------------------------------------------------------ text */

static const char *skip_blank(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

/* Leading blanks, `srun -l` rank prefixes (`1:  `) and bracketed tags
 * (`[2025-04-13 23:41:20]`, `[rank0]:`) are skipped. */
static const char *strip_prefix(const char *p)
{
	for (;;) {
		p = skip_blank(p);
		if (*p == '[') {
			const char *e = strchr(p, ']');
			if (!e)
				return p;
			p = e + 1;
			if (*p == ':')
				p++;
			continue;
		}
		const char *q = p;
		while (*q >= '0' && *q <= '9')
			q++;
		if (q > p && *q == ':' && (q[1] == ' ' || q[1] == '\t')) {
			p = q + 1;
			continue;
		}
		return p;
	}
}

/* Unsigned decimal integer at p; returns the byte after it or NULL. */
static const char *parse_int(const char *p, int64_t *out)
{
	int64_t v = 0;
	const char *q = p;
	for (; *q >= '0' && *q <= '9'; q++) {
		if (v > INT64_MAX / 10 - 10)
			return NULL;
		v = v * 10 + (*q - '0');
	}
	if (q == p)
		return NULL;
	*out = v;
	return q;
}

/* parse_int for a line's step: digits it refused (beyond int64) are
 * kept in r->bad_step, the line refused (apply) as a CSV step cell is,
 * and the byte after them returned; NULL when p holds no digit. */
static const char *parse_step(const char *p, tl_rec *r, int64_t *step)
{
	const char *q = parse_int(p, step);
	if (q || *p < '0' || *p > '9')
		return q;
	r->bad_step = p;
	while (*p >= '0' && *p <= '9')
		p++;
	return p;
}

/* Key text k[0..n) into out: trimmed, "(...)" parts removed, blanks
 * collapsed to one space. */
static void clean_key(const char *k, size_t n, char *out, size_t outlen)
{
	size_t o = 0;
	int depth = 0, blank = 0;
	for (size_t i = 0; i < n && o + 1 < outlen; i++) {
		char ch = k[i];
		if (ch == '(' || ch == ')') {
			depth += ch == '(' ? 1 : (depth > 0 ? -1 : 0);
			continue;
		}
		if (depth)
			continue;
		if (ch == ' ' || ch == '\t') {
			blank = o > 0;
			continue;
		}
		if (blank && o + 2 < outlen)
			out[o++] = ' ';
		blank = 0;
		out[o++] = ch;
	}
	out[o] = '\0';
}

static int add_pair(tl_rec *r, const char *key, size_t klen, double v)
{
	if (r->np == TL_MAX_PAIRS)
		return 0;
	tl_pair *p = &r->p[r->np];
	clean_key(key, klen, p->key, sizeof p->key);
	if (!p->key[0])
		return 0;
	p->v = v;
	r->np++;
	return 1;
}

static int canon_is(const char *key, const char *metric)
{
	char canon[TL_KEY_LEN];
	dt_metric_canonical(key, canon, sizeof canon);
	return strcmp(canon, metric) == 0;
}

/* 1 when a pair is a training metric worth a curve (loss, lr, grad norm). */
static int has_known_metric(tl_rec *r)
{
	int known = 0;
	for (int i = 0; i < r->np; i++) {
		if (canon_is(r->p[i].key, DT_METRIC_LOSS)) {
			r->has_loss = 1;
			known = 1;
		}
		if (canon_is(r->p[i].key, DT_METRIC_LR) ||
		    canon_is(r->p[i].key, DT_METRIC_GRAD_NORM))
			known = 1;
	}
	return known;
}

/* ------------------------------------------- key/value pair tokens */

/* The units a value may carry glued to it: time, memory, percent, and
 * any rate ("it/s", "s/it", "tokens/s", "samples/sec"). Anything else
 * after the digits ("12abc", "1.x", the dangling exponent of "1.5e", a
 * scale "1.2k") makes the token no number: read as the digits before it,
 * it would be a different value (a new-user trial saw "loss 12abc"
 * stored as 12 without a word); the caller then skips it with its
 * "not numbers skipped" warning. */
static int glued_unit(const char *u, size_t n)
{
	static const char *const units[] = {
		"s", "ms", "us", "ns", "sec", "secs", "second", "seconds", "min",
		"mins", "h", "hr", "hrs", "hours", "%", "B", "KB", "MB", "GB", "TB",
		"KiB", "MiB", "GiB", "TiB"
	};
	if (memchr(u, '/', n))
		return 1;
	for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
		if (strlen(units[i]) == n && strncmp(u, units[i], n) == 0)
			return 1;
	return 0;
}

/* A numeric token: a number, or a number followed by one of the units
 * of glued_unit ("244.7s", "12%", "3.9it/s"). */
static int tok_number(const char *t, size_t n, double *v)
{
	size_t end;
	if (dt_parse_double(t, n, v, &end) < 0)
		return 0;
	if (end == n)
		return 1;
	size_t d = (t[0] == '-' || t[0] == '+') ? 1 : 0;
	if (!(isdigit((unsigned char)t[d]) || t[d] == '.') || n - end > 8 ||
	    t[end - 1] == '.')
		return 0;
	for (size_t i = end; i < n; i++)
		if (!isalpha((unsigned char)t[i]) && t[i] != '/' && t[i] != '%')
			return 0;
	return glued_unit(t + end, n - end);
}

/* A unit word that follows a value: "seq/s", "s", "ms", "%"... */
static int tok_unit(const char *t, size_t n)
{
	static const char *const units[] = { "s", "ms", "sec", "secs", "%",
	                                     "seconds", "tokens", "samples" };
	if (memchr(t, '/', n))
		return 1;
	for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
		if (strlen(units[i]) == n && strncmp(t, units[i], n) == 0)
			return 1;
	return 0;
}

/* Pending key words (at most 3, the last ones) waiting for a value.
 * junk: a word that came right after a known metric key ("loss abc"):
 * the known key's value when no number follows (words_drop counts it),
 * a longer key's word when one does ("loss scale 1024"). */
typedef struct tl_words {
	char text[TL_KEY_LEN];
	int n;
	char junk_key[TL_KEY_LEN];  /* "" = none */
	char junk[48];
} tl_words;

/* 1 when key (C string) is a metric the importer knows (loss, lr, ...). */
static int known_key(const char *key)
{
	char canon[TL_KEY_LEN];
	return dt_metric_canonical(key, canon, sizeof canon) > 0;
}

/* The pending words end without a value (a delimiter, another known
 * key, the line's end): a word that followed a known key was that key's
 * value, not a number (counted in r->bad). */
static void words_drop(tl_rec *r, tl_words *w)
{
	if (w->junk_key[0])
		dt_skipval_add(&r->bad, 0, w->junk_key, w->junk, strlen(w->junk));
	memset(w, 0, sizeof *w);
}

static void words_add(tl_rec *r, tl_words *w, const char *t, size_t n)
{
	char one[TL_KEY_LEN];
	snprintf(one, sizeof one, "%.*s", (int)n, t);
	if (w->n && known_key(one))   /* "loss abc lr": lr starts a new key */
		words_drop(r, w);
	if (w->n && !w->junk_key[0] && known_key(w->text)) {
		snprintf(w->junk_key, sizeof w->junk_key, "%s", w->text);
		snprintf(w->junk, sizeof w->junk, "%.*s", (int)(n > 40 ? 40 : n), t);
	}
	if (w->n == 3) {
		char *sp = strchr(w->text, ' ');
		if (sp) {
			memmove(w->text, sp + 1, strlen(sp + 1) + 1);
			w->n--;
		} else {
			memset(w->text, 0, sizeof w->text);
			w->n = 0;
		}
	}
	size_t l = strlen(w->text);
	snprintf(w->text + l, sizeof w->text - l, "%s%.*s", l ? " " : "",
	         (int)n, t);
	w->n++;
}

/* Count t[0..n) as an unreadable value when the pending key is a known
 * metric (loss, lr, grad norm...); other keys' odd values stay unnoticed. */
static void bad_value(tl_rec *r, const tl_words *w, const char *t, size_t n)
{
	char canon[TL_KEY_LEN];
	if (w->n && dt_metric_canonical(w->text, canon, sizeof canon) > 0)
		dt_skipval_add(&r->bad, 0, w->text, t, n);
}

/* One token of a pair list; *after_value tracks unit words. */
static void pair_token(tl_rec *r, tl_words *w, const char *t, size_t n,
                       int *after_value)
{
	double v;
	int was_value = *after_value;
	*after_value = 0;
	const char *sep = NULL;
	for (size_t i = 1; i + 1 < n && !sep; i++)
		if (t[i] == ':' || t[i] == '=')
			sep = t + i;
	if (sep && isalpha((unsigned char)t[0])) {          /* loss:1.23 */
		words_add(r, w, t, (size_t)(sep - t));
		size_t vl = n - (size_t)(sep + 1 - t);
		if (tok_number(sep + 1, vl, &v))
			add_pair(r, w->text, strlen(w->text), v);
		else
			bad_value(r, w, sep + 1, vl);
		memset(w, 0, sizeof *w);
		*after_value = 1;
	} else if (tok_number(t, n, &v)) {
		if (w->n)
			add_pair(r, w->text, strlen(w->text), v);
		memset(w, 0, sizeof *w);
		*after_value = 1;
	} else if (was_value && tok_unit(t, n)) {
		return;
	} else if (isalpha((unsigned char)t[0])) {
		while (n > 1 && (t[n - 1] == ':' || t[n - 1] == '='))
			n--;
		words_add(r, w, t, n);
	} else if (!(n == 1 && (t[0] == ':' || t[0] == '='))) {
		if (t[0] != '(' && t[0] != '[')   /* "(s)", "[rank0]": not values */
			bad_value(r, w, t, n);
		words_drop(r, w);
	}
}

/* Length of the token at s ending at one of `stop`; a comma between
 * digits does not end it ("1,9": a decimal comma, or "1,234"), so such a
 * value is one token that is no number, not 1 followed by 9. */
static size_t token_len(const char *s, const char *stop)
{
	size_t n = strcspn(s, stop);
	while (s[n] == ',' && n > 0 && isdigit((unsigned char)s[n - 1]) &&
	       isdigit((unsigned char)s[n + 1]))
		n += 1 + strcspn(s + n + 1, stop);
	return n;
}

/* Collect `key value`, `key: value`, `key=value`, `key : value` pairs
 * from s; '|', ',' and ';' end a pending key. */
static void parse_pairs(tl_rec *r, const char *s)
{
	tl_words w;
	int after_value = 0;
	memset(&w, 0, sizeof w);
	while (*s) {
		if (strchr("|,;", *s)) {
			words_drop(r, &w);
			after_value = 0;
			s++;
			continue;
		}
		if (*s == ' ' || *s == '\t') {
			s++;
			continue;
		}
		size_t n = token_len(s, " \t|,;");
		pair_token(r, &w, s, n, &after_value);
		s += n;
	}
	words_drop(r, &w);
}

/* ---------------------------------------------------------- matchers */

/* NxD / generic / torchtune / JAX: the line starts with `step N`. */
static int match_step_kv(const char *line, tl_rec *r)
{
	const char *p = strip_prefix(line);
	while (*p == '|')
		p = skip_blank(p + 1);
	if (strncasecmp(p, "step", 4) != 0 || !strchr(" \t:=", p[4]) || !p[4])
		return 0;
	p += 4;
	while (*p && strchr(" \t:=", *p))
		p++;
	p = parse_step(p, r, &r->step);
	if (!p || isalnum((unsigned char)*p) || *p == '.')
		return 0;
	parse_pairs(r, p);
	if (!has_known_metric(r))
		return r->bad.n > 0;  /* kind TL_NONE: only the bad values count */
	for (int i = 0; i < r->np && !r->nxd; i++)
		r->nxd = strcmp(r->p[i].key, "step_time") == 0;
	r->style = TL_STEP_KV;
	r->kind = TL_TRAIN;
	return 1;
}

/* torch-neuronx: `LOG <ctime> - (epoch, step) step_loss : 9.18 ...`. */
static int match_neuron_log(const char *line, tl_rec *r)
{
	const char *p = strip_prefix(line);
	int64_t epoch;
	if (strncmp(p, "LOG ", 4) != 0 || !(p = strstr(p, " - (")))
		return 0;
	p = parse_int(skip_blank(p + 4), &epoch);
	if (!p || *p != ',')
		return 0;
	p = parse_int(skip_blank(p + 1), &r->step);
	if (!p || *p != ')')
		return 0;
	parse_pairs(r, p + 1);
	if (!has_known_metric(r))
		return r->bad.n > 0;  /* kind TL_NONE: only the bad values count */
	r->style = TL_NEURON_LOG;
	r->kind = TL_TRAIN;
	return 1;
}

/* `iteration <ws> N <ws>/<ws> M` anywhere in the line (M = train_iters,
 * the total the launch was started for); returns the byte after M or
 * NULL. */
static const char *megatron_iteration(const char *line, tl_rec *r,
                                      int64_t *step, int64_t *total)
{
	const char *p = line;
	while ((p = strstr(p, "iteration")) != NULL) {
		r->bad_step = NULL;
		const char *q = parse_step(skip_blank(p + 9), r, step);
		p += 9;
		if (!q || *(q = skip_blank(q)) != '/')
			continue;
		q = parse_int(skip_blank(q + 1), total);
		if (q)
			return q;
	}
	return NULL;
}

static int ends_with(const char *s, size_t n, const char *suffix)
{
	size_t l = strlen(suffix);
	return n >= l && strncmp(s + n - l, suffix, l) == 0;
}

/* A logged count as int64: 0 unless finite, integral-valued and in
 * [0, 2^53] (a bigger or non-finite value cannot be converted: found by
 * fuzzing, fixture textlog/fuzz_huge_counts.log). */
static int64_t count_of(double v)
{
	return v >= 0 && v <= 9007199254740992.0 ? (int64_t)v : 0;
}

/* Megatron `name: value |` field; special fields go to r's facts. */
static void megatron_field(tl_rec *r, const char *f, size_t n, int eval)
{
	const char *colon = memchr(f, ':', n);
	double v;
	if (!colon)
		return;
	char key[TL_KEY_LEN];
	clean_key(f, (size_t)(colon - f), key, sizeof key);
	const char *val = skip_blank(colon + 1);
	size_t vl = n - (size_t)(val - f);
	if (dt_parse_double_field(val, vl, &v) < 0) {
		while (vl && (val[vl - 1] == ' ' || val[vl - 1] == '\t'))
			vl--;
		if (known_key(key))   /* "lm loss: 1,9": not 1, not silently */
			dt_skipval_add(&r->bad, 0, key, val, vl);
		return;
	}
	size_t kl = strlen(key);
	if (strcmp(key, "global batch size") == 0)
		r->batch = count_of(v);
	else if (strcmp(key, "number of skipped iterations") == 0)
		r->skipped = count_of(v);
	else if (strcmp(key, "number of nan iterations") == 0)
		return;
	else if (!eval)
		add_pair(r, key, kl, v);
	else if (ends_with(key, kl, " value"))
		add_pair(r, key, kl - 6, v);
}

static void megatron_fields(tl_rec *r, const char *p, int eval)
{
	while (*p) {
		p = skip_blank(p);
		size_t n = strcspn(p, "|");
		megatron_field(r, p, n, eval);
		p += n;
		if (*p == '|')
			p++;
	}
}

static int match_megatron(const char *line, tl_rec *r)
{
	const char *p = strstr(line, "validation loss at ");
	if (p) {
		r->style = TL_MEGATRON;
		p += 19;
		p = strncmp(p, "iteration", 9) == 0 ?
		    parse_int(skip_blank(p + 9), &r->step) : NULL;
		if (!p) {
			r->kind = TL_VAL_NOSTEP;
			return 1;
		}
		megatron_fields(r, p, 1);
		r->kind = r->np ? TL_EVAL : TL_VAL_NOSTEP;
		return 1;
	}
	p = megatron_iteration(line, r, &r->step, &r->total);
	if (!p || !strchr(p, '|'))
		return 0;
	megatron_fields(r, p, 0);
	has_known_metric(r);
	r->style = TL_MEGATRON;
	r->kind = TL_TRAIN;
	return 1;
}

/* One `key=value` item of a PTL bar. */
static void ptl_item(tl_rec *r, const char *s, size_t n, int reduced)
{
	const char *eq = memchr(s, '=', n);
	double v;
	if (!eq)
		return;
	size_t kl = (size_t)(eq - s);
	const char *val = eq + 1;
	size_t vl = n - kl - 1;
	char key[TL_KEY_LEN];
	clean_key(s, kl, key, sizeof key);
	if (strcmp(key, "global_step") == 0 || strcmp(key, "v_num") == 0 ||
	    (reduced && strcmp(key, "loss") == 0))
		return;
	if (dt_parse_double_field(val, vl, &v) < 0) {
		if (known_key(key))
			dt_skipval_add(&r->bad, 0, key, val, vl);
		return;
	}
	if (strcmp(key, "loss") == 0)
		r->running_mean = 1;
	add_pair(r, key, strlen(key), v);
}

/* NeMo / NxD Training PTL bar: `Epoch 0: ...| 3/91 [..., k=v, ...]`. */
static int match_ptl(const char *line, tl_rec *r)
{
	const char *p = strip_prefix(line);
	int64_t epoch;
	if (strncmp(p, "Epoch ", 6) != 0 || !(p = parse_int(p + 6, &epoch)) ||
	    *p != ':')
		return 0;
	r->style = TL_PTL;
	const char *g = strstr(p, "global_step=");
	if (!g || dt_parse_step(g + 12, strcspn(g + 12, ",]"), &r->step) < 0 ||
	    r->step == INT64_MAX) {
		r->kind = TL_PTL_NOSTEP;
		return 1;
	}
	r->step += 1;  /* 0-based global_step (ptl_base) */
	const char *open = g;
	while (open > p && *open != '[')
		open--;
	size_t n = strcspn(open + 1, "]");
	int reduced = strstr(open, "reduced_train_loss=") != NULL;
	for (const char *s = open + 1, *e = open + 1 + n; s < e;) {
		size_t k = token_len(s, ",]");
		ptl_item(r, skip_blank(s), k - (size_t)(skip_blank(s) - s), reduced);
		s += k + 1;
	}
	has_known_metric(r);
	r->kind = TL_TRAIN;
	return 1;
}

/* Start-up banners that every launch prints once: Megatron-LM's
 * arguments block. A repeated banner is launch evidence. */
static int match_banner(const char *line, tl_rec *r)
{
	if (!strstr(line, "------------------------ arguments "
	                  "------------------------"))
		return 0;
	r->kind = TL_BANNER;
	r->marker = "megatron_arguments";
	return 1;
}

/* A run setting printed at start-up, one per line: Megatron-LM's
 * arguments block (`  global_batch_size ....... 16`, `  train_iters
 * ..... 1000`) or a YAML config dump (NeMo's `  max_steps: 1000`,
 * `  global_batch_size: 256`). The whole line is key, separator (dots,
 * `:` or `=`) and a positive integer. */
static int match_setting(const char *line, tl_rec *r)
{
	static const struct { const char *key; int total; } keys[] = {
		{"global_batch_size", 0}, {"train_iters", 1}, {"max_steps", 1},
		{"total_steps", 1},
	};
	const char *p = skip_blank(line);
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
		size_t kl = strlen(keys[i].key);
		if (strncmp(p, keys[i].key, kl) != 0)
			continue;
		const char *q = skip_blank(p + kl);
		int dots = 0;
		while (*q == '.')
			q++, dots++;
		if (dots < 2 && *q != ':' && *q != '=')
			return 0;
		if (dots < 2)
			q++;
		int64_t v;
		q = parse_int(skip_blank(q), &v);
		if (!q || *skip_blank(q) != '\0' || v <= 0)
			return 0;
		r->kind = TL_SETTING;
		if (keys[i].total)
			r->total = v;
		else
			r->batch = v;
		return 1;
	}
	return 0;
}

static int match_resume(const char *line, tl_rec *r)
{
	r->marker = dt_resume_marker(line, &r->ckpt);
	if (!r->marker)
		return 0;
	r->kind = TL_RESUME;
	return 1;
}

/* Classify one NUL-terminated line into r (r->kind TL_NONE: ignored). */
static void recognise(const char *line, tl_rec *r)
{
	static int (*const matchers[])(const char *, tl_rec *) = {
		match_resume, match_banner, match_megatron, match_neuron_log,
		match_ptl,
		match_step_kv, match_setting
	};
	for (size_t i = 0; i < sizeof matchers / sizeof matchers[0]; i++) {
		memset(r, 0, sizeof *r);
		if (matchers[i](line, r))
			return;
	}
	memset(r, 0, sizeof *r);
}

/* ------------------------------------------------------------ apply */

/* Push (step, v) unless it repeats the series' last point exactly. */
static int push_point(tl_ctx *c, const char *metric, int64_t step, double v)
{
	dt_rawseries *s = dt_rawlog_series_at(c->out, metric, (dt_name_at){
		c->src->path, NULL, c->lineno});
	if (!s)
		return -1;
	/* ...but never across a launch boundary: a resumed launch that
	 * re-logs the last step with the same value is a replayed point. */
	int new_launch = s->nmarks && s->marks[s->nmarks - 1] == s->n;
	if (s->n && s->step[s->n - 1] == step && !new_launch) {
		double last = s->value[s->n - 1];
		if (last == v || (isnan(last) && isnan(v)))
			return 0;
	}
	return dt_rawseries_push(s, step, v);
}

static int push_pairs(tl_ctx *c, const tl_rec *r)
{
	for (int i = 0; i < r->np; i++) {
		if (dt_fingerprint_key(r->p[i].key))
			continue;  /* a numeric fingerprint is no curve */
		char canon[TL_KEY_LEN], name[TL_KEY_LEN + 8];
		dt_metric_canonical(r->p[i].key, canon, sizeof canon);
		if (r->kind == TL_EVAL && strcmp(canon, DT_METRIC_LOSS) == 0)
			snprintf(name, sizeof name, "%s", DT_METRIC_EVAL_LOSS);
		else if (r->kind == TL_EVAL && strncmp(canon, "eval_", 5) != 0)
			snprintf(name, sizeof name, "eval_%s", canon);
		else
			snprintf(name, sizeof name, "%s", canon);
		if (push_point(c, name, r->step, r->p[i].v) < 0)
			return -1;
	}
	return 0;
}

/* Whether the launch of the evidence just recorded (the last) already
 * had a resume marker: a second line of the same restart ("loading
 * checkpoint", then "successfully loaded"). */
static int launch_had_marker(const dt_rawlog *log)
{
	const dt_launch_evidence *e = &log->launch_ev[log->nlaunch_ev - 1];
	for (size_t i = log->nlaunch_ev - 1; i-- > 0 &&
	     log->launch_ev[i].launch == e->launch;)
		if (log->launch_ev[i].kind == DT_LAUNCH_MARKER)
			return 1;
	return 0;
}

/* A resume marker line: launch evidence; a warning when it belongs to a
 * launch after the file's first (points were logged before it), a note
 * when the file's first launch resumed (the log begins with a resume);
 * one per launch: a further marker of the same launch is evidence of
 * the same restart (the import report lists it on the launch's line). */
static int resume(tl_ctx *c, const tl_rec *r)
{
	char text[160], ck[48] = "";
	snprintf(text, sizeof text, "%s", skip_blank(c->lb.s));
	if (r->ckpt >= 0)
		snprintf(ck, sizeof ck, ", checkpoint step %lld",
		         (long long)r->ckpt);
	if (dt_rawlog_launch(c->out, DT_LAUNCH_MARKER, c->lineno, r->ckpt,
	                     r->marker) < 0)
		return -1;
	if (launch_had_marker(c->out))
		return 0;
	int hyperpod = strcmp(r->marker, "hyperpod_auto_resume") == 0;
	if (c->out->nlaunches == 0)
		return dt_rawlog_note(c->out, "%s:%zu: the log begins with a resume "
		                      "(%s%s): '%s'", c->src->path, c->lineno,
		                      r->marker, ck, text);
	return dt_rawlog_warn(c->out, "%s:%zu: new launch (%s%s): '%s'",
	                      c->src->path, c->lineno, hyperpod ?
	                      "HyperPod auto-resume" : r->marker, ck, text);
}

/* The run settings a line states (global batch, total steps) for the
 * current launch, recorded before the line's points (rawlog.h). */
static int line_settings(tl_ctx *c, const tl_rec *r)
{
	return dt_rawlog_setting(c->out, DT_SETTING_GLOBAL_BATCH, r->batch,
	                         c->lineno) < 0 ||
	       dt_rawlog_setting(c->out, DT_SETTING_TOTAL_STEPS, r->total,
	                         c->lineno) < 0 ? -1 : 0;
}

static int megatron_facts(tl_ctx *c, const tl_rec *r)
{
	c->skipped_total += r->skipped;
	if (r->kind == TL_TRAIN && !r->has_loss) {
		if (c->nnoloss++ == 0)
			c->noloss_first = r->step;
		c->noloss_last = r->step;
	}
	if (r->batch <= 0 || r->batch == c->out->global_batch)
		return 0;
	if (c->out->global_batch == 0) {
		c->out->global_batch = r->batch;
		return 0;
	}
	if (c->batch_warned++)
		return 0;
	return dt_rawlog_warn(c->out, "%s:%zu: global batch size changes from "
	                      "%lld to %lld (batch ramp-up?); the first is kept",
	                      c->src->path, c->lineno,
	                      (long long)c->out->global_batch,
	                      (long long)r->batch);
}

static void note_style(tl_ctx *c, int style)
{
	static const char *const text[] = {
		"", "logged step (step N lines)", "logged step (Megatron iteration)",
		"logged step (torch-neuronx (epoch, step))",
		"logged step (PTL global_step)"
	};
	if (c->style_seen == 0)
		snprintf(c->out->step_source, sizeof c->out->step_source, "%s",
		         text[style]);
	else if (c->style_seen != style)
		snprintf(c->out->step_source, sizeof c->out->step_source,
		         "logged step (mixed line styles)");
	c->style_seen = style;
}

/* NeMo / NxD Training bars log Lightning's global_step before the update
 * (the 40th of 40 batches shows global_step=39.00; LOG-FORMATS.md section
 * 8): the producer is known, so steps are stored + 1 (optimizer steps,
 * as HF and Lightning CSV files are), and the import report says so. */
static int ptl_base(tl_ctx *c)
{
	if (c->ptl_noted++)
		return 0;
	c->out->step_added = 1;
	snprintf(c->out->step_base_rule, sizeof c->out->step_base_rule,
	         "+1: NeMo/NxD Training progress bars log global_step before "
	         "the update (0-based)");
	snprintf(c->out->step_source, sizeof c->out->step_source,
	         "logged step + 1 (PTL global_step counts from 0)");
	snprintf(c->out->updates_by, sizeof c->out->updates_by,
	         "NeMo/NxD Training");
	return dt_rawlog_note(c->out, "%s: NeMo/NxD Training progress bar: "
	                      "global_step counts updates before the current "
	                      "one (0-based); stored as global_step + 1 "
	                      "(optimizer steps)", c->src->path);
}

/* The producers whose step lines count optimizer updates, so that
 * --grad-accum does not apply to them (dt_rawlog.updates_by). From
 * shared/domain/LOG-FORMATS.md section 9, "Training metrics, by stack":
 *   | neuronx-distributed examples (tp_pp) | `step 1 step_time
 *     244.7649691104889s throughput 3.935193537274158 seq/s loss
 *     13.412860887125134 grad norm 1.9788274765014648` ... | optimizer step |
 *   | neuronx-distributed / torch-neuronx BERT, tp_zero1 | `LOG Thu Sep 29
 *     22:30:10 2022 - (0, 78) step_loss : 9.1875 ...` | (epoch, optimizer
 *     step) |
 * A plain `step N loss X` line (no step_time: the producer is not known)
 * may count micro-batches and keeps --grad-accum. */
static void note_updates(tl_ctx *c, const tl_rec *r)
{
	const char *by = r->style == TL_NEURON_LOG ? "torch-neuronx" :
	                 r->style == TL_STEP_KV && r->nxd ?
	                 "neuronx-distributed" : NULL;
	if (by && !c->out->updates_by[0])
		snprintf(c->out->updates_by, sizeof c->out->updates_by, "%s", by);
}

/* A training line whose step is beyond int64: refused with CSV's words
 * ("expected an integer step ..., found '...'"), never dropped unsaid.
 * Returns -2 (c->fail set). */
static int refuse_step(tl_ctx *c, const tl_rec *r)
{
	size_t n = strspn(r->bad_step, "0123456789");
	snprintf(c->fail, sizeof c->fail, "expected an integer step, found "
	         "'%.*s%s'", (int)(n > 40 ? 40 : n), r->bad_step,
	         n > 40 ? "..." : "");
	return -2;
}

static int apply(tl_ctx *c, const tl_rec *r)
{
	if (r->bad_step && (r->kind == TL_TRAIN || r->kind == TL_EVAL))
		return refuse_step(c, r);
	dt_skipval_merge(&c->skip, &r->bad, c->lineno);
	switch (r->kind) {
	case TL_RESUME:
		return resume(c, r);
	case TL_BANNER:
		return dt_rawlog_launch(c->out, DT_LAUNCH_BANNER, c->lineno, -1,
		                        r->marker);
	case TL_SETTING:
		return line_settings(c, r);
	case TL_PTL_NOSTEP:
		c->nptl_nostep++;
		return 0;
	case TL_VAL_NOSTEP:
		c->nval_nostep++;
		return 0;
	case TL_TRAIN:
	case TL_EVAL:
		break;
	default:
		return 0;
	}
	c->nmatched++;
	c->running_mean |= r->running_mean;
	note_style(c, r->style);
	note_updates(c, r);
	if (r->style == TL_PTL && ptl_base(c) < 0)
		return -1;
	if (r->style == TL_MEGATRON && megatron_facts(c, r) < 0)
		return -1;
	if (r->style == TL_MEGATRON && !c->out->step_base_rule[0]) {
		snprintf(c->out->step_base_rule, sizeof c->out->step_base_rule,
		         "as logged: Megatron-LM iterations count updates from 1");
		snprintf(c->out->updates_by, sizeof c->out->updates_by,
		         "Megatron-LM");
	}
	if (r->kind == TL_TRAIN && line_settings(c, r) < 0)
		return -1;
	if (r->kind == TL_TRAIN)
		c->last_step = r->step;
	return push_pairs(c, r);
}

/* A batch fingerprint the line states (fingerprint.h): at the line's
 * step on a training line, else at the last training step logged in this
 * launch (a data loader line printed after its step's metrics); dropped
 * when no step was logged yet. */
static int line_fingerprint(tl_ctx *c, const tl_rec *r, const char *piece)
{
	double v;
	if (!dt_fingerprint_in_line(piece, &v))
		return 0;
	int64_t step;
	if (r->kind == TL_TRAIN)
		step = r->step;
	else if (c->nmatched && c->out->points_at_launch < dt_rawlog_points(c->out))
		step = c->last_step;
	else
		return 0;
	dt_rawseries *s = dt_rawlog_series(c->out, DT_FINGERPRINT_METRIC);
	return s && dt_rawseries_push(s, step, v) == 0 ? 0 : -1;
}

/* ------------------------------------------------------------ driver */

static int match_piece(void *ctx, char *piece)
{
	tl_ctx *c = ctx;
	double t;
	recognise(piece, &c->rec);
	if (c->cut && piece + strlen(piece) == c->line_end &&
	    (c->rec.kind != TL_NONE || dt_fingerprint_in_line(piece, &t)))
		return dt_warn_last_line_cut(c->out, c->src->path, c->lineno,
		                             "no line end");
	/* A training line that carries a wall-clock time (Megatron's
	 * `[date]` prefix, torch-neuronx LOG ctime, a collector's ISO
	 * prefix): a gap well beyond the usual interval is a new launch,
	 * recorded before its points (wallgap.h). */
	if (c->rec.kind == TL_TRAIN && dt_wallgap_text_time(piece, &t) &&
	    dt_wallgap_check(&c->clock, t, c->out, c->src->path, c->lineno,
	                     "timestamp") < 0)
		return -1;
	int rc = apply(c, &c->rec);
	if (rc < 0)
		return rc;
	return line_fingerprint(c, &c->rec, piece);
}

/* One physical line: strip ANSI, split at '\r' (bar redraws), match. */
static int do_line(tl_ctx *c, const char *s, size_t len)
{
	long n = dt_linebuf_set(&c->lb, s, len);
	if (n < 0)
		return -1;
	c->line_end = c->lb.s + n;
	return dt_each_cr_piece(c->lb.s, match_piece, c);
}

static int final_warnings(tl_ctx *c, dt_rawlog *o)
{
	const char *path = c->src->path;
	if (c->nnoloss && dt_rawlog_warn(o, "%s: %zu Megatron iteration line(s) "
	    "without 'lm loss' (iterations %lld..%lld; fp16 overflow skipped "
	    "iterations reported: %lld): no loss point invented", path,
	    c->nnoloss, (long long)c->noloss_first, (long long)c->noloss_last,
	    (long long)c->skipped_total) < 0)
		return -1;
	if (c->running_mean && dt_rawlog_warn(o, "%s: progress bar has no "
	    "reduced_train_loss; 'loss=' (a running mean) imported as loss",
	    path) < 0)
		return -1;
	if (c->nptl_nostep && dt_rawlog_warn(o, "%s: %zu progress-bar line(s) "
	    "without global_step ignored", path, c->nptl_nostep) < 0)
		return -1;
	if (c->nval_nostep && dt_rawlog_warn(o, "%s: %zu validation line(s) "
	    "without an iteration number ignored", path, c->nval_nostep) < 0)
		return -1;
	if (dt_skipval_warn(&c->skip, o, path) < 0)
		return -1;
	if (c->nmatched == 0 && dt_rawlog_warn(o, "%s: no training lines "
	    "recognised", path) < 0)
		return -1;
	return 0;
}

static void *tl_begin(const dt_import_opts *opts, dt_rawlog *out)
{
	(void)opts;
	tl_ctx *c = calloc(1, sizeof *c);
	if (c) {
		c->out = out;
		dt_neuron_scan_init(&c->nc);
	}
	return c;
}

static int tl_feed(void *ps, const dt_source *src, size_t from, char *err,
                   size_t errlen)
{
	tl_ctx *c = ps;
	const char *d = src->data;
	size_t line0 = c->lineno;
	int rc = 0;
	c->src = src;
	for (size_t i = from; i < src->len && rc == 0;) {
		dt_source_release(src, i);
		const char *nl = memchr(d + i, '\n', src->len - i);
		size_t end = nl ? (size_t)(nl - d) : src->len;
		c->lineno++;
		c->cut = !nl;
		rc = do_line(c, d + i, end - i);
		i = end + 1;
	}
	if (rc == 0)
		dt_neuron_scan_feed(&c->nc, src, from, line0);
	else
		snprintf(err, errlen, "%s:%zu: %s", src->path, c->lineno,
		         rc == -2 ? c->fail : "out of memory");
	return rc;
}

static int tl_end(void *ps, const dt_source *src, dt_rawlog *to, char *err,
                  size_t errlen)
{
	tl_ctx *c = ps;
	c->src = src;
	size_t trial = dt_neuron_scan_trial(&c->nc);
	int rc = final_warnings(c, to) == 0 &&
	         dt_neuron_scan_facts(&c->nc, to) == 0 ? 0 : -1;
	if (rc == 0 && trial)
		rc = to != c->out ? 1 : dt_neuron_mark_precompile(src, trial, to);
	if (rc < 0)
		snprintf(err, errlen, "%s:%zu: out of memory", src->path, c->lineno);
	return rc;
}

static void tl_free(void *ps)
{
	tl_ctx *c = ps;
	if (c)
		free(c->lb.s);
	free(c);
}

static int tl_parse(const dt_source *src, const dt_import_opts *opts,
                    dt_rawlog *out, char *err, size_t errlen)
{
	return dt_parse_in_steps(&dt_imp_textlog, src, opts, out, err, errlen);
}

/* Score: 75 when at least two lines of the head have a training-line
 * shape, 60 for one, 0 otherwise (JSON/CSV files never match: a line must
 * start with `step N`, `LOG`, `Epoch N:` or hold `iteration N/M |`). */
static int tl_detect(const char *name, const char *head, size_t len)
{
	(void)name;
	char *buf = malloc(TL_DETECT_LINE);
	tl_rec *r = malloc(sizeof *r);
	int hits = 0;
	for (size_t i = 0; buf && r && i < len && hits < 2;) {
		size_t end = i;
		while (end < len && head[end] != '\n' && head[end] != '\r')
			end++;
		size_t n = end - i < TL_DETECT_LINE ? end - i : TL_DETECT_LINE - 1;
		dt_strip_ansi_copy(buf, head + i, n);
		recognise(buf, r);
		hits += r->kind == TL_TRAIN || r->kind == TL_EVAL;
		i = end + 1;
	}
	free(buf);
	free(r);
	return hits >= 2 ? 75 : hits == 1 ? 60 : 0;
}

/* Plain-text training lines: NxD/Neuron `step N ...`, Megatron-LM
 * iterations, torch-neuronx LOG lines, NeMo/NxDT PTL bars, HyperPod
 * auto-resume (LOG-FORMATS.md sections 8 and 9). Steps as logged. */
const dt_importer dt_imp_textlog = {
	.name = "textlog",
	.description = "plain-text training lines (NxD/Neuron step lines, "
	               "Megatron-LM, torch-neuronx LOG, NeMo/NxDT progress bars)",
	.detect = tl_detect,
	.parse = tl_parse,
	.step_begin = tl_begin,
	.step_feed = tl_feed,
	.step_end = tl_end,
	.step_free = tl_free,
};
