/* test_jsonpull.c: the streaming JSON reader (importers/jsonpull.h) on
 * hand-written inputs; every expected value and byte offset is counted by
 * hand from the literal above it. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "importers/jsonpull.h"

static int read_obj(const char *text, dt_jreader *r, dt_jobj *o)
{
	dt_jr_init(r, text, strlen(text));
	return dt_jr_object(r, o);
}

/* Python's non-finite tokens, integers, doubles, strings holding numbers. */
static void python_tokens(void **state)
{
	dt_jreader r;
	dt_jobj o = {0};
	double d;
	int64_t st;
	(void)state;
	assert_int_equal(read_obj("{\"a\": NaN, \"b\": Infinity, \"c\": -Infinity, "
	                          "\"d\": 12, \"e\": -3.5e-1, \"f\": \"0.00\", "
	                          "\"g\": 39.0, \"h\": \"nan\", \"i\": null}",
	                          &r, &o), 0);
	assert_int_equal(o.n, 9);
	assert_int_equal(dt_jval_number(dt_jobj_get(&o, "a"), &d), 0);
	assert_true(isnan(d));
	assert_int_equal(dt_jval_number(dt_jobj_get(&o, "b"), &d), 0);
	assert_true(isinf(d) && d > 0);
	assert_int_equal(dt_jval_number(dt_jobj_get(&o, "c"), &d), 0);
	assert_true(isinf(d) && d < 0);
	const dt_jval *v = dt_jobj_get(&o, "d");
	assert_true(v->is_int && v->i == 12);
	assert_int_equal(dt_jval_number(dt_jobj_get(&o, "e"), &d), 0);
	assert_true(d == -0.35);
	assert_int_equal(dt_jval_number(dt_jobj_get(&o, "f"), &d), 0);
	assert_true(d == 0.0);
	assert_int_equal(dt_jval_step(dt_jobj_get(&o, "g"), &st), 0);
	assert_int_equal(st, 39);
	assert_int_equal(dt_jval_number(dt_jobj_get(&o, "h"), &d), 0);
	assert_true(isnan(d));
	assert_int_equal(dt_jval_number(dt_jobj_get(&o, "i"), &d), -1);
	assert_null(dt_jobj_get(&o, "z"));
	/* 2.5 is not a step; 2^63 is not an int64 */
	assert_int_equal(read_obj("{\"s\": 2.5, \"t\": 9223372036854775808}", &r,
	                          &o), 0);
	assert_int_equal(dt_jval_step(dt_jobj_get(&o, "s"), &st), -1);
	assert_false(dt_jobj_get(&o, "t")->is_int);
	assert_int_equal(dt_jval_step(dt_jobj_get(&o, "t"), &st), -1);
	dt_jobj_free(&o);
}

/* Numbers around 19 digits, where the reader leaves its eight-byte
 * path: every digit kept up to 19 in all (integer and fraction), the
 * first 19 significant ones beyond (leading zeros not counted). */
static void long_numbers(void **state)
{
	dt_jreader r;
	dt_jobj o = {0};
	(void)state;
	assert_int_equal(read_obj("{\"a\": 1234567890123456789, "
	                          "\"b\": 12345678901234567890, "
	                          "\"c\": -9223372036854775808, "
	                          "\"d\": 0.000000000000000000001, "
	                          "\"e\": 123456789.0123456789, "
	                          "\"f\": 2.585112}", &r, &o), 0);
	const dt_jval *v = dt_jobj_get(&o, "a"); /* 19 digits: an int64 */
	assert_true(v->is_int && v->i == 1234567890123456789);
	v = dt_jobj_get(&o, "b"); /* 20 digits: past INT64_MAX, a double */
	assert_false(v->is_int);
	assert_true(v->d == 12345678901234567890.0);
	v = dt_jobj_get(&o, "c"); /* -2^63: 19 digits, the int64 minimum */
	assert_true(v->is_int && v->i == INT64_MIN);
	v = dt_jobj_get(&o, "d"); /* 22 digits, 21 of them leading zeros */
	assert_true(v->d == 1e-21);
	v = dt_jobj_get(&o, "e"); /* 19 digits with 10 in the fraction */
	assert_true(v->d == 123456789.0123456789);
	v = dt_jobj_get(&o, "f");
	assert_true(v->d == 2.585112);
	dt_jobj_free(&o);
}

/* Escapes decoded (é is C3 A9, U+1F600 is F0 9F 98 80); nested values
 * skipped and typed; a duplicate key keeps its first place, last value;
 * json-c's leniencies: trailing comma, comments, single quotes. */
