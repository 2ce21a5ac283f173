/* manifest.c: MANIFEST.sha256, in the format of GNU sha256sum (one
 * "HEX  PATH" line per file: 64 lowercase hex digits, two spaces, the
 * path relative to the pack), so `sha256sum -c MANIFEST.sha256` checks a
 * pack without dualtrack. Lines starting with '#' are comments for
 * sha256sum; the pack uses "# absent HEX  PATH" for an input log listed
 * by its digest only (--no-logs, or the file was gone at export). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/pack/pack.h"

#define ABSENT "# absent "

int dt_pack_manifest_write(const char *dir, const dt_pack_file *files,
                           size_t n, char *err, size_t errlen)
{
	char path[4200];
	snprintf(path, sizeof path, "%s/MANIFEST.sha256", dir);
	FILE *f = fopen(path, "w");
	if (!f) {
		snprintf(err, errlen, "%s: cannot write", path);
		return -1;
	}
	fputs("# dualtrack evidence pack: check with `sha256sum -c "
	      "MANIFEST.sha256` or `dualtrack verify DIR`\n", f);
	for (size_t i = 0; i < n; i++)
		fprintf(f, "%s%s  %s\n", files[i].absent ? ABSENT : "",
		        files[i].sha256, files[i].path);
	if (fclose(f) != 0) {
		snprintf(err, errlen, "%s: write failed", path);
		return -1;
	}
	return 0;
}

static int is_hex64(const char *s)
{
	for (int i = 0; i < 64; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
			return 0;
	return 1;
}

int dt_pack_manifest_read(const char *dir, dt_pack_file **files, size_t *n,
                          char *err, size_t errlen)
{
	char path[4200], line[1024];
	snprintf(path, sizeof path, "%s/MANIFEST.sha256", dir);
	*files = NULL;
	*n = 0;
	FILE *f = fopen(path, "r");
	if (!f) {
		snprintf(err, errlen, "missing file: MANIFEST.sha256");
		return -1;
	}
	size_t cap = 0, lineno = 0;
	while (fgets(line, sizeof line, f)) {
		lineno++;
		size_t len = strlen(line);
		if (len && line[len - 1] == '\n')
			line[--len] = '\0';
		const char *s = line;
		int absent = 0;
		if (!strncmp(s, ABSENT, strlen(ABSENT))) {
			s += strlen(ABSENT);
			absent = 1;
		} else if (s[0] == '#' || s[0] == '\0')
			continue;
		if (strlen(s) < 67 || !is_hex64(s) || s[64] != ' ' ||
		    (s[65] != ' ' && s[65] != '*') || s[66] == '\0' ||
		    strlen(s + 66) >= sizeof(*files)->path) {
			snprintf(err, errlen, "MANIFEST.sha256 line %zu: expected "
			         "64 lowercase hex digits, two spaces and a path",
			         lineno);
			fclose(f);
			free(*files);
			*files = NULL;
			*n = 0;
			return -1;
		}
		if (*n == cap) {
			cap = cap ? 2 * cap : 16;
			dt_pack_file *nf = realloc(*files, cap * sizeof *nf);
			if (!nf) {
				snprintf(err, errlen, "out of memory");
				fclose(f);
				free(*files);
				*files = NULL;
				*n = 0;
				return -1;
			}
			*files = nf;
		}
		dt_pack_file *pf = &(*files)[(*n)++];
		memcpy(pf->sha256, s, 64);
		pf->sha256[64] = '\0';
		snprintf(pf->path, sizeof pf->path, "%s", s + 66);
		pf->absent = absent;
	}
	fclose(f);
	return 0;
}
