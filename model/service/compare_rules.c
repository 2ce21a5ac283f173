/* compare_rules.c: which rtol / atol / warm-up / rule a comparison uses
 * and the sentence saying where they came from (compare.h). */
#include <stdio.h>
#include <string.h>

#include "model/service/compare_internal.h"

/* "rtol, warmup" for the settings given (options of compare, the TUI's
 * keys), "" when none: named as settings, not as one front-end's
 * options. */
static void given(const dt_compare_opts *o, char *out, size_t n)
{
	const char *name[4] = {"rtol", "atol", "warmup", "rule"};
	int set[4] = {o->set_rtol, o->set_atol, o->set_warmup, o->set_rule};
	size_t w = 0;
	out[0] = '\0';
	for (int i = 0; i < 4; i++)
		if (set[i] && w < n) {
			int k = snprintf(out + w, n - w, "%s%s", w ? ", " : "", name[i]);
			w += k > 0 ? (size_t)k : 0;
		}
}

void dt_compare_rules_apply(dt_comparison *c, const dt_compare_opts *o,
                            const dt_pilot *p, const dt_taskcard *card,
                            dt_parity_opts *po)
{
	char opt[64];
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
	given(o, opt, sizeof opt);
	if (p) {
		c->card_pilot_id = p->id;
		snprintf(c->card_pilot, sizeof c->card_pilot, "%s", p->name);
		snprintf(c->rules_source, sizeof c->rules_source, "rules: task card "
		         "of pilot %s%s%s%s", p->name, opt[0] ? ", with " : "", opt,
		         opt[0] ? " as given" : "");
	} else if (opt[0]) {
		snprintf(c->rules_source, sizeof c->rules_source, "rules: %s as "
		         "given, %s otherwise (no task card applies)", opt,
		         dt_parity_adhoc_is_set() ? "the config file's [tolerances]"
		                                   : "defaults");
	} else {
		snprintf(c->rules_source, sizeof c->rules_source, "rules: %s (the "
		         "runs are not both attached to one pilot)",
		         dt_parity_adhoc_is_set() ? "the config file's [tolerances]"
		                                  : "defaults");
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
