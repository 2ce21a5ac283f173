/* fuzz_importer.c: libFuzzer harness for one importer, chosen at build
 * time with -DDT_FUZZ_IMPORTER=<importer symbol> (fuzz/CMakeLists.txt
 * builds one executable per importer). Each input is detected by every
 * importer and parsed by the chosen one; the harness checks the raw log's
 * invariants (series lengths, segment marks inside the series) so a
 * corrupt result is a crash, not just a memory error. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "importers/importer.h"

#ifndef DT_FUZZ_IMPORTER
#error "build with -DDT_FUZZ_IMPORTER=dt_imp_<name>"
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const dt_importer *imp = &DT_FUZZ_IMPORTER;
	dt_source src = {"fuzz.input", "fuzz.input", (const char *)data, size, NULL};
	dt_import_opts opts = {0, 0, 0, NULL, 0};
	dt_rawlog log;
	char err[512];
	for (size_t i = 0; dt_importers[i]; i++)
		(void)dt_importers[i]->detect(src.name, src.data,
		                              size < 65536 ? size : 65536);
	dt_rawlog_init(&log);
	if (imp->parse(&src, &opts, &log, err, sizeof err) == 0) {
		for (size_t i = 0; i < log.nseries; i++) {
			const dt_rawseries *s = &log.series[i];
			if (!s->metric || s->n > s->cap)
				abort();
			for (size_t k = 0; k < s->nmarks; k++)
				if (s->marks[k] > s->n)
					abort();
		}
	}
	dt_rawlog_free(&log);
	return 0;
}
