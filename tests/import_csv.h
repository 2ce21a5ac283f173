/* import_csv.h: import one CSV file of the test's directory as a run,
 * through the importers' one-transaction import (importers/import.h),
 * failing the test with the importer's message when it refuses. For the
 * comparison tests that build their runs from generated CSVs. Include
 * once per test program, after cmocka.h. */
#ifndef DT_TEST_IMPORT_CSV_H
#define DT_TEST_IMPORT_CSV_H

#include <stdint.h>
#include <stdio.h>

#include "importers/import.h"

/* Import in_dir/file into st as run `run` (platform trn2, CSV, the given
 * gradient accumulation). */
static inline void dt_test_import_csv(dt_store *st, const char *in_dir,
                                      const char *run, const char *file,
                                      int64_t grad_accum)
{
	char path[300], err[600];
	snprintf(path, sizeof path, "%s/%s", in_dir, file);
	const char *files[] = {path};
	dt_import_request rq = {.run_name = run, .platform = "trn2",
	                        .format = "csv", .files = files, .nfiles = 1};
	rq.opts.grad_accum = grad_accum;
	if (dt_import(st, &rq, NULL, err, sizeof err) < 0)
		fail_msg("import %s: %s", file, err);
}

#endif
