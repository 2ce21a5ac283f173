/* csv_split.h: a CSV parse split across two threads (imp_csv.c).
 *
 * The rows after a line start near the middle of the data are parsed on
 * a second thread while the first half is parsed as usual; the second
 * thread takes only rows of plain numbers (the importer's fast row) and
 * stops at the first other row (a quote, text, a repeated header, blanks
 * around a cell), where the first thread carries on alone. Its points are
 * kept only when the first half ends at the split point with no quoted
 * cell open and the same column map (no header repeated in the first
 * half); otherwise they are dropped and the first thread parses the
 * second half itself. The result is therefore the same, bit for bit, as
 * a one-thread parse: same points, marks, warnings, errors and line
 * numbers (tests/test_csv_split.c compares them at every split offset). */
#ifndef DT_CSV_SPLIT_H
#define DT_CSV_SPLIT_H

#include <stddef.h>

#include "model/core/rawlog.h"

/* When the parse is split (dt_csv_split_set). */
enum {
	DT_CSV_SPLIT_AUTO,   /* data of DT_CSV_SPLIT_MIN bytes or more, on a
	                      * machine with 2 or more online CPUs; the
	                      * environment variable DUALTRACK_CSV_SPLIT=0 or 1
	                      * turns it to NEVER or ALWAYS */
	DT_CSV_SPLIT_NEVER,  /* one thread */
	DT_CSV_SPLIT_ALWAYS  /* any size with 2 lines or more, any CPU count */
};

/* Below this many bytes after the header a parse stays on one thread
 * (the thread costs more than half such a parse). */
#define DT_CSV_SPLIT_MIN ((size_t)1 << 20)

/* Set the split mode for the parses that follow, process-wide (tests and
 * benchmarks; set it before parsing, not during). `at` > 0 puts the split
 * at the first line start at or after byte offset `at` of the source
 * (counted from its first byte, a BOM included) instead of the middle. */
void dt_csv_split_set(int mode, size_t at);

/* Where to split data[from, len) (from: the start of the first data
 * row, src_off: the offset of data in the source, for `at`): an offset p
 * with from < p < len right after a '\n', or 0 for no split (mode, size,
 * CPUs, or no line start in the range). */
size_t dt_csv_split_point(const char *data, size_t from, size_t len,
                          size_t src_off);

/* Rows the second thread parsed in the last CSV parse of the calling
 * thread whose second-half points were kept (0: not split, or dropped).
 * For tests: shows that a forced split was taken. */
size_t dt_csv_split_rows(void);

/* Record that value for the calling thread (imp_csv.c). */
void dt_csv_split_note_rows(size_t rows);

/* Append every point of `part` (a log of the second half: series in the
 * order their first point came, no marks) to `to`: a series missing from
 * `to` is created there, in that order, as dt_rawlog_series would have
 * created it while the points were pushed one by one. Returns 0, or -1
 * on ENOMEM (`to` then holds a prefix of the points: the caller fails
 * the parse). */
int dt_csv_split_append(dt_rawlog *to, const dt_rawlog *part);

#endif
