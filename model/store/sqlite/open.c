/* open.c: opening a SQLite store (model/store/sqlite/internal.h
 * dt_sq_open): what kind of file it is, creation, migrations, and reading
 * a store that cannot be written.
 *
 * Rules, in order:
 *  - DT_STORE_READ never creates anything: a missing file is "no store at
 *    PATH"; no parent directory is made. Nor does it change the file: it
 *    is opened SQLITE_OPEN_READONLY (no migration, no journal mode set,
 *    no checkpoint at close; SQLite may make the -wal and -shm files
 *    beside it to read a WAL store), so `verify`, `compare` or a pack
 *    export leave the bytes a signature or checksum covers as they were;
 *    an older schema is refused, naming `dualtrack store init`.
 *  - Before anything is written, the file is classified by PRAGMA
 *    application_id, user_version and its table count: an empty file or
 *    new database becomes a store; a dualtrack store (application_id
 *    DT_SQ_APPLICATION_ID, or 0 from a dualtrack before it was set, with
 *    a schema version and a run table) is opened; anything else (another
 *    program's SQLite database) is refused and left untouched.
 *  - Schema migrations (schema.c) are keyed on PRAGMA user_version and
 *    run in one BEGIN IMMEDIATE; the same transaction sets the
 *    application_id of a new or older store. A new file is written from
 *    the build's template when the program links one (template.h: the
 *    bytes those migrations give an empty store), so it opens current.
 *  - A store whose file or filesystem is read-only is opened read-only
 *    (SQLite falls back by itself when the file cannot be opened for
 *    writing; when even reading a WAL store fails because its -shm file
 *    cannot be made, it is opened again as "?immutable=1", which is
 *    correct when nobody writes it meanwhile, as on a read-only copy).
 *    Such a store is readable when its schema is current; writes then fail
 *    naming the store read-only.
 * WAL mode and a 30 s busy timeout let two people (the meeting room and a
 * remote lead over SSH) share one store: a writer waits for another
 * writer's transaction (an import of 60M points holds it about 2 s; 5 s
 * was exceeded by two concurrent deciders on a loaded machine under
 * ASan). Readers never wait in WAL mode. */
#include "model/store/sqlite/internal.h"
#include "model/store/sqlite/template.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { BUSY_TIMEOUT_MS = 30000 };

/* mkdir -p of the directory part of path. */
static void make_parent_dirs(const char *path)
{
	char buf[4096];
	snprintf(buf, sizeof buf, "%s", path);
	for (char *p = buf + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		mkdir(buf, 0700);
		*p = '/';
	}
}

/* What the file holds, read without writing anything. */
typedef struct probe {
	int app_id;
	int version;          /* user_version */
	int tables;           /* rows of sqlite_master of type table */
	int has_run;          /* a table named run */
} probe;

static int pragma_int(sqlite3 *db, const char *sql, int *out)
{
	sqlite3_stmt *s;
	int rc = sqlite3_prepare_v2(db, sql, -1, &s, NULL);
	if (rc != SQLITE_OK)
		return rc;
	rc = sqlite3_step(s);
	*out = rc == SQLITE_ROW ? sqlite3_column_int(s, 0) : 0;
	sqlite3_finalize(s);
	return rc == SQLITE_ROW ? SQLITE_OK : rc;
}

/* SQLITE_OK with *p filled, or the SQLite error code. */
static int probe_file(sqlite3 *db, probe *p)
{
	int rc;
	memset(p, 0, sizeof *p);
	if ((rc = pragma_int(db, "PRAGMA application_id", &p->app_id)) ||
	    (rc = pragma_int(db, "PRAGMA user_version", &p->version)) ||
	    (rc = pragma_int(db, "SELECT count(*) FROM sqlite_master WHERE"
	                     " type = 'table'", &p->tables)) ||
	    (rc = pragma_int(db, "SELECT count(*) FROM sqlite_master WHERE"
	                     " type = 'table' AND name = 'run'", &p->has_run)))
		return rc;
	return SQLITE_OK;
}

/* 1 when the probed file may become or is a dualtrack store. */
static int is_ours(const probe *p)
{
	if (p->app_id == DT_SQ_APPLICATION_ID)
		return 1;
	if (p->app_id != 0)
		return 0;
	return p->tables == 0 || (p->version > 0 && p->has_run);
}

/* "file:" URI of path with `query`, '%', '?' and '#' escaped. */
static void uri_of(const char *path, const char *query, char *out, size_t n)
{
	size_t k = (size_t)snprintf(out, n, "file:");
	for (const char *c = path; *c && k + 4 < n; c++) {
		if (*c == '%' || *c == '?' || *c == '#')
			k += (size_t)snprintf(out + k, n - k, "%%%02X",
			                      (unsigned char)*c);
		else
			out[k++] = *c;
	}
	snprintf(out + k, n - k, "?%s", query);
}

