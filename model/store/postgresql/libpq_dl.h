/* libpq_dl.h: libpq loaded at run time, the first time a PostgreSQL store
 * is opened, instead of being linked into every dualtrack process.
 *
 * Why: libpq.so.5 brings about 21 more shared libraries (krb5, gssapi,
 * ldap, sasl, gnutls, nettle, gmp, p11-kit, ...) that the dynamic loader
 * maps and relocates at every start. A trivial main() linked with the
 * project's other libraries started in 9.2 ms and 245 page faults, with
 * libpq added in 18.2 ms and 510 (perf stat -r 20); every command (import,
 * compare, the TUI, `--version`) paid it, SQLite stores included. Now the
 * binary has no libpq NEEDED entry (tests/cli_libpq_lazy.sh checks it).
 *
 * How: libpq-fe.h still gives the types (PGconn, PGresult, ...; the
 * build needs libpq-dev). The 28 functions the backend calls are
 * resolved with dlsym into one table, dt_libpq_fn. After this header the
 * names PQclear, PQexec, ... used by the files of model/store/postgresql/
 * (through internal.h) are macros calling through that table, so the
 * backend's code reads as plain libpq. Nothing outside this folder
 * includes this header; a test that calls libpq itself links it.
 *
 * Loading happens once per process (pthread_once); the library is never
 * unloaded. Test-only override: DUALTRACK_LIBPQ=FILE loads FILE instead
 * of "libpq.so.5" (a missing file or a library without the functions
 * shows the error path; tests/cli_libpq_lazy.sh). */
#ifndef DT_STORE_PG_LIBPQ_DL_H
#define DT_STORE_PG_LIBPQ_DL_H

#include <libpq-fe.h>

#include "model/util/err.h"

/* The library loaded when DUALTRACK_LIBPQ is not set (libpq's soname). */
#define DT_LIBPQ_SONAME "libpq.so.5"

/* The functions of the table, in one list (X(name) per function). */
#define DT_LIBPQ_FUNCS(X) \
	X(PQbackendPID) X(PQclear) X(PQconnectdb) X(PQconsumeInput) X(PQdb) \
	X(PQerrorMessage) X(PQescapeIdentifier) X(PQexec) X(PQexecParams) \
	X(PQfinish) X(PQfreemem) X(PQftype) X(PQgetResult) X(PQgetisnull) \
	X(PQgetlength) X(PQgetvalue) X(PQhost) X(PQlibVersion) X(PQnotifies) \
	X(PQntuples) X(PQport) X(PQresultErrorField) X(PQresultErrorMessage) \
	X(PQresultStatus) X(PQsendQueryParams) X(PQsetSingleRowMode) \
	X(PQstatus) X(PQuser)

/* One pointer per function, of the type libpq-fe.h declares it with. */
#define DT_LIBPQ_MEMBER(f) __typeof__(f) *f;
typedef struct dt_libpq {
	DT_LIBPQ_FUNCS(DT_LIBPQ_MEMBER)
} dt_libpq;
#undef DT_LIBPQ_MEMBER

/* The table: every member set once dt_libpq_load has returned 0, all
 * NULL before (and after a failed load). Read only after a successful
 * dt_libpq_load. */
extern dt_libpq dt_libpq_fn;

/* Load libpq (DT_LIBPQ_SONAME, or DUALTRACK_LIBPQ's file) and resolve
 * every function of DT_LIBPQ_FUNCS, the first time it is called in the
 * process; later calls return the first call's outcome. Thread-safe.
 * Returns 0, or -1 with e->msg set (error convention, model/util/err.h:
 * fixed buffer, nothing to free) to "cannot load libpq, the PostgreSQL
 * client library: <dlerror() text, naming the file> (install libpq5)" or
 * "cannot use libpq, ...: FILE: undefined symbol: PQ..."; the library is
 * then unloaded and the table stays all NULL. */
int dt_libpq_load(dt_err *e);

/* 1 when dt_libpq_load has succeeded in this process, else 0 (never
 * loads anything). */
int dt_libpq_loaded(void);

/* The backend's calls go through the table (not in libpq_dl.c, which
 * fills it). */
#ifndef DT_LIBPQ_DL_IMPL
#define PQbackendPID (*dt_libpq_fn.PQbackendPID)
#define PQclear (*dt_libpq_fn.PQclear)
#define PQconnectdb (*dt_libpq_fn.PQconnectdb)
#define PQconsumeInput (*dt_libpq_fn.PQconsumeInput)
#define PQdb (*dt_libpq_fn.PQdb)
#define PQerrorMessage (*dt_libpq_fn.PQerrorMessage)
#define PQescapeIdentifier (*dt_libpq_fn.PQescapeIdentifier)
#define PQexec (*dt_libpq_fn.PQexec)
#define PQexecParams (*dt_libpq_fn.PQexecParams)
#define PQfinish (*dt_libpq_fn.PQfinish)
#define PQfreemem (*dt_libpq_fn.PQfreemem)
#define PQftype (*dt_libpq_fn.PQftype)
#define PQgetResult (*dt_libpq_fn.PQgetResult)
#define PQgetisnull (*dt_libpq_fn.PQgetisnull)
#define PQgetlength (*dt_libpq_fn.PQgetlength)
#define PQgetvalue (*dt_libpq_fn.PQgetvalue)
#define PQhost (*dt_libpq_fn.PQhost)
#define PQlibVersion (*dt_libpq_fn.PQlibVersion)
#define PQnotifies (*dt_libpq_fn.PQnotifies)
#define PQntuples (*dt_libpq_fn.PQntuples)
#define PQport (*dt_libpq_fn.PQport)
#define PQresultErrorField (*dt_libpq_fn.PQresultErrorField)
#define PQresultErrorMessage (*dt_libpq_fn.PQresultErrorMessage)
#define PQresultStatus (*dt_libpq_fn.PQresultStatus)
#define PQsendQueryParams (*dt_libpq_fn.PQsendQueryParams)
#define PQsetSingleRowMode (*dt_libpq_fn.PQsetSingleRowMode)
#define PQstatus (*dt_libpq_fn.PQstatus)
#define PQuser (*dt_libpq_fn.PQuser)
#endif

#endif
