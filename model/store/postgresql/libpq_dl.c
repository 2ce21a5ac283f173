/* libpq_dl.c: load libpq once, on the first PostgreSQL store opened, and
 * fill the function table of libpq_dl.h (why: the start-up figures
 * there). */
#define DT_LIBPQ_DL_IMPL 1
#include "model/store/postgresql/libpq_dl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

dt_libpq dt_libpq_fn;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int load_rc = -1;                /* outcome of the one load */
static char load_msg[DT_ERR_MAX];       /* its message when it failed */
static atomic_int loaded;               /* 1 once the table is filled */

/* The library to load: DUALTRACK_LIBPQ (tests) or libpq's soname. */
static const char *libpq_file(void)
{
	const char *f = getenv("DUALTRACK_LIBPQ");
	return f && *f ? f : DT_LIBPQ_SONAME;
}

static void load(void)
{
	const char *file = libpq_file();
	void *h = dlopen(file, RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		const char *why = dlerror();
		/* dlerror() names the file ("libpq.so.5: cannot open ..."). */
		snprintf(load_msg, sizeof load_msg, "cannot load libpq, the "
		         "PostgreSQL client library: %s (install libpq5)",
		         why ? why : file);
		return;
	}
	dt_libpq t;
	memset(&t, 0, sizeof t);
	/* dlsym's void * to a function pointer: allowed by POSIX. */
#define DT_LIBPQ_RESOLVE(f) \
	if (!(t.f = (__typeof__(t.f))dlsym(h, #f))) { \
		const char *why = dlerror(); \
		snprintf(load_msg, sizeof load_msg, "cannot use libpq, the " \
		         "PostgreSQL client library: %s", why ? why : \
		         file); /* why: "FILE: undefined symbol: PQ..." */ \
		dlclose(h); \
		return; \
	}
	DT_LIBPQ_FUNCS(DT_LIBPQ_RESOLVE)
#undef DT_LIBPQ_RESOLVE
	dt_libpq_fn = t;
	load_rc = 0;
	atomic_store(&loaded, 1);
}

int dt_libpq_load(dt_err *e)
{
	if (pthread_once(&load_once, load) != 0)
		return dt_err_set(e, "cannot load the PostgreSQL client library "
		                  "%s: pthread_once failed", libpq_file());
	if (load_rc < 0)
		return dt_err_set(e, "%s", load_msg);
	return 0;
}

int dt_libpq_loaded(void)
{
	return atomic_load(&loaded);
}
