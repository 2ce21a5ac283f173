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
#include "model/util/digits.h"
#include "model/util/num.h"
#include "model/util/text.h"
#include "model/core/name.h"

static double num(const char *s)
{
	double v = -12345;
	assert_int_equal(dt_parse_double_field(s, strlen(s), &v), 0);
	return v;
}

/* A run of digits, eight bytes at a time (model/util/digits.h), against
 * values written out by hand; `len` is where the buffer ends (nothing
 * past it may be read: the strings are copied to exact-size heap blocks,
 * so AddressSanitizer sees any read past them). */
static size_t run(const char *s, size_t len, size_t from, uint64_t *mant)
{
	char *b = malloc(len ? len : 1);
	assert_non_null(b);
	memcpy(b, s, len);
	*mant = 0;
	size_t end = dt_digits_run(b, from, len, mant);
	free(b);
	return end;
}

static void digit_runs(void **state)
{
	(void)state;
	uint64_t m;
	/* 20 digits: two full words, then 4 (12345678901234567890 < 2^64) */
	assert_int_equal(run("12345678901234567890x", 21, 0, &m), 20);
	assert_true(m == 12345678901234567890ull);
	/* exactly 8 digits, then a comma */
	assert_int_equal(run("98765432,", 9, 0, &m), 8);
	assert_true(m == 98765432);
	/* 7 digits ending the buffer: fewer than 8 bytes, read one by one */
	assert_int_equal(run("1234567", 7, 0, &m), 7);
	assert_true(m == 1234567);
	/* leading zeros, then 'e' */
	assert_int_equal(run("00000042e-05", 12, 0, &m), 8);
	assert_true(m == 42);
	/* '/' (0x2F) and ':' (0x3A), the bytes either side of the digits */
	assert_int_equal(run("12/:3456789", 11, 0, &m), 2);
	assert_true(m == 12);
	assert_int_equal(run(":12345678", 9, 0, &m), 0);
	assert_true(m == 0);
	/* a byte with the high bit set after the first digit */
	assert_int_equal(run("1\xb0" "2345678", 9, 0, &m), 1);
	assert_true(m == 1);
	/* from the middle: "585112" after "2." */
	assert_int_equal(run("2.585112,2.0", 12, 2, &m), 8);
	assert_true(m == 585112);
	/* numbers that end where the buffer ends, and the same followed by
	 * more text (the eight-byte path) */
	double v;
	size_t used;
	assert_int_equal(dt_parse_double("2.585112", 8, &v, &used), 0);
	assert_true(v == 2.585112 && used == 8);
	assert_int_equal(dt_parse_double("2.585112,2.000000e-04", 21, &v,
	                                 &used), 0);
	assert_true(v == 2.585112 && used == 8);
	assert_int_equal(dt_parse_double("2.000000e-04\n", 13, &v, &used), 0);
	assert_true(v == 2e-4 && used == 12);
	/* 19 digits (mant 1234567890123456789 > 2^53: the extended path) */
	assert_int_equal(dt_parse_double("1234567890.123456789,", 21, &v,
	                                 &used), 0);
	assert_true(v == 1234567890.123456789 && used == 20);
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

/* dt_parse_double equals the C library's correctly rounded strtod (C
 * locale) on 200000 random 15..19-digit decimals with exponents -30..30
 * (the extended-precision path and its strtod fallback), on a number
 * whose 20th digit decides the rounding, and on halfway cases. */
static void correctly_rounded(void **state)
{
	(void)state;
	uint64_t x = 0x9E3779B97F4A7C15ULL;
	char buf[64];
	for (int i = 0; i < 200000; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		int digits = 15 + (int)(x % 5), e = (int)((x >> 8) % 61) - 30;
		uint64_t m = (x >> 16) % 10000000000000000000ULL;
		snprintf(buf, sizeof buf, "%llu", (unsigned long long)m);
		buf[digits < (int)strlen(buf) ? digits : (int)strlen(buf)] = '\0';
		size_t n = strlen(buf);
		snprintf(buf + n, sizeof buf - n, "e%d", e);
		double want = strtod(buf, NULL), got;
		assert_int_equal(dt_parse_double_field(buf, strlen(buf), &got), 0);
		if (got != want)
			fail_msg("%s: %a, strtod %a", buf, got, want);
	}
	/* 2^-1074 * odd halfway-ish and 9007199254740993 (2^53 + 1: halfway,
	 * ties to even 2^53); 20 digits where the last one breaks the tie */
	static const char *const edge[] = {
		"9007199254740993", "9007199254740993.0000000000001",
		"0.30000000000000004", "1.9999999999999998e-05",
		"8.98846567431158e307", "4.9406564584124654e-324",
		"2.2250738585072011e-308", "123456789012345678901e-3",
		"0.1000000000000000055511151231257827021181583404541015625",
	};
	for (size_t i = 0; i < sizeof edge / sizeof edge[0]; i++) {
		double got;
		assert_int_equal(dt_parse_double_field(edge[i], strlen(edge[i]),
		                                       &got), 0);
		if (got != strtod(edge[i], NULL))
			fail_msg("%s: %a, strtod %a", edge[i], got, strtod(edge[i], NULL));
	}
}

/* Differential against strtod ("C" locale) on 300000 generated strings
 * of every short layout a log writes and some it should not: a sign or
 * none, 0..12 integer digits (leading zeros too), a '.' or none, 0..12
 * fraction digits, an exponent or a cut one ("e", "e+"), then a comma or
 * junk or the end of the buffer. Each is parsed from a buffer of exactly
 * its length (no NUL after it: AddressSanitizer sees any overread). The
 * value (bit for bit) and the bytes consumed must be strtod's, and
 * dt_parse_double must fail exactly when strtod reads nothing. */
static void equals_strtod_on_layouts(void **state)
{
	(void)state;
	uint64_t x = 0x2545F4914F6CDD1DULL;
	char buf[64];
	static const char *const tails[] = {"", ",", "x", "e", "e+", "E-",
	                                    " ", "\r\n", ".5", "e999"};
	for (int i = 0; i < 300000; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		uint64_t r = x;
		size_t n = 0;
		int sign = (int)(r % 4);
		r /= 4;
		if (sign == 1)
			buf[n++] = '-';
		else if (sign == 2)
			buf[n++] = '+';
		int nint = (int)(r % 13), nfrac = (int)((r / 13) % 13);
		int dot = (int)((r / 169) % 3) != 0, ex = (int)((r / 507) % 4);
		uint64_t d = x * 0x9E3779B97F4A7C15ULL;
		for (int k = 0; k < nint; k++, d = d * 6364136223846793005ULL + 1)
			buf[n++] = (char)('0' + (d >> 60) % 10);
		if (dot)
			buf[n++] = '.';
		for (int k = 0; dot && k < nfrac; k++,
		     d = d * 6364136223846793005ULL + 1)
			buf[n++] = (char)('0' + (d >> 60) % 10);
		if (ex == 1)
			n += (size_t)snprintf(buf + n, sizeof buf - n, "e%d",
			                      (int)((d >> 40) % 700) - 350);
		else if (ex == 2)
			n += (size_t)snprintf(buf + n, sizeof buf - n, "E+%d",
			                      (int)((d >> 40) % 30));
		const char *t = tails[(d >> 20) % (sizeof tails / sizeof tails[0])];
		memcpy(buf + n, t, strlen(t));
		n += strlen(t);
		char *exact = malloc(n ? n : 1), z[64], *e;
		assert_non_null(exact);
		memcpy(exact, buf, n);
		memcpy(z, buf, n);
		z[n] = '\0';
		double want = strtod(z, &e), got = 0;
		size_t used = 0;
		int rc = dt_parse_double(exact, n, &got, &used);
		free(exact);
		if (e == z) {
			if (rc != -1)
				fail_msg("%s: parsed, strtod reads nothing", z);
			continue;
		}
		if (rc != 0 || used != (size_t)(e - z) ||
		    memcmp(&got, &want, sizeof got) != 0)
			fail_msg("%s: rc %d, %a after %zu bytes; strtod %a after %zu",
			         z, rc, got, used, want, (size_t)(e - z));
	}
	/* longer than the slow path's 128-byte stack copy: 300 digits, the
	 * first 150 ones, then "e-200" (fuzz/fuzz_num.c found it cut) */
	char lng[320];
	memset(lng, '1', 150);
	memset(lng + 150, '7', 150);
	memcpy(lng + 300, "e-200", 6);
	double got, want = strtod(lng, NULL);
	assert_int_equal(dt_parse_double_field(lng, strlen(lng), &got), 0);
	assert_memory_equal(&got, &want, sizeof got);
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

/* Format characters are dropped: U+202E (E2 80 AE), U+200B (E2 80 8B),
 * U+200D (E2 80 8D), U+FEFF (EF BB BF), U+2066 (E2 81 A6), U+2028 (E2 80
 * A8); a visible neighbour (U+2013 en dash, E2 80 93) stays. */
static void sanitises_format_characters(void **state)
{
	(void)state;
	char out[64];
	dt_sanitize("\xe2\x80\xae" "gpj.exe", out, sizeof out);
	assert_string_equal(out, "gpj.exe");
	dt_sanitize("a\xe2\x80\x8b" "b\xe2\x80\x8d" "c\xef\xbb\xbf" "d", out,
	            sizeof out);
	assert_string_equal(out, "abcd");
	dt_sanitize("x\xe2\x81\xa6" "y\xe2\x80\xa8" "z\xe2\x80\x93", out,
	            sizeof out);
	assert_string_equal(out, "xyz\xe2\x80\x93");
	assert_int_equal(dt_text_is_format_char(0x202E), 1);
	assert_int_equal(dt_text_is_format_char(0xE0041), 1);
	assert_int_equal(dt_text_is_format_char(0x2013), 0);
}

/* dt_text_check names the field and the byte offset of what it refuses. */
/* A CSV header "lo" U+202E "ss" and "lr" U+200B: the name is "loss" /
 * "lr" once the hidden code points go (2 and 1 dropped, counted by
 * hand); a tab and a C1 CSI go too; an invalid byte (0xff) stays. The
 * escaped form shows each as \uXXXX, the invalid byte as \xff, the
 * tag character U+E0041 as \U000e0041. */
static void drops_and_escapes_hidden(void **state)
{
	(void)state;
	char out[64];
	assert_int_equal(dt_text_drop_hidden("lo\xe2\x80\xae" "ss\xe2\x80\xac",
	                                     out, sizeof out), 2);
	assert_string_equal(out, "loss");
	assert_int_equal(dt_text_drop_hidden("lr\xe2\x80\x8b", out, sizeof out), 1);
	assert_string_equal(out, "lr");
	assert_int_equal(dt_text_drop_hidden("a\tb\xc2\x9b" "c\xff", out,
	                                     sizeof out), 2);
	assert_string_equal(out, "abc\xff");
	assert_int_equal(dt_text_drop_hidden("loss", out, sizeof out), 0);
	assert_string_equal(out, "loss");
	char inplace[] = "\xef\xbb\xbf" "step";  /* a BOM, in place */
	assert_int_equal(dt_text_drop_hidden(inplace, inplace, sizeof inplace), 1);
	assert_string_equal(inplace, "step");
	dt_text_escape_hidden("lo\xe2\x80\xae" "ss", out, sizeof out);
	assert_string_equal(out, "lo\\u202ess");
	dt_text_escape_hidden("a\tb\xff" "c\xf3\xa0\x81\x81", out, sizeof out);
	assert_string_equal(out, "a\\u0009b\\xffc\\U000e0041");
	/* cut before an escape that does not fit: "lo" + 6 bytes > 7 */
	dt_text_escape_hidden("lo\xe2\x80\xae" "ss", out, 7);
	assert_string_equal(out, "lo");
}

static void checks_people_text(void **state)
{
	(void)state;
	char err[200];
	assert_int_equal(dt_text_check("fine text", 20, DT_TEXT_LINE, "note",
	                               err, sizeof err), 0);
	assert_int_equal(dt_text_check("two\nlines", 20, DT_TEXT_MULTILINE,
	                               "note", err, sizeof err), 0);
	assert_int_equal(dt_text_check("two\nlines", 20, DT_TEXT_LINE, "note",
	                               err, sizeof err), -1);
	assert_string_equal(err, "note: a newline at byte 3 (one line only)");
	assert_int_equal(dt_text_check("ab\x1b[2J", 20, DT_TEXT_MULTILINE, "note",
	                               err, sizeof err), -1);
	assert_string_equal(err, "note: a control character at byte 2");
	assert_int_equal(dt_text_check("ok\xc2\x9b", 20, DT_TEXT_LINE, "note",
	                               err, sizeof err), -1);
	assert_string_equal(err, "note: a control character at byte 2");
	assert_int_equal(dt_text_check("abc\xe2\x80\xae", 20, DT_TEXT_LINE,
	                               "name", err, sizeof err), -1);
	assert_string_equal(err, "name: invisible format character U+202E at "
	                    "byte 3 (bidi override, zero-width or similar)");
	assert_int_equal(dt_text_check("a\xff", 20, DT_TEXT_LINE, "name", err,
	                               sizeof err), -1);
	assert_string_equal(err, "name: invalid UTF-8 at byte 1");
	assert_int_equal(dt_text_check("12345", 4, DT_TEXT_LINE, "name", err,
	                               sizeof err), -1);
	assert_string_equal(err, "name: 5 bytes, at most 4 allowed");
	assert_int_equal(dt_text_blank(" \n\t"), 1);
	assert_int_equal(dt_text_blank(" x "), 0);
}

/* Whole numbers typed by people: digits only. */
static void strict_numbers(void **state)
{
	(void)state;
	int64_t i;
	double d;
	assert_int_equal(dt_parse_int_strict("5", 1, 10, &i), 0);
	assert_int_equal(i, 5);
	assert_int_equal(dt_parse_int_strict(" 5", 1, 10, &i), -1);
	assert_int_equal(dt_parse_int_strict("-0", 0, 10, &i), -1);
	assert_int_equal(dt_parse_int_strict("0", 1, 10, &i), -1);
	assert_int_equal(dt_parse_int_strict("99999999999999999999", 0,
	                                     INT64_MAX, &i), -1);
	assert_int_equal(dt_parse_real_strict("0.02", 0, 0.5, &d), 0);
	assert_true(d == 0.02);
	assert_int_equal(dt_parse_real_strict("2e-2", 0, 0.5, &d), 0);
	assert_int_equal(dt_parse_real_strict(" 0.02", 0, 0.5, &d), -1);
	assert_int_equal(dt_parse_real_strict("inf", 0, 1e308, &d), -1);
	assert_int_equal(dt_parse_real_strict("1e309", 0, 1e308, &d), -1);
	assert_int_equal(dt_parse_real_strict("-1", 0, 1, &d), -1);
	assert_int_equal(dt_parse_real_strict(".", 0, 1, &d), -1);
}

/* The name rule (core/name.h). */
static void name_rule(void **state)
{
	(void)state;
	char err[200];
	assert_int_equal(dt_name_valid("llama3-8b-lora-trn2"), 1);
	assert_int_equal(dt_name_valid("\xe2\x80\xae" "evil"), 0);
	assert_int_equal(dt_name_valid(" lead"), 0);
	/* a no-break space at an end, a default-ignorable inside: names that
	 * looked like 'r' and 'base' (reliability trial) */
	assert_int_equal(dt_name_valid("r\xc2\xa0"), 0);
	assert_int_equal(dt_name_valid("\xe3\x80\x80r"), 0);
	assert_int_equal(dt_name_valid("base\xcd\x8f"), 0);       /* U+034F */
	assert_int_equal(dt_name_valid("a\xe3\x85\xa4"), 0);      /* U+3164 */
	assert_int_equal(dt_name_valid("a\xef\xb8\x8f"), 0);      /* U+FE0F */
	assert_int_equal(dt_name_valid("a\xe1\x85\x9f"), 0);      /* U+115F */
	assert_int_equal(dt_name_valid("a\xef\xbe\xa0"), 0);      /* U+FFA0 */
	assert_int_equal(dt_name_valid("r\xc2\xa0x"), 1); /* inside: shown */
	assert_int_equal(dt_name_valid("caf\xc3\xa9"), 1);
	assert_int_equal(dt_name_valid(""), 0);
	assert_int_equal(dt_name_valid("a\tb"), 0);
	assert_int_equal(dt_name_check("x\xe2\x80\x8by", "run name", err,
	                               sizeof err), -1);
	assert_string_equal(err, "run name: invisible format character U+200B "
	                    "at byte 1 (bidi override, zero-width or similar)");
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
	/* issue 11 contract: schema_version first; non-finite values are
	 * null, listed by JSON Pointer at the end */
	assert_string_equal(buf, "{\"schema_version\":1,"
	                         "\"s\":\"q\\\"\\u001b[2J\\ufffd\","
	                         "\"v\":[null,null,0.1,42,null],"
	                         "\"non_finite_count\":2,\"non_finite\":["
	                         "{\"path\":\"/v/0\",\"value\":\"nan\"},"
	                         "{\"path\":\"/v/1\",\"value\":\"-inf\"}]}");
	free(buf);
	/* a document with its own schema (dt_jw_init_plain): no additions;
	 * a key with '/' and '~' is escaped in the pointer (RFC 6901) */
	f = open_memstream(&buf, &len);
	dt_jw_init_plain(&w, f, 0);
	dt_jw_obj_begin(&w);
	dt_jw_key(&w, "a/b~c");
	dt_jw_num(&w, INFINITY);
	dt_jw_obj_end(&w);
	fclose(f);
	assert_string_equal(buf, "{\"a/b~c\":null}");
	free(buf);
	f = open_memstream(&buf, &len);
	dt_jw_init(&w, f, 0);
	dt_jw_obj_begin(&w);
	dt_jw_key(&w, "a/b~c");
	dt_jw_num(&w, INFINITY);
	dt_jw_obj_end(&w);
	fclose(f);
	assert_string_equal(buf, "{\"schema_version\":1,\"a/b~c\":null,"
	                         "\"non_finite_count\":1,\"non_finite\":["
	                         "{\"path\":\"/a~1b~0c\",\"value\":\"inf\"}]}");
	free(buf);
	/* a value not known: a NULL or empty string and NaN are null, NaN
	 * not listed as non-finite; infinity still is */
	f = open_memstream(&buf, &len);
	dt_jw_init(&w, f, 0);
	dt_jw_obj_begin(&w);
	dt_jw_key(&w, "v");
	dt_jw_arr_begin(&w);
	dt_jw_str_or_null(&w, NULL);
	dt_jw_str_or_null(&w, "");
	dt_jw_str_or_null(&w, "x");
	dt_jw_num_or_null(&w, NAN);
	dt_jw_num_or_null(&w, 2.5);
	dt_jw_num_or_null(&w, INFINITY);
	dt_jw_arr_end(&w);
	dt_jw_obj_end(&w);
	fclose(f);
	assert_string_equal(buf, "{\"schema_version\":1,"
	                         "\"v\":[null,null,\"x\",null,2.5,null],"
	                         "\"non_finite_count\":1,\"non_finite\":["
	                         "{\"path\":\"/v/5\",\"value\":\"inf\"}]}");
	free(buf);
}

/* Text from logs that a terminal would reorder or hide, in any string or
 * key: bidi embeddings/overrides (U+202A..U+202E) and isolates
 * (U+2066..U+2069), zero-width characters (U+200B, U+FEFF), C1 controls
 * (U+009B CSI), the line separator U+2028 and a tag character (U+E0061,
 * above U+FFFF: a UTF-16 surrogate pair, RFC 8259 section 7) are written
 * as \uXXXX escapes, so the parsed string is the same and no raw
 * character reaches a terminal; other UTF-8 (e, arrow) is kept; an
 * overlong (E0 80 80) or surrogate (ED A0 80) sequence is invalid UTF-8:
 * U+FFFD for each byte, as for any invalid byte. */
static void json_writer_invisible(void **state)
{
	(void)state;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	dt_jw w;
	dt_jw_init_plain(&w, f, 0);
	dt_jw_obj_begin(&w);
	dt_jw_key(&w, "lo\xe2\x80\xaess\xe2\x80\xac");
	dt_jw_str(&w, "a\xe2\x80\xae" "b\xe2\x80\xac \xe2\x81\xa6i\xe2\x81\xa9"
	              " z\xe2\x80\x8bw\xef\xbb\xbf c\xc2\x9b" "1\xe2\x80\xa8"
	              " t\xf3\xa0\x81\xa1 \xc3\xa9\xe2\x86\x92 \xe0\x80\x80"
	              "\xed\xa0\x80");
	dt_jw_obj_end(&w);
	fclose(f);
	assert_string_equal(buf, "{\"lo\\u202ess\\u202c\":"
	                         "\"a\\u202eb\\u202c \\u2066i\\u2069"
	                         " z\\u200bw\\ufeff c\\u009b1\\u2028"
	                         " t\\udb40\\udc61 \xc3\xa9\xe2\x86\x92 "
	                         "\\ufffd\\ufffd\\ufffd\\ufffd\\ufffd\\ufffd\"}");
	free(buf);
}

/* Text that may span lines (rationales, notes): each newline is kept and
 * followed by the indent; everything else is made safe as dt_sanitize
 * does (an escape sequence, BEL, a C1 CSI, a carriage return, U+202E and
 * U+200B on the second line; a tab is one space). */
static void sanitises_lines(void **state)
{
	(void)state;
	char out[64];
	dt_sanitize_lines("go\nstep 4 ok\n", "    ", out, sizeof out);
	assert_string_equal(out, "go\n    step 4 ok\n    ");
	dt_sanitize_lines("a\x1b[2Jb\x07\n\xe2\x80\xae" "c\xe2\x80\x8b" "d\xc2\x9b"
	                  "e\rf\tg", NULL, out, sizeof out);
	assert_string_equal(out, "a?[2Jb?\ncd?e?f g");
	/* the indent counts in the size: "ab\n" + 2 of "--" fits 6 bytes */
	dt_sanitize_lines("ab\ncd", "--", out, 6);
	assert_string_equal(out, "ab\n--");
	/* dt_sanitize itself still shows a newline as '?' (one line) */
	dt_sanitize("a\nb", out, sizeof out);
	assert_string_equal(out, "a?b");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(digit_runs),
		cmocka_unit_test(parses_log_spellings),
		cmocka_unit_test(correctly_rounded),
		cmocka_unit_test(equals_strtod_on_layouts),
		cmocka_unit_test(independent_of_locale),
		cmocka_unit_test(sanitises_escape_sequences),
		cmocka_unit_test(sanitises_format_characters),
		cmocka_unit_test(drops_and_escapes_hidden),
		cmocka_unit_test(sanitises_lines),
		cmocka_unit_test(checks_people_text),
		cmocka_unit_test(strict_numbers),
		cmocka_unit_test(name_rule),
		cmocka_unit_test(json_writer),
		cmocka_unit_test(json_writer_invisible),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
