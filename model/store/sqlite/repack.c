/* repack.c: rewriting an older SQLite store's file with pointer-map
 * pages (internal.h dt_sq_repack, store.h DT_STORE_REPACK).
 *
 * Why: a series' values are one BLOB spread over a chain of 64 KiB
 * overflow pages, each naming the next. To read byte N, SQLite follows
 * that chain from its start, and without pointer maps it reads every
 * page on the way only to learn the next one (a chart's first frame of a
 * 10M-point series read 76 MB). With pointer maps (auto_vacuum FULL or
 * INCREMENTAL) SQLite's btree.c getOverflowPage() first guesses that
 * the next page is the one after, and checks the guess in the pointer
 * map (one 64 KiB page of it describes 13,107 pages), which holds when
 * the chain was written in one go, as an import writes it; the same
 * frame then reads 6.7 MB (bench/RESULTS.md). INCREMENTAL, not FULL:
 * nothing is moved at commit. The setting can change only before the
 * first table or through VACUUM (https://sqlite.org/pragma.html
 * #pragma_auto_vacuum), which rewrites the whole file in one
 * transaction: either it commits or the file is as it was. */
#include "model/store/sqlite/internal.h"

#include <stdio.h>
#include <string.h>

int dt_sq_repack(dt_store *st)
{
	sqlite3 *db = DT_SQ_DB(st);
	sqlite3_stmt *s;
	if (dt_sq_prepare(st, "PRAGMA auto_vacuum", &s) < 0)
		return -1;
	int rc = sqlite3_step(s);
	int mode = rc == SQLITE_ROW ? sqlite3_column_int(s, 0) : -1;
	sqlite3_finalize(s);
	if (rc != SQLITE_ROW)
		return dt_sq_fail_db(st, "read auto_vacuum");
	if (mode != 0)
		return 0; /* pointer maps already */
	if (dt_sq_exec(st, "PRAGMA auto_vacuum=INCREMENTAL") < 0)
		return -1;
	if (sqlite3_exec(db, "VACUUM", NULL, NULL, NULL) != SQLITE_OK)
		return dt_sq_fail(st, "store: rewriting the store with pointer-map"
		                  " pages (VACUUM) failed, the store is unchanged:"
		                  " %s (it needs about twice its size free, in"
		                  " TMPDIR and beside the store)",
		                  sqlite3_errmsg(db));
	/* VACUUM wrote the whole file to the WAL: give that room back now
	 * rather than at the last close (best effort: a reader may hold it) */
	sqlite3_exec(db, "PRAGMA wal_checkpoint(TRUNCATE)", NULL, NULL, NULL);
	dt_sq_store *sq = DT_SQ(st);
	size_t o = strlen(sq->notice);
	snprintf(sq->notice + o, sizeof sq->notice - o, "%sthe store was"
	         " rewritten once with pointer-map pages (VACUUM): a chart now"
	         " reads a series' values where they lie", o ? "; " : "");
	return 0;
}
