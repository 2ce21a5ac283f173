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

#include <stdint.h>

#include "importers/importer.h"

/* What the compile records of a log say so far (dt_neuron_scan). */
typedef struct dt_neuron_counts {
	char cache_path[256], version[64];
	long hits, calls, status, fail, cached_failed;
	int64_t total, ok, failed;        /* -1 = not seen */
	double report_seconds;
	int have_report_time;
	double phase_start, phase_end;    /* timestamps, -1 = not seen */
} dt_neuron_counts;

/* A scan of a log's compile records and trial-run markers fed in steps,
 * as an importer parsing in steps reads the log (importer.h): the facts
 * and the trial line are those of dt_neuron_compile_facts and
 * dt_neuron_trial_line on all the bytes fed. */
typedef struct dt_neuron_scan {
	dt_neuron_counts n;
	int gated;          /* a "||" compile record was seen */
	size_t running;     /* line of the first "Running trial run", 0 none */
	size_t extracting;  /* line of the first "Extracting graphs", 0 none */
	int nocompile;      /* "No compilation was done" seen */
} dt_neuron_scan;

void dt_neuron_scan_init(dt_neuron_scan *ns);

/* 1 when head[0, len) holds a compile record: one of the tags above
 * between "||" (e.g. "INFO ||NCC_WRAPPER||: Using a cached neff"), else
 * 0. The import's refusal of a log no importer recognised says so: a
 * Neuron run's console output cut before its first training record. */
int dt_neuron_has_record(const char *head, size_t len);

/* Scan src->data[from, src->len): `from` is 0 or the end of the previous
 * feed, at a line start, with `line0` complete lines before it. May read
 * src->data[0, from) once (when the first compile record appears). */
void dt_neuron_scan_feed(dt_neuron_scan *ns, const dt_source *src,
                         size_t from, size_t line0);

/* The facts of dt_neuron_compile_facts for the bytes fed, set on out.
 * Returns 0 or -1 on ENOMEM. */
int dt_neuron_scan_facts(const dt_neuron_scan *ns, dt_rawlog *out);

/* dt_neuron_trial_line for the bytes fed. */
size_t dt_neuron_scan_trial(const dt_neuron_scan *ns);

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
