/* dt_compile.h: whether a run's wall time includes graph compilation,
 * from its journal facts (Neuron compile/cache records, MLPerf init). */
#ifndef DT_COMPILE_H
#define DT_COMPILE_H

#include <stddef.h>

#include "model/core/run.h"

/* How a run's time relates to compilation. */
typedef enum dt_compile_time {
	DT_COMPILE_NONE = 0,   /* no compilation recorded in the run's logs */
	DT_COMPILE_CACHED,     /* Neuron graphs all loaded from the cache */
	DT_COMPILE_INCLUDED,   /* graphs compiled during the run (cache
	                        * misses or compile seconds > 0) */
	DT_COMPILE_SEPARATE    /* compile/init time logged apart from the
	                        * timed run (MLPerf init_start..init_stop) */
} dt_compile_time;

/* Classify a run from its facts [n] (dt_store_fact_list): INCLUDED when
 * neuron.cache_misses > 0 or neuron.compile_seconds > 0; else CACHED when
 * neuron.cache_hits > 0; else SEPARATE when compile.init_seconds is set;
 * else NONE. */
dt_compile_time dt_run_compile_time(const dt_fact *facts, size_t n);

/* One line for a comparison header when exactly one side's time includes
 * compilation, e.g. "compile: pilot trn2-a's time includes graph
 * compilation (4 cache misses, 338 s compiling); baseline gpu-a's does
 * not (no compilation recorded)" (the miss count only when a
 * neuron.cache_misses fact exists: "(1260 s compiling)" without one);
 * when both include it, a line saying
 * so; "" when neither does. Names are used as given (sanitise before
 * display). Writes to out (size outlen); returns 1 when a line was
 * written, 0 for "". */
int dt_run_compile_note(const char *baseline, const dt_fact *fb, size_t nb,
                        const char *pilot, const dt_fact *fp, size_t np,
                        char *out, size_t outlen);

#endif
