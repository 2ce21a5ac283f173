/* err.h: the one error convention and the one ownership rule on failure
 * of dualtrack (every layer: util, core, store, service, importers, cli,
 * tui).
 *
 * 1. Results. A fallible function returns int: 0 on success, -1 on
 *    failure. A documented positive value is an outcome, not an error
 *    ("1: not found", "1: already there", "1: nothing to judge"). A
 *    constructor returning a pointer returns NULL on failure.
 *
 * 2. Messages. The message says what failed in words a user can act on
 *    and, for input, names the file and the line or byte offset and what
 *    was expected. It is never printed by the function itself. It goes:
 *     - into the handle, for functions that take one: a dt_store keeps
 *       the message of its last failure, read with dt_store_error(st);
 *     - into a caller-owned struct dt_err (below) otherwise. Older
 *       functions take `char *err, size_t errlen` instead: the same rule
 *       with a plain buffer (new code takes a dt_err *).
 *    No allocation happens on the error path (fixed-size buffers; a long
 *    message is cut, never lost).
 *
 * 3. Ownership on failure. When a function returns -1:
 *     - every array it returns through a pointer is NULL and its count 0;
 *     - every struct it fills is left empty (zeroed) and safe to pass to
 *       its _free function;
 *     - nothing was allocated that the caller must free, and nothing it
 *       wrote to a store stays (a failed write rolls back).
 *    So a caller writes `if (f(..., &v, &n) < 0) report; else use, free`
 *    and never frees after a failure. Every _free function accepts NULL
 *    (or a zeroed struct) and does nothing.
 *
 * 4. Out of memory is an ordinary failure ("out of memory" message,
 *    -1); growable arrays use dt_grow (model/util/grow.h), which checks
 *    the size for overflow. */
#ifndef DT_UTIL_ERR_H
#define DT_UTIL_ERR_H

#include <stdarg.h>
#include <stddef.h>

/* Size of an error message buffer (bytes, NUL included). */
#define DT_ERR_MAX 512

/* A failure: message plus where in the input it happened. path "" and
 * line/byte 0 mean "not about a position in a file". */
typedef struct dt_err {
	char msg[DT_ERR_MAX];
	char path[256];       /* input file, cut when longer */
	long line;            /* 1-based line, 0 = none */
	long byte;            /* 0-based byte offset, -1 = none */
} dt_err;

/* Clear *e (msg "", no position). NULL is accepted. */
void dt_err_clear(dt_err *e);

/* Set e->msg from a printf format (position cleared). NULL e is
 * accepted (the message is dropped). Returns -1, so a failing function
 * can `return dt_err_set(err, "...")`. */
int dt_err_set(dt_err *e, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int dt_err_vset(dt_err *e, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));

/* As dt_err_set, with the input position (path, 1-based line or 0,
 * byte offset or -1). Returns -1. */
int dt_err_at(dt_err *e, const char *path, long line, long byte,
              const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/* The error as one line, "PATH:LINE: MSG", "PATH: byte N: MSG" or "MSG"
 * into buf (size n, cut when short). Returns buf. */
char *dt_err_text(const dt_err *e, char *buf, size_t n);

#endif