/* Open read-only through a URI (`query` "mode=ro" or "immutable=1") and
 * probe; SQLITE_OK with sq->db set, or the error code. */
static int open_ro(dt_sq_store *sq, const char *query, probe *p)
{
	char uri[8300];
	uri_of(sq->path, query, uri, sizeof uri);
	sqlite3_close(sq->db);
	sq->db = NULL;
	int rc = sqlite3_open_v2(uri, &sq->db, SQLITE_OPEN_READONLY |
	                         SQLITE_OPEN_URI, NULL);
	if (rc != SQLITE_OK)
		return rc;
	sqlite3_busy_timeout(sq->db, BUSY_TIMEOUT_MS);
	return probe_file(sq->db, p);
}

static int user_version(dt_store *st, int *v)
{
	return pragma_int(DT_SQ_DB(st), "PRAGMA user_version", v) == SQLITE_OK ?
	       0 : dt_sq_fail_db(st, "read schema version");
}

/* PRAGMA journal_mode=mode (a literal: "wal", "delete"): 1 when the
 * file is in that mode afterwards, 0 when SQLite kept the other one,
 * as it does at once (busy, no waiting) while another connection has
 * the file open (leaving WAL) or holds a rollback-journal write
 * transaction (entering WAL), https://sqlite.org/pragma.html
 * #pragma_journal_mode and https://sqlite.org/wal.html; -1 on any other
 * error (message in st). */
static int journal_mode_set(dt_store *st, const char *mode)
{
	char sql[40];
	snprintf(sql, sizeof sql, "PRAGMA journal_mode=%s", mode);
	sqlite3_stmt *s;
	if (dt_sq_prepare(st, sql, &s) < 0)
		return -1;
	int rc = sqlite3_step(s);
	const unsigned char *got = rc == SQLITE_ROW ? sqlite3_column_text(s, 0)
	                                            : NULL;
	int same = got && strcmp((const char *)got, mode) == 0;
	sqlite3_finalize(s);
	if (rc == SQLITE_ROW)
		return same;
	if ((rc & 0xff) == SQLITE_BUSY || (rc & 0xff) == SQLITE_LOCKED)
		return 0;
	return dt_sq_fail_db(st, "set journal mode");
}

/* Settings of a store this open did not create: WAL with synchronous
 * NORMAL; while another connection writes the store through its rollback
 * journal (DT_STORE_BULK) WAL must wait, so this connection runs in that
 * mode, synchronous EXTRA, and turns the store to WAL at its first commit
 * or close (dt_sq_journal_settle). */
static int settings_existing(dt_store *st)
{
	if (dt_sq_exec(st, "PRAGMA page_size=65536; PRAGMA foreign_keys=ON;") < 0)
		return -1;
	int wal = journal_mode_set(st, "wal");
	if (wal < 0)
		return -1;
	DT_SQ(st)->fresh_journal = !wal;
	return dt_sq_exec(st, wal ? "PRAGMA synchronous=NORMAL;" :
	                  "PRAGMA synchronous=EXTRA;");
}

/* DT_STORE_BULK on a store in WAL: leave WAL when this is the only
 * connection (SQLite refuses at once otherwise: the store stays WAL). */
static int bulk_begin(dt_store *st)
{
	dt_sq_store *sq = DT_SQ(st);
	if (sq->fresh_journal)
		return 0;
	int alone = journal_mode_set(st, "delete");
	if (alone <= 0)
		return alone;
	sq->fresh_journal = 1;
	return dt_sq_exec(st, "PRAGMA synchronous=EXTRA;");
}

/* Kinds the chain took in after it began (user_version 8), with the
 * user_version that did: the rows a store of an older version holds are
 * outside the chain. */
static const struct {
	int version;
	dt_chain_kind kind;
} sealed_later[] = {
	{14, DT_CHAIN_SERIES_LOD},
	{15, DT_CHAIN_WARNING}, {15, DT_CHAIN_LAUNCH_EV},
	{15, DT_CHAIN_LAUNCH_SET}, {15, DT_CHAIN_RUN_METRIC},
};

/* A store migrated from user_version `have` (the chain already there):
 * seal the rows of each kind chained since, as they are (rows of other
 * kinds are left as they are: one written outside dualtrack stays
 * unchained, and reported), and from before 17 the runs' fields chained
 * since (a run altered before stays reported). 0 or -1. */
