/* pilots.h: the acceptance-workflow screens of the TUI, curses-free like
 * screens.h: the pilot list -> a pilot's overview -> its task card form,
 * checklist, drill log, run journal and decision log, with the dialogs
 * that record into the store (task-card values, checklist statuses and
 * evidence, drills and their items, journal values, decisions).
 *
 * Everything shown comes from dt_assessment_load (model/service/assessment.h) and
 * the run facts; every write goes through the model (dt_store_taskcard_set,
 * dt_store_check_set, dt_store_evidence_add, dt_store_drill_add, dt_store_drill_check_set,
 * dt_journal_set, dt_decide) under the acting person's name (dt_actor),
 * then the screens reload. When another process writes the store the app
 * calls dt_pilots_reload (PRAGMA data_version), so a decision recorded
 * elsewhere shows here within a second. */
#ifndef DT_PILOTS_H
#define DT_PILOTS_H

#include <stddef.h>

#include "tui/form.h"
#include "tui/input.h"
#include "tui/list.h"
#include "tui/pilot_ctx.h"
#include "tui/pilot_model.h"
#include "tui/screens.h"

typedef enum dt_pview {
	DT_PV_LIST = 0,     /* every pilot of the store */
	DT_PV_OVERVIEW,     /* one pilot: summary of everything below */
	DT_PV_CARD,         /* task card form */
	DT_PV_CHECKLIST,
	DT_PV_DRILLS,
	DT_PV_JOURNAL,
	DT_PV_DECISIONS,
	DT_PV_LEDGER,       /* time and cost ledger, scenario guide */
	DT_PV_COUNT
} dt_pview;

/* One row of the pilot list. */
typedef struct dt_pilot_row {
	dt_pilot pilot;
	size_t nbase, npilot;       /* runs by role */
	size_t counts[4];           /* checklist items by dt_check_status */
	char decision[32];          /* latest decision kind, "" = none */
	char decided_at[32];
} dt_pilot_row;

typedef struct dt_pilots dt_pilots;

/* What a one-line prompt does with the accepted text: returns 0 (done:
 * the prompt closes), -1 (refused: the message is in p->msg and the
 * prompt stays open with the text) or 1 (the callback opened a follow-up
 * prompt with dt_pv_prompt, e.g. a journal key's value). */
typedef int (*dt_prompt_fn)(dt_pilots *p, const char *text);

typedef struct dt_prompt {
	int open;
	char title[256];
	dt_input in;
	dt_prompt_fn accept;
	int arg;                    /* for accept: e.g. the status to set */
	char key[64];               /* journal: the key being added */
} dt_prompt;

/* The "add drill" dialog: the form, then the pre-fill review. */
#define DT_DRILL_FIELDS 11
typedef struct dt_drill_form {
	int open, review;           /* review: pre-fill shown, Enter saves */
	dt_field f[DT_DRILL_FIELDS + 1];  /* + the button */
	dt_form form;
	const char *kinds[DT_DRILL_KIND_COUNT];
	const char **runs;          /* "-" then the pilot's run names, owned */
	size_t nruns;
	dt_drill d;                 /* what will be saved */
	dt_resume_evidence ev;
	int have_ev;                /* the logs allowed a pre-fill */
	char prefill_msg[600];      /* why not, when !have_ev */
} dt_drill_form;

/* The "decide" dialog: the form, then the go warning. */
typedef struct dt_decide_form {
	int open, warn;             /* warn: go with blocking items shown */
	dt_field f[4];              /* kind, rationale, deciders, button */
	dt_form form;
	const char *kinds[DT_DECIDE_COUNT];
	dt_decider dk[DT_DECIDERS_MAX];
	size_t nd;
	dt_check_id blk[DT_ITEM_COUNT];
	size_t nblk;
} dt_decide_form;

/* The ledger screen: the pilot's dt_ledger_view, a cursor on its rows
 * and side columns, the value dialog and the scenario dialog. */
#define DT_LG_VALUE_FIELDS 5        /* side, value, basis, note, save */
typedef struct dt_ledger_ui {
	int loaded;
	dt_ledger_view v;
	char err[600];              /* why it did not load */
	dt_list list;               /* table rows: selection, scrolling */
	int side;                   /* DT_SIDE_* column picked (h / l) */
	int have_sc;                /* a scenario record is stored */
	dt_scenario_answers sc;
	dt_scenario_result scr;
	char sc_by[64], sc_at[32];
	/* value dialog */
	int edit_open, e_is_time, e_index;
	dt_field ef[DT_LG_VALUE_FIELDS];
	dt_form eform;
	/* scenario dialog: a choice per question, training, save */
	int sc_open;
	dt_field sf[DT_Q_COUNT + 2];
	dt_form sform;
} dt_ledger_ui;

struct dt_pilots {
	dt_pilot_ctx c;             /* store, actor, open pilot, message */
	dt_pview view;
	/* pilot list */
	dt_pilot_row *rows;         /* [nrows] owned */
	size_t nrows;
	dt_list list;               /* the pilot list's selection */
	dt_integrity list_integrity; /* of the store, when the list loaded */
	size_t ov_sel;              /* overview: selected section 0..4 */
	dt_field card_f[DT_TC_COUNT];
	dt_form card;
	dt_list ck;                 /* checklist items */
	dt_list dr;                 /* drills */
	size_t dr_item;             /* drills: the selected drill's check item */
	size_t jr_run;              /* journal: index into ov.runs */
	dt_fact *facts;             /* [nfacts] of that run, owned */
	size_t nfacts;
	dt_field *jr_f;             /* [jr_n] owned */
	size_t jr_n;
	dt_form jr;
	dt_list dc;                 /* decisions: 0 = newest */
	dt_ledger_ui lg;            /* ledger (l on the overview) */
	/* dialogs */
	dt_prompt prompt;
	dt_drill_form drill;
	dt_decide_form decide;
};

/* Set up on store st and load the pilot list. Returns 0, or -1 (message
 * in p->msg; the screen then shows it). */
int dt_pilots_init(dt_pilots *p, dt_store *st);

/* Free everything; the struct is zeroed. */
void dt_pilots_free(dt_pilots *p);

/* Re-read the pilot list and the open pilot (after a write by another
 * process), keeping the view, selections and open dialogs. Returns 0 or
 * -1 (message in p->msg). */
int dt_pilots_reload(dt_pilots *p);

/* The pilot screens are dt_pilots_ops, dt_overview_ops, dt_card_ops,
 * dt_checklist_ops, dt_drills_ops, dt_journal_ops, dt_decisions_ops and
 * dt_ledger_ops (tui/screen.h), all on one dt_pilots state. */

#endif
