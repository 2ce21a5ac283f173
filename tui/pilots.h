/* pilots.h: the acceptance-workflow screens of the TUI, curses-free like
 * screens.h: the pilot list -> a pilot's overview -> its task card form,
 * checklist, drill log, run journal, decision log and ledger, with the
 * dialogs that record into the store (task-card values, checklist
 * statuses and evidence, drills and their items, journal values,
 * decisions, ledger values, the scenario guide).
 *
 * Each is a screen of its own (dt_pilots_ops, dt_overview_ops,
 * dt_card_ops, dt_checklist_ops, dt_drills_ops, dt_journal_ops,
 * dt_decisions_ops, dt_ledger_ops in tui/screen.h): its `open` takes the
 * shared dt_pilot_ctx (tui/pilot_ctx.h: store, actor, the open pilot's
 * assessment, the status message) and returns the screen's own state,
 * which its `close` frees. Everything shown comes from the service
 * (dt_assessment_load, dt_ledger_load and the run facts); every write
 * goes through the model under the acting person's name, then the
 * context reloads and each screen re-derives its state. When another
 * process writes the store the app calls dt_pilot_ctx_reload (PRAGMA
 * data_version), so a decision recorded elsewhere shows here within a
 * second. */
#ifndef DT_PILOTS_H
#define DT_PILOTS_H

#include <stddef.h>

#include "tui/pilot_ctx.h"
#include "tui/screen.h"

/* Pilots listed by st, the state of a dt_pilots_ops screen. */
size_t dt_pilots_count(const void *st);

#endif
