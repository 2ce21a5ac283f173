/* dt_decision.c: decision kinds, deciders, the canonical record text and
 * the hash-chain check (dt_decision.h). */
#include "model/core/decision.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "model/util/clock.h"
#include "model/util/sha256.h"
#include "model/util/strbuf.h"
#include "model/util/text.h"

static const char *const kind_names[DT_DECIDE_COUNT] = {
	"go", "continue", "roll-back", "compare-other-instance", "defer"};
static const char *const role_names[DT_DECIDER_ROLE_COUNT] = {
	"researcher", "training-engineer", "platform"};
static const char zero_hash[65] =
	"0000000000000000000000000000000000000000000000000000000000000000";

const char *dt_decision_label(const dt_decision *d)
{
	if (d->kind == DT_DECIDE_GO && d->forced_past[0])
		return "go FORCED";
	return dt_decision_kind_name(d->kind);
}

const char *dt_decision_kind_name(dt_decision_kind k)
{
	return kind_names[k];
}

int dt_decision_kind_parse(const char *s, dt_decision_kind *out)
{
	for (int i = 0; i < DT_DECIDE_COUNT; i++)
		if (strcmp(kind_names[i], s) == 0) {
			*out = (dt_decision_kind)i;
			return 0;
		}
	return -1;
}

const char *dt_decider_role_name(dt_decider_role r)
{
	return role_names[r];
}

int dt_decider_role_parse(const char *s, dt_decider_role *out)
{
	if (strcmp(s, "training_engineer") == 0)
		s = "training-engineer";
	for (int i = 0; i < DT_DECIDER_ROLE_COUNT; i++)
		if (strcmp(role_names[i], s) == 0) {
			*out = (dt_decider_role)i;
			return 0;
		}
	return -1;
}

int dt_decider_parse(const char *s, dt_decider *out, char *err, size_t errlen)
{
	const char *colon = strrchr(s, ':');
	size_t nl = colon ? (size_t)(colon - s) : 0;
	memset(out, 0, sizeof *out);
	if (!colon || nl == 0 || nl >= sizeof out->name) {
		snprintf(err, errlen, "decider '%.100s': expected NAME:ROLE with a "
		         "name of 1..%zu bytes", s, sizeof out->name - 1);
		return -1;
	}
	char name[sizeof out->name];
	memcpy(name, s, nl);
	name[nl] = '\0';
	if (dt_text_check(name, sizeof name - 1, DT_TEXT_LINE, "decider name",
	                  err, errlen) < 0)
		return -1;
	if (dt_text_blank(name) || name[0] == ' ' || name[nl - 1] == ' ') {
		snprintf(err, errlen, "decider name is blank or starts or ends "
		         "with a blank");
		return -1;
	}
	if (dt_decider_role_parse(colon + 1, &out->role) < 0) {
		snprintf(err, errlen, "decider '%.100s': role must be researcher, "
		         "training-engineer or platform", s);
		return -1;
	}
	memcpy(out->name, s, nl);
	return 0;
}

int dt_decision_rationale_check(const char *rationale, char *err,
                                size_t errlen)
{
	if (!rationale || dt_text_blank(rationale)) {
		snprintf(err, errlen, "a decision needs a rationale that is not "
		         "blank");
		return -1;
	}
	return dt_text_check(rationale, sizeof ((dt_decision *)0)->rationale - 1,
	                     DT_TEXT_MULTILINE, "rationale", err, errlen);
}

/* The words of the sign-off's limit, DT_DECIDERS_MAX. */
static void deciders_limit(char *err, size_t errlen)
{
	snprintf(err, errlen, "a decision needs 1..%d deciders",
	         DT_DECIDERS_MAX);
}

