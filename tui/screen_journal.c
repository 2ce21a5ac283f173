/* screen_journal.c: the run journal of one of the pilot's runs at a time
 * ([ / ] switch; l opens the ledger, as on every section): every known
 * key (dt_journal_keys) and any other key the run holds, with value,
 * source ("import" / "user"), who and when. Enter
 * edits a value (dt_journal_set, source "user"; the old value stays as
 * history); a adds a key of one's own. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/pilots_internal.h"
#include "model/service/journal_set.h"

/* The run journal's state: which run, its facts and the form rows. */
typedef struct journal_state {
	dt_pv pv;
	size_t run;                 /* index into the assessment's runs */
	dt_fact *facts;             /* [nfacts] of that run, owned */
	size_t nfacts;
	dt_field *f;                /* [n] owned */
	size_t n;
	dt_form jr;
	dt_list find;               /* `/` search over the keys */
} journal_state;

static void journal_free(journal_state *p)
{
	free(p->facts);
	free(p->f);
	p->facts = NULL;
	p->f = NULL;
	p->nfacts = p->n = 0;
	dt_form_set(&p->jr, NULL, 0);
}

static const dt_fact *fact(const journal_state *p, const char *key)
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

/* Rows of run p->run: known keys, then the other keys the run holds;
 * an edit in progress stays open. Returns 0 or -1 (message set). */
static int journal_load(journal_state *p)
{
	dt_fact *facts = NULL;
	dt_field *f;
	size_t n = 0, i, k = 0;
	int editing = p->jr.editing;
	size_t sel = p->jr.sel, top = p->jr.top;
	dt_input keep = p->jr.in;
	journal_free(p);
	if (p->pv.c->ov.nruns == 0)
		return 0;
	if (dt_store_fact_list(p->pv.c->st, p->pv.c->ov.runs[p->run].run.id, &facts, &n) < 0) {
		dt_pv_msg(&p->pv, 1, "cannot read the journal: %s", dt_store_error(p->pv.c->st));
		return -1;
	}
	f = calloc(dt_journal_nkeys + n, sizeof *f);
	if (!f) {
		free(facts);
		dt_pv_msg(&p->pv, 1, "out of memory");
		return -1;
	}
	p->facts = facts;
	p->nfacts = n;
	for (i = 0; i < dt_journal_nkeys; i++)
		fill(&f[k++], dt_journal_keys[i].key, fact(p, dt_journal_keys[i].key));
	for (i = 0; i < n; i++)
		if (!dt_journal_label(facts[i].key))
			fill(&f[k++], facts[i].key, &facts[i]);
	p->f = f;
	p->n = k;
	p->jr.sel = sel;
	p->jr.top = top;
	dt_form_set(&p->jr, f, k);
	if (editing) { /* someone else wrote: keep the edit in progress */
		p->jr.editing = 1;
		p->jr.in = keep;
	}
	return 0;
}

static void body(dt_pv *v, dt_grid *g, int y0, int h)
{
	journal_state *p = (journal_state *)v;
	const dt_pilot_run *r;
	const char *label;
	if (p->pv.c->ov.nruns == 0) {
		dt_grid_text(g, 1, y0 + 1, g->w - 2, "no runs attached to this pilot",
		             DT_ROLE_WARN);
		return;
	}
	r = &p->pv.c->ov.runs[p->run];
	label = p->jr.sel < p->n ? dt_journal_label(p->f[p->jr.sel].label)
	                            : NULL;
	dt_layout_printf(g, 0, y0, g->w, DT_ROLE_LABEL,
	               "run %s (%s, %s)  [%zu/%zu, [/]: other run]  %s",
	               r->run.name, dt_run_role_name(r->role), r->run.platform,
	               p->run + 1, p->pv.c->ov.nruns, label ? label : "");
	p->jr.label_w = 24;
	p->jr.aside_w = g->w >= 100 ? 36 : 28;
	dt_form_render(&p->jr, g, 0, y0 + 1, g->w, h - 1);
}

static int add_value(dt_pv *v, const char *text)
{
	journal_state *p = (journal_state *)v;
	if (dt_journal_set(p->pv.c->st, p->pv.c->ov.runs[p->run].run.id, p->pv.prompt.key,
	                   text, p->pv.c->actor) < 0) {
		dt_pv_msg(&p->pv, 1, "not saved: %s", dt_store_error(p->pv.c->st));
		return -1;
	}
	dt_pv_msg(&p->pv, 0, "%s saved by %s", p->pv.prompt.key, p->pv.c->actor);
	dt_pv_written(&p->pv);
	return 0;
}

