/* config.c: read $XDG_CONFIG_HOME/dualtrack/config (config.h). */
#include "cli/config.h"

#include <errno.h>
#include <ini.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/core/parity.h"
#include "model/core/taskcard.h"
#include "model/util/ini_value.h"
#include "model/util/num.h"

/* The file as inih reads it, counting lines: `cur` is the line of the
 * chunk read last (a line longer than inih's buffer comes in chunks). */
typedef struct counted {
	FILE *f;
	int done, cur;
} counted;

static char *read_counted(char *str, int num, void *stream)
{
	counted *c = stream;
	char *r = fgets(str, num, c->f);
	if (r) {
		c->cur = c->done + 1;
		if (strchr(r, '\n'))
			c->done++;
	}
	return r;
}

/* "PATH:LINE" of the theme the file set and applied (config.h) */
static char theme_origin[4200];

typedef struct cfg {
	const counted *src;
	int theme_line;               /* line of [defaults] theme, 0 none */
	char db[4096], user[128], theme[1024], ascii[8], team[64];
	char allowed[4096];
	int have_tol;
	unsigned tol_keys; /* DT_TOL_KEY_* the file sets */
	dt_parity_opts tol;
	char err[200];
} cfg;

int dt_config_path(char *out, size_t n)
{
	const char *x = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
	int k;
	if (x && *x == '/')
		k = snprintf(out, n, "%s/dualtrack/config", x);
	else if (home && *home)
		k = snprintf(out, n, "%s/.config/dualtrack/config", home);
	else
		return -1;
	return k < 0 || (size_t)k >= n ? -1 : 0;
}

/* value with a leading "~/" replaced by $HOME */
static int copy_path(char *out, size_t n, const char *v)
{
	const char *home = getenv("HOME");
	int k;
	if (v[0] == '~' && v[1] == '/' && home && *home)
		k = snprintf(out, n, "%s%s", home, v + 1);
	else
		k = snprintf(out, n, "%s", v);
	return k < 0 || (size_t)k >= n ? -1 : 0;
}

/* Record the first error; inih reports its line as the return value of
 * ini_parse_file (a handler returning 0 marks the line as bad). */
static int fail(cfg *c, const char *what, const char *sec, const char *key)
{
	if (!c->err[0])
		snprintf(c->err, sizeof c->err, "%s [%.32s] %.64s", what, sec, key);
	return 0;
}

static int on_kv(void *user, const char *sec, const char *key,
                 const char *raw)
{
	cfg *c = user;
	char val[4096]; /* without its `# comment` (ini_value.h) */
	if (c->err[0])
		return 0;
	if (!dt_ini_value(raw, val, sizeof val))
		return fail(c, "value too long:", sec, key);
	if (!strcmp(sec, "defaults")) {
		if (!strcmp(key, "db"))
			return copy_path(c->db, sizeof c->db, val) ? fail(c,
			       "path too long:", sec, key) : 1;
		if (!strcmp(key, "allowed_signers"))
			return copy_path(c->allowed, sizeof c->allowed, val) ?
			       fail(c, "path too long:", sec, key) : 1;
		if (!strcmp(key, "theme")) {
			c->theme_line = c->src->cur;
			return copy_path(c->theme, sizeof c->theme, val) ? fail(c, "path too long:", sec, key) : 1;
		}
		if (!strcmp(key, "user")) {
			if (strlen(val) >= sizeof c->user)
				return fail(c, "name too long (127 bytes at "
				            "most):", sec, key);
			memcpy(c->user, val, strlen(val) + 1); /* fits: checked */
			return 1;
		}
		if (!strcmp(key, "team")) {
			if (strlen(val) >= sizeof c->team)
				return fail(c, "name too long (63 bytes at "
				            "most):", sec, key);
			memcpy(c->team, val, strlen(val) + 1); /* fits: checked */
			return 1;
		}
		if (!strcmp(key, "ascii")) {
			if (strcmp(val, "0") && strcmp(val, "1"))
				return fail(c, "expected 0 or 1 for", sec, key);
			memcpy(c->ascii, val, 2); /* "0" or "1" */
			return 1;
		}
		return fail(c, "unknown key (db, user, team, theme, ascii, "
		            "allowed_signers):", sec, key);
	}
	if (!strcmp(sec, "tolerances")) {
		double d;
		if (!c->have_tol)
			c->tol = dt_parity_defaults();
		c->have_tol = 1;
		/* the bounds and parse of a task card's (taskcard.h) */
		int r = !strcmp(key, "rtol"), a = !strcmp(key, "atol");
		if (r || a || !strcmp(key, "warmup")) {
			char name[40];
			snprintf(name, sizeof name, "[tolerances] %s", key);
			if (dt_tolerance_parse(r ? DT_TC_RTOL : a ? DT_TC_ATOL :
			                       DT_TC_WARMUP, name, val, &d, c->err,
			                       sizeof c->err) < 0)
				return 0;
			if (r || a)
				*(r ? &c->tol.rtol : &c->tol.atol) = d;
			else
				c->tol.warmup = (int64_t)d;
			c->tol_keys |= r ? DT_TOL_KEY_RTOL : a ? DT_TOL_KEY_ATOL :
			               DT_TOL_KEY_WARMUP;
			return 1;
		}
		return fail(c, "unknown key (rtol, atol, warmup):", sec, key);
	}
	if (!strcmp(sec, "keys"))
		return 1; /* key bindings: read by the TUI (tui/keymap.h) */
	return fail(c, "unknown section (defaults, tolerances, keys):", sec,
	            key);
}

static void set_default_env(const char *var, const char *val)
{
	const char *cur = getenv(var);
	if (val[0] && !(cur && *cur))
		setenv(var, val, 1);
}

int dt_config_load(char *err, size_t errlen)
{
	char path[4096];
	if (dt_config_path(path, sizeof path) < 0)
		return 0;
	FILE *f = fopen(path, "r");
	if (!f)
		return 0; /* no file: nothing to apply */
	cfg *c = calloc(1, sizeof *c);
	if (!c) {
		fclose(f);
		snprintf(err, errlen, "%s: out of memory", path);
		return -1;
	}
	counted src = { f, 0, 0 };
	c->src = &src;
	int rc = ini_parse_stream(read_counted, &src, on_kv, c);
	fclose(f);
	if (rc != 0) {
		if (rc < 0)
			snprintf(err, errlen, "%s: cannot read", path);
		else
			snprintf(err, errlen, "%s:%d: %s", path, rc, c->err[0] ? c->err
			         : "expected [section] or key = value");
		free(c);
		return -1;
	}
	set_default_env("DUALTRACK_DB", c->db);
	set_default_env("DUALTRACK_USER", c->user);
	set_default_env("DUALTRACK_TEAM", c->team);
	const char *env_theme = getenv("DUALTRACK_THEME");
	theme_origin[0] = '\0';
	if (c->theme[0] && !(env_theme && *env_theme))
		snprintf(theme_origin, sizeof theme_origin, "%s:%d", path,
		         c->theme_line);
	set_default_env("DUALTRACK_THEME", c->theme);
	set_default_env("DUALTRACK_ASCII", c->ascii);
	set_default_env("DUALTRACK_ALLOWED_SIGNERS", c->allowed);
	if (c->have_tol)
		dt_parity_set_adhoc_keys(&c->tol, c->tol_keys);
	free(c);
	return 0;
}

const char *dt_config_theme_origin(void)
{
	return theme_origin;
}
