/* neuron_compile.h: Neuron compiler and compile-cache records in console
 * output -> run facts, and neuron_parallel_compile trial runs.
 *
 * Record grammar: LOG-FORMATS.md section 9 (NEURON_CACHE, NCC_WRAPPER,
 * NEURON_CC_WRAPPER, PARALLEL_COMPILE, NEURON_PARALLEL_COMPILE tags).
 * Used by the text importers (imp_hf_stdout.c, imp_textlog.c), since these
 * lines are interleaved with their training lines. */
#ifndef DT_NEURON_COMPILE_H
#define DT_NEURON_COMPILE_H

#include <stddef.h>

#include "importers/importer.h"

/* Scan the whole source and set run facts (only those found):
 *   neuron.compile_cache_path   "Compile cache path: P" (else the prefix of
 *                               a cached neff path before /neuronxcc-)
 *   neuron.compiler_version     V of ".../neuronxcc-V/MODULE_..."
 *   neuron.cache_hits           count of "Using a cached neff"
 *   neuron.cache_misses         compiler runs: max(count of "Call compiler
 *                               with cmd", count of "Compiler status")
 *   neuron.compile_fail         count of "Compiler status FAIL"
 *   neuron.cached_failed_neffs  count of "Got a cached failed neff"
 *   neuron.parallel_compile.graphs_total / .succeeded / .failed
 *                               "Total graphs: N", "Total successful
 *                               compilations: N", "Total failed
 *                               compilations: N"
 *   neuron.compile_seconds      sum of the report's "compile_time" values;
 *                               else the neuron_parallel_compile phase:
 *                               first "Current remaining items" line to
 *                               the "Total graphs" line (their timestamps)
 * Returns 0, or -1 on ENOMEM. */
int dt_neuron_compile_facts(const dt_source *src, dt_rawlog *out);

/* 1-based line of the first neuron_parallel_compile trial-run marker
 * ("Running trial run", else "Extracting graphs" when "No compilation was
 * done" occurs), 0 when the log is not a trial run. */
size_t dt_neuron_trial_line(const dt_source *src);

/* Mark every series of `out` as pre-compilation values: metric M becomes
 * "precompile_M" (so no `loss` curve is formed), with a warning naming
 * the marker line and the points moved (with no series, a warning that
 * the log holds compile records only). Returns 0 or -1 on ENOMEM. */
int dt_neuron_mark_precompile(const dt_source *src, size_t line,
                              dt_rawlog *out);

#endif
