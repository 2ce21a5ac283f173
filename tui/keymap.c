/* keymap.c: the run-time key table built from DT_KEYMAP (action.h). */
#include "tui/keymap.h"

#include <ini.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/util/ini_value.h"
#include "tui/grid.h"
#include "tui/keys.h"

typedef struct def {
	dt_screen_id screen;
	dt_action_id action;
	const char *keys, *footer, *help;
} def;

static const def defaults[] = {
#define DT_B(s, a, k, f, h) { DT_S_##s, DT_A_##a, k, f, h },
	DT_KEYMAP(DT_B)
#undef DT_B
};
#define NDEF (sizeof defaults / sizeof defaults[0])

static dt_binding table[NDEF];
static int ready;

static const char *const action_names[DT_A_COUNT] = {
#define DT_X(e, n) n,
	DT_ACTIONS(DT_X)
#undef DT_X
};

static const char *const screen_titles[DT_S_COUNT] = {
#define DT_X(e, t, k) t,
	DT_SCREENS(DT_X)
#undef DT_X
};

static const char *const screen_keys[DT_S_COUNT] = {
#define DT_X(e, t, k) k,
	DT_SCREENS(DT_X)
#undef DT_X
};

/* Named keys, help spelling first. */
static const struct { const char *name; int key; } named[] = {
	{ "Up", DT_K_UP }, { "Down", DT_K_DOWN }, { "Left", DT_K_LEFT },
	{ "Right", DT_K_RIGHT }, { "Home", DT_K_HOME }, { "End", DT_K_END },
	{ "PgUp", DT_K_PGUP }, { "PgDn", DT_K_PGDN },
	{ "S-Left", DT_K_SLEFT }, { "S-Right", DT_K_SRIGHT },
	{ "S-Tab", DT_K_BTAB }, { "Enter", DT_K_ENTER }, { "Esc", DT_KEY_ESC },
	{ "Tab", DT_KEY_TAB }, { "Space", ' ' }, { "Bksp", DT_K_BACKSPACE },
	{ "Del", DT_K_DELETE },
};
#define NNAMED (sizeof named / sizeof named[0])

const char *dt_action_name(dt_action_id a)
{
	return (unsigned)a < DT_A_COUNT ? action_names[a] : NULL;
}

const char *dt_screen_key_name(dt_screen_id s)
{
	return (unsigned)s < DT_S_COUNT ? screen_keys[s] : NULL;
}

const char *dt_screen_title(dt_screen_id s)
{
	return (unsigned)s < DT_S_COUNT ? screen_titles[s] : NULL;
}

int dt_key_parse(const char *name)
{
	size_t i, len = strlen(name);
	for (i = 0; i < NNAMED; i++)
		if (strcmp(name, named[i].name) == 0)
			return named[i].key;
	if (len == 3 && name[0] == 'C' && name[1] == '-' &&
	    name[2] >= 'a' && name[2] <= 'z')
		return name[2] - 'a' + 1;
	if (len == 1 && name[0] > ' ' && name[0] < 0x7f)
		return (unsigned char)name[0];
	return -1;
}

void dt_key_name(int key, char *out, size_t n)
{
	size_t i;
	for (i = 0; i < NNAMED; i++)
		if (named[i].key == key) {
			snprintf(out, n, "%s", named[i].name);
			return;
		}
	if (key >= 1 && key <= 26)
		snprintf(out, n, "C-%c", 'a' + key - 1);
	else if (key > ' ' && key < 0x7f)
		snprintf(out, n, "%c", key);
	else
		snprintf(out, n, "#%d", key);
}

