/* skipval.h: values of a known metric (loss, lr, grad norm...) that a
 * line logs but that cannot be read as a number ("loss": "abc",
 * `loss <junk> 2.4`). The importers count them per file and report them
 * in one warning instead of dropping them silently. */
#ifndef DT_SKIPVAL_H
#define DT_SKIPVAL_H

#include <stddef.h>

#include "model/core/rawlog.h"

typedef struct dt_skipval {
	size_t n;           /* values skipped so far */
	size_t first_line;  /* 1-based line of the first one, 0 = unknown */
	char first[96];     /* the first one: "KEY 'TEXT'" (TEXT cut to 40 bytes) */
} dt_skipval;

/* Count one unreadable value: key as logged (C string) and its text
 * text[0..len). The first one is remembered with its line (1-based; pass
 * 0 when the caller merges later with dt_skipval_merge). Never fails. */
void dt_skipval_add(dt_skipval *s, size_t line, const char *key,
                    const char *text, size_t len);

/* Add the values counted in `src` (one line's worth, line unknown) to
 * `dst`, giving them line `line` (1-based). Never fails. */
void dt_skipval_merge(dt_skipval *dst, const dt_skipval *src, size_t line);

/* When values were skipped, add the warning
 * "PATH:LINE: N value(s) that are not numbers skipped (first: KEY 'TEXT')"
 * to log. Returns 0, or -1 on ENOMEM. */
int dt_skipval_warn(const dt_skipval *s, dt_rawlog *log, const char *path);

#endif
