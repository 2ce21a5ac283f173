/* theme_find.c: where theme files are looked up (installed beside the
 * binary, XDG data folders, build tree) and how a theme name resolves. */
#include "themes/theme.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* From the binary's folder to the installed data folder (CMake computes
 * it from CMAKE_INSTALL_BINDIR and CMAKE_INSTALL_DATADIR). */
#ifndef DT_REL_DATADIR
#define DT_REL_DATADIR "../share/dualtrack"
#endif

/* The running binary's folder, or "" when /proc/self/exe is unreadable. */
static void exe_dir(char *out, size_t n)
{
	char buf[4096];
	ssize_t k = readlink("/proc/self/exe", buf, sizeof buf - 1);
	out[0] = '\0';
	if (k <= 0)
		return;
	buf[k] = '\0';
	char *slash = strrchr(buf, '/');
	if (!slash)
		return;
	*slash = '\0';
	snprintf(out, n, "%s", buf[0] ? buf : "/");
}

static size_t add_dir(char dirs[][512], size_t n, size_t max, const char *a,
                      const char *b)
{
	if (n >= max || !a || !*a)
		return n;
	int k = snprintf(dirs[n], 512, "%s%s", a, b);
	if (k < 0 || k >= 512)
		return n;
	for (size_t i = 0; i < n; i++)
		if (!strcmp(dirs[i], dirs[n]))
			return n;
	return n + 1;
}

size_t dt_theme_dirs(char dirs[][512], size_t max)
{
	char exe[4096], tmp[4200];
	size_t n = 0;

	exe_dir(exe, sizeof exe);
	if (exe[0]) {
		snprintf(tmp, sizeof tmp, "%s/%s/themes", exe, DT_REL_DATADIR);
		n = add_dir(dirs, n, max, tmp, "");
	}
	const char *xh = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
	if (xh && *xh == '/')
		n = add_dir(dirs, n, max, xh, "/dualtrack/themes");
	else if (home && *home)
		n = add_dir(dirs, n, max, home, "/.local/share/dualtrack/themes");
	const char *xd = getenv("XDG_DATA_DIRS");
	if (!xd || !*xd)
		xd = "/usr/local/share:/usr/share";
	while (*xd) {
		size_t len = strcspn(xd, ":");
		if (len > 0 && len < 400 && xd[0] == '/') {
			snprintf(tmp, sizeof tmp, "%.*s", (int)len, xd);
			n = add_dir(dirs, n, max, tmp, "/dualtrack/themes");
		}
		xd += len;
		if (*xd == ':')
			xd++;
	}
	if (exe[0])
		n = add_dir(dirs, n, max, exe, "/themes");
	return n;
}

static int is_file(const char *p)
{
	struct stat sb;
	return stat(p, &sb) == 0 && S_ISREG(sb.st_mode);
}

/* 1 when `name` (len bytes) is already an item of the ", " list `list`. */
static int listed(const char *list, const char *name, size_t len)
{
	for (const char *p = list; *p;) {
		size_t k = strcspn(p, ",");
		if (k == len && !memcmp(p, name, len))
			return 1;
		p += k;
		while (*p == ',' || *p == ' ')
			p++;
	}
	return 0;
}

/* "a, b" of the *.theme names in the folders, for the error message; a
 * name found in several folders (installed and build tree) appears once. */
static void list_themes(char dirs[][512], size_t nd, char *out, size_t n)
{
	size_t used = 0;
	out[0] = '\0';
	for (size_t i = 0; i < nd; i++) {
		DIR *d = opendir(dirs[i]);
		struct dirent *e;
		while (d && (e = readdir(d))) {
			size_t len = strlen(e->d_name);
			if (len <= 6 || strcmp(e->d_name + len - 6, ".theme") ||
			    listed(out, e->d_name, len - 6))
				continue;
			int k = snprintf(out + used, n - used, "%s%.*s",
			                 used ? ", " : "", (int)(len - 6), e->d_name);
			if (k < 0 || (size_t)k >= n - used)
				break;
			used += (size_t)k;
		}
		if (d)
			closedir(d);
	}
}

int dt_theme_find(const char *name, char *out, size_t n, char *err,
                  size_t errlen)
{
	if (strchr(name, '/')) {
		if (is_file(name)) {
			snprintf(out, n, "%s", name);
			return 0;
		}
		snprintf(err, errlen, "theme file %s not found", name);
		return -1;
	}
	size_t len = strlen(name);
	int has_ext = len > 6 && !strcmp(name + len - 6, ".theme");
	char dirs[16][512], path[700];
	size_t nd = dt_theme_dirs(dirs, 16);
	for (size_t i = 0; i < nd; i++) {
		snprintf(path, sizeof path, "%s/%s%s", dirs[i], name,
		         has_ext ? "" : ".theme");
		if (is_file(path) && strlen(path) < n) {
			snprintf(out, n, "%s", path);
			return 0;
		}
	}
	char found[400], where[1200];
	size_t used = 0;
	list_themes(dirs, nd, found, sizeof found);
	where[0] = '\0';
	for (size_t i = 0; i < nd; i++) {
		int k = snprintf(where + used, sizeof where - used, "%s%s",
		                 i ? ", " : "", dirs[i]);
		if (k < 0 || (size_t)k >= sizeof where - used)
			break;
		used += (size_t)k;
	}
	snprintf(err, errlen, "no theme named '%.64s' (looked in %s); themes: %s",
	         name, where, found[0] ? found : "none found");
	return -1;
}

int dt_theme_paths(char paths[][512], size_t max, char *err, size_t errlen)
{
	static const char *const builtin[] = {"default", "mono"};
	const char *env = getenv("DUALTRACK_THEME");
	char p[512], e[8];
	size_t n = 0;

	if (env && *env && max > 0) {
		if (dt_theme_find(env, paths[0], 512, err, errlen) < 0)
			return -1;
		n = 1;
	}
	for (size_t b = 0; b < 2 && n < max; b++) {
		if (dt_theme_find(builtin[b], p, sizeof p, e, sizeof e) < 0)
			continue;
		size_t i;
		for (i = 0; i < n && strcmp(paths[i], p); i++)
			;
		if (i == n)
			snprintf(paths[n++], 512, "%s", p);
	}
	return (int)n;
}