static void strings_and_structure(void **state)
{
	dt_jreader r;
	dt_jobj o = {0};
	(void)state;
	assert_int_equal(read_obj("{\"k\\u00e9\": \"a\\n\\\"\\ud83d\\ude00\", "
	                          "\"x\": [1, {\"y\": [2]}], \"o\": {}, "
	                          "\"k\\u00e9\": 'q\"', /* c */ \"t\": TRUE, // c\n"
	                          "}", &r, &o), 0);
	assert_int_equal(o.n, 4);
	assert_string_equal(o.m[0].key, "k\xc3\xa9");
	assert_int_equal(o.m[0].v.type, DT_JSTRING);
	assert_string_equal(o.m[0].v.s, "q\"");
	assert_int_equal(o.m[1].v.type, DT_JARRAY);
	assert_int_equal(o.m[2].v.type, DT_JOBJECT);
	assert_int_equal(o.m[3].v.type, DT_JTRUE);
	assert_int_equal(read_obj("{\"s\": \"a\\n\\\"\\ud83d\\ude00\"}", &r, &o), 0);
	assert_int_equal(o.m[0].v.slen, 7);
	assert_memory_equal(o.m[0].v.s, "a\n\"\xf0\x9f\x98\x80", 8);
	/* 40 distinct keys then k3 again: the hash index path */
	char big[1024] = "{";
	for (int i = 0; i < 40; i++)
		snprintf(big + strlen(big), sizeof big - strlen(big), "\"k%d\": %d, ", i, i);
	strcat(big, "\"k3\": 99}");
	assert_int_equal(read_obj(big, &r, &o), 0);
	assert_int_equal(o.n, 40);
	assert_int_equal(dt_jobj_get(&o, "k3")->i, 99);
	assert_int_equal(o.m[3].v.i, 99);
	assert_int_equal(dt_jobj_get(&o, "k39")->i, 39);
	dt_jobj_free(&o);
}

/* Errors: byte offset of the offending byte, or the length at the end. */
static void errors(void **state)
{
	static const struct {
		const char *text;
		size_t off;
	} bad[] = {
		{"{\"a\": 1,, }", 8},      /* second comma */
		{"{\"a\" 1}", 5},          /* no colon */
		{"{\"a\": 1x}", 7},        /* junk after a number */
		{"{\"a\": -}", 7},         /* no digit */
		{"{\"a\": tru}", 6},       /* not a literal */
		{"{\"a\": \"\\q\"}", 8},   /* unknown escape */
		{"{\"a\": [1, 2}", 11},    /* ] expected */
		{"{\"a\": 1", 7},          /* ends inside */
		{"{\"a\": \"abc", 10},     /* ends inside a string */
		{"{a: 1}", 1},             /* key not a string */
		{"{\"a\": 1e}", 8},        /* exponent without digits */
	};
	dt_jreader r;
	dt_jobj o = {0};
	(void)state;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		if (read_obj(bad[i].text, &r, &o) != -1 || r.err_off != bad[i].off)
			fail_msg("'%s': offset %zu (%s), expected %zu", bad[i].text,
			         r.err_off, r.err_what ? r.err_what : "-", bad[i].off);
		assert_non_null(r.err_what);
	}
	/* 300 nested arrays in an object: refused past 256 levels; the object
	 * is level 1, so the 256th '[' (byte 6 + 255) is level 257 */
	char deep[400] = "{\"a\": ";
	for (int i = 0; i < 300; i++)
		strcat(deep, "[");
	assert_int_equal(read_obj(deep, &r, &o), -1);
	assert_int_equal(r.err_off, 6 + 255);
	dt_jobj_free(&o);
}

/* Walking a document: members, elements, scalars read on their own. */
static void walking(void **state)
{
	static const char doc[] = " {\"log_history\": [{\"loss\": 1}, 7, {}], "
	                          "\"global_step\": 3}  ";
	dt_jreader r;
	dt_jobj o = {0};
	dt_jval v;
	char key[8];
	size_t klen;
	int first = 1, efirst = 1;
	(void)state;
	dt_jr_init(&r, doc, sizeof doc - 1);
	assert_int_equal(dt_jr_begin(&r, '{'), 0);
	assert_int_equal(dt_jr_member(&r, &first, key, sizeof key, &klen), 1);
	assert_int_equal(klen, 11); /* "log_history", cut to 7 bytes + NUL */
	assert_string_equal(key, "log_his");
	assert_int_equal(dt_jr_begin(&r, '['), 0);
	assert_int_equal(dt_jr_element(&r, &efirst), 1);
	assert_int_equal(dt_jr_object(&r, &o), 0);
	assert_int_equal(o.n, 1);
	assert_int_equal(dt_jr_element(&r, &efirst), 1);
	assert_int_equal(dt_jr_value(&r, &v, NULL), 0);
	assert_true(v.type == DT_JNUMBER && v.i == 7);
	assert_int_equal(dt_jr_element(&r, &efirst), 1);
	assert_int_equal(dt_jr_skip(&r), 0);
	assert_int_equal(dt_jr_element(&r, &efirst), 0);
	assert_int_equal(dt_jr_member(&r, &first, key, sizeof key, &klen), 1);
	assert_int_equal(dt_jr_value(&r, &v, &o), 0);
	assert_int_equal(v.i, 3);
	assert_int_equal(dt_jr_member(&r, &first, key, sizeof key, &klen), 0);
	assert_int_equal(dt_jr_peek(&r), -1);
	dt_jobj_free(&o);
}

