/* test_nearest.c: the edit distance of the "did you mean" hints
 * (model/util/nearest.h): two neighbouring letters swapped, the commonest
 * typo ('shwo' for 'show'), is one edit, not two. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "model/util/nearest.h"

/* 'shwo' -> 'show': swap 'w','o' = 1 (Levenshtein alone: 2 substitutions);
 * 'platfrom' -> 'platform': swap 'r','o' = 1; 'acb' -> 'abc' = 1;
 * 'ca' -> 'abc': not a swap of neighbours twice over (optimal string
 * alignment): delete... = 3 edits; 'kitten' -> 'sitting' = 3 (k->s,
 * e->i, +g); case ignored: 'SHOW' -> 'show' = 0. */
static void swap_is_one_edit(void **state)
{
	(void)state;
	assert_int_equal(dt_edit_distance("shwo", "show"), 1);
	assert_int_equal(dt_edit_distance("platfrom", "platform"), 1);
	assert_int_equal(dt_edit_distance("acb", "abc"), 1);
	assert_int_equal(dt_edit_distance("ca", "abc"), 3);
	assert_int_equal(dt_edit_distance("kitten", "sitting"), 3);
	assert_int_equal(dt_edit_distance("SHOW", "show"), 0);
	assert_int_equal(dt_edit_distance("", "abc"), 3);
}

/* 4-byte words allow one edit: 'shwo' (a swap) finds 'show' among the
 * pilot sub-commands, 'lsit' finds 'list'; 'frob' is near none; 3-byte
 * words allow none: 'tpu' is no 'gpu', 'rtl' (3) vs 'rtol' (4): one
 * insertion, allowed by the longer. */
static void nearest_sub_commands(void **state)
{
	(void)state;
	const char *const subs[] = {"new", "set", "list", "show"};
	assert_string_equal(dt_nearest_name("shwo", subs, 4), "show");
	assert_string_equal(dt_nearest_name("lsit", subs, 4), "list");
	assert_null(dt_nearest_name("frob", subs, 4));
	const char *const plat[] = {"gpu", "trn2", "trn1", "other"};
	assert_null(dt_nearest_name("tpu", plat, 4));
	const char *const opt[] = {"rtol", "atol"};
	assert_string_equal(dt_nearest_name("rtl", opt, 2), "rtol");
	/* a 3-byte name with one letter left out: 'ot' for --out, 'ky' for
	 * --key (export and sign gave no hint); a letter changed or added
	 * still is none: 'ut' is not taken for 'gpu', 'kez' not for 'key' */
	const char *const pack[] = {"out", "key", "gpu"};
	assert_string_equal(dt_nearest_name("ot", pack, 3), "out");
	assert_string_equal(dt_nearest_name("ky", pack, 3), "key");
	assert_string_equal(dt_nearest_name("gp", pack, 3), "gpu");
	assert_null(dt_nearest_name("kez", pack, 3));
	assert_null(dt_nearest_name("x", pack, 3));
	/* a 2-byte name with one letter added: 'goo' for the decision kind
	 * go (decide gave no hint); a changed letter is still none ('gp') */
	const char *const kinds[] = {"go", "continue", "roll-back", "defer"};
	assert_string_equal(dt_nearest_name("goo", kinds, 4), "go");
	assert_string_equal(dt_nearest_name("gog", kinds, 4), "go");
	assert_null(dt_nearest_name("gp", kinds, 4));
	assert_null(dt_nearest_name("gpu", kinds, 4));
}

/* A word too far from every name that begins exactly one of them is
 * taken for it: 'att' (3 edits from 'attach') for ledger attach, 'off'
 * for --basis official, 'comp' for the ledger key compile (4 edits);
 * 'ins' begins 'instance_hour' and 'instances': none; 2 bytes are too
 * few ('at'); a near name still wins ('sett': 'set'); case ignored. */
static void unique_prefix(void **state)
{
	(void)state;
	const char *const subs[] = {"set", "attach"};
	assert_string_equal(dt_nearest_name("att", subs, 2), "attach");
	assert_string_equal(dt_nearest_name("ATTA", subs, 2), "attach");
	assert_null(dt_nearest_name("at", subs, 2));
	assert_string_equal(dt_nearest_name("sett", subs, 2), "set");
	const char *const basis[] = {"official", "measured", "assumption"};
	assert_string_equal(dt_nearest_name("off", basis, 3), "official");
	const char *const keys[] = {"env_prep", "compile", "instance_hour",
	                            "instances", NULL};
	assert_string_equal(dt_nearest_name("comp", keys, 5), "compile");
	assert_null(dt_nearest_name("ins", keys, 5));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(swap_is_one_edit),
		cmocka_unit_test(nearest_sub_commands),
		cmocka_unit_test(unique_prefix),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