/* Parse a space-separated key list into keys[DT_BIND_KEYS]. */
static int parse_keys(const char *list, int *keys, size_t *nkeys, char *err,
                      size_t n)
{
	char buf[128], *save = NULL, *tok;
	size_t k = 0;
	if (strlen(list) >= sizeof buf) {
		snprintf(err, n, "key list too long");
		return -1;
	}
	memcpy(buf, list, strlen(list) + 1);
	for (tok = strtok_r(buf, " \t", &save); tok;
	     tok = strtok_r(NULL, " \t", &save)) {
		int key = dt_key_parse(tok);
		if (key < 0) {
			snprintf(err, n, "unknown key '%.40s' (a character, C-x, or one "
			         "of Up Down Left Right Home End PgUp PgDn S-Left S-Right "
			         "S-Tab Enter Esc Tab Space Bksp Del)", tok);
			return -1;
		}
		if (k == DT_BIND_KEYS) {
			snprintf(err, n, "at most %d keys per action", DT_BIND_KEYS);
			return -1;
		}
		keys[k++] = key;
	}
	*nkeys = k;
	return 0;
}

void dt_keymap_reset(void)
{
	size_t i;
	char err[200];
	for (i = 0; i < NDEF; i++) {
		dt_binding *b = &table[i];
		memset(b, 0, sizeof *b);
		b->screen = defaults[i].screen;
		b->action = defaults[i].action;
		b->footer = defaults[i].footer;
		b->help = defaults[i].help;
		if (parse_keys(defaults[i].keys, b->keys, &b->nkeys, err, sizeof err))
			b->nkeys = 0; /* a default that does not parse: test_keymap */
	}
	ready = 1;
}

static void ensure(void)
{
	if (!ready)
		dt_keymap_reset();
}

size_t dt_keymap_count(void)
{
	return NDEF;
}

const dt_binding *dt_keymap_at(size_t i)
{
	ensure();
	return i < NDEF ? &table[i] : NULL;
}

static int has_key(const dt_binding *b, int key)
{
	size_t k;
	for (k = 0; k < b->nkeys; k++)
		if (b->keys[k] == key)
			return 1;
	return 0;
}

dt_action_id dt_keymap_action(dt_screen_id s, int key)
{
	size_t i;
	ensure();
	for (i = 0; i < NDEF; i++)
		if (table[i].screen == s && has_key(&table[i], key))
			return table[i].action;
	for (i = 0; i < NDEF; i++)
		if (table[i].screen == DT_S_ANY && has_key(&table[i], key))
			return table[i].action;
	return DT_A_NONE;
}

int dt_keymap_has(dt_screen_id s, dt_action_id a)
{
	size_t i;
	ensure();
	for (i = 0; i < NDEF; i++)
		if ((table[i].screen == s || table[i].screen == DT_S_ANY) &&
		    table[i].action == a && table[i].nkeys)
			return 1;
	return 0;
}

/* The binding of screen s that holds key, other than `self`, or NULL. */
static const dt_binding *taken(dt_screen_id s, int key, const dt_binding *self)
{
	size_t i;
	for (i = 0; i < NDEF; i++)
		if (&table[i] != self && table[i].screen == s &&
		    table[i].action != self->action && has_key(&table[i], key))
			return &table[i];
	return NULL;
}

int dt_keymap_bind(const char *name, const char *keys, char *err, size_t n)
{
	char scr[32] = "";
	const char *act = name, *dot = strchr(name, '.');
	int newkeys[DT_BIND_KEYS];
	size_t nk, i, k, hits = 0;
	int s = -1;
	ensure();
	if (dot) {
		if ((size_t)(dot - name) >= sizeof scr) {
			snprintf(err, n, "unknown screen in '%.60s'", name);
			return -1;
		}
		memcpy(scr, name, (size_t)(dot - name));
		scr[dot - name] = '\0';
		act = dot + 1;
		for (i = 0; i < DT_S_COUNT; i++)
			if (strcmp(scr, screen_keys[i]) == 0)
				s = (int)i;
		if (s < 0) {
			snprintf(err, n, "unknown screen '%.40s'", scr);
			return -1;
		}
	}
	if (parse_keys(keys, newkeys, &nk, err, n))
		return -1;
	/* check every binding it would change first: all or nothing */
	for (i = 0; i < NDEF; i++) {
		dt_binding *b = &table[i];
		dt_binding probe;
		if (strcmp(action_names[b->action], act) || (s >= 0 &&
		    b->screen != (dt_screen_id)s))
			continue;
		probe = *b;
		for (k = 0; k < nk; k++) {
			const dt_binding *o = taken(b->screen, newkeys[k], &probe);
			if (o) {
				char kn[16];
				dt_key_name(newkeys[k], kn, sizeof kn);
				snprintf(err, n, "key %s is already %s on the %s", kn,
				         action_names[o->action], screen_titles[b->screen]);
				return -1;
			}
		}
		hits++;
	}
	if (!hits) {
		snprintf(err, n, "unknown action '%.60s'%s", name,
		         s >= 0 ? " on that screen" : "");
		return -1;
	}
	for (i = 0; i < NDEF; i++) {
		dt_binding *b = &table[i];
		if (strcmp(action_names[b->action], act) ||
		    (s >= 0 && b->screen != (dt_screen_id)s))
			continue;
		memcpy(b->keys, newkeys, sizeof newkeys);
		b->nkeys = nk;
	}
	return 0;
}

