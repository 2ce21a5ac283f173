/* compare_rules.c: which rtol / atol / warm-up / rule a comparison uses
 * and the sentence saying where they came from (compare.h). */
#include <stdio.h>
#include <string.h>

#include "model/service/compare_internal.h"
#include "model/util/jsonw.h"
#include "model/core/verdict_text.h"

/* Where one setting came from. */
enum from { FROM_GIVEN, FROM_CARD, FROM_CONFIG, FROM_DEFAULT, FROM_N };

static const char *const from_name[FROM_N][2] = {
	{"as given", "as given"},
	{"task card of pilot ", "task card of pilot "},
	{"the config file's [tolerances]", "the config file's [tolerances]"},
	{"built-in default", "built-in defaults"}};

void dt_rules_source_text(const dt_parity_opts *po, dt_rule rule,
                          const dt_taskcard *card, const char *pilot,
                          const dt_compare_opts *o, char *out, size_t n)
{
	static const dt_tc_field field[4] = {DT_TC_RTOL, DT_TC_ATOL,
	                                     DT_TC_WARMUP, DT_TC_MATCH_RULE};
	int given[4] = {o && o->set_rtol, o && o->set_atol, o && o->set_warmup,
	                o && o->set_rule};
	char item[4][48], r[32], a[32];
	int src[4];
	dt_fmt_double(po->rtol, r);
	dt_fmt_double(po->atol, a);
	snprintf(item[0], sizeof item[0], "rtol %s", r);
	snprintf(item[1], sizeof item[1], "atol %s", a);
	snprintf(item[2], sizeof item[2], "warm-up %lld", (long long)po->warmup);
	snprintf(item[3], sizeof item[3], "rule %s", dt_rule_name(rule));
	int some_default = 0, any_card = 0;
	for (int i = 0; i < 4; i++) {
		if (given[i])
			src[i] = FROM_GIVEN;
		else if (card && card->value[field[i]][0])
			src[i] = FROM_CARD;
		else if (!card && i < 3 && (dt_parity_adhoc_keys() & (1u << i)))
			src[i] = FROM_CONFIG;
		else
			src[i] = FROM_DEFAULT;
		some_default |= i < 3 && src[i] == FROM_DEFAULT;
		any_card |= card && card->value[field[i]][0];
	}
	size_t w = 0;
	int k = snprintf(out, n, "rules:");
	w = k > 0 && (size_t)k < n ? (size_t)k : 0;
	for (int f = 0, groups = 0; f < FROM_N; f++) {
		int cnt = 0;
		for (int i = 0; i < 4; i++)
			/* the rule that decides is named when something sets it */
			cnt += src[i] == f && !(i == 3 && f == FROM_DEFAULT);
		if (!cnt)
			continue;
		k = snprintf(out + w, n - w, "%s %s%s:", groups++ ? ";" : "",
		             from_name[f][cnt > 1], f == FROM_CARD && pilot ? pilot
		             : "");
		w += k > 0 && (size_t)k < n - w ? (size_t)k : 0;
		for (int i = 0, m = 0; i < 4; i++) {
			if (src[i] != f || (i == 3 && f == FROM_DEFAULT))
				continue;
			k = snprintf(out + w, n - w, "%s %s", m++ ? "," : "", item[i]);
			w += k > 0 && (size_t)k < n - w ? (size_t)k : 0;
		}
	}
	int config = card && some_default && dt_parity_adhoc_is_set();
	if (card && !any_card)
		snprintf(out + w, n - w, " (the task card of pilot %s sets none%s)",
		         pilot ? pilot : "?", config ? "; a pilot's rules never "
		         "come from the config file's [tolerances]" : "");
	else if (config)
		snprintf(out + w, n - w, " (a pilot's rules never come from the "
		         "config file's [tolerances])");
}

int dt_rules_setting_text(const dt_parity_opts *po, dt_rule rule,
                          const dt_taskcard *card, dt_tc_field f, char *out,
                          size_t n)
{
	char v[32];
	if (f == DT_TC_RTOL)
		dt_fmt_double(po->rtol, v);
	else if (f == DT_TC_ATOL)
		dt_fmt_double(po->atol, v);
	else if (f == DT_TC_WARMUP)
		snprintf(v, sizeof v, "%lld", (long long)po->warmup);
	else if (f == DT_TC_MATCH_RULE)
		snprintf(v, sizeof v, "%s", dt_rule_name(rule));
	else {
		if (n)
			out[0] = '\0';
		return -1;
	}
	snprintf(out, n, "%s", v);
	return !(card && card->value[f][0]);
}

void dt_rules_brief_text(const dt_parity_opts *po, const dt_taskcard *card,
                         char *out, size_t n)
{
	static const dt_tc_field field[3] = {DT_TC_RTOL, DT_TC_ATOL,
	                                     DT_TC_WARMUP};
	static const char *const name[3] = {"rtol", "atol", "warm-up"};
	char v[3][32];
	int dflt[3], ndflt = 0;
	for (int i = 0; i < 3; i++) {
		dflt[i] = dt_rules_setting_text(po, DT_RULE_TOLERANCE, card,
		                                field[i], v[i], sizeof v[i]);
		ndflt += dflt[i];
	}
	int some = ndflt > 0 && ndflt < 3;
	snprintf(out, n, "%s %s%s %s %s%s %s %s%s%s", name[0], v[0],
	         some && dflt[0] ? "*" : "", name[1], v[1],
	         some && dflt[1] ? "*" : "", name[2], v[2],
	         some && dflt[2] ? "*" : "",
	         ndflt == 3 ? " (defaults)" : some ? " (*default)" : "");
}

void dt_compare_rules_apply(dt_comparison *c, const dt_compare_opts *o,
                            const dt_pilot *p, const dt_taskcard *card,
                            dt_parity_opts *po)
{
	*po = card ? dt_taskcard_parity(card) : dt_parity_adhoc_defaults();
	c->rule = DT_RULE_TOLERANCE;
	if (card)
		dt_taskcard_rule(card, &c->rule);
	if (o->set_rtol)
		po->rtol = o->rtol;
	if (o->set_atol)
		po->atol = o->atol;
	if (o->set_warmup)
		po->warmup = o->warmup;
	if (o->set_rule)
		c->rule = o->rule;
	po->baseline_gb = c->base.global_batch;
	po->pilot_gb = c->pilot.global_batch;
	dt_rules_source_text(po, c->rule, p ? card : NULL, p ? p->name : NULL,
	                     o, c->rules_source, sizeof c->rules_source);
	if (p) {
		c->card_pilot_id = p->id;
		snprintf(c->card_pilot, sizeof c->card_pilot, "%s", p->name);
	} else {
		size_t w = strlen(c->rules_source);
		snprintf(c->rules_source + w, sizeof c->rules_source - w,
		         " (the runs are not both attached to one pilot)");
	}
}

void dt_compare_rules_several(dt_comparison *c, const char *names)
{
	char *cut = strstr(c->rules_source, " (");
	if (!cut)
		return;
	*cut = '\0';
	size_t w = strlen(c->rules_source);
	snprintf(c->rules_source + w, sizeof c->rules_source - w, " (no task "
	         "card applies: both runs belong to several pilots: %.200s)",
	         names);
}
