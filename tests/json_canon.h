/* json_canon.h: a canonical text of a JSON value, from json-c's tree and
 * from a walk with the pull reader (importers/jsonpull.h), for the
 * differential test (tests/test_json_differential.c) and the fuzz harness
 * (fuzz/fuzz_jsonpull.c). Equal texts = the same value: type, integer or
 * double bits, decoded string bytes, keys in order (a key written twice:
 * first position, last value, as json-c keeps it). static inline so each
 * user takes what it needs. */
#ifndef DT_JSON_CANON_H
#define DT_JSON_CANON_H

#include <json-c/json.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "importers/jsonpull.h"
#include "model/util/strbuf.h"


static inline void canon_str(dt_strbuf *b, const char *s, size_t n)
{
	dt_sb_printf(b, "s%zu:", n);
	dt_sb_put(b, s, n);
}

static inline void canon_double(dt_strbuf *b, double d)
{
	if (isnan(d))
		dt_sb_printf(b, "dnan");
	else
		dt_sb_printf(b, "d%a", d);
}

static inline void canon_jc(dt_strbuf *b, json_object *o)
{
	switch (json_object_get_type(o)) {
	case json_type_null:
		dt_sb_put(b, "n", 1);
		break;
	case json_type_boolean:
		dt_sb_put(b, json_object_get_boolean(o) ? "t" : "f", 1);
		break;
	case json_type_int:
		dt_sb_printf(b, "i%lld", (long long)json_object_get_int64(o));
		break;
	case json_type_double:
		canon_double(b, json_object_get_double(o));
		break;
	case json_type_string:
		canon_str(b, json_object_get_string(o),
		          (size_t)json_object_get_string_len(o));
		break;
	case json_type_array:
		dt_sb_put(b, "[", 1);
		for (size_t i = 0; i < json_object_array_length(o); i++)
			canon_jc(b, json_object_array_get_idx(o, i));
		dt_sb_put(b, "]", 1);
		break;
	case json_type_object:
		dt_sb_put(b, "{", 1);
		json_object_object_foreach(o, k, v) {
			canon_str(b, k, strlen(k));
			canon_jc(b, v);
		}
		dt_sb_put(b, "}", 1);
		break;
	}
}

static inline void canon_val(dt_strbuf *b, const dt_jval *v)
{
	switch (v->type) {
	case DT_JNULL: dt_sb_put(b, "n", 1); break;
	case DT_JTRUE: dt_sb_put(b, "t", 1); break;
	case DT_JFALSE: dt_sb_put(b, "f", 1); break;
	case DT_JNUMBER:
		if (v->is_int)
			dt_sb_printf(b, "i%lld", (long long)v->i);
		else
			canon_double(b, v->d);
		break;
	case DT_JSTRING: canon_str(b, v->s, v->slen); break;
	default: dt_sb_put(b, "?", 1); break;
	}
}

/* Walk the value at r with the pull reader. A key written twice keeps
 * its first position and its last value (what json-c's tree holds).
 * Returns 0 or -1. */
static inline int canon_jr_at(dt_strbuf *b, dt_jreader *r, dt_jobj *tmp,
                              int depth)
{
	int c = dt_jr_peek(r), first = 1, k;
	if ((c == '{' || c == '[') && depth >= DT_JR_MAX_DEPTH)
		return -1; /* the walk's own limit, like the reader's */
	if (c == '{') {
		static char key[65536];
		size_t klen, n = 0;
		char **keys = NULL, **vals = NULL;
		r->pos++;
		while ((k = dt_jr_member(r, &first, key, sizeof key, &klen)) == 1) {
			dt_strbuf v = {0};
			char *kc = strdup(key); /* key[] is reused below */
			if (canon_jr_at(&v, r, tmp, depth + 1) < 0) {
				free(kc);
				free(dt_sb_take(&v));
				k = -1;
				break;
			}
			size_t i = 0;
			while (i < n && strcmp(keys[i], kc) != 0)
				i++;
			if (i == n) {
				keys = realloc(keys, (n + 1) * sizeof *keys);
				vals = realloc(vals, (n + 1) * sizeof *vals);
				keys[n] = kc;
				vals[n++] = NULL;
			} else {
				free(kc);
			}
			free(vals[i]);
			vals[i] = dt_sb_take(&v);
		}
		dt_sb_put(b, "{", 1);
		for (size_t i = 0; i < n; i++) {
			if (k < 0) {
				free(keys[i]);
				free(vals[i]);
				continue;
			}
			canon_str(b, keys[i], strlen(keys[i]));
			dt_sb_printf(b, "%s", vals[i]);
			free(keys[i]);
			free(vals[i]);
		}
		free(keys);
		free(vals);
		dt_sb_put(b, "}", 1);
		return k;
	}
	if (c == '[') {
		r->pos++;
		dt_sb_put(b, "[", 1);
		while ((k = dt_jr_element(r, &first)) == 1)
			if (canon_jr_at(b, r, tmp, depth + 1) < 0)
				return -1;
		dt_sb_put(b, "]", 1);
		return k;
	}
	dt_jval v;
	if (dt_jr_value(r, &v, tmp) < 0)
		return -1;
	canon_val(b, &v);
	return 0;
}

static inline int canon_jr(dt_strbuf *b, dt_jreader *r, dt_jobj *tmp)
{
	return canon_jr_at(b, r, tmp, 0);
}

#endif
