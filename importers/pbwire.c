/* pbwire.c: protocol-buffers wire-format field reader. */
#include "importers/pbwire.h"

#include <string.h>

dt_pb dt_pb_reader(const void *data, size_t len)
{
	dt_pb r;
	r.p = data;
	r.end = r.p + len;
	return r;
}

uint32_t dt_pb_le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

uint64_t dt_pb_le64(const uint8_t *p)
{
	return (uint64_t)dt_pb_le32(p) | (uint64_t)dt_pb_le32(p + 4) << 32;
}

int dt_pb_varint(const uint8_t **p, const uint8_t *end, uint64_t *v)
{
	uint64_t x = 0;
	const uint8_t *q = *p;
	for (int shift = 0; shift < 70; shift += 7) {
		if (q >= end)
			return -1;
		uint8_t b = *q++;
		x |= (uint64_t)(b & 0x7F) << shift;
		if (!(b & 0x80)) {
			*p = q;
			*v = x;
			return 0;
		}
	}
	return -1;
}

int dt_pb_next(dt_pb *r, dt_pbfield *f)
{
	if (r->p >= r->end)
		return 0;
	uint64_t key;
	const uint8_t *q = r->p;
	if (dt_pb_varint(&q, r->end, &key) < 0)
		return -1;
	memset(f, 0, sizeof *f);
	if ((key >> 3) == 0 || (key >> 3) > 0x1FFFFFFF)
		return -1;
	f->num = (uint32_t)(key >> 3);
	f->wire = (int)(key & 7);
	size_t left;
	switch (f->wire) {
	case DT_PB_VARINT:
		if (dt_pb_varint(&q, r->end, &f->v) < 0)
			return -1;
		break;
	case DT_PB_I64:
		if ((size_t)(r->end - q) < 8)
			return -1;
		f->v = dt_pb_le64(q);
		q += 8;
		break;
	case DT_PB_I32:
		if ((size_t)(r->end - q) < 4)
			return -1;
		f->v = dt_pb_le32(q);
		q += 4;
		break;
	case DT_PB_LEN:
		if (dt_pb_varint(&q, r->end, &f->v) < 0)
			return -1;
		left = (size_t)(r->end - q);
		if (f->v > left)
			return -1;
		f->data = q;
		f->len = (size_t)f->v;
		q += f->len;
		break;
	default:
		return -1;
	}
	r->p = q;
	return 1;
}

float dt_pb_float(const dt_pbfield *f)
{
	uint32_t bits = (uint32_t)f->v;
	float x;
	memcpy(&x, &bits, sizeof x);
	return x;
}

double dt_pb_double(const dt_pbfield *f)
{
	double x;
	memcpy(&x, &f->v, sizeof x);
	return x;
}
