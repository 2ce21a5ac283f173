/* pilot_model.h: the acceptance-workflow model headers the pilot screens
 * use (pilots, task card, checklist, drills, journal, decisions via the
 * overview), in one include. */
#ifndef DT_TUI_PILOT_MODEL_H
#define DT_TUI_PILOT_MODEL_H

#include "model/util/clock.h"
#include "model/core/journal.h"
#include "model/service/ledger_load.h"
#include "model/service/assessment.h"
#include "model/core/scenario.h"
#include "model/store/store.h"

#endif
