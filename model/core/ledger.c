/* dt_ledger.c: ledger names, costs, equal-steps prices, sensitivity and
 * fair-compare warnings (rules in dt_ledger.h). */
#include "model/core/ledger.h"
#include "model/core/name.h"
#include "model/util/text.h"

#include "model/util/num.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const cat_key[DT_LC_COUNT] = {
	"env_prep", "compile", "warmup_data", "training", "checkpoint", "queue",
	"reruns", "manual"};
static const char *const cat_label[DT_LC_COUNT] = {
	"environment preparation", "compilation and cache build",
	"warm-up and data loading", "useful training",
	"checkpoint save and verification", "queue / quota waits",
	"failed reruns and recovery", "manual handling"};
static const char *const item_key[DT_LI_COUNT] = {
	"instance_hour", "instances", "storage", "storage_gb_months", "transfer",
	"transfer_gb", "logs", "logs_gb", "useful_steps"};
static const char *const item_unit[DT_LI_COUNT] = {
	"USD/instance-hour", "instances", "USD/GB-month", "GB-months", "USD/GB",
	"GB", "USD/GB", "GB", "effective steps"};

const char *dt_ledger_cat_key(int c)
{
	return c >= 0 && c < DT_LC_COUNT ? cat_key[c] : "";
}

const char *dt_ledger_cat_label(int c)
{
	return c >= 0 && c < DT_LC_COUNT ? cat_label[c] : "";
}

const char *dt_ledger_item_key(int i)
{
	return i >= 0 && i < DT_LI_COUNT ? item_key[i] : "";
}

const char *dt_ledger_item_unit(int i)
{
	return i >= 0 && i < DT_LI_COUNT ? item_unit[i] : "";
}

int dt_ledger_key_parse(const char *key, int *is_time, int *index)
{
	for (int c = 0; c < DT_LC_COUNT; c++)
		if (strcmp(key, cat_key[c]) == 0) {
			*is_time = 1;
			*index = c;
			return 0;
		}
	for (int i = 0; i < DT_LI_COUNT; i++)
		if (strcmp(key, item_key[i]) == 0) {
			*is_time = 0;
			*index = i;
			return 0;
		}
	return -1;
}

const char *dt_ledger_side_name(int side)
{
	return side == DT_SIDE_GPU ? "gpu" : side == DT_SIDE_TRN2 ? "trn2" : "";
}

int dt_ledger_side_parse(const char *s)
{
	if (strcmp(s, "gpu") == 0)
		return DT_SIDE_GPU;
	if (strcmp(s, "trn2") == 0 || strcmp(s, "trn1") == 0)
		return DT_SIDE_TRN2;
	return -1;
}

const char *dt_basis_name(dt_basis b)
{
	switch (b) {
	case DT_BASIS_OFFICIAL: return "official";
	case DT_BASIS_MEASURED: return "measured";
	case DT_BASIS_ASSUMPTION: return "assumption";
	default: return "missing";
	}
}

dt_basis dt_basis_parse(const char *s)
{
	for (dt_basis b = DT_BASIS_OFFICIAL; b <= DT_BASIS_ASSUMPTION; b++)
		if (strcmp(s, dt_basis_name(b)) == 0)
			return b;
	return DT_BASIS_NONE;
}

static void add_log(dt_ledger_input *in, double v, int by_hand)
{
	if (in->basis != DT_BASIS_NONE && !in->from_log)
		return;                 /* an entered value overrides the logs */
	if (in->basis == DT_BASIS_NONE) {
		in->basis = DT_BASIS_MEASURED;
		in->from_log = 1;
		in->value = 0;
		snprintf(in->note, sizeof in->note, "derived from run logs");
	}
	if (by_hand && !in->by_hand) {
		in->by_hand = 1;
		snprintf(in->note, sizeof in->note, "from a run journal value "
		         "entered by hand (journal set), not read from a log");
	}
	in->value += v;
}

