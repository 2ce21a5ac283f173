/* csv_split.c: when and where a CSV parse is split, and the merge of the
 * second half's points (csv_split.h). */
#include "importers/csv_split.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model/util/grow.h"

static int split_mode = DT_CSV_SPLIT_AUTO;
static size_t split_at;
static _Thread_local size_t split_rows;

void dt_csv_split_set(int mode, size_t at)
{
	split_mode = mode;
	split_at = at;
}

size_t dt_csv_split_rows(void)
{
	return split_rows;
}

void dt_csv_split_note_rows(size_t rows)
{
	split_rows = rows;
}

/* The mode in force: the one set, or for AUTO the environment's. */
static int mode_now(void)
{
	if (split_mode != DT_CSV_SPLIT_AUTO)
		return split_mode;
	const char *e = getenv("DUALTRACK_CSV_SPLIT");
	if (e && !strcmp(e, "0"))
		return DT_CSV_SPLIT_NEVER;
	if (e && !strcmp(e, "1"))
		return DT_CSV_SPLIT_ALWAYS;
	return DT_CSV_SPLIT_AUTO;
}

size_t dt_csv_split_point(const char *data, size_t from, size_t len,
                          size_t src_off)
{
	int mode = mode_now();
	if (mode == DT_CSV_SPLIT_NEVER || from >= len)
		return 0;
	if (mode == DT_CSV_SPLIT_AUTO &&
	    (len - from < DT_CSV_SPLIT_MIN || sysconf(_SC_NPROCESSORS_ONLN) < 2))
		return 0;
	size_t target = from + (len - from) / 2;
	if (split_at)
		target = split_at > src_off ? split_at - src_off : 0;
	if (target <= from)
		target = from + 1; /* the line start after the first row's */
	if (target >= len)
		return 0;
	/* the first line start at or after target */
	const char *nl = memchr(data + target - 1, '\n', len - (target - 1));
	size_t p = nl ? (size_t)(nl - data) + 1 : len;
	return p < len ? p : 0;
}

/* Append part's n points to s (room made once). */
static int append_points(dt_rawseries *s, const dt_rawseries *part)
{
	if (part->n == 0)
		return 0;
	if (s->n + part->n > s->cap &&
	    dt_rawseries_reserve(s, s->n + part->n) < 0)
		return -1;
	memcpy(s->step + s->n, part->step, part->n * sizeof *s->step);
	memcpy(s->value + s->n, part->value, part->n * sizeof *s->value);
	s->n += part->n;
	return 0;
}

/* 16 bytes compared at once (GCC/Clang vector extension: SSE2 on
 * x86-64, NEON on arm64, plain code elsewhere); each byte's count is
 * kept in a lane of `acc` for at most 255 blocks, then summed. */
typedef unsigned char dt_v16 __attribute__((vector_size(16)));

size_t dt_csv_count_lines(const char *p, size_t n)
{
	const dt_v16 nl = {'\n', '\n', '\n', '\n', '\n', '\n', '\n', '\n',
	                   '\n', '\n', '\n', '\n', '\n', '\n', '\n', '\n'};
	size_t count = 0, i = 0;
	while (i + 16 <= n) {
		dt_v16 acc = {0};
		for (size_t k = 0; k < 255 && i + 16 <= n; k++, i += 16) {
			dt_v16 w;
			memcpy(&w, p + i, 16);
			acc -= (dt_v16)(w == nl); /* a match is all ones: -1 */
		}
		for (int j = 0; j < 16; j++)
			count += acc[j];
	}
	for (; i < n; i++)
		count += p[i] == '\n';
	return count;
}

size_t dt_csv_half_room(size_t bytes, size_t ncols)
{
	return bytes / (ncols + 1) + 1;
}

int dt_csv_regions_alloc(dt_csv_region *r, size_t n, size_t cap)
{
	memset(r, 0, n * sizeof *r);
	if (cap > SIZE_MAX / sizeof(double))
		return -1;
	for (size_t i = 0; i < n; i++) {
		r[i].step = dt_grow_alloc_huge(cap * sizeof *r[i].step);
		r[i].value = dt_grow_alloc_huge(cap * sizeof *r[i].value);
		r[i].cap = cap;
		if (!r[i].step || !r[i].value) {
			dt_csv_regions_free(r, i + 1);
			return -1;
		}
	}
	return 0;
}

void dt_csv_regions_free(dt_csv_region *r, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (!r[i].adopted) {
			free(r[i].step);
			free(r[i].value);
		}
		r[i].step = NULL;
		r[i].value = NULL;
	}
}

/* The points of part series ps (in region r from index at) after the
 * n points of s: s owns r (the gap, if any, closed by one memmove),
 * takes r now (a series new to `to`: moved down to index 0), or gets a
 * copy. */
static int merge_series(dt_rawseries *s, const dt_rawseries *ps,
                        dt_csv_region *r, int skip, size_t at)
{
	if (r && s->step == r->step) {
		if (s->n != at) {
			if (!skip)
				memmove(s->step + s->n, ps->step,
				        ps->n * sizeof *s->step);
			memmove(s->value + s->n, ps->value, ps->n * sizeof *s->value);
		}
		s->cap = r->cap;
		s->n += ps->n;
		return 0;
	}
	if (r && !r->adopted && s->n == 0 && s->cap == 0) {
		free(s->step);
		free(s->value);
		if (!skip)
			memmove(r->step, ps->step, ps->n * sizeof *r->step);
		memmove(r->value, ps->value, ps->n * sizeof *r->value);
		s->step = r->step;
		s->value = r->value;
		s->cap = r->cap;
		s->n = ps->n;
		r->adopted = 1;
		return 0;
	}
	return skip ? -1 : append_points(s, ps);
}

int dt_csv_split_merge(dt_rawlog *to, dt_rawlog *part,
                       dt_csv_region *const *region,
                       const unsigned char *skip, size_t at)
{
	int rc = 0;
	for (size_t i = 0; i < part->nseries; i++) {
		dt_rawseries *ps = &part->series[i];
		if (rc == 0 && to && ps->n > 0) {
			dt_rawseries *s = dt_rawlog_series(to, ps->metric);
			if (!s || merge_series(s, ps, region[i],
			                       skip && skip[i], at) < 0)
				rc = -1;
		}
		if (region[i]) { /* the region's, not part's, to free */
			ps->step = NULL;
			ps->value = NULL;
			ps->n = ps->cap = 0;
		}
	}
	return rc;
}
