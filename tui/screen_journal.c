/* screen_journal.c: the run journal of one of the pilot's runs at a time
 * (h / l switch): every known key (dt_journal_keys) and any other key the
 * run holds, with value, source ("import" / "user"), who and when. Enter
 * edits a value (dt_journal_set, source "user"; the old value stays as
 * history); a adds a key of one's own. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/pilots_internal.h"
#include "model/service/journal_set.h"

void dt_pv_journal_free(dt_pilots *p)
{
	free(p->facts);
	free(p->jr_f);
	p->facts = NULL;
	p->jr_f = NULL;
	p->nfacts = p->jr_n = 0;
	dt_form_set(&p->jr, NULL, 0);
}

static const dt_fact *fact(const dt_pilots *p, const char *key)
{
	size_t i;
	for (i = 0; i < p->nfacts; i++)
		if (!strcmp(p->facts[i].key, key))
			return &p->facts[i];
	return NULL;
}

static void fill(dt_field *f, const char *key, const dt_fact *v)
{
	char when[17];
	memset(f, 0, sizeof *f);
	f->label = key;
	f->kind = DT_FIELD_TEXT;
	f->cap = 511;
	if (!v)
		return;
	snprintf(f->value, sizeof f->value, "%s", v->value);
	dt_pv_when(v->set_at, when);
	snprintf(f->aside, sizeof f->aside, "%-6s %s %s", v->source,
	         v->set_by[0] ? v->set_by : "-", when);
}

int dt_pv_journal_load(dt_pilots *p)
{
	dt_fact *facts = NULL;
	dt_field *f;
	size_t n = 0, i, k = 0;
	int editing = p->jr.editing;
	size_t sel = p->jr.sel, top = p->jr.top;
	dt_input keep = p->jr.in;
	dt_pv_journal_free(p);
	if (p->c.ov.nruns == 0)
		return 0;
	if (dt_store_fact_list(p->c.st, p->c.ov.runs[p->jr_run].run.id, &facts, &n) < 0) {
		dt_pv_msg(p, 1, "cannot read the journal: %s", dt_store_error(p->c.st));
		return -1;
	}
	f = calloc(dt_journal_nkeys + n, sizeof *f);
	if (!f) {
		free(facts);
		dt_pv_msg(p, 1, "out of memory");
		return -1;
	}
	p->facts = facts;
	p->nfacts = n;
	for (i = 0; i < dt_journal_nkeys; i++)
		fill(&f[k++], dt_journal_keys[i].key, fact(p, dt_journal_keys[i].key));
	for (i = 0; i < n; i++)
		if (!dt_journal_label(facts[i].key))
			fill(&f[k++], facts[i].key, &facts[i]);
	p->jr_f = f;
	p->jr_n = k;
	p->jr.sel = sel;
	p->jr.top = top;
	dt_form_set(&p->jr, f, k);
	if (editing) { /* someone else wrote: keep the edit in progress */
		p->jr.editing = 1;
		p->jr.in = keep;
	}
	return 0;
}

void dt_pv_journal_render(dt_pilots *p, dt_grid *g, int y0, int h)
{
	const dt_pilot_run *r;
	const char *label;
	if (p->c.ov.nruns == 0) {
		dt_grid_text(g, 1, y0 + 1, g->w - 2, "no runs attached to this pilot",
		             DT_ROLE_WARN);
		return;
	}
	r = &p->c.ov.runs[p->jr_run];
	label = p->jr.sel < p->jr_n ? dt_journal_label(p->jr_f[p->jr.sel].label)
	                            : NULL;
	dt_grid_printf(g, 0, y0, g->w, DT_ROLE_LABEL,
	               "run %s (%s, %s)  [%zu/%zu, h/l: other run]  %s",
	               r->run.name, dt_run_role_name(r->role), r->run.platform,
	               p->jr_run + 1, p->c.ov.nruns, label ? label : "");
	p->jr.label_w = 24;
	p->jr.aside_w = g->w >= 100 ? 36 : 28;
	dt_form_render(&p->jr, g, 0, y0 + 1, g->w, h - 1);
}