void dt_ledger_add_derived(dt_ledger_side *side, const dt_ledger_derived *d)
{
	for (int c = 0; c < DT_LC_COUNT; c++)
		if (d->has_journal[c])
			add_log(&side->time[c], d->journal_s[c],
			        d->journal_by_hand[c]);
	if (d->has_step_time) {
		if (!d->has_journal[DT_LC_COMPILE])
			add_log(&side->time[DT_LC_COMPILE], d->startup_s, 0);
		add_log(&side->time[DT_LC_TRAINING], d->training_s, 0);
	}
	if (d->wasted_s > 0 || d->restart_gap_s > 0)
		add_log(&side->time[DT_LC_RERUNS], d->wasted_s + d->restart_gap_s,
		        0);
	dt_ledger_input *u = &side->item[DT_LI_USEFUL_STEPS];
	if (d->useful_steps > 0 && (u->basis == DT_BASIS_NONE || u->from_log) &&
	    (double)d->useful_steps > u->value) {
		add_log(u, 0, 0);
		u->value = (double)d->useful_steps;
	}
}

/* Seconds >= 0 of fact `key` into *v, *hand 1 when a person set it;
 * returns 1 when present. */
static int fact_seconds(const dt_fact *f, size_t n, const char *key,
                        double *v, int *hand)
{
	for (size_t i = 0; i < n; i++) {
		double x;
		if (strcmp(f[i].key, key) == 0 &&
		    dt_parse_double_field(f[i].value, strlen(f[i].value), &x) == 0 &&
		    isfinite(x) && x >= 0) {
			*v = x;
			*hand = strcmp(f[i].source, "user") == 0;
			return 1;
		}
	}
	return 0;
}

void dt_ledger_journal(const dt_fact *facts, size_t n, dt_ledger_derived *d)
{
	static const struct {
		const char *key;
		int cat, op;     /* op 0: max, 1: sum */
	} map[] = {
		{"neuron.compile_seconds", DT_LC_COMPILE, 0},
		{"compile.init_seconds", DT_LC_COMPILE, 0},
		{"data.prep_seconds", DT_LC_WARMUP, 1},
		{"data.load_seconds", DT_LC_WARMUP, 1},
		{"queue.wait_seconds", DT_LC_QUEUE, 1},
	};
	for (size_t k = 0; k < sizeof map / sizeof map[0]; k++) {
		double v;
		int c = map[k].cat, hand;
		if (!fact_seconds(facts, n, map[k].key, &v, &hand))
			continue;
		d->journal_by_hand[c] |= (unsigned char)hand;
		if (!d->has_journal[c])
			d->journal_s[c] = v;
		else if (map[k].op)
			d->journal_s[c] += v;
		else if (v > d->journal_s[c])
			d->journal_s[c] = v;
		d->has_journal[c] = 1;
	}
}

static double known(const dt_ledger_input *in)
{
	return in->basis == DT_BASIS_NONE ? NAN : in->value;
}

static void note_missing(dt_ledger_cost *c, const char *key)
{
	size_t l = strlen(c->missing);
	snprintf(c->missing + l, sizeof c->missing - l, "%s%s", l ? ", " : "",
	         key);
}

/* price x quantity; NaN (and the missing keys noted) when either is. */
static double product(dt_ledger_cost *c, const dt_ledger_side *s, int p,
                      int q)
{
	double a = known(&s->item[p]), b = known(&s->item[q]);
	if (isnan(a))
		note_missing(c, item_key[p]);
	if (isnan(b))
		note_missing(c, item_key[q]);
	return a * b;
}

