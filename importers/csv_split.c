/* csv_split.c: when and where a CSV parse is split, and the merge of the
 * second half's points (csv_split.h). */
#include "importers/csv_split.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

int dt_csv_split_append(dt_rawlog *to, const dt_rawlog *part)
{
	for (size_t i = 0; i < part->nseries; i++) {
		if (part->series[i].n == 0)
			continue;
		dt_rawseries *s = dt_rawlog_series(to, part->series[i].metric);
		if (!s || append_points(s, &part->series[i]) < 0)
			return -1;
	}
	return 0;
}
