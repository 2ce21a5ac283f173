/* test_keymap.c: the action table (tui/action.h) and the help and footers
 * generated from it agree with the key dispatch: every key shown in a
 * footer or a help line is bound on that screen to that very action,
 * every binding appears in the help, no key means two things on one
 * screen, and rebinding by action name (the [keys] section of the config
 * file) changes dispatch, help and footer together. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "dt_test_tmpdir.h"
#include "tui/keymap.h"
#include "tui/keys.h"

/* Help rows collected by dt_keymap_help. */
typedef struct rows {
	char keys[64][64];
	char text[64][128];
	size_t n;
} rows;

static void collect(void *arg, const char *keys, const char *text)
{
	rows *r = arg;
	assert_true(r->n < 64);
	snprintf(r->keys[r->n], sizeof r->keys[r->n], "%s", keys);
	snprintf(r->text[r->n], sizeof r->text[r->n], "%s", text);
	r->n++;
}

/* The binding that dispatch finds for key on screen s. */
static const dt_binding *bound(dt_screen_id s, int key)
{
	dt_action_id a = dt_keymap_action(s, key);
	size_t i;
	if (a == DT_A_NONE)
		return NULL;
	for (i = 0; i < dt_keymap_count(); i++) {
		const dt_binding *b = dt_keymap_at(i);
		if (b->screen == s && b->action == a)
			return b;
	}
	for (i = 0; i < dt_keymap_count(); i++) {
		const dt_binding *b = dt_keymap_at(i);
		if (b->screen == DT_S_ANY && b->action == a)
			return b;
	}
	return NULL;
}

/* Every "KEY:label" item of the footer of s is bound on s, to an action
 * whose footer label is that label ("quit" for back on the root). */
static void check_footer(dt_screen_id s, int root)
{
	char foot[1024], *save = NULL, *item;
	dt_keymap_footer(s, root, 1000, "\xe2\x80\xa6", foot, sizeof foot);
	assert_true(strlen(foot) > 0);
	for (item = strtok_r(foot, " ", &save); item;
	     item = strtok_r(NULL, " ", &save)) {
		char *colon = strchr(item, ':');
		const dt_binding *b;
		int key;
		assert_non_null(colon);
		*colon = '\0';
		key = dt_key_parse(item);
		if (key < 0)
			fail_msg("footer of %s: key '%s' does not parse",
			         dt_screen_title(s), item);
		b = bound(s, key);
		if (!b)
			fail_msg("footer of %s shows %s:%s, not bound there",
			         dt_screen_title(s), item, colon + 1);
		if (b->action == DT_A_BACK && root && b->screen == DT_S_ANY)
			assert_string_equal(colon + 1, "quit");
		else
			assert_string_equal(colon + 1, b->footer);
	}
}

/* Every help row's keys are bound on s to an action with that help text,
 * and every binding of s (and every global one s does not replace)
 * appears as a row. */
static void check_help(dt_screen_id s)
{
	rows r;
	size_t i, k, found, n;
	memset(&r, 0, sizeof r);
	n = dt_keymap_help(s, 0, collect, &r);
	assert_int_equal(n, r.n);
	for (i = 0; i < r.n; i++) {
		char keys[64], *save = NULL, *tok;
		snprintf(keys, sizeof keys, "%s", r.keys[i]);
		for (tok = strtok_r(keys, " ", &save); tok;
		     tok = strtok_r(NULL, " ", &save)) {
			const dt_binding *b = bound(s, dt_key_parse(tok));
			if (!b || strcmp(b->help, r.text[i]) != 0)
				fail_msg("help of %s: '%s  %s' is not what %s does there",
				         dt_screen_title(s), r.keys[i], r.text[i], tok);
		}
	}
	for (k = 0; k < dt_keymap_count(); k++) {
		const dt_binding *b = dt_keymap_at(k);
		if (b->screen != s && b->screen != DT_S_ANY)
			continue;
		if (b->screen == DT_S_ANY && bound(s, b->keys[0]) != b)
			continue; /* replaced on this screen (e.g. w q Esc closes) */
		for (i = 0, found = 0; i < r.n; i++)
			found |= strcmp(r.text[i], b->help) == 0;
		if (!found)
			fail_msg("%s: %s is bound but not in the help",
			         dt_screen_title(s), dt_action_name(b->action));
	}
}

/* On one screen no key is bound twice, and a global key is never taken
 * by another action of the screen (it would silently stop working). */
static void check_conflicts(dt_screen_id s)
{
	size_t i, k;
	for (i = 0; i < dt_keymap_count(); i++) {
		const dt_binding *b = dt_keymap_at(i);
		if (b->screen != s && b->screen != DT_S_ANY)
			continue;
		for (k = 0; k < b->nkeys; k++) {
			const dt_binding *o = bound(s, b->keys[k]);
			char kn[16];
			dt_key_name(b->keys[k], kn, sizeof kn);
			if (o->action != b->action)
				fail_msg("%s: key %s is both %s and %s", dt_screen_title(s),
				         kn, dt_action_name(o->action),
				         dt_action_name(b->action));
		}
	}
}