static void side_cost(const dt_ledger_side *s, dt_ledger_cost *c)
{
	memset(c, 0, sizeof *c);
	int times_known = 1;
	for (int k = 0; k < DT_LC_COUNT; k++) {
		if (s->time[k].basis == DT_BASIS_NONE) {
			note_missing(c, cat_key[k]);
			times_known = 0;
			continue;
		}
		double h = s->time[k].value / 3600.0;
		c->total_hours += h;
		if (k != DT_LC_QUEUE)
			c->billed_hours += h;
	}
	double rate = product(c, s, DT_LI_INSTANCE_HOUR, DT_LI_INSTANCES);
	c->instance = rate * c->billed_hours;
	c->storage = product(c, s, DT_LI_STORAGE, DT_LI_STORAGE_GB_MONTHS);
	c->transfer = product(c, s, DT_LI_TRANSFER, DT_LI_TRANSFER_GB);
	c->logs = product(c, s, DT_LI_LOGS, DT_LI_LOGS_GB);
	double parts[4] = {c->instance, c->storage, c->transfer, c->logs};
	c->complete = times_known;
	for (int i = 0; i < 4; i++) {
		if (isnan(parts[i]))
			c->complete = 0;
		else
			c->known_total += parts[i];
	}
	c->total = c->complete ? c->known_total : NAN;
	double tr = known(&s->time[DT_LC_TRAINING]);
	c->training_cost = rate * tr / 3600.0;
	double u = known(&s->item[DT_LI_USEFUL_STEPS]);
	c->useful_steps = isnan(u) || u < 1 ? 0 : (int64_t)u;
	if (c->useful_steps == 0)
		note_missing(c, item_key[DT_LI_USEFUL_STEPS]);
	c->per_useful_step = c->useful_steps && c->complete ?
	                     c->total / (double)c->useful_steps : NAN;
	c->at_equal_steps = NAN;
}

static int cmp_sens(const void *a, const void *b)
{
	double x = fabs(((const dt_ledger_sens *)a)->delta);
	double y = fabs(((const dt_ledger_sens *)b)->delta);
	if (isnan(x) || isnan(y)) /* unknown last */
		return isnan(x) - isnan(y);
	return (x < y) - (x > y);
}

/* The cost component (0 instance, 1 storage, 2 transfer, 3 logs; the
 * products of side_cost) an input feeds, or -1: every time but the queue
 * feeds the instance cost (billed hours); items pair up as price and
 * quantity in enum order. */
static int fed_part(int is_time, int index)
{
	if (is_time)
		return index == DT_LC_QUEUE ? -1 : 0;
	return index < DT_LI_USEFUL_STEPS ? index / 2 : -1;
}

static void sensitivity(const dt_ledger_side sides[DT_SIDES],
                        dt_ledger_report *r)
{
	for (int sd = 0; sd < DT_SIDES; sd++) {
		for (int t = 0; t < 2; t++) {
			int n = t ? DT_LC_COUNT : DT_LI_COUNT;
			for (int i = 0; i < n; i++) {
				dt_ledger_side s = sides[sd];
				dt_ledger_input *in = t ? &s.time[i] : &s.item[i];
				if (in->basis == DT_BASIS_NONE || (!t && i == DT_LI_USEFUL_STEPS))
					continue;
				in->value *= 1.10;
				dt_ledger_cost c;
				side_cost(&s, &c);
				const dt_ledger_cost *b = &r->cost[sd];
				double parts[4] = {b->instance, b->storage, b->transfer,
				                   b->logs};
				int fp = fed_part(t, i);
				r->sens[r->nsens++] = (dt_ledger_sens){
					.side = sd, .is_time = t, .index = i,
					.delta = fp >= 0 && isnan(parts[fp]) ? NAN :
					         c.known_total - b->known_total};
			}
		}
	}
	qsort(r->sens, r->nsens, sizeof r->sens[0], cmp_sens);
}

static void warn(dt_ledger_report *r, const char *fmt, const char *a,
                 const char *b, const char *c)
{
	if (r->nwarn < DT_LEDGER_MAX_WARN)
		snprintf(r->warn[r->nwarn++], sizeof r->warn[0], fmt, a, b, c);
}

