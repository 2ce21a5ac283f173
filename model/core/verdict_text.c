/* verdict_text.c: rule names, the final verdict and its sentence
 * (verdict_text.h). */
#include "model/core/verdict_text.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "model/util/strbuf.h"

const char *dt_rule_name(dt_rule r)
{
	return r == DT_RULE_NOISE ? "noise" : "rtol";
}

int dt_rule_parse(const char *s, dt_rule *out)
{
	if (!strcmp(s, "rtol") || !strcmp(s, "tolerance")) {
		*out = DT_RULE_TOLERANCE;
		return 0;
	}
	if (!strcmp(s, "noise")) {
		*out = DT_RULE_NOISE;
		return 0;
	}
	return -1;
}

char *dt_fmt_rel_pct(double frac, int sign, char *buf, size_t n)
{
	double p = 100.0 * frac, a = fabs(p);
	const char *plus = sign && !(p < 0) ? "+" : "";
	if (n == 0)
		return buf;
	if (isnan(p)) {
		snprintf(buf, n, "n/a");
		return buf;
	}
	if (isinf(p)) {
		snprintf(buf, n, "%sinf%%", p < 0 ? "-" : plus);
		return buf;
	}
	int dec = 2;
	if (a > 0 && a < 0.1) /* three significant digits, at most 1e-9 % */
		dec = a < 1e-9 ? 11 : 2 - (int)floor(log10(a));
	snprintf(buf, n, "%s%.*f%%", plus, dec, p);
	for (char *c = buf; *c; c++)   /* a decimal comma under any locale */
		if (*c == ',')
			*c = '.';
	return buf;
}

const char *dt_verdict_word(dt_verdict v)
{
	switch (v) {
	case DT_VERDICT_PASS: return "PASS";
	case DT_VERDICT_FAIL: return "FAIL";
	default: return "INSUFFICIENT";
	}
}

dt_verdict dt_rule_verdict(dt_rule rule, const dt_parity *par,
                           const dt_noise *noise)
{
	if (rule == DT_RULE_NOISE)
		return dt_noise_rule_verdict(noise);
	return par->verdict;
}

static void noise_head(const dt_noise *n, char *buf, size_t len, size_t *o)
{
	if (!n)
		dt_buf_printf(buf, len, o, "the noise rule needs a second GPU baseline run");
	else if (n->spread_zero)
		dt_buf_printf(buf, len, o, "GPU runs identical: noise ratio undefined");
	else if (isnan(n->ratio))
		dt_buf_printf(buf, len, o, "noise R: no step common to all %zu GPU runs and "
		    "the pilot", n->nbaselines);
	else
		dt_buf_printf(buf, len, o, "noise R = %.3g (%s; <= %.1f passes) over %zu "
		    "steps, %zu GPU runs", n->ratio, dt_noise_band(n->ratio),
		    DT_NOISE_ACCEPT, n->n, n->nbaselines);
}

int dt_verdict_sentence(const dt_parity *par, dt_rule rule,
                        const dt_noise *noise, dt_verdict v,
                        const char *note, const char *reason, char *buf,
                        size_t len)
{
	const char *unit = par->by_samples ? "samples" : "steps";
	const char *one = par->by_samples ? "sample" : "step";
	char tol[96];
	size_t o = 0;
	if (len == 0)
		return 0;
	buf[0] = '\0';
	snprintf(tol, sizeof tol, "|p-b| > %g + %g*|b|", par->opts.atol,
	         par->opts.rtol);
	dt_buf_printf(buf, len, &o, "verdict %s", dt_verdict_word(v));
	if (note && note[0])
		dt_buf_printf(buf, len, &o, " (%s)", note);
	dt_buf_printf(buf, len, &o, ": ");
	if (rule == DT_RULE_NOISE) {
		noise_head(noise, buf, len, &o);
		dt_buf_printf(buf, len, &o, "; ");
	}
	int why = rule != DT_RULE_NOISE && reason && reason[0];
	if (why)
		dt_buf_printf(buf, len, &o, "%s; ", reason);
	if ((par->n == 0 || (par->n < 2 && par->verdict ==
	                     DT_VERDICT_INSUFFICIENT)) && why)
		dt_buf_printf(buf, len, &o, "rule %s", tol); /* the reason said the count */
	else if (par->n == 0 || (par->n < 2 && par->verdict ==
	                         DT_VERDICT_INSUFFICIENT))
		dt_buf_printf(buf, len, &o, "%zu common %s after warm-up (need 2); rule %s",
		    par->n, par->n == 1 ? one : unit, tol);
	else
		dt_buf_printf(buf, len, &o, "%zu of %zu %s breach %s (allowed %zu)",
		    par->breaches, par->n, unit, tol, par->allowed_breaches);
	if (par->breaches)
		dt_buf_printf(buf, len, &o, "; first breach at %s %lld", one,
		    (long long)par->first_breach_x);
	if (par->n && !isnan(par->max_abs_rel_diff)) {
		char pct[32];
		dt_buf_printf(buf, len, &o, "; max |rel diff| %s at %s %lld",
		    dt_fmt_rel_pct(par->max_abs_rel_diff, 0, pct, sizeof pct), one,
		    (long long)par->max_abs_rel_diff_x);
	}
	dt_buf_printf(buf, len, &o, "; warm-up %lld", (long long)par->opts.warmup);
	return (int)o;
}

char *dt_verdict_statement(const char *sentence, const dt_findings *f,
                           char *buf, size_t n)
{
	size_t o = 0;
	char one[sizeof f->v[0].detail + 96];
	if (n == 0)
		return buf;
	buf[0] = '\0';
	dt_buf_printf(buf, n, &o, "%s", sentence);
	for (size_t i = 0; f && i < f->n; i++)
		dt_buf_printf(buf, n, &o, "; %s",
		    dt_finding_text(&f->v[i], one, sizeof one));
	return buf;
}
