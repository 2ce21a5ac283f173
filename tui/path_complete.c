/* path_complete.c: Tab completion of paths (see path_complete.h). */
#include "tui/path_complete.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void dt_path_candidates_free(char **cands, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++)
		free(cands[i]);
	free(cands);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Append entry `name` of directory `dir` (with '/' for a directory). */
static int add(char ***v, size_t *n, const char *dir, const char *name)
{
	char full[4400];  /* dir (< 4096) + "/" + a name (< 256) */
	struct stat sb;
	size_t len = strlen(name);
	int isdir;
	char **nv = realloc(*v, (*n + 1) * sizeof *nv);
	if (!nv)
		return -1;
	*v = nv;
	snprintf(full, sizeof full, "%s/%s", dir, name);
	isdir = stat(full, &sb) == 0 && S_ISDIR(sb.st_mode);
	nv[*n] = malloc(len + 2);
	if (!nv[*n])
		return -1;
	memcpy(nv[*n], name, len);
	nv[*n][len] = isdir ? '/' : '\0';
	nv[*n][len + isdir] = '\0';
	(*n)++;
	return 0;
}

long dt_path_complete(const char *path, char *out, size_t outlen,
                      char ***cands, size_t *ncands)
{
	const char *slash = strrchr(path, '/');
	const char *stem = slash ? slash + 1 : path;
	char dir[4096];
	size_t sl = strlen(stem), common, i;
	char **v = NULL;
	size_t n = 0;
	DIR *d;
	struct dirent *e;

	*cands = NULL;
	*ncands = 0;
	snprintf(out, outlen, "%s", path);
	if (slash == path)
		snprintf(dir, sizeof dir, "/");
	else if (slash)
		snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
	else
		snprintf(dir, sizeof dir, ".");
	d = opendir(dir);
	if (!d)
		return -1;
	while ((e = readdir(d)) != NULL) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (e->d_name[0] == '.' && stem[0] != '.')
			continue;
		if (strncmp(e->d_name, stem, sl) != 0)
			continue;
		if (add(&v, &n, dir, e->d_name) < 0) {
			closedir(d);
			dt_path_candidates_free(v, n);
			return -1;
		}
	}
	closedir(d);
	if (n == 0)
		return 0;
	qsort(v, n, sizeof *v, cmp_str);
	common = strlen(v[0]);
	for (i = 1; i < n; i++) {
		size_t k = 0;
		while (k < common && v[i][k] == v[0][k])
			k++;
		common = k;
	}
	if (n > 1 && common > 0 && v[0][common - 1] == '/')
		common--; /* the '/' only for a single directory */
	snprintf(out, outlen, "%.*s%.*s", (int)(stem - path), path, (int)common,
	         v[0]);
	*cands = v;
	*ncands = n;
	return (long)n;
}