static void fairness(const dt_ledger_side sides[DT_SIDES], dt_ledger_report *r)
{
	static const int order[DT_LC_COUNT] = {
		DT_LC_COMPILE, DT_LC_ENV, DT_LC_WARMUP, DT_LC_TRAINING,
		DT_LC_CHECKPOINT, DT_LC_QUEUE, DT_LC_RERUNS, DT_LC_MANUAL};
	for (int o = 0; o < DT_LC_COUNT; o++) {
		int k = order[o];
		int g = sides[DT_SIDE_GPU].time[k].basis != DT_BASIS_NONE;
		int t = sides[DT_SIDE_TRN2].time[k].basis != DT_BASIS_NONE;
		if (g == t)
			continue;
		warn(r, k == DT_LC_COMPILE ?
		     "not a fair compare: %s counts %s time and %s does not (enter "
		     "it, 0 with a basis if there is none)" :
		     "not a fair compare: %s counts %s and %s does not",
		     g ? "gpu" : "trn2", cat_label[k], g ? "trn2" : "gpu");
	}
}

void dt_ledger_compute(const dt_ledger_side sides[DT_SIDES],
                       dt_ledger_report *out)
{
	memset(out, 0, sizeof *out);
	for (int s = 0; s < DT_SIDES; s++)
		side_cost(&sides[s], &out->cost[s]);
	int64_t ug = out->cost[DT_SIDE_GPU].useful_steps;
	int64_t ut = out->cost[DT_SIDE_TRN2].useful_steps;
	out->equal_steps = ug && ut ? (ug < ut ? ug : ut) : 0;
	for (int s = 0; out->equal_steps && s < DT_SIDES; s++) {
		dt_ledger_cost *c = &out->cost[s];
		if (!c->complete)
			continue;  /* stays NaN: a missing input */
		c->at_equal_steps = c->total - c->training_cost + c->training_cost *
		                    (double)out->equal_steps / (double)c->useful_steps;
	}
	sensitivity(sides, out);
	fairness(sides, out);
}

void dt_ledger_input_text(const dt_ledger_input *in, double scale, char *buf,
                          size_t n)
{
	if (in->basis == DT_BASIS_NONE)
		snprintf(buf, n, "missing");
	else
		snprintf(buf, n, "%.4g %s%s", in->value / scale,
		         dt_basis_name(in->basis), !in->from_log ? "" :
		         in->by_hand ? " (hand)" : " (log)");
}

int dt_ledger_parse_time(const char *s, double *seconds)
{
	size_t n = strlen(s);
	double mul = 3600.0;
	if (n > 1 && strchr("hms", s[n - 1])) {
		mul = s[n - 1] == 'h' ? 3600.0 : s[n - 1] == 'm' ? 60.0 : 1.0;
		n--;
	}
	if (dt_parse_double_field(s, n, seconds) < 0 || !isfinite(*seconds) ||
	    *seconds < 0)
		return -1;
	*seconds *= mul;
	return 0;
}

int dt_ledger_value_parse(const char *key, int is_time, const char *s,
                          double *v, char *err, size_t errlen)
{
	if (is_time ? dt_ledger_parse_time(s, v) == 0 :
	    dt_parse_double_field(s, strlen(s), v) == 0 && isfinite(*v) &&
	    *v >= 0)
		return 0;
	char safe[64];
	dt_sanitize(s, safe, sizeof safe);
	snprintf(err, errlen, "%s expects %s, got '%s'", key, is_time ?
	         "hours >= 0 (or 90m, 300s)" : "a number >= 0", safe);
	return -1;
}

int dt_ledger_input_check(const char *pilot, const char *note, char *err,
                          size_t errlen)
{
	if (dt_name_check(pilot, "ledger name", err, errlen) < 0)
		return -1;
	return dt_text_check(note ? note : "", 159, DT_TEXT_LINE, "ledger note",
	                     err, errlen);
}

char *dt_ledger_sens_text(const dt_ledger_sens *s, char *buf, size_t n)
{
	if (isnan(s->delta))
		snprintf(buf, n, "unknown");
	else
		snprintf(buf, n, "%+.2f", s->delta);
	return buf;
}
