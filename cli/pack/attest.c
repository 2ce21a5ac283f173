/* attest.c: attestation.json, an in-toto Statement v1
 * (https://github.com/in-toto/attestation, spec/v1/statement.md: _type,
 * subject [{name, digest {sha256}}], predicateType, predicate). Subjects:
 * the pack's files and the input logs (also those listed by digest
 * only). The predicate (type DT_PACK_PREDICATE_TYPE) carries the pilot,
 * the current decision (a go recorded past open checklist items with
 * "forced": true and those items in "forced_past", as evidence.json and
 * dt_decision_label's "go FORCED"), the verdicts (resume: the service's
 * key, dt_resume_verdict_key) and the decision chain head. */
#include <math.h>

#include "cli/pack/pack.h"
#include "cli/pilot_show.h"
#include "cli/version.h"
#include "model/util/jsonw.h"

static void predicate(dt_jw *w, const dt_pack *p)
{
	const dt_decision *d = dt_assessment_latest(&p->ov);
	dt_jw_obj_begin(w);
	dt_jw_key(w, "schema_version"); dt_jw_int(w, DT_PACK_SCHEMA_VERSION);
	dt_jw_key(w, "pilot"); dt_jw_str(w, p->ov.pilot.name);
	dt_jw_key(w, "exported_at"); dt_jw_str(w, p->exported_at);
	dt_jw_key(w, "exported_by"); dt_jw_str(w, p->exported_by);
	dt_jw_key(w, "generator"); dt_jw_str(w, dt_cli_version_string());
	dt_jw_key(w, "decision");
	if (!d)
		dt_jw_null(w);
	else {
		dt_jw_obj_begin(w);
		dt_jw_key(w, "id"); dt_jw_int(w, d->id);
		dt_jw_key(w, "kind"); dt_jw_str(w, d->kind_text);
		dt_jw_key(w, "forced"); dt_jw_bool(w, d->forced_past[0] != '\0');
		dt_jw_key(w, "forced_past"); dt_jw_str(w, d->forced_past);
		dt_jw_key(w, "decided_at"); dt_jw_str(w, d->decided_at);
		dt_deciders_json(w, d);
		dt_jw_key(w, "evidence_digest"); dt_jw_str(w, d->evidence_digest);
		dt_jw_key(w, "hash"); dt_jw_str(w, d->hash);
		dt_jw_obj_end(w);
	}
	dt_jw_key(w, "parity");
	dt_jw_arr_begin(w);
	for (size_t i = 0; i < p->ov.nverdicts; i++) {
		const dt_run_verdict *v = &p->ov.verdicts[i];
		dt_jw_obj_begin(w);
		dt_jw_key(w, "baseline"); dt_jw_str(w, v->baseline);
		dt_jw_key(w, "pilot"); dt_jw_str(w, v->pilot);
		dt_jw_key(w, "verdict"); dt_jw_str(w, dt_verdict_name(v->verdict));
		dt_jw_key(w, "breaches"); dt_jw_int(w, (int64_t)v->breaches);
		dt_jw_key(w, "allowed_breaches"); dt_jw_int(w, (int64_t)v->allowed);
		dt_jw_obj_end(w);
	}
	dt_jw_arr_end(w);
	dt_jw_key(w, "resume");
	dt_jw_arr_begin(w);
	for (size_t i = 0; i < p->ov.nruns; i++) {
		const dt_resume_run_result *r = &p->ov.resume[i];
		if (r->nseg == 0)
			continue;
		dt_jw_obj_begin(w);
		dt_jw_key(w, "run"); dt_jw_str(w, p->ov.runs[i].run.name);
		dt_jw_key(w, "restarts"); dt_jw_int(w, (int64_t)r->nv);
		dt_jw_key(w, "verdict");
		dt_jw_str(w, dt_resume_verdict_key(r));
		dt_jw_obj_end(w);
	}
	dt_jw_arr_end(w);
	dt_jw_key(w, "checklist");
	dt_jw_obj_begin(w);
	for (int s = 0; s < 4; s++) {
		dt_jw_key(w, dt_check_status_name((dt_check_status)s));
		dt_jw_int(w, (int64_t)p->ov.counts[s]);
	}
	dt_jw_obj_end(w);
	dt_jw_key(w, "chain_head");
	dt_jw_obj_begin(w);
	dt_jw_key(w, "id"); dt_jw_int(w, p->chain.head_id);
	dt_jw_key(w, "hash");
	if (p->chain.head_hash[0]) dt_jw_str(w, p->chain.head_hash);
	else dt_jw_null(w);
	dt_jw_key(w, "intact"); dt_jw_bool(w, p->chain.intact);
	dt_jw_obj_end(w);
	dt_jw_obj_end(w);
}

int dt_pack_write_attestation(FILE *f, const dt_pack *p,
                              const dt_pack_file *files, size_t n)
{
	dt_jw w;
	dt_jw_init_plain(&w, f, 1); /* in-toto's schema, not ours */
	dt_jw_obj_begin(&w);
	dt_jw_key(&w, "_type"); dt_jw_str(&w, "https://in-toto.io/Statement/v1");
	dt_jw_key(&w, "subject");
	dt_jw_arr_begin(&w);
	for (size_t i = 0; i < n; i++) {
		dt_jw_obj_begin(&w);
		dt_jw_key(&w, "name"); dt_jw_str(&w, files[i].path);
		dt_jw_key(&w, "digest");
		dt_jw_obj_begin(&w);
		dt_jw_key(&w, "sha256"); dt_jw_str(&w, files[i].sha256);
		dt_jw_obj_end(&w);
		dt_jw_obj_end(&w);
	}
	dt_jw_arr_end(&w);
	dt_jw_key(&w, "predicateType"); dt_jw_str(&w, DT_PACK_PREDICATE_TYPE);
	dt_jw_key(&w, "predicate");
	predicate(&w, p);
	dt_jw_obj_end(&w);
	dt_jw_end(&w);
	return ferror(f) ? -1 : 0;
}
