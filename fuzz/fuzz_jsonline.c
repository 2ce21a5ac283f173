/* fuzz_jsonline.c: libFuzzer harness for the JSON-lines fast path
 * (dt_jr_object_known, importers/jsonpull.h), differential against the
 * general reader dt_jr_object: the input is read line by line as the
 * JSON-lines importer reads it (the fast path first, with the plain keys
 * learnt from earlier lines; dt_jr_object on the line cut at its '\n'
 * when the fast path declines). Whenever the fast path takes a line, it
 * must have consumed exactly that line and its '\n', and dt_jr_object
 * must accept the same line, with only blanks after the object (as the
 * importer checks), and the same members: same keys in the same
 * order, same types, the same integer, double bits, number text and
 * string bytes; else abort(). */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "importers/jsonpull.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void differ(const char *what, size_t line)
{
	fprintf(stderr, "fast path and dt_jr_object differ on line %zu: %s\n",
	        line, what);
	abort();
}

/* Value a (fast path) equals value b (dt_jr_object). */
static int same_value(const dt_jval *a, const dt_jval *b)
{
	if (a->type != b->type)
		return 0;
	switch (a->type) {
	case DT_JNUMBER:
		return a->is_int == b->is_int && (!a->is_int || a->i == b->i) &&
		       memcmp(&a->d, &b->d, sizeof a->d) == 0 &&
		       a->rawlen == b->rawlen && a->raw == b->raw;
	case DT_JSTRING:
		return a->slen == b->slen && a->s && b->s &&
		       memcmp(a->s, b->s, a->slen + 1) == 0;
	default:
		return 1;
	}
}

/* The plain keys of a line read by dt_jr_object join the table (as the
 * importer's key cache does). */
static void learn(const dt_jobj *o, char (*text)[128], dt_jkey *keys,
                  size_t *nkeys)
{
	for (size_t i = 0; i < o->n && *nkeys < DT_JR_KNOWN_MAX; i++) {
		const dt_jmember *m = &o->m[i];
		size_t k;
		for (k = 0; k < *nkeys; k++)
			if (keys[k].key && keys[k].klen == m->klen &&
			    memcmp(keys[k].key, m->key, m->klen) == 0)
				break;
		if (k < *nkeys || m->klen >= 128)
			continue;
		memcpy(text[*nkeys], m->key, m->klen + 1);
		keys[*nkeys] = (dt_jkey){NULL, 0, 0};
		if (dt_jr_key_plain(m->key, m->klen))
			keys[*nkeys] = (dt_jkey){text[*nkeys], m->klen,
			                         dt_jr_key_hash(m->key, m->klen)};
		(*nkeys)++;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char text[DT_JR_KNOWN_MAX][128];
	const char *p = (const char *)data, *end = p + size;
	dt_jkey keys[DT_JR_KNOWN_MAX];
	int slots[DT_JR_KNOWN_MAX];
	size_t nkeys = 0, hint = 0, line = 0;
	dt_jobj fast = {0}, slow = {0};
	while (p < end) {
		dt_jreader r, s;
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		line++;
		dt_jr_init(&r, p, (size_t)(end - p));
		int k = dt_jr_object_known(&r, &fast, keys, nkeys, slots, &hint);
		dt_jr_init(&s, p, n);
		int rc = dt_jr_object(&s, &slow);
		if (k == 1) {
			if (r.pos != n + (nl != NULL))
				differ("the fast path did not end at the newline", line);
			if (rc != 0)
				differ("dt_jr_object refuses a line the fast path took",
				       line);
			for (size_t i = s.pos; i < n; i++)
				if (p[i] != ' ' && p[i] != '\t' && p[i] != '\r')
					differ("text after the object", line);
			if (fast.n != slow.n)
				differ("member counts", line);
			for (size_t i = 0; i < fast.n; i++) {
				const dt_jmember *a = &fast.m[i], *b = &slow.m[i];
				if (a->klen != b->klen || a->hash != b->hash ||
				    memcmp(a->key, b->key, a->klen + 1) != 0 ||
				    slots[i] < 0 || (size_t)slots[i] >= nkeys ||
				    keys[slots[i]].key != a->key)
					differ("keys", line);
				if (!same_value(&a->v, &b->v))
					differ("values", line);
			}
		} else if (k == 0 && rc == 0) {
			learn(&slow, text, keys, &nkeys);
		}
		p += n + (nl != NULL);
	}
	dt_jobj_free(&fast);
	dt_jobj_free(&slow);
	return 0;
}