static void test_table_agrees(void **state)
{
	int s;
	(void)state;
	dt_keymap_reset();
	for (s = DT_S_ANY + 1; s < DT_S_COUNT; s++) {
		check_footer((dt_screen_id)s, 0);
		check_footer((dt_screen_id)s, 1);
		check_help((dt_screen_id)s);
		check_conflicts((dt_screen_id)s);
	}
}

/* Every default key list parses completely (a typo would unbind). */
static void test_defaults_parse(void **state)
{
	size_t i;
	(void)state;
	dt_keymap_reset();
	for (i = 0; i < dt_keymap_count(); i++) {
		const dt_binding *b = dt_keymap_at(i);
		if (b->nkeys == 0)
			fail_msg("%s on %s has no key", dt_action_name(b->action),
			         dt_screen_title(b->screen));
	}
	/* names both ways */
	assert_int_equal(dt_key_parse("PgDn"), DT_K_PGDN);
	assert_int_equal(dt_key_parse("C-u"), 21);
	assert_int_equal(dt_key_parse("Esc"), DT_KEY_ESC);
	assert_int_equal(dt_key_parse("PageDown"), -1);
	{
		char n[16];
		dt_key_name(DT_K_SRIGHT, n, sizeof n);
		assert_string_equal(n, "S-Right");
		dt_key_name(14, n, sizeof n);
		assert_string_equal(n, "C-n");
	}
	/* the run list: c compares, q is back (quits on the root), Q quits */
	assert_int_equal(dt_keymap_action(DT_S_RUNS, 'c'), DT_A_COMPARE);
	assert_int_equal(dt_keymap_action(DT_S_RUNS, 'q'), DT_A_BACK);
	assert_int_equal(dt_keymap_action(DT_S_DRILLS, 'Q'), DT_A_QUIT);
	assert_int_equal(dt_keymap_action(DT_S_RUNS, 'Z'), DT_A_NONE);
}

static void test_rebind(void **state)
{
	char err[300], foot[512];
	rows r;
	size_t i;
	int seen = 0;
	(void)state;
	dt_keymap_reset();
	assert_int_equal(dt_keymap_bind("compare", "x", err, sizeof err), 0);
	assert_int_equal(dt_keymap_action(DT_S_RUNS, 'x'), DT_A_COMPARE);
	assert_int_equal(dt_keymap_action(DT_S_OVERVIEW, 'x'), DT_A_COMPARE);
	assert_int_equal(dt_keymap_action(DT_S_RUNS, 'c'), DT_A_NONE);
	dt_keymap_footer(DT_S_RUNS, 1, 200, "\xe2\x80\xa6", foot, sizeof foot);
	assert_non_null(strstr(foot, " x:compare"));
	assert_null(strstr(foot, "c:compare"));
	memset(&r, 0, sizeof r);
	dt_keymap_help(DT_S_RUNS, 1, collect, &r);
	for (i = 0; i < r.n; i++)
		if (strcmp(r.text[i], "open the comparison (both picked)") == 0) {
			assert_string_equal(r.keys[i], "x");
			seen = 1;
		}
	assert_true(seen);
	/* one screen only, two keys */
	assert_int_equal(dt_keymap_bind("runs.pick-baseline", "B F2", err,
	                                sizeof err), -1);
	assert_non_null(strstr(err, "unknown key 'F2'"));
	assert_int_equal(dt_keymap_bind("runs.pick-baseline", "B C-b", err,
	                                sizeof err), 0);
	assert_int_equal(dt_keymap_action(DT_S_RUNS, 'B'), DT_A_PICK_BASE);
	assert_int_equal(dt_keymap_action(DT_S_RUNS, 2), DT_A_PICK_BASE);
	/* a key another action of the screen holds is refused, nothing
	 * changes */
	assert_int_equal(dt_keymap_bind("runs.compare", "p", err, sizeof err),
	                 -1);
	assert_string_equal(err, "key p is already pick-pilot on the run list");
	assert_int_equal(dt_keymap_action(DT_S_RUNS, 'x'), DT_A_COMPARE);
	assert_int_equal(dt_keymap_bind("no-such-action", "x", err, sizeof err),
	                 -1);
	assert_int_equal(dt_keymap_bind("nowhere.compare", "x", err, sizeof err),
	                 -1);
	assert_string_equal(err, "unknown screen 'nowhere'");
	/* the table stays consistent after rebinding */
	test_table_agrees(state);
	dt_keymap_reset();
	assert_int_equal(dt_keymap_action(DT_S_RUNS, 'c'), DT_A_COMPARE);
}

