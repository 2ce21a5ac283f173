/* skipval.c: per-file count of metric values that are not numbers. */
#include "importers/skipval.h"

#include <stdio.h>

void dt_skipval_add(dt_skipval *s, size_t line, const char *key,
                    const char *text, size_t len)
{
	if (s->n++ == 0) {
		s->first_line = line;
		snprintf(s->first, sizeof s->first, "%s '%.*s'", key,
		         (int)(len > 40 ? 40 : len), text);
	}
}

void dt_skipval_merge(dt_skipval *dst, const dt_skipval *src, size_t line)
{
	if (src->n == 0)
		return;
	if (dst->n == 0) {
		*dst = *src;
		dst->first_line = line;
		return;
	}
	dst->n += src->n;
}

int dt_skipval_warn(const dt_skipval *s, dt_rawlog *log, const char *path)
{
	if (s->n == 0)
		return 0;
	return dt_rawlog_warn(log, "%s:%zu: %zu value(s) that are not numbers "
	                      "skipped (first: %s)", path, s->first_line, s->n,
	                      s->first);
}
