/* writeback.c: early writeback of a bulk import's spilled pages
 * (internal.h dt_sq_writeback_start). */
#define _GNU_SOURCE /* sync_file_range */
#include "model/store/sqlite/internal.h"

#include <fcntl.h>
#include <unistd.h>

void dt_sq_writeback_start(dt_store *st)
{
#ifdef SYNC_FILE_RANGE_WRITE
	dt_sq_store *sq = DT_SQ(st);
	if (!sq->fresh_journal)
		return;
	if (sq->wb_fd < 0)
		sq->wb_fd = open(sq->path, O_RDONLY | O_CLOEXEC);
	/* a failure only leaves the writing to the commit */
	if (sq->wb_fd >= 0)
		(void)sync_file_range(sq->wb_fd, 0, 0, SYNC_FILE_RANGE_WRITE);
#else
	(void)st;
#endif
}

void dt_sq_writeback_close(dt_store *st)
{
	dt_sq_store *sq = DT_SQ(st);
	if (sq->wb_fd >= 0)
		close(sq->wb_fd);
	sq->wb_fd = -1;
}
