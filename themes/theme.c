/* theme.c: built-in theme and INI theme loader (inih). */
#include "themes/theme.h"

#include <ini.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "model/util/ini_value.h"

static const char *const role_keys[DT_ROLE_COUNT] = {
#define DT_ROLE_KEY(e, key, fg, bg, a, m) key,
	DT_ROLES(DT_ROLE_KEY)
#undef DT_ROLE_KEY
};

static const dt_style role_defaults[DT_ROLE_COUNT] = {
#define DT_ROLE_DEF(e, key, fg, bg, a, m) { fg, bg, a, m },
	DT_ROLES(DT_ROLE_DEF)
#undef DT_ROLE_DEF
};

static const char *const color_names[8] = {
	"black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"
};

void dt_theme_default(dt_theme *t)
{
	memset(t, 0, sizeof *t);
	snprintf(t->name, sizeof t->name, "builtin");
	memcpy(t->style, role_defaults, sizeof t->style);
}

int dt_theme_parse_color(const char *s, short *out)
{
	int i;
	char *end;
	long v;

	while (*s == ' ')
		s++;
	if (!strcasecmp(s, "default") || !strcasecmp(s, "none")) {
		*out = -1;
		return 0;
	}
	for (i = 0; i < 8; i++) {
		if (!strcasecmp(s, color_names[i])) {
			*out = (short)i;
			return 0;
		}
		if (!strncasecmp(s, "bright", 6) &&
		    !strcasecmp(s + 6, color_names[i])) {
			*out = (short)(i + 8);
			return 0;
		}
	}
	if (!strncasecmp(s, "colour", 6))
		s += 6;
	else if (!strncasecmp(s, "color", 5))
		s += 5;
	v = strtol(s, &end, 10);
	if (end == s || *end != '\0' || v < -1 || v > 255)
		return -1;
	*out = (short)v;
	return 0;
}

/* "bold|reverse" -> DT_ATTR_* bits; returns -1 on an unknown word. */
static int parse_attrs(const char *s, unsigned *out)
{
	char buf[128], *tok, *save = NULL;
	unsigned a = 0;

	snprintf(buf, sizeof buf, "%s", s);
	for (tok = strtok_r(buf, "|, ", &save); tok;
	     tok = strtok_r(NULL, "|, ", &save)) {
		if (!strcasecmp(tok, "bold"))
			a |= DT_ATTR_BOLD;
		else if (!strcasecmp(tok, "reverse"))
			a |= DT_ATTR_REVERSE;
		else if (!strcasecmp(tok, "dim"))
			a |= DT_ATTR_DIM;
		else if (!strcasecmp(tok, "underline"))
			a |= DT_ATTR_UNDERLINE;
		else if (strcasecmp(tok, "none"))
			return -1;
	}
	*out = a;
	return 0;
}

static int find_role(const char *key)
{
	int r;
	for (r = 0; r < DT_ROLE_COUNT; r++)
		if (!strcasecmp(key, role_keys[r]))
			return r;
	return -1;
}

typedef struct load_ctx {
	dt_theme *t;
	char *err;
	size_t errlen;
	int failed;
} load_ctx;

static int on_value(void *user, const char *section, const char *name,
                    const char *raw)
{
	load_ctx *c = user;
	int r = find_role(name);
	char value[256]; /* without its `# comment` (model/util/ini_value.h) */

	if (!dt_ini_value(raw, value, sizeof value))
		goto bad;

	if (!strcasecmp(section, "theme")) {
		if (!strcasecmp(name, "name"))
			snprintf(c->t->name, sizeof c->t->name, "%.63s", value);
		else if (!strcasecmp(name, "mono"))
			c->t->mono = atoi(value) != 0;
		return 1;
	}
	if (r < 0)
		return 1; /* unknown role: ignored (newer theme file) */
	if (!strcasecmp(section, "colors") || !strcasecmp(section, "colours")) {
		char buf[64], *comma;
		short fg, bg = c->t->style[r].bg;
		snprintf(buf, sizeof buf, "%.63s", value);
		comma = strchr(buf, ',');
		if (comma)
			*comma++ = '\0';
		if (dt_theme_parse_color(buf, &fg) ||
		    (comma && dt_theme_parse_color(comma, &bg)))
			goto bad;
		c->t->style[r].fg = fg;
		c->t->style[r].bg = bg;
	} else if (!strcasecmp(section, "attrs")) {
		if (parse_attrs(value, &c->t->style[r].attrs))
			goto bad;
	} else if (!strcasecmp(section, "mono")) {
		if (parse_attrs(value, &c->t->style[r].mono))
			goto bad;
	}
	return 1;
bad:
	if (!c->failed)
		snprintf(c->err, c->errlen, "[%s] %s = %s: invalid value",
		         section, name, value);
	c->failed = 1;
	return 0;
}

int dt_theme_load(dt_theme *t, const char *path, char *err, size_t errlen)
{
	load_ctx c = { t, err, errlen, 0 };
	const char *slash;
	int rc;

	dt_theme_default(t);
	slash = strrchr(path, '/');
	snprintf(t->name, sizeof t->name, "%s", slash ? slash + 1 : path);
	rc = ini_parse(path, on_value, &c);
	if (rc < 0) {
		snprintf(err, errlen, "%s: cannot read theme file", path);
		dt_theme_default(t);
		return -1;
	}
	if (rc > 0 || c.failed) {
		if (!c.failed)
			snprintf(err, errlen, "%s: syntax error on line %d",
			         path, rc);
		dt_theme_default(t);
		return -1;
	}
	return 0;
}
