/* fuzz_importer.c: libFuzzer harness for one importer, chosen at build
 * time with -DDT_FUZZ_IMPORTER=<importer symbol> (fuzz/CMakeLists.txt
 * builds one executable per importer). Each input is detected by every
 * importer and parsed by the chosen one; the harness checks the raw log's
 * invariants (series lengths, segment marks inside the series) so a
 * corrupt result is a crash, not just a memory error.
 *
 * With -DDT_FUZZ_FIX_CRC (the tfevents harness) a custom mutator runs
 * libFuzzer's own mutation, then rewrites the two masked CRC-32Cs of
 * every record it can frame (TFRecord: uint64 little-endian length,
 * masked CRC-32C of those 8 bytes, the data, masked CRC-32C of the
 * data; the framing of TensorFlow's record writer, importers/tfrecord.h),
 * so a mutated record passes the checksum and reaches the event decoder
 * instead of stopping at "CRC mismatch". */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "importers/importer.h"
#ifdef DT_FUZZ_FIX_CRC
#include "importers/crc32c.h"
#endif

#ifndef DT_FUZZ_IMPORTER
#error "build with -DDT_FUZZ_IMPORTER=dt_imp_<name>"
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#ifdef DT_FUZZ_FIX_CRC
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size,
                               unsigned int seed);

static void put_le32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

/* Rewrite the masked CRCs of each record data[0..size) frames; stops at
 * the first length that runs past the end. Left unchanged 1 time in 16
 * (seed), so checksum failures stay exercised too. */
static void fix_crcs(uint8_t *data, size_t size, unsigned int seed)
{
	if (seed % 16 == 0)
		return;
	size_t off = 0;
	while (size - off >= 12) {
		uint64_t len = 0;
		for (int i = 7; i >= 0; i--)
			len = len << 8 | data[off + (size_t)i];
		put_le32(data + off + 8, dt_crc32c_mask(dt_crc32c(data + off, 8)));
		if (len > size - off - 12 || size - off - 12 - len < 4)
			break;
		uint8_t *rec = data + off + 12;
		put_le32(rec + len, dt_crc32c_mask(dt_crc32c(rec, (size_t)len)));
		off += 12 + (size_t)len + 4;
	}
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size,
                               unsigned int seed)
{
	size = LLVMFuzzerMutate(data, size, max_size);
	fix_crcs(data, size, seed);
	return size;
}
#endif

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