typedef struct load_ctx {
	char *err;
	size_t n;
	int failed;
} load_ctx;

static int on_ini(void *user, const char *section, const char *name,
                  const char *raw)
{
	load_ctx *c = user;
	char value[256]; /* without its `# comment` (model/util/ini_value.h) */
	if (strcmp(section, "keys") != 0 || c->failed)
		return 1;
	if (!dt_ini_value(raw, value, sizeof value)) {
		snprintf(c->err, c->n, "key list too long");
		c->failed = 1;
		return 0;
	}
	if (dt_keymap_bind(name, value, c->err, c->n) < 0) {
		c->failed = 1;
		return 0; /* inih reports this line */
	}
	return 1;
}

int dt_keymap_load(const char *path, char *err, size_t n)
{
	char why[300] = "";
	load_ctx c = { why, sizeof why, 0 };
	FILE *f = fopen(path, "r");
	int line;
	if (!f)
		return 0;
	line = ini_parse_file(f, on_ini, &c);
	fclose(f);
	if (line == 0)
		return 0;
	snprintf(err, n, "%s:%d: %s", path, line,
	         why[0] ? why : "not an INI line (expected NAME = KEYS)");
	return -1;
}

/* The keys of b as "j Down" into out. */
static void keys_text(const dt_binding *b, char *out, size_t n)
{
	size_t k, o = 0;
	out[0] = '\0';
	for (k = 0; k < b->nkeys && o + 1 < n; k++) {
		char kn[16];
		dt_key_name(b->keys[k], kn, sizeof kn);
		o += (size_t)snprintf(out + o, n - o, "%s%s", k ? " " : "", kn);
	}
}

/* 1 when the screen's own bindings hold action a (so ANY's is hidden). */
static int overrides(dt_screen_id s, dt_action_id a)
{
	size_t i;
	for (i = 0; i < NDEF; i++)
		if (table[i].screen == s && table[i].action == a)
			return 1;
	return 0;
}

static const char *label_of(const dt_binding *b, int root)
{
	if (b->action == DT_A_BACK && root && b->screen == DT_S_ANY)
		return "quit";
	return b->footer;
}

/* Append the hints of h that fit in width columns to out (size n), the
 * kept ones left out when skip_kept. Returns 1 when one did not fit. */
static int hints_fill(const dt_hint *h, size_t nh, int width, int skip_kept,
                      char *out, size_t n)
{
	size_t i, len = 0;
	int used = 0, cut = 0;
	out[0] = '\0';
	for (i = 0; i < nh; i++) {
		int iw;
		size_t il;
		if (skip_kept && h[i].keep)
			continue;
		iw = dt_text_width(h[i].text, 0) + (len > 0);
		il = strlen(h[i].text) + (len > 0);
		if (used + iw > width || len + il >= n) {
			cut = 1;
			continue;
		}
		snprintf(out + len, n - len, "%s%s", len ? " " : "", h[i].text);
		len += il;
		used += iw;
	}
	return cut;
}

