/* version.h: the version report of `dualtrack --version`. */
#ifndef DT_CLI_VERSION_H
#define DT_CLI_VERSION_H

#include <stdio.h>

/* "dualtrack X.Y.Z (git COMMIT)": the program and the git commit it was
 * built from ("3cf1321", "-dirty" appended when tracked files differed
 * from it; "dualtrack X.Y.Z" alone when built outside a git checkout).
 * Static storage. Evidence packs name it as their generator. */
const char *dt_cli_version_string(void);

/* Print dt_cli_version_string() and one line per library with its version
 * (SQLite, json-c, libcrypto, ncursesw, libcsv, inih, zlib, zstd) to f. */
void dt_cli_version(FILE *f);

#endif
