/* version.c: the SQLite library's version, for `dualtrack --version`. */
#include "model/store/store.h"

#include <sqlite3.h>
#include <stdio.h>

const char *dt_store_backend_version(void)
{
	static char buf[64];
	snprintf(buf, sizeof buf, "SQLite %s", sqlite3_libversion());
	return buf;
}