int dt_decider_add(dt_decider *dk, size_t *nd, const char *spec, char *err,
                   size_t errlen)
{
	if (*nd >= DT_DECIDERS_MAX) {
		deciders_limit(err, errlen);
		return -1;
	}
	if (dt_decider_parse(spec, &dk[*nd], err, errlen) < 0 ||
	    dt_decision_deciders_check(dk, *nd + 1, err, errlen) < 0)
		return -1;
	(*nd)++;
	return 0;
}

int dt_decision_deciders_check(const dt_decider *deciders, size_t nd,
                               char *err, size_t errlen)
{
	if (nd == 0 || nd > DT_DECIDERS_MAX) {
		deciders_limit(err, errlen);
		return -1;
	}
	for (size_t i = 0; i < nd; i++) {
		if (dt_text_check(deciders[i].name, sizeof deciders[i].name - 1,
		                  DT_TEXT_LINE, "decider name", err, errlen) < 0)
			return -1;
		if (dt_text_blank(deciders[i].name)) {
			snprintf(err, errlen, "decider %zu has a blank name", i + 1);
			return -1;
		}
		for (size_t j = 0; j < i; j++)
			if (strcasecmp(deciders[j].name, deciders[i].name) == 0) {
				snprintf(err, errlen, "decider '%.63s' is named twice "
				         "(one person signs once, in one role)",
				         deciders[i].name);
				return -1;
			}
	}
	return 0;
}

int dt_decision_validate(const char *rationale, const dt_decider *deciders,
                         size_t nd, char *err, size_t errlen)
{
	if (dt_decision_rationale_check(rationale, err, errlen) < 0)
		return -1;
	return dt_decision_deciders_check(deciders, nd, err, errlen);
}

void dt_deciders_text(const dt_decision *d, char *out, size_t n)
{
	size_t o = 0;
	out[0] = '\0';
	for (size_t i = 0; i < d->ndeciders && o < n; i++) {
		int w = snprintf(out + o, n - o, "%s%s:%s", i ? "\n" : "",
		                 dt_decider_role_name(d->deciders[i].role),
		                 d->deciders[i].name);
		if (w < 0)
			break;
		o += (size_t)w;
	}
}

void dt_deciders_names(const dt_decision *d, char *out, size_t n)
{
	size_t o = 0;
	out[0] = '\0';
	for (size_t i = 0; i < d->ndeciders && o < n; i++) {
		int w = snprintf(out + o, n - o, "%s%s (%s)", i ? ", " : "",
		                 d->deciders[i].name,
		                 dt_decider_role_name(d->deciders[i].role));
		if (w < 0)
			break;
		o += (size_t)w;
	}
}

/* "NAME LEN:BYTES\n" */
static void field(dt_strbuf *b, const char *name, const char *value)
{
	size_t len = strlen(value);
	dt_sb_printf(b, "%s %zu:", name, len);
	dt_sb_put(b, value, len);
	dt_sb_put(b, "\n", 1);
}

char *dt_decision_canon(const dt_decision *d)
{
	dt_strbuf b = {0};
	char num[32];
	int v2 = d->forced_past[0] != '\0';
	dt_sb_put(&b, v2 ? "dualtrack decision v2\n" : "dualtrack decision v1\n",
	          22);
	snprintf(num, sizeof num, "%" PRId64, d->id);
	field(&b, "id", num);
	field(&b, "pilot", d->pilot_name);
	field(&b, "kind", d->kind_text);
	field(&b, "rationale", d->rationale);
	field(&b, "deciders", d->deciders_text);
	field(&b, "recorded_by", d->recorded_by);
	field(&b, "decided_at", d->decided_at);
	snprintf(num, sizeof num, "%" PRId64, d->supersedes);
	field(&b, "supersedes", num);
	if (v2)
		field(&b, "forced_past", d->forced_past);
	field(&b, "evidence_digest", d->evidence_digest);
	field(&b, "prev_hash", d->prev_hash);
	char *text = dt_sb_take(&b);
	if (!text)
		errno = ENOMEM;
	return text;
}

