/* dt_checklist.c: checklist items, statuses and how an item's status is
 * decided (dt_checklist.h). */
#include "model/core/checklist.h"

#include "model/util/text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DT_CK_DEF(e, id, comp, title) [DT_ITEM_##e] = {id, comp, title},
const dt_check_def dt_check_defs[DT_ITEM_COUNT] = {DT_CHECK_ITEMS(DT_CK_DEF)};
#undef DT_CK_DEF

static const char *const status_names[] = {"pending", "pass", "fail",
                                           "waived"};

const char *dt_check_status_name(dt_check_status s)
{
	return status_names[s];
}

int dt_check_status_parse(const char *s, dt_check_status *out)
{
	for (int i = 0; i < 4; i++)
		if (strcmp(status_names[i], s) == 0) {
			*out = (dt_check_status)i;
			return 0;
		}
	return -1;
}

int dt_check_find(const char *id)
{
	for (int i = 0; i < DT_ITEM_COUNT; i++)
		if (strcmp(dt_check_defs[i].id, id) == 0)
			return i;
	return -1;
}

int dt_check_validate(dt_check_id id, dt_check_status status,
                      const char *note, const char *reason, char *err,
                      size_t errlen)
{
	int has_reason = reason && !dt_text_blank(reason);
	if ((note && dt_text_check(note, sizeof ((dt_check_entry *)0)->note - 1,
	                           DT_TEXT_MULTILINE, "note", err, errlen) < 0) ||
	    (reason && dt_text_check(reason,
	                             sizeof ((dt_check_entry *)0)->reason - 1,
	                             DT_TEXT_MULTILINE, "reason", err,
	                             errlen) < 0))
		return -1;
	if (status == DT_CK_WAIVED && !has_reason) {
		snprintf(err, errlen, "%s: waiving an item needs a reason",
		         dt_check_defs[id].id);
		return -1;
	}
	if (dt_check_defs[id].computed && status != DT_CK_PENDING &&
	    !has_reason) {
		snprintf(err, errlen, "%s is computed from the data; overriding it "
		         "needs a reason (status pending clears an override)",
		         dt_check_defs[id].id);
		return -1;
	}
	return 0;
}

int dt_check_clears_override(dt_check_id id, dt_check_status status)
{
	return dt_check_defs[id].computed && status == DT_CK_PENDING;
}

void dt_checklist_resolve(dt_checklist *cl)
{
	for (int i = 0; i < DT_ITEM_COUNT; i++) {
		dt_check_item *it = &cl->items[i];
		it->id = (dt_check_id)i;
		it->computed = dt_check_defs[i].computed;
		if (it->has_entry &&
		    dt_check_clears_override((dt_check_id)i, it->entry.status)) {
			/* no person's status is in force: nobody "set" it */
			it->has_entry = 0;
			memset(&it->entry, 0, sizeof it->entry);
		}
		int person = it->has_entry;
		it->overridden = it->computed && person;
		if (person)
			it->status = it->entry.status;
		else
			it->status = it->computed ? it->computed_status :
			             DT_CK_PENDING;
	}
}

size_t dt_checklist_blocking(const dt_checklist *cl, dt_check_id *out)
{
	size_t n = 0;
	for (int i = 0; i < DT_ITEM_COUNT; i++)
		if (cl->items[i].status == DT_CK_FAIL ||
		    cl->items[i].status == DT_CK_PENDING)
			out[n++] = (dt_check_id)i;
	return n;
}

size_t dt_checklist_open_text(const dt_checklist *cl, char *out, size_t n)
{
	dt_check_id blk[DT_ITEM_COUNT];
	size_t nb = dt_checklist_blocking(cl, blk), used = 0;
	if (n)
		out[0] = '\0';
	for (size_t i = 0; i < nb; i++) {
		int k = snprintf(out + used, n - used, "%s%s (%s)", used ? ", " : "",
		                 dt_check_defs[blk[i]].id,
		                 dt_check_status_name(cl->items[blk[i]].status));
		if (k < 0 || (size_t)k >= n - used) {
			out[used] = '\0';
			break;
		}
		used += (size_t)k;
	}
	return nb;
}

/* "step6 computed fail, set pass by ana" */
static int override_phrase(const dt_check_item *it, char *out, size_t n)
{
	return snprintf(out, n, "%s computed %s, set %s by %s",
	                dt_check_defs[it->id].id,
	                dt_check_status_name(it->computed_status),
	                dt_check_status_name(it->status),
	                it->entry.set_by[0] ? it->entry.set_by : "?");
}

size_t dt_checklist_overrides_text(const dt_checklist *cl, char *out,
                                   size_t n)
{
	size_t no = 0, used = 0;
	char one[160];
	for (int i = 0; i < DT_ITEM_COUNT; i++)
		no += cl->items[i].overridden != 0;
	if (n)
		out[0] = '\0';
	if (no == 0 || n == 0)
		return no;
	int k = snprintf(out, n, "%zu overridden: ", no);
	if (k < 0 || (size_t)k >= n) {
		out[0] = '\0';
		return no;
	}
	used = (size_t)k;
	for (int i = 0, m = 0; i < DT_ITEM_COUNT; i++) {
		if (!cl->items[i].overridden)
			continue;
		override_phrase(&cl->items[i], one, sizeof one);
		k = snprintf(out + used, n - used, "%s%s", m++ ? "; " : "", one);
		if (k < 0 || (size_t)k >= n - used) {
			out[used] = '\0';
			break;
		}
		used += (size_t)k;
	}
	return no;
}

char *dt_check_override_text(const dt_check_item *it, char *out, size_t n)
{
	if (n == 0)
		return out;
	out[0] = '\0';
	if (!it->overridden)
		return out;
	snprintf(out, n, "%s set %s by %s at %s over computed %s (%s); "
	         "reason: %s", dt_check_defs[it->id].id,
	         dt_check_status_name(it->status),
	         it->entry.set_by[0] ? it->entry.set_by : "?",
	         it->entry.set_at[0] ? it->entry.set_at : "?",
	         dt_check_status_name(it->computed_status),
	         it->computed_detail[0] ? it->computed_detail : "no detail",
	         it->entry.reason[0] ? it->entry.reason : "none given");
	return out;
}

void dt_checklist_counts(const dt_checklist *cl, size_t counts[4])
{
	memset(counts, 0, 4 * sizeof counts[0]);
	for (int i = 0; i < DT_ITEM_COUNT; i++)
		counts[cl->items[i].status]++;
}

void dt_checklist_free(dt_checklist *cl)
{
	for (int i = 0; i < DT_ITEM_COUNT; i++)
		free(cl->items[i].evidence);
	memset(cl, 0, sizeof *cl);
}
