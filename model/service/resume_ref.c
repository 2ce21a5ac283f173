/* resume_ref.c: a resume check's evidence and loss reference as text
 * (resume_ref.h). */
#include "model/service/resume_ref.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/util/text.h"

char *dt_restart_evidence_text(const dt_restart_evidence *e, char *buf,
                               size_t n)
{
	size_t used = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < e->n && used < n; i++) {
		const dt_launch_evidence *x = &e->ev[i];
		char m[64] = "", line[32] = "", ck[40] = "";
		if (x->marker[0])
			dt_sanitize(x->marker, m, sizeof m);
		if (x->line)
			snprintf(line, sizeof line, " line %llu",
			         (unsigned long long)x->line);
		if (x->ckpt_step >= 0)
			snprintf(ck, sizeof ck, " (checkpoint %lld)",
			         (long long)x->ckpt_step);
		int k = snprintf(buf + used, n - used, "%s%s%s%s%s%s",
		                 i ? ", " : "", dt_launch_kind_name(x->kind),
		                 m[0] ? " " : "", m, line, ck);
		used = k < 0 ? n : used + (size_t)k;
	}
	if (e->n == 0)
		snprintf(buf, n, "none recorded");
	return buf;
}

/* Run id's model (the fact DT_FACT_MODEL_NAME, sanitised) into out;
 * 1 set, 0 not, -1 store error. */
static int model_of(dt_store *st, int64_t id, char *out, size_t n)
{
	dt_fact *f = NULL;
	size_t nf = 0, i;
	out[0] = '\0';
	if (dt_store_fact_list(st, id, &f, &nf) < 0)
		return -1;
	for (i = 0; i < nf; i++)
		if (!strcmp(f[i].key, DT_FACT_MODEL_NAME) && f[i].value[0])
			dt_sanitize(f[i].value, out, n);
	free(f);
	return out[0] != '\0';
}

int dt_resume_reference(dt_store *st, const dt_run *run, const dt_run *base,
                        const char *pilot, char *buf, size_t n, char *err,
                        size_t errlen)
{
	char b[DT_NAME_MAX * 2], r[DT_NAME_MAX * 2], p[DT_NAME_MAX * 2] = "";
	char bm[600], rm[600];
	int hb, hr;
	dt_sanitize(base->name, b, sizeof b);
	dt_sanitize(run->name, r, sizeof r);
	if (pilot && pilot[0])
		dt_sanitize(pilot, p, sizeof p);
	snprintf(buf, n, "loss reference: %s (%s)%s%s", b, base->platform,
	         p[0] ? ", the baseline of pilot " : "", p);
	hb = model_of(st, base->id, bm, sizeof bm);
	hr = hb < 0 ? -1 : model_of(st, run->id, rm, sizeof rm);
	if (hb < 0 || hr < 0) {
		snprintf(err, errlen, "%s", dt_store_error(st));
		return -1;
	}
	if (!hb || !hr || !strcmp(bm, rm))
		return 0;
	size_t used = strlen(buf);
	snprintf(buf + used, n - used, "; another model: %s is %s, %s is %s",
	         b, bm, r, rm);
	return 1;
}
