/* dt_strbuf.c: growing text buffer (dt_strbuf.h). */
#include "model/util/strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void dt_sb_put(dt_strbuf *b, const char *s, size_t len)
{
	if (b->oom)
		return;
	if (b->n + len + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 512;
		while (cap < b->n + len + 1)
			cap *= 2;
		char *p = realloc(b->p, cap);
		if (!p) {
			b->oom = 1;
			return;
		}
		b->p = p;
		b->cap = cap;
	}
	memcpy(b->p + b->n, s, len);
	b->n += len;
	b->p[b->n] = '\0';
}

void dt_sb_printf(dt_strbuf *b, const char *fmt, ...)
{
	char small[512];
	va_list ap;
	va_start(ap, fmt);
	int w = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (w < 0)
		return;
	if ((size_t)w < sizeof small) {
		dt_sb_put(b, small, (size_t)w);
		return;
	}
	char *big = malloc((size_t)w + 1);
	if (!big) {
		b->oom = 1;
		return;
	}
	va_start(ap, fmt);
	vsnprintf(big, (size_t)w + 1, fmt, ap);
	va_end(ap);
	dt_sb_put(b, big, (size_t)w);
	free(big);
}

char *dt_sb_take(dt_strbuf *b)
{
	char *p = b->oom ? NULL : b->p;
	if (b->oom)
		free(b->p);
	else if (!p)
		p = calloc(1, 1);
	memset(b, 0, sizeof *b);
	return p;
}

void dt_buf_printf(char *buf, size_t n, size_t *used, const char *fmt, ...)
{
	va_list ap;
	if (*used >= n)
		return;
	va_start(ap, fmt);
	int k = vsnprintf(buf + *used, n - *used, fmt, ap);
	va_end(ap);
	*used = k < 0 ? n : *used + (size_t)k;
}