static int seal_kinds(dt_store *st, int have)
{
	int rc = 0;
	DT_SQ(st)->in_migration = 1;
	for (size_t i = 0; rc == 0 &&
	     i < sizeof sealed_later / sizeof sealed_later[0]; i++)
		if (have < sealed_later[i].version)
			rc = dt_sq_chain_backfill_kind(st, sealed_later[i].kind);
	/* user_version 17: the runs' records gain the columns a view shows */
	if (rc == 0 && have < 17)
		rc = dt_sq_chain_reseal_runs(st);
	DT_SQ(st)->in_migration = 0;
	return rc;
}

/* Bring the schema to the current version and stamp the application id,
 * in one write transaction. */
static int migrate(dt_store *st, const probe *p)
{
	int have = 0;
	int want = (int)dt_schema_count;
	if (dt_sq_exec(st, "BEGIN IMMEDIATE") < 0)
		return -1;
	if (user_version(st, &have) < 0)
		goto bad;
	if (have > want) {
		dt_sq_fail(st, "store: schema version %d is newer than this dualtrack "
		         "(knows %d); upgrade dualtrack", have, want);
		goto bad;
	}
	int chain_now = 0;
	for (int v = have; v < want; v++) {
		char pragma[64];
		if (dt_sq_exec(st, dt_schema_migrations[v]) < 0)
			goto bad;
		snprintf(pragma, sizeof pragma, "PRAGMA user_version=%d", v + 1);
		if (dt_sq_exec(st, pragma) < 0)
			goto bad;
		chain_now |= dt_schema_migrations[v] == dt_schema_chain;
	}
	if (chain_now) {
		/* the chain table is new: chain what the store already holds
		 * and protect it */
		DT_SQ(st)->in_migration = 1;
		int rc = dt_sq_chain_backfill(st) < 0 ||
		         dt_sq_triggers_restore(st) < 0;
		DT_SQ(st)->in_migration = 0;
		if (rc)
			goto bad;
	}
	else if (seal_kinds(st, have) < 0)
		goto bad;
	if (p->app_id != DT_SQ_APPLICATION_ID) {
		char pragma[64];
		snprintf(pragma, sizeof pragma, "PRAGMA application_id=%d",
		         DT_SQ_APPLICATION_ID);
		if (dt_sq_exec(st, pragma) < 0)
			goto bad;
	}
	return dt_sq_exec(st, "COMMIT");
bad:
	sqlite3_exec(DT_SQ_DB(st), "ROLLBACK", NULL, NULL, NULL);
	return -1;
}

/* A store opened read-only (DT_STORE_READ, or a file that cannot be
 * written): usable when its schema is current. */
static int check_readonly(dt_store *st, const probe *p)
{
	int want = (int)dt_schema_count;
	if (p->version == want)
		return 0;
	if (p->version > want)
		return dt_sq_fail(st, "store: schema version %d is newer than this "
		                  "dualtrack (knows %d); upgrade dualtrack",
		                  p->version, want);
	/* a 0-byte file (or a SQLite file without a table): nothing to
	 * migrate, store init makes it a store */
	if (p->version == 0 && p->tables == 0)
		return dt_sq_fail(st, "store: the file is empty (no store in "
		                  "it yet); `dualtrack store init` makes it a "
		                  "store");
	if (st->flags & DT_STORE_READ)
		return dt_sq_fail(st, "store: schema version %d is older than "
		                  "this dualtrack's (%d); this command only reads "
		                  "and leaves the store unchanged: run `dualtrack "
		                  "store init` once to migrate it", p->version,
		                  want);
	return dt_sq_fail(st, "store: schema version %d is older than this "
	                  "dualtrack's (%d) and the store is read-only; open "
	                  "it once where it can be written", p->version, want);
}

/* Why opening to write failed, when the disk is full: kept for the
 * write that will be refused
 * (dt_sq_fail_db): on a full disk SQLite cannot make the -shm / -wal
 * files, and the store, opened read-only so that reads still work,
 * refused every write as "the store is read-only" (a review's full-disk
 * trial; README promises "the disk is full"). The OS error is SQLite's
 * (sqlite3_system_errno). */
static void note_ro_why(dt_sq_store *sq, unsigned flags, int rc)
{
	int os = sq->db ? sqlite3_system_errno(sq->db) : 0;
	sq->ro_why[0] = '\0';
	if (flags & DT_STORE_READ)
		return;
	if ((rc & 0xff) == SQLITE_FULL || os == ENOSPC || os == EDQUOT)
		snprintf(sq->ro_why, sizeof sq->ro_why, "the disk is full");
}

