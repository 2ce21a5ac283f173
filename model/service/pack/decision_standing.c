/* decision_standing.c: is a pack's decision still its pilot's current
 * decision (decision_standing.h). */
#include "model/service/pack/decision_standing.h"

#include <stdio.h>
#include <string.h>

const char *dt_standing_name(dt_standing s)
{
	switch (s) {
	case DT_STANDING_CURRENT: return "current";
	case DT_STANDING_SUPERSEDED: return "superseded";
	case DT_STANDING_NOT_IN_STORE: return "not-in-store";
	}
	return "?";
}

/* A record kept without its evidence text (owned by the store's list). */
static void keep(dt_decision *dst, const dt_decision *src)
{
	*dst = *src;
	dst->evidence_text = NULL;
}

/* "#3 roll-back (TIME, by DECIDERS; recorded by WHO)" */
static void newer_text(const dt_decision *d, char *out, size_t n)
{
	char who[700];
	dt_deciders_names(d, who, sizeof who);
	snprintf(out, n, "#%lld %s (%s, by %s; recorded by %s)",
	         (long long)d->id, dt_decision_label(d), d->decided_at, who,
	         d->recorded_by);
}

static void standing_text(dt_decision_standing *s)
{
	char cur[1100], since[80] = "";
	size_t n = sizeof s->text;
	switch (s->standing) {
	case DT_STANDING_CURRENT:
		if (s->pack.id)
			snprintf(s->text, n, "pack decision #%lld %s is the pilot's "
			         "current decision", (long long)s->pack.id,
			         dt_decision_label(&s->pack));
		else
			snprintf(s->text, n, "no decision of the pilot, in the pack "
			         "or the store");
		return;
	case DT_STANDING_SUPERSEDED:
		newer_text(&s->current, cur, sizeof cur);
		if (s->since > 1)
			snprintf(since, sizeof since, "; %zu decisions of the pilot "
			         "since the pack's", s->since);
		/* the closing ')' of newer_text moves after the count */
		if (since[0])
			cur[strlen(cur) - 1] = '\0';
		if (s->pack.id)
			snprintf(s->text, n, "pack decision #%lld %s superseded by "
			         "%s%s%s", (long long)s->pack.id,
			         dt_decision_label(&s->pack), cur, since,
			         since[0] ? ")" : "");
		else
			snprintf(s->text, n, "pack holds no decision of the pilot, "
			         "superseded by %s%s%s", cur, since,
			         since[0] ? ")" : "");
		return;
	case DT_STANDING_NOT_IN_STORE:
		if (s->current.id)
			snprintf(s->text, n, "pack decision #%lld is not in the store "
			         "(the pilot's newest decision there is #%lld %s)",
			         (long long)s->pack.id, (long long)s->current.id,
			         dt_decision_label(&s->current));
		else
			snprintf(s->text, n, "pack decision #%lld is not in the store "
			         "(it holds no decision of the pilot)",
			         (long long)s->pack.id);
		return;
	}
}

int dt_decision_standing_judge(dt_store *st, const char *pilot,
                               int64_t pack_id, const char *pack_hash,
                               dt_decision_standing *out, char *err,
                               size_t errlen)
{
	memset(out, 0, sizeof *out);
	out->pack.id = pack_id;
	dt_pilot p;
	dt_decision *v = NULL;
	size_t n = 0;
	int found = dt_store_pilot_find(st, pilot, &p);
	if (found < 0 || (found == 0 &&
	                  dt_store_decision_list(st, p.id, &v, &n) < 0)) {
		snprintf(err, errlen, "%s", dt_store_error(st));
		return -1;
	}
	if (found == 1) {
		out->no_pilot = 1;
		out->standing = DT_STANDING_NOT_IN_STORE;
		snprintf(out->text, sizeof out->text, "the store has no pilot '%s' "
		         "(the pack is from another store?)", pilot);
		return 0;
	}
	/* v: the pilot's decisions, oldest first; the newest is current */
	const dt_decision *mine = NULL;
	for (size_t i = 0; i < n; i++) {
		if (pack_id && v[i].id == pack_id && pack_hash &&
		    !strcmp(v[i].hash, pack_hash))
			mine = &v[i];
		else if (v[i].id > pack_id)
			out->since++;
	}
	if (n)
		keep(&out->current, &v[n - 1]);
	if (mine)
		keep(&out->pack, mine);
	if (pack_id && !mine) /* newer records or not: not this pack's */
		out->standing = DT_STANDING_NOT_IN_STORE;
	else if (out->since)
		out->standing = DT_STANDING_SUPERSEDED;
	else
		out->standing = DT_STANDING_CURRENT;
	standing_text(out);
	dt_decisions_free(v, n);
	return 0;
}
