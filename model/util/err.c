/* err.c: the error convention's helpers (model/util/err.h). */
#include "model/util/err.h"

#include <stdio.h>
#include <string.h>

void dt_err_clear(dt_err *e)
{
	if (!e)
		return;
	e->msg[0] = '\0';
	e->path[0] = '\0';
	e->line = 0;
	e->byte = -1;
}

int dt_err_vset(dt_err *e, const char *fmt, va_list ap)
{
	if (!e)
		return -1;
	dt_err_clear(e);
	vsnprintf(e->msg, sizeof e->msg, fmt, ap);
	return -1;
}

int dt_err_set(dt_err *e, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	dt_err_vset(e, fmt, ap);
	va_end(ap);
	return -1;
}

int dt_err_at(dt_err *e, const char *path, long line, long byte,
              const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	dt_err_vset(e, fmt, ap);
	va_end(ap);
	if (e) {
		snprintf(e->path, sizeof e->path, "%s", path ? path : "");
		e->line = line;
		e->byte = byte;
	}
	return -1;
}

char *dt_err_text(const dt_err *e, char *buf, size_t n)
{
	if (!n)
		return buf;
	if (!e->path[0])
		snprintf(buf, n, "%s", e->msg);
	else if (e->line > 0)
		snprintf(buf, n, "%s:%ld: %s", e->path, e->line, e->msg);
	else if (e->byte >= 0)
		snprintf(buf, n, "%s: byte %ld: %s", e->path, e->byte, e->msg);
	else
		snprintf(buf, n, "%s: %s", e->path, e->msg);
	return buf;
}