/* 1 when a non-empty rollback journal lies beside path: a write that was
 * interrupted inside its transaction (an import killed by Ctrl-C while
 * SQLite wrote its pages through the journal, DT_STORE_BULK) left a "hot
 * journal" (https://sqlite.org/atomiccommit.html#hot_journals). */
static int hot_journal(const char *path)
{
	char j[4200];
	struct stat sb;
	snprintf(j, sizeof j, "%s-journal", path);
	return stat(j, &sb) == 0 && sb.st_size > 0;
}

/* Roll a hot journal back, as SQLite does at the first open that may
 * write the file: a short read-write connection (never creating) that
 * reads the schema. The store is then as its last commit left it, which
 * is what a read-only connection needs (it cannot roll back, and
 * "?immutable=1" would read the half-written pages). SQLITE_OK or the
 * error code. */
static int roll_back_journal(const char *path)
{
	sqlite3 *db = NULL;
	int rc = sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, NULL);
	if (rc == SQLITE_OK) {
		sqlite3_busy_timeout(db, BUSY_TIMEOUT_MS);
		rc = sqlite3_exec(db, "SELECT count(*) FROM sqlite_master", NULL,
		                  NULL, NULL);
	}
	sqlite3_close(db);
	return rc;
}

/* Open (and probe) the file; falls back to read-only forms when reading
 * fails. SQLITE_OK or the last error code (message in err). */
static int open_probe(dt_sq_store *sq, unsigned flags, probe *p, dt_err *err)
{
	int mode = (flags & DT_STORE_READ) ? SQLITE_OPEN_READONLY :
	           SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
	int rc = sqlite3_open_v2(sq->path, &sq->db, mode, NULL);
	if (rc == SQLITE_OK) {
		sqlite3_busy_timeout(sq->db, BUSY_TIMEOUT_MS);
		rc = probe_file(sq->db, p);
	}
	if (rc == SQLITE_NOTADB) {
		dt_err_set(err, "%s is not a dualtrack store (not a SQLite "
		           "database); it was left unchanged", sq->path);
		return rc;
	}
	if (rc != SQLITE_OK && (rc & 0xff) != SQLITE_BUSY &&
	    hot_journal(sq->path)) {
		/* never the immutable fallback over a hot journal */
		sqlite3_close(sq->db);
		sq->db = NULL;
		if (roll_back_journal(sq->path) != SQLITE_OK ||
		    open_ro(sq, "mode=ro", p) != SQLITE_OK) {
			dt_err_set(err, "store %s: an interrupted write left "
			           "%s-journal (an import stopped inside its "
			           "transaction); it is undone when the store is "
			           "opened by someone who can write it (any "
			           "dualtrack write command)", sq->path, sq->path);
			return SQLITE_CANTOPEN;
		}
		return SQLITE_OK;
	}
	if (rc != SQLITE_OK && (rc & 0xff) != SQLITE_BUSY) {
		note_ro_why(sq, flags, rc);
		if (open_ro(sq, "mode=ro", p) != SQLITE_OK)
			rc = open_ro(sq, "immutable=1", p);
		else
			rc = SQLITE_OK;
	}
	if (rc != SQLITE_OK)
		dt_err_set(err, "store %s: %s", sq->path,
		           sq->db ? sqlite3_errmsg(sq->db) : "cannot open");
	return rc;
}