static int add_value(dt_pilots *p, const char *text)
{
	if (dt_journal_set(p->c.st, p->c.ov.runs[p->jr_run].run.id, p->prompt.key,
	                   text, p->c.actor) < 0) {
		dt_pv_msg(p, 1, "not saved: %s", dt_store_error(p->c.st));
		return -1;
	}
	dt_pv_msg(p, 0, "%s saved by %s", p->prompt.key, p->c.actor);
	dt_pv_written(p);
	return 0;
}

static int add_key(dt_pilots *p, const char *text)
{
	char title[256];
	if (!dt_journal_key_valid(text)) {
		dt_pv_msg(p, 1, "'%s' is not a journal key: 1..63 of [a-z0-9_.-], "
		          "starting with a letter", text);
		return -1;
	}
	snprintf(p->prompt.key, sizeof p->prompt.key, "%s", text);
	snprintf(title, sizeof title, "value of %s", text);
	dt_pv_prompt(p, title, NULL, add_value, 0);
	return 1; /* the prompt stays open: it now asks for the value */
}

unsigned dt_pv_journal_raw(dt_pilots *p, int key)
{
	switch (dt_form_key(&p->jr, key)) {
	case DT_FORM_COMMIT:
		snprintf(p->prompt.key, sizeof p->prompt.key, "%s",
		         p->jr_f[p->jr.sel].label);
		if (add_value(p, p->jr.in.buf) == 0)
			dt_form_commit_step(&p->jr);
		return DT_SCR_REDRAW;
	case DT_FORM_CANCEL:
		dt_pv_msg(p, 0, "not saved: %s unchanged", p->jr_f[p->jr.sel].label);
		return DT_SCR_REDRAW;
	case DT_FORM_REDRAW:
		return DT_SCR_REDRAW;
	default:
		return DT_SCR_NONE;
	}
}

static unsigned journal_action(dt_pilots *p, dt_action_id a)
{
	if (p->c.ov.nruns == 0)
		return DT_SCR_NONE;
	switch (a) {
	case DT_A_PREV:
	case DT_A_NEXT:
		p->jr_run = (p->jr_run + (a == DT_A_NEXT ? 1 : p->c.ov.nruns - 1)) %
		            p->c.ov.nruns;
		dt_pv_journal_load(p);
		return DT_SCR_REDRAW;
	case DT_A_ADD:
		dt_pv_prompt(p, "new journal key (e.g. neuron.cache_hits, "
		             "image.id, or your own)", NULL, add_key, 0);
		return DT_SCR_REDRAW;
	case DT_A_DOWN:
	case DT_A_UP:
		dt_form_move(&p->jr, a == DT_A_DOWN ? 1 : -1);
		return DT_SCR_REDRAW;
	case DT_A_EDIT:
		dt_form_begin_edit(&p->jr);
		return DT_SCR_REDRAW;
	default:
		return DT_SCR_NONE;
	}
}

static void render(void *st, dt_grid *g, const char *title)
{
	dt_pv_frame(st, g, title, DT_S_JOURNAL, dt_pv_journal_render);
}

static unsigned action(void *st, dt_action_id a)
{
	return dt_pv_action(st, a, journal_action);
}

static unsigned raw_key(void *st, int key)
{
	return dt_pv_raw_key(st, key, dt_pv_journal_raw);
}

static void enter(void *st)
{
	((dt_pilots *)st)->view = DT_PV_JOURNAL;
}

const dt_screen_ops dt_journal_ops = {
	.id = DT_S_JOURNAL,
	.render = render,
	.action = action,
	.modal = dt_pv_modal,
	.raw_key = raw_key,
	.enter = enter,
};
