/* import_follow.h: importing a log that is still being written. */
#ifndef DT_IMPORT_FOLLOW_H
#define DT_IMPORT_FOLLOW_H

#include <signal.h>
#include <stdio.h>

#include "importers/import.h"

typedef struct dt_follow_opts {
	double interval;        /* seconds between size checks (> 0) */
	double idle_exit;       /* stop after this many seconds without a new
	                         * complete line; 0 = never (until *stop) */
	volatile sig_atomic_t *stop;  /* set by a SIGINT handler; may be NULL */
} dt_follow_opts;

/* Follow rq->files[0] (one text log): every `interval` seconds, when the
 * file changed size, its complete lines (up to the last '\n'; a partial
 * last line is held back until finished) are parsed again and what is new
 * is stored. The first read imports the file as a new file of the run
 * (dt_import_parsed, one transaction); each later update is its own short
 * transaction: grown series of that file rewritten, new facts and
 * warnings added, the run re-resolved. A line per update goes to report
 * ("update N: +K point(s), B bytes read; loss P points, last step S =
 * V"). Runs until *fo->stop is set or the idle time passes. Returns 0,
 * or -1 with err (parse error, file removed, no complete line ever). The
 * file's SHA-256 is the one of its first read. */
int dt_import_follow(dt_store *st, const dt_import_request *rq,
                     const dt_follow_opts *fo, FILE *report, char *err,
                     size_t errlen);

#endif