static int add_key(dt_pv *v, const char *text)
{
	journal_state *p = (journal_state *)v;
	char title[256], err[320];
	if (dt_journal_key_check_run(p->pv.c->st,
	                             p->pv.c->ov.runs[p->run].run.id, text, err,
	                             sizeof err) < 0) {
		dt_pv_msg(&p->pv, 1, "%s", err); /* journal set's words */
		return -1;
	}
	snprintf(p->pv.prompt.key, sizeof p->pv.prompt.key, "%s", text);
	snprintf(title, sizeof title, "value of %s", text);
	dt_pv_prompt(&p->pv, title, NULL, add_value, 0);
	return 1; /* the prompt stays open: it now asks for the value */
}

/* Keys while a value is edited: Enter saves through dt_journal_set. A
 * refusal shown is about the text as it was: the next key, whatever it
 * does, takes it away (a new Enter may refuse again). */
static unsigned raw(dt_pv *v, int key)
{
	journal_state *p = (journal_state *)v;
	int cleared = p->pv.c->msg_err && p->pv.c->msg[0];
	if (cleared) {
		p->pv.c->msg[0] = '\0';
		p->pv.c->msg_err = 0;
	}
	switch (dt_form_key(&p->jr, key)) {
	case DT_FORM_COMMIT:
		snprintf(p->pv.prompt.key, sizeof p->pv.prompt.key, "%s",
		         p->f[p->jr.sel].label);
		if (add_value(v, p->jr.in.buf) == 0)
			dt_form_commit_step(&p->jr);
		return DT_SCR_REDRAW;
	case DT_FORM_CANCEL:
		dt_pv_msg(&p->pv, 0, "not saved: %s unchanged", p->f[p->jr.sel].label);
		return DT_SCR_REDRAW;
	case DT_FORM_REDRAW:
		return DT_SCR_REDRAW;
	default:
		return cleared ? DT_SCR_REDRAW : DT_SCR_NONE;
	}
}

static unsigned action(dt_pv *v, dt_action_id a)
{
	journal_state *p = (journal_state *)v;
	if (p->pv.c->ov.nruns == 0)
		return DT_SCR_NONE;
	if (dt_form_list_action(&p->jr, a))
		return DT_SCR_REDRAW;
	switch (a) {
	case DT_A_PREV:
	case DT_A_NEXT:
		p->run = (p->run + (a == DT_A_NEXT ? 1 : p->pv.c->ov.nruns - 1)) %
		            p->pv.c->ov.nruns;
		journal_load(p);
		return DT_SCR_REDRAW;
	case DT_A_ADD:
		dt_pv_prompt(&p->pv, "new journal key (e.g. neuron.cache_hits, "
		             "image.id, or your own)", NULL, add_key, 0);
		return DT_SCR_REDRAW;
	case DT_A_EDIT:
		dt_form_begin_edit(&p->jr);
		return DT_SCR_REDRAW;
	default:
		return DT_SCR_NONE;
	}
}

static void sync(dt_pv *v)
{
	journal_state *p = (journal_state *)v;
	if (p->run >= v->c->ov.nruns)
		p->run = v->c->ov.nruns ? v->c->ov.nruns - 1 : 0;
	journal_load(p);
	v->list = &p->find;
	v->form = &p->jr;
}

/* Search text of row i: its key, label (known keys) and value. */
static const char *row_text(dt_pv *v, size_t i, char *buf, size_t n)
{
	journal_state *p = (journal_state *)v;
	const char *label;
	if (i >= p->n)
		return buf;
	label = dt_journal_label(p->f[i].label);
	snprintf(buf, n, "%s %s %s", p->f[i].label, label ? label : "",
	         p->f[i].value);
	return buf;
}

static int busy(const dt_pv *v)
{
	return ((const journal_state *)v)->jr.editing;
}

static void done(dt_pv *v)
{
	journal_free((journal_state *)v);
}

static const dt_pv_class cls = {
	.id = DT_S_JOURNAL,
	.size = sizeof(journal_state),
	.body = body,
	.action = action,
	.busy = busy,
	.raw = raw,
	.sync = sync,
	.row_text = row_text,
	.done = done,
};

DT_PV_SCREEN_OPS(dt_journal_ops, DT_S_JOURNAL, cls, dt_pv_enter);
