/* pilot_model.h: the acceptance-workflow model headers the pilot screens
 * use (pilots, task card, checklist, drills, journal, decisions via the
 * overview), in one include. */
#ifndef DT_TUI_PILOT_MODEL_H
#define DT_TUI_PILOT_MODEL_H

#include "model/dt_actor.h"
#include "model/dt_journal.h"
#include "model/dt_ledger_load.h"
#include "model/dt_overview.h"
#include "model/dt_scenario.h"
#include "model/dt_store_ledger.h"

#endif
