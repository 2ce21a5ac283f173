/* version.c: `dualtrack --version`: the program's version and the
 * versions of the libraries it runs with (run-time where the library
 * reports one, else the version it was built against). */
#include "cli/version.h"

#include <csv.h>
#include <curses.h>
#include <json-c/json_c_version.h>
#include <openssl/crypto.h>
#include <stdio.h>
#include <zlib.h>
#include <zstd.h>

#include "dt_build_id.h" /* generated: DT_BUILD_ID (scripts/build_id.cmake) */
#include "model/store/store.h"

#ifndef DT_VERSION
#define DT_VERSION "unknown"
#endif
#ifndef DT_INIH_VERSION
#define DT_INIH_VERSION "unknown"
#endif

const char *dt_cli_version_string(void)
{
	static const char v[] = "dualtrack " DT_VERSION;
	static const char vb[] = "dualtrack " DT_VERSION " (git " DT_BUILD_ID ")";
	return DT_BUILD_ID[0] ? vb : v;
}

void dt_cli_version(FILE *f)
{
	fprintf(f, "%s\n", dt_cli_version_string());
	fprintf(f, "  store     %s\n", dt_store_backend_version());
	fprintf(f, "  json-c    %s\n", json_c_version());
	fprintf(f, "  libcrypto %s\n", OpenSSL_version(OPENSSL_VERSION));
	fprintf(f, "  ncursesw  %s\n", curses_version());
	fprintf(f, "  libcsv    %d.%d.%d (built with)\n", CSV_MAJOR, CSV_MINOR,
	        CSV_RELEASE);
	fprintf(f, "  inih      r%s (built with)\n", DT_INIH_VERSION);
	fprintf(f, "  zlib      %s\n", zlibVersion());
	fprintf(f, "  zstd      %s\n", ZSTD_versionString());
}