/* A footer that does not fit ends in the cut mark and the help key,
 * which moves from the front (hand-counted: the comparison's whole
 * footer "?:help q:back l:cursor +:zoom ]:pan s:EMA i:interp w:window
 * f:findings" is 70 columns; " … ?:help" 9, " ... ?:help" 11). */
static void test_footer_cut(void **state)
{
	char foot[512], err[200];
	(void)state;
	dt_keymap_reset();
	/* 70 columns: everything, as before */
	dt_keymap_footer(DT_S_COMPARE, 0, 70, "\xe2\x80\xa6", foot, sizeof foot);
	assert_string_equal(foot, "?:help q:back l:cursor +:zoom ]:pan s:EMA "
	                    "i:interp w:window f:findings");
	/* 69: 60 columns before the tail, f:findings (63) left out */
	dt_keymap_footer(DT_S_COMPARE, 0, 69, "\xe2\x80\xa6", foot, sizeof foot);
	assert_string_equal(foot, "q:back l:cursor +:zoom ]:pan s:EMA i:interp "
	                    "w:window \xe2\x80\xa6 ?:help");
	/* 60: 51 columns before the tail, w:window (52) left out too */
	dt_keymap_footer(DT_S_COMPARE, 0, 60, "\xe2\x80\xa6", foot, sizeof foot);
	assert_string_equal(foot, "q:back l:cursor +:zoom ]:pan s:EMA i:interp "
	                    "\xe2\x80\xa6 ?:help");
	/* ASCII: 49 columns before " ... ?:help" */
	dt_keymap_footer(DT_S_COMPARE, 0, 60, "...", foot, sizeof foot);
	assert_string_equal(foot, "q:back l:cursor +:zoom ]:pan s:EMA i:interp "
	                    "... ?:help");
	/* the run list at the root, 80 columns: 71 before the tail; the
	 * whole would be 89 (Tab:pilots left out) */
	dt_keymap_footer(DT_S_RUNS, 1, 80, "\xe2\x80\xa6", foot, sizeof foot);
	assert_string_equal(foot, "q:quit b:base p:pilot c:compare a:+base "
	                    "r:resume i:import F:live w:warn \xe2\x80\xa6 ?:help");
	/* the help key as bound */
	assert_int_equal(dt_keymap_bind("help", "H", err, sizeof err), 0);
	dt_keymap_footer(DT_S_COMPARE, 0, 60, "\xe2\x80\xa6", foot, sizeof foot);
	assert_string_equal(foot, "q:back l:cursor +:zoom ]:pan s:EMA i:interp "
	                    "\xe2\x80\xa6 H:help");
	/* narrower than the tail: the tail alone, cut by the buffer only */
	dt_keymap_footer(DT_S_COMPARE, 0, 5, "\xe2\x80\xa6", foot, sizeof foot);
	assert_string_equal(foot, "\xe2\x80\xa6 H:help");
	dt_keymap_reset();
}

static void test_config_file(void **state)
{
	char path[128], err[400];
	FILE *f;
	(void)state;
	dt_keymap_reset();
	snprintf(path, sizeof path, "%s/config", dir);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs("[general]\ncompare = ignored here\n[keys]\n"
	      "compare = x\noverview.ledger = L\n", f);
	fclose(f);
	assert_int_equal(dt_keymap_load(path, err, sizeof err), 0);
	assert_int_equal(dt_keymap_action(DT_S_RUNS, 'x'), DT_A_COMPARE);
	assert_int_equal(dt_keymap_action(DT_S_OVERVIEW, 'L'), DT_A_LEDGER);
	assert_int_equal(dt_keymap_action(DT_S_OVERVIEW, 'l'), DT_A_NONE);
	/* line 3 is wrong: lines 1-2 stay applied, the error names line 3 */
	dt_keymap_reset();
	f = fopen(path, "w");
	assert_non_null(f);
	fputs("[keys]\ncompare = x\nzoom-in = !!\n", f);
	fclose(f);
	assert_int_equal(dt_keymap_load(path, err, sizeof err), -1);
	{
		char want[300];
		snprintf(want, sizeof want, "%s:3: unknown key '!!'", path);
		assert_memory_equal(err, want, strlen(want));
	}
	assert_int_equal(dt_keymap_action(DT_S_RUNS, 'x'), DT_A_COMPARE);
	/* no file: nothing to do */
	snprintf(path, sizeof path, "%s/none", dir);
	assert_int_equal(dt_keymap_load(path, err, sizeof err), 0);
	dt_keymap_reset();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table_agrees),
		cmocka_unit_test(test_defaults_parse),
		cmocka_unit_test(test_rebind),
		cmocka_unit_test(test_footer_cut),
		cmocka_unit_test(test_config_file),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