dt_store *dt_sq_open(const char *path, unsigned flags, dt_err *err)
{
	struct stat sb;
	if ((flags & (DT_STORE_READ | DT_STORE_EXISTING)) && stat(path, &sb) < 0 &&
	    errno == ENOENT) {
		if (flags & DT_STORE_READ)
			dt_err_set(err, "no store at %s; import a log into it first, "
			           "or give --db an existing store", path);
		else
			dt_err_set(err, "no store at %s; import a log into it first, "
			           "or give --db an existing store (an empty one: "
			           "dualtrack --db %s store init)", path, path);
		return NULL;
	}
	dt_sq_mem_install();
	dt_sq_store *sq = calloc(1, sizeof *sq);
	if (!sq) {
		dt_err_set(err, "store: out of memory");
		return NULL;
	}
	sq->wb_fd = -1;
	dt_store *st = &sq->base;
	st->ops = &dt_sq_ops;
	st->flags = flags;
	snprintf(sq->path, sizeof sq->path, "%s", path);
	if (!(flags & DT_STORE_READ))
		make_parent_dirs(path);
	/* new: no file yet, or an empty one (nothing SQLite wrote) */
	int created = !(flags & DT_STORE_READ) &&
	              (stat(path, &sb) < 0 ? errno == ENOENT : sb.st_size == 0);
	/* a new file: the build's template when there is one (template.h),
	 * else SQLite makes it and the migrations fill it */
	if (created && dt_sq_template_create(path, (int)dt_schema_count) < 0) {
		dt_err_set(err, "store %s: cannot create: %s", path,
		           strerror(errno));
		goto fail;
	}
	probe p;
	if (open_probe(sq, flags, &p, err) != SQLITE_OK)
		goto fail;
	if (!is_ours(&p)) {
		dt_err_set(err, "%s is a SQLite database but not a dualtrack store "
		           "(application_id 0x%08x, %d tables); it was left "
		           "unchanged", path, (unsigned)p.app_id, p.tables);
		goto fail;
	}
	int ro = (flags & DT_STORE_READ) ||
	         sqlite3_db_readonly(sq->db, "main") == 1;
	/* 64 KiB pages: series BLOBs span far fewer overflow pages (takes
	 * effect only when the file is created). A file this open created
	 * keeps SQLite's rollback journal until its first commit
	 * (dt_sq_journal_settle): pages appended to a database are not
	 * journaled, so the first import writes its series once, durably
	 * (synchronous=EXTRA also syncs the directory after the journal is
	 * deleted, https://sqlite.org/pragma.html#pragma_synchronous).
	 * cache_size is set again after page_size: SQLite sized the new
	 * file's page cache in pages of the default 4 KiB (-2000 KiB: ~470
	 * pages), so at 64 KiB it held ~30 MB of dirty series pages until
	 * the commit instead of spilling them (~5000 page faults at 1M
	 * points); now 2000 KiB, as in a store opened again.
	 * auto_vacuum=INCREMENTAL (set before the first table, the only time
	 * it can be set without a VACUUM: repack.c) gives the file pointer-map
	 * pages: SQLite then finds byte N of a series BLOB without reading
	 * every overflow page before it (dt_sq_repack says how); the file
	 * is never shrunk by itself (no vacuum runs at commit). */
	sq->fresh_journal = !ro && created;
	/* read-only: no settings, no migration; with DT_STORE_READ the
	 * append-only triggers are only looked at (a notice names those
	 * missing) */
	if ((ro ? check_readonly(st, &p) < 0 :
	     (sq->fresh_journal ?
	      dt_sq_exec(st, "PRAGMA page_size=65536; PRAGMA auto_vacuum="
	                 "INCREMENTAL; PRAGMA cache_size=-2000; PRAGMA "
	                 "foreign_keys=ON; PRAGMA synchronous=EXTRA;") :
	      settings_existing(st)) < 0 || migrate(st, &p) < 0) ||
	    ((!ro || (flags & DT_STORE_READ)) &&
	     dt_sq_triggers_restore(st) < 0) ||
	    (!ro && (flags & DT_STORE_REPACK) && dt_sq_repack(st) < 0) ||
	    ((flags & DT_STORE_BULK) && bulk_begin(st) < 0)) {
		dt_err_set(err, "%s: %s", path, st->err.msg);
		goto fail;
	}
	if (flags & DT_STORE_BULK) {
		sq->bulk_mem = 1;
		dt_sq_mem_bulk(1);
	}
	return st;
fail:
	dt_sq_close(st);
	return NULL;
}

void dt_sq_journal_settle(dt_store *st)
{
	dt_sq_store *sq = DT_SQ(st);
	if (!sq->fresh_journal || !sq->db || sq->tx_depth > 0 ||
	    !sqlite3_get_autocommit(sq->db))
		return;
	/* the pragma answers the mode it left the file in (the old one when
	 * it could not switch) */
	sqlite3_stmt *s;
	if (sqlite3_prepare_v2(sq->db, "PRAGMA journal_mode=WAL", -1, &s,
	                       NULL) != SQLITE_OK)
		return;
	const unsigned char *mode = sqlite3_step(s) == SQLITE_ROW ?
	                            sqlite3_column_text(s, 0) : NULL;
	int wal = mode && strcmp((const char *)mode, "wal") == 0;
	sqlite3_finalize(s);
	if (wal && sqlite3_exec(sq->db, "PRAGMA synchronous=NORMAL", NULL, NULL,
	                        NULL) == SQLITE_OK)
		sq->fresh_journal = 0;
}

void dt_sq_close(dt_store *st)
{
	if (!st)
		return;
	dt_sq_vals_cache_drop(st);
	dt_sq_journal_settle(st);
	dt_sq_writeback_close(st);
	sqlite3_close(DT_SQ_DB(st));
	if (DT_SQ(st)->bulk_mem)
		dt_sq_mem_bulk(0);
	free(st); /* st is the first member of its dt_sq_store */
}
