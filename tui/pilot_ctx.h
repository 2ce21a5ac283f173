/* pilot_ctx.h: what the pilot screens of the TUI share (curses-free): the
 * store, who acts, the open pilot's assessment as the service returns it
 * (dt_assessment_load, model/service/assessment.h) and the status message
 * of the pilot frame. Each screen keeps its own state (selection, forms,
 * dialogs) in its own file and re-derives it from `ov` when `gen` moves.
 * The context itself holds no screen's state. */
#ifndef DT_PILOT_CTX_H
#define DT_PILOT_CTX_H

#include <stdint.h>

#include "tui/pilot_model.h"

typedef struct dt_pilot_ctx {
	dt_store *st;               /* borrowed */
	char actor[64];             /* who acts (dt_actor_name) */
	int open;                   /* 1: ov holds the open pilot */
	dt_assessment ov;           /* the open pilot, owned */
	unsigned gen;               /* moves on every (re)load of the store */
	int64_t cmp_id[2];          /* c on the overview: baseline, pilot run
	                             * ids the app compares (DT_S_COMPARE) */
	int64_t cmp_pilot;          /* ... under this pilot's task card (the
	                             * open pilot's id) */
	int want_decide;            /* d on a section: the decision log opens
	                             * its decide dialog when it comes on top */
	char msg[600];              /* the frame's status message */
	int msg_err;                /* msg is an error (WARN role) */
	char db[512];               /* the store as given (--db ...), for
	                             * the commands a hint names */
} dt_pilot_ctx;

/* Set up on store st (borrowed), acting as dt_actor_name. */
void dt_pilot_ctx_init(dt_pilot_ctx *c, dt_store *st);

/* Open pilot `name`: load its assessment into c->ov. Returns 0, or -1
 * (c->msg says why; the pilot open before stays). */
int dt_pilot_ctx_open(dt_pilot_ctx *c, const char *name);

/* After a write (this process' or another's): reload the open pilot and
 * move c->gen, so every screen re-derives its state. Returns 0 or -1
 * (c->msg says why; the old assessment stays). */
int dt_pilot_ctx_reload(dt_pilot_ctx *c);

/* Free the assessment; the struct is zeroed. */
void dt_pilot_ctx_free(dt_pilot_ctx *c);

#endif
