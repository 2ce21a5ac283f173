/* test_num_text.c: locale-independent number parsing, terminal
 * sanitising and the JSON writer's escaping and non-finite strings. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "model/util/jsonw.h"
#include "model/util/num.h"
#include "model/util/text.h"

static double num(const char *s)
{
	double v = -12345;
	assert_int_equal(dt_parse_double_field(s, strlen(s), &v), 0);
	return v;
}

static void parses_log_spellings(void **state)
{
	(void)state;
	assert_true(num("2.4977") == 2.4977);
	assert_true(num("1.086954E+01") == 10.86954);
	assert_true(num("7.5e-9") == 7.5e-9);
	assert_true(num("4.000000E-05") == 4e-05);
	assert_true(num("0.004618937644341801") == 0.004618937644341801);
	assert_true(num("2.380746355434848e+18") == 2.380746355434848e+18);
	assert_true(num("338649581355008.0") == 338649581355008.0);
	assert_true(num("-0.5") == -0.5);
	assert_true(isnan(num("nan")));
	assert_true(isnan(num("NaN")));
	assert_true(isinf(num("inf")) && num("inf") > 0);
	assert_true(isinf(num("Infinity")));
	assert_true(num("-Infinity") < 0 && isinf(num("-Infinity")));
	double v;
	assert_int_equal(dt_parse_double_field("abc", 3, &v), -1);
	assert_int_equal(dt_parse_double_field("1.5x", 4, &v), -1);
	assert_int_equal(dt_parse_double_field("", 0, &v), -1);
	int64_t st;
	assert_int_equal(dt_parse_step("39.00", 5, &st), 0);
	assert_int_equal(st, 39);
	assert_int_equal(dt_parse_step("1.5", 3, &st), -1);
}

/* A decimal-comma locale must not change how logs parse. */
static void independent_of_locale(void **state)
{
	(void)state;
	if (!setlocale(LC_NUMERIC, "de_DE.UTF-8") &&
	    !setlocale(LC_NUMERIC, "fr_FR.UTF-8"))
		skip();
	/* long mantissa: forces the strtod fallback path */
	assert_true(num("0.12345678901234567890") == 0.12345678901234568);
	assert_true(num("2.5") == 2.5);
	setlocale(LC_NUMERIC, "C");
}

static void sanitises_escape_sequences(void **state)
{
	(void)state;
	char out[64];
	dt_sanitize("run\x1b[31mred\x07\tx", out, sizeof out);
	assert_string_equal(out, "run?[31mred? x");
	dt_sanitize("a\xc2\x9b" "b", out, sizeof out); /* C1 CSI */
	assert_string_equal(out, "a?b");
	dt_sanitize("bad\xff utf8 \xe2\x96\x88", out, sizeof out);
	assert_string_equal(out, "bad? utf8 \xe2\x96\x88");
	dt_sanitize("\xe2\x96\x88\xe2\x96\x88", out, 5); /* no split char */
	assert_string_equal(out, "\xe2\x96\x88");
}

static void json_writer(void **state)
{
	(void)state;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	dt_jw w;
	dt_jw_init(&w, f, 0);
	dt_jw_obj_begin(&w);
	dt_jw_key(&w, "s");
	dt_jw_str(&w, "q\"\x1b[2J\xff");
	dt_jw_key(&w, "v");
	dt_jw_arr_begin(&w);
	dt_jw_num(&w, NAN);
	dt_jw_num(&w, -INFINITY);
	dt_jw_num(&w, 0.1);
	dt_jw_int(&w, 42);
	dt_jw_null(&w);
	dt_jw_arr_end(&w);
	dt_jw_obj_end(&w);
	fclose(f);
	assert_string_equal(buf, "{\"s\":\"q\\\"\\u001b[2J\\ufffd\","
	                         "\"v\":[\"nan\",\"-inf\",0.1,42,null]}");
	free(buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(parses_log_spellings),
		cmocka_unit_test(independent_of_locale),
		cmocka_unit_test(sanitises_escape_sequences),
		cmocka_unit_test(json_writer),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