void dt_hint_line(const dt_hint *h, size_t nh, int width, const char *mark,
                  char *out, size_t n)
{
	char tail[256];
	size_t i, tl, len;
	int tw;
	if (!n)
		return;
	if (!hints_fill(h, nh, width, 0, out, n))
		return;
	/* cut: what fits before " MARK KEPT", which ends the line */
	tl = (size_t)snprintf(tail, sizeof tail, " %s", mark);
	for (i = 0; i < nh && tl < sizeof tail; i++)
		if (h[i].keep)
			tl += (size_t)snprintf(tail + tl, sizeof tail - tl, " %s",
			                       h[i].text);
	tw = dt_text_width(tail, 0);
	hints_fill(h, nh, width > tw ? width - tw : 0, 1, out, n);
	len = strlen(out);
	/* no blank before the mark when no hint fits */
	dt_utf8_copy(out + len, n - len, len ? tail : tail + 1);
}

/* The footer item of b, "KEY:label", into item (size n); 0 when b has
 * no footer label or no key. */
static int footer_item(const dt_binding *b, int root, char *item, size_t n)
{
	char kn[16];
	const char *label = label_of(b, root);
	if (!label || !b->nkeys)
		return 0;
	dt_key_name(b->keys[0], kn, sizeof kn);
	snprintf(item, n, "%s:%s", kn, label);
	return 1;
}

void dt_keymap_footer(dt_screen_id s, int root, int width, const char *mark,
                      char *out, size_t n)
{
	char items[NDEF][64];
	dt_hint h[NDEF];
	size_t i, nh = 0;
	ensure();
	for (i = 0; i < NDEF; i++) /* ?:help q:back first */
		if (table[i].screen == DT_S_ANY && !overrides(s, table[i].action) &&
		    footer_item(&table[i], root, items[nh], sizeof items[nh])) {
			h[nh].text = items[nh];
			h[nh].keep = table[i].action == DT_A_HELP;
			nh++;
		}
	for (i = 0; i < NDEF; i++)
		if (table[i].screen == s &&
		    footer_item(&table[i], root, items[nh], sizeof items[nh])) {
			h[nh].text = items[nh];
			h[nh].keep = table[i].action == DT_A_HELP;
			nh++;
		}
	dt_hint_line(h, nh, width, mark, out, n);
}

/* Where a binding of a screen goes in its help: 0 the screen's own keys
 * (what it does: pass, zoom, decide, ...), 1 moving in its list (j k
 * PgDn PgUp g G /), 2 the keys that leave it for another screen (1..5,
 * Tab, a section's q, l on a section: the overview's l is one of its
 * own keys), so a screen's own keys are the first rows of its help and
 * never the ones below "+N more". */
static int help_tier(dt_screen_id s, dt_action_id a)
{
	switch (a) {
	case DT_A_LEDGER:
		return s == DT_S_OVERVIEW ? 0 : 2;
	case DT_A_DOWN: case DT_A_UP: case DT_A_PAGE_DOWN: case DT_A_PAGE_UP:
	case DT_A_FIRST: case DT_A_LAST: case DT_A_SEARCH:
		return 1;
	case DT_A_OPEN_CARD: case DT_A_OPEN_CHECKLIST: case DT_A_OPEN_DRILLS:
	case DT_A_OPEN_JOURNAL: case DT_A_OPEN_DECISIONS: case DT_A_SWITCH:
	case DT_A_BACK:
		return 2;
	default:
		return 0;
	}
}

size_t dt_keymap_help(dt_screen_id s, int root,
                      void (*row)(void *arg, const char *keys,
                                  const char *text),
                      void *arg)
{
	size_t i, rows = 0;
	int tier;
	char keys[64];
	ensure();
	for (tier = 0; tier < 3; tier++)
		for (i = 0; i < NDEF; i++)
			if (table[i].screen == s && table[i].nkeys &&
			    help_tier(s, table[i].action) == tier) {
				keys_text(&table[i], keys, sizeof keys);
				row(arg, keys, table[i].help);
				rows++;
			}
	for (i = 0; i < NDEF; i++)
		if (table[i].screen == DT_S_ANY && table[i].nkeys &&
		    !overrides(s, table[i].action)) {
			keys_text(&table[i], keys, sizeof keys);
			row(arg, keys, table[i].action == DT_A_BACK && root
			    ? "q quits (first screen), Esc does nothing here"
			    : table[i].help);
			rows++;
		}
	return rows;
}
