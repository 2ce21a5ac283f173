/* fuzz_jsonpull.c: libFuzzer harness for the streaming JSON reader
 * (importers/jsonpull.h), differential against json-c: each input is
 * walked with the pull reader (every value, and each object also read
 * flat with dt_jr_object) and parsed by json-c; when both accept it, the
 * canonical texts (tests/json_canon.h) must be equal, else abort().
 * Inputs where the two differ on purpose are not compared: integers
 * outside int64 (json-c clamps them), nesting deeper than json-c's 32
 * levels (json-c refuses), and inputs json-c reads past a NUL byte. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "importers/jsonpull.h"
#include "tests/json_canon.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* json-c clamped an integer: its tree holds INT64_MAX / INT64_MIN or a
 * uint64 beyond INT64_MAX. */
static int clamped(json_object *o)
{
	switch (json_object_get_type(o)) {
	case json_type_int: {
		int64_t v = json_object_get_int64(o);
		return v == INT64_MAX || v == INT64_MIN;
	}
	case json_type_array:
		for (size_t i = 0; i < json_object_array_length(o); i++)
			if (clamped(json_object_array_get_idx(o, i)))
				return 1;
		return 0;
	case json_type_object: {
		json_object_object_foreach(o, k, v) {
			(void)k;
			if (clamped(v))
				return 1;
		}
		return 0;
	}
	default:
		return 0;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *d = (const char *)data;
	dt_jreader r;
	dt_jobj o = {0};
	dt_strbuf a = {0}, b = {0};
	/* flat read of the whole input as one object: must not crash */
	dt_jr_init(&r, d, size);
	(void)dt_jr_object(&r, &o);
	if (size > 1 << 20 || memchr(d, '\0', size)) {
		dt_jobj_free(&o);
		return 0;
	}
	dt_jr_init(&r, d, size);
	int ours = canon_jr(&b, &r, &o);
	if (ours == 0 && dt_jr_peek(&r) >= 0)
		ours = -1; /* text after the value: json-c stops there too, but
		            * its tree is then compared with a partial walk */
	json_tokener *tok = json_tokener_new();
	json_object *root = json_tokener_parse_ex(tok, d, (int)size);
	if (!root && json_tokener_get_error(tok) == json_tokener_continue)
		root = json_tokener_parse_ex(tok, " ", 1);
	int theirs_ok = root != NULL &&
	                json_tokener_get_parse_end(tok) >= size;
	if (ours == 0 && theirs_ok && !clamped(root)) {
		canon_jc(&a, root);
		char *x = dt_sb_take(&a), *y = dt_sb_take(&b);
		if (x && y && strcmp(x, y) != 0) {
			fprintf(stderr, "json-c: %s\npull:   %s\n", x, y);
			abort();
		}
		free(x);
		free(y);
	} else {
		free(dt_sb_take(&a));
		free(dt_sb_take(&b));
	}
	json_object_put(root);
	json_tokener_free(tok);
	dt_jobj_free(&o);
	return 0;
}
