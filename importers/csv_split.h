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
#include <stdint.h>

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

/* The arrays of one metric column of a split parse, shared by the two
 * threads so that the second half's points never need a copy: the first
 * thread's series of that column takes the arrays as its own (from index
 * 0, `adopted`), the second thread writes its points from index `at`,
 * the first half's line count (which it counts itself before parsing,
 * while the first thread parses), so the halves never overlap; the room
 * before `at` is a bound made before the count (dt_csv_half_room of the
 * first half's bytes: a first half with more lines, blank ones, is not
 * split). The merge then closes the gap, if any, with one memmove within
 * pages already written. A copy of the second half
 * into new arrays cost 18 % of a split import (24 MB of fresh pages and
 * their memcpy for 1M rows x 3 metrics, bench/peers.sh). */
typedef struct dt_csv_region {
	int64_t *step;   /* [cap] owned here until adopted */
	double *value;   /* [cap] */
	size_t cap;      /* room: the first half's lines + the second's bound */
	int adopted;     /* a series of the first thread owns the arrays */
} dt_csv_region;

/* Count of '\n' bytes in p[0, n), 16 bytes at a time. */
size_t dt_csv_count_lines(const char *p, size_t n);

/* Room for the second half's points of one series: data rows that push
 * a point hold at least ncols + 1 bytes (ncols - 1 commas, a step digit,
 * a value byte, a line end but on the last line), so `bytes` of rows
 * push at most bytes / (ncols + 1) + 1 points per series. */
size_t dt_csv_half_room(size_t bytes, size_t ncols);

/* Allocate the arrays of `n` regions of `cap` points each (untouched
 * pages cost nothing: dt_grow_alloc_huge). Returns 0, or -1 on ENOMEM
 * with none left allocated. */
int dt_csv_regions_alloc(dt_csv_region *r, size_t n, size_t cap);

/* Free the arrays no series adopted. */
void dt_csv_regions_free(dt_csv_region *r, size_t n);

/* Merge the second half `part` (series in the order their first point
 * came, no marks) into `to`, after its points: series k of part wrote
 * its points into region[k] from index `at` (region[k] NULL: its own
 * arrays, copied). A series missing from `to` is created there, in that
 * order, as dt_rawlog_series would have created it while the points
 * were pushed one by one. Every adopted region's series gets the
 * region's whole room as capacity. part's arrays that live in a region
 * are detached from part (set NULL), so dt_rawlog_free(part) is safe;
 * `to` NULL only detaches them (a second half that was dropped).
 * skip (NULL: none) marks, per series of part, one whose steps neither
 * half wrote (both follow another column's, imp_csv.c csv_col.follows):
 * its values move, its steps do not; such a series must merge in its
 * region (its `to` series owns the region, or is new). Returns 0, or -1
 * on ENOMEM or a skip series outside its region (the caller fails the
 * parse). */
int dt_csv_split_merge(dt_rawlog *to, dt_rawlog *part,
                       dt_csv_region *const *region,
                       const unsigned char *skip, size_t at);

#endif
