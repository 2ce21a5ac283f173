/* dt_test_store.h: where a test's store lives, so the store and service
 * suites run against both backends. Without DUALTRACK_TEST_DB (or with
 * "sqlite") a store is a file in the test's directory; with
 * DUALTRACK_TEST_DB=postgresql it is a fresh database on the server the
 * PG* environment variables name (PGHOST, PGPORT, PGUSER, PGPASSWORD, as
 * pg_virtualenv sets them), created on first use and named after the
 * process and the store name, so two opens of one name reach one store.
 * A PostgreSQL run with no server reachable exits 77 (skipped) from
 * dt_test_store_skip. Include once per test program. */
#ifndef DT_TEST_STORE_H
#define DT_TEST_STORE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model/store/store.h"

#ifdef DT_HAVE_POSTGRESQL
#include <libpq-fe.h>
#endif

/* 1 when this run uses PostgreSQL stores. */
static inline int dt_test_pg(void)
{
	const char *v = getenv("DUALTRACK_TEST_DB");
	return v && !strcmp(v, "postgresql");
}

#ifdef DT_HAVE_POSTGRESQL
/* A connection to the server's default database (PGDATABASE), NULL when
 * none answers. */
static inline PGconn *dt_test_pg_admin(void)
{
	PGconn *c = PQconnectdb("");
	if (PQstatus(c) != CONNECTION_OK) {
		PQfinish(c);
		return NULL;
	}
	return c;
}
#endif

/* Exit code for main(): 77 when PostgreSQL stores are asked for and no
 * server answers (or this build has no PostgreSQL backend), else 0. */
static inline int dt_test_store_skip(void)
{
	if (!dt_test_pg())
		return 0;
#ifdef DT_HAVE_POSTGRESQL
	PGconn *c = dt_test_pg_admin();
	if (c) {
		PQfinish(c);
		return 0;
	}
	fprintf(stderr, "skipped: DUALTRACK_TEST_DB=postgresql and no server "
	        "(run under pg_virtualenv)\n");
#else
	fprintf(stderr, "skipped: built without PostgreSQL\n");
#endif
	return 77;
}

/* The `where` of store `name`: dir/name, or the connection string of
 * its database (created when new). Returns out. */
static inline const char *dt_test_where(const char *in_dir, const char *name,
                                 char *out, size_t n)
{
	if (!dt_test_pg()) {
		snprintf(out, n, "%s/%s", in_dir, name);
		return out;
	}
	char db[64];
	int k = snprintf(db, sizeof db, "dtt_%ld_", (long)getpid());
	for (const char *p = name; *p && k < (int)sizeof db - 1; p++)
		db[k++] = (*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') ?
		          *p : '_';
	db[k] = '\0';
#ifdef DT_HAVE_POSTGRESQL
	PGconn *c = dt_test_pg_admin();
	if (c) {
		/* A database name is an identifier: quoted by libpq. */
		char *q = PQescapeIdentifier(c, db, strlen(db));
		char sql[160];
		snprintf(sql, sizeof sql, "CREATE DATABASE %s", q ? q : db);
		PQfreemem(q);
		PQclear(PQexec(c, sql)); /* exists already: fine */
		PQfinish(c);
	}
#endif
	snprintf(out, n, "dbname=%s", db);
	return out;
}

/* Open store `name` (see dt_test_where); NULL with err filled. */
static inline dt_store *dt_test_store_open(const char *in_dir, const char *name,
                                    char *err, size_t errlen)
{
	char where[512];
	return dt_store_open(dt_test_where(in_dir, name, where, sizeof where), err,
	                     errlen);
}

#endif