int dt_decision_hash(const dt_decision *d, char hex[65])
{
	char *c = dt_decision_canon(d);
	if (!c)
		return -1;
	int rc = dt_sha256_hex(c, strlen(c), hex);
	free(c);
	return rc;
}

static void bad(dt_chain_report *r, const dt_decision *d, const char *why)
{
	r->intact = 0;
	r->first_bad_id = d->id;
	snprintf(r->reason, sizeof r->reason, "decision %lld: %s",
	         (long long)d->id, why);
}

int dt_decision_chain_check(const dt_decision *v, size_t n,
                            dt_chain_report *r)
{
	memset(r, 0, sizeof *r);
	r->intact = 1;
	r->records = n;
	if (n > 0) {
		r->head_id = v[n - 1].id;
		snprintf(r->head_hash, sizeof r->head_hash, "%s", v[n - 1].hash);
	}
	const char *prev = zero_hash;
	for (size_t i = 0; i < n; i++) {
		const dt_decision *d = &v[i];
		char hex[65];
		const char *ev = d->evidence_text ? d->evidence_text : "";
		if (dt_sha256_hex(ev, strlen(ev), hex) < 0)
			return -1;
		if (strcmp(hex, d->evidence_digest) != 0) {
			bad(r, d, "evidence text does not match its digest");
			return 0;
		}
		if (strcmp(d->prev_hash, prev) != 0) {
			bad(r, d, i ? "prev_hash does not match the previous record's "
			    "hash (a record was altered, removed or inserted)" :
			    "the first record's prev_hash is not the zero hash");
			return 0;
		}
		if (dt_decision_hash(d, hex) < 0)
			return -1;
		if (strcmp(hex, d->hash) != 0) {
			bad(r, d, "stored hash does not match the record's content "
			    "(the record was altered)");
			return 0;
		}
		prev = d->hash;
	}
	return 0;
}

void dt_decisions_free(dt_decision *v, size_t n)
{
	for (size_t i = 0; v && i < n; i++)
		free(v[i].evidence_text);
	free(v);
}

int dt_decision_prepare(dt_decision *d, char *err, size_t errlen)
{
	if (!d->evidence_text) {
		snprintf(err, errlen, "decision without evidence text");
		return -1;
	}
	if (dt_decision_validate(d->rationale, d->deciders, d->ndeciders, err,
	                         errlen) < 0)
		return -1;
	snprintf(d->kind_text, sizeof d->kind_text, "%s",
	         dt_decision_kind_name(d->kind));
	dt_deciders_text(d, d->deciders_text, sizeof d->deciders_text);
	if (dt_sha256_hex(d->evidence_text, strlen(d->evidence_text),
	                  d->evidence_digest) < 0) {
		snprintf(err, errlen, "SHA-256 failed");
		return -1;
	}
	return 0;
}

int dt_decision_link(dt_decision *d, const dt_decision_tail *t)
{
	d->id = t->last_id + 1;
	d->supersedes = t->pilot_last;
	snprintf(d->prev_hash, sizeof d->prev_hash, "%s",
	         t->last_hash[0] ? t->last_hash :
	         "0000000000000000000000000000000000000000000000000000000000000000");
	dt_time_now_iso(d->decided_at);
	return dt_decision_hash(d, d->hash);
}

void dt_decision_deciders_parse(dt_decision *d)
{
	char buf[1024];
	snprintf(buf, sizeof buf, "%s", d->deciders_text);
	d->ndeciders = 0;
	for (char *save = NULL, *line = strtok_r(buf, "\n", &save);
	     line && d->ndeciders < DT_DECIDERS_MAX;
	     line = strtok_r(NULL, "\n", &save)) {
		char *colon = strchr(line, ':');
		dt_decider *k = &d->deciders[d->ndeciders];
		if (!colon)
			continue;
		*colon = '\0';
		if (dt_decider_role_parse(line, &k->role) < 0)
			continue;
		snprintf(k->name, sizeof k->name, "%s", colon + 1);
		d->ndeciders++;
	}
}
