/* ledger_print.h: the ledger as text and JSON (`dualtrack ledger`). */
#ifndef DT_LEDGER_PRINT_H
#define DT_LEDGER_PRINT_H

#include "model/service/ledger_load.h"

/* Side-by-side table: times (hours, basis), prices and quantities, costs
 * (USD), sensitivity, fair-compare warnings and each run's derived
 * times, on stdout. */
void dt_ledger_print_text(const dt_ledger_view *v);

/* The same as one JSON object on stdout (keys in README "Time and cost
 * ledger"). */
void dt_ledger_print_json(const dt_ledger_view *v);

#endif