/* The JSON-lines fast path (dt_jr_object_known): a line of known keys
 * and scalar values is read up to and with its newline; anything else is
 * declined (0) without consuming, for dt_jr_object to read. */
static void known_keys(void **state)
{
	static const char *const names[] = {"step", "loss", "lr", "note"};
	dt_jkey keys[4];
	int slots[4];
	size_t hint = 0;
	dt_jreader r;
	dt_jobj o = {0};
	(void)state;
	for (int i = 0; i < 4; i++)
		keys[i] = (dt_jkey){names[i], strlen(names[i]),
		                    dt_jr_key_hash(names[i], strlen(names[i]))};
	keys[3].key = NULL; /* "note": known but not plain, never matched */
	/* two lines; the first is 39 bytes with its CR LF: {"step": 7,
	 * (11 bytes) "loss": NaN, (13) "lr": 1e-3 } (13) CR LF (2) */
	const char *two = "{\"step\": 7, \"loss\": NaN, \"lr\": 1e-3 }\r\n"
	                  "{\"lr\":-Infinity,\"step\":8}";
	dt_jr_init(&r, two, strlen(two));
	assert_int_equal(dt_jr_object_known(&r, &o, keys, 3, slots, &hint), 1);
	assert_int_equal(r.pos, 39);
	assert_int_equal(o.n, 3);
	assert_int_equal(slots[0], 0);
	assert_int_equal(slots[1], 1);
	assert_int_equal(slots[2], 2);
	assert_int_equal(hint, 0); /* the next line is expected to start as
	                            * this one did */
	assert_string_equal(o.m[1].key, "loss");
	assert_int_equal(o.m[0].v.type, DT_JNUMBER);
	assert_true(o.m[0].v.is_int && o.m[0].v.i == 7);
	assert_true(isnan(o.m[1].v.d));
	assert_true(o.m[2].v.d == 1e-3 && o.m[2].v.rawlen == 4);
	assert_ptr_equal(dt_jobj_get(&o, "lr"), &o.m[2].v);
	/* the second line: keys out of order, no newline at the end */
	dt_jr_init(&r, two + 39, strlen(two + 39));
	assert_int_equal(dt_jr_object_known(&r, &o, keys, 3, slots, &hint), 1);
	assert_int_equal(r.pos, strlen(two + 39));
	assert_int_equal(o.n, 2);
	assert_int_equal(slots[0], 2);
	assert_int_equal(slots[1], 0);
	assert_int_equal(hint, 2);
	assert_true(isinf(o.m[0].v.d) && o.m[0].v.d < 0);
	/* a string value is copied and NUL-terminated; {} has no member */
	const char *str = "{\"loss\": \"0.00\"}\n{ }\n";
	dt_jr_init(&r, str, strlen(str));
	assert_int_equal(dt_jr_object_known(&r, &o, keys, 3, slots, &hint), 1);
	assert_int_equal(o.m[0].v.type, DT_JSTRING);
	assert_string_equal(o.m[0].v.s, "0.00");
	assert_int_equal(o.m[0].v.slen, 4);
	r.data += r.pos;
	r.len -= r.pos;
	r.pos = 0;
	assert_int_equal(dt_jr_object_known(&r, &o, keys, 3, slots, &hint), 1);
	assert_int_equal(o.n, 0);
	/* declined: an unknown key, a key not plain, a repeated key, a nested
	 * value, an escape, a comment, a line feed inside, text after the
	 * object, a trailing comma, single quotes */
	static const char *const no[] = {
		"{\"step\": 1, \"eval\": 2}\n", "{\"note\": 1}\n",
		"{\"step\": 1, \"step\": 2}\n", "{\"step\": [1]}\n",
		"{\"lo\\u0073s\": 1}\n", "{\"loss\": \"a\\\"b\"}\n",
		"{\"step\": 1 /* c */}\n", "{\"step\":\n 1}\n", "{\"step\": 1} x\n",
		"{\"step\": 1,}\n", "{'step': 1}\n", "[1]\n", "\n",
		"{\"step\": 1", "{\"step\": 1e}\n",
	};
	for (size_t i = 0; i < sizeof no / sizeof no[0]; i++) {
		dt_jr_init(&r, no[i], strlen(no[i]));
		assert_int_equal(dt_jr_object_known(&r, &o, keys, 4, slots, &hint), 0);
		assert_int_equal(r.pos, 0);
	}
	dt_jobj_free(&o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(python_tokens),
		cmocka_unit_test(long_numbers),
		cmocka_unit_test(strings_and_structure),
		cmocka_unit_test(errors),
		cmocka_unit_test(walking),
		cmocka_unit_test(known_keys),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
