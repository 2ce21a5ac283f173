/* version.h: the version report of `dualtrack --version`. */
#ifndef DT_CLI_VERSION_H
#define DT_CLI_VERSION_H

#include <stdio.h>

/* Print "dualtrack X.Y.Z" and one line per library with its version
 * (SQLite, json-c, libcrypto, ncursesw, libcsv, inih, zlib, zstd) to f. */
void dt_cli_version(FILE *f);

#endif
