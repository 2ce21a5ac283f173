/* pbwire.h: a minimal protocol-buffers wire-format reader (no schema).
 *
 * Walks the fields of one message held in memory. Source of the format:
 * https://protobuf.dev/programming-guides/encoding/ (varint, 64-bit,
 * length-delimited and 32-bit wire types; groups are not supported and
 * read as malformed). Never reads outside [p, end). */
#ifndef DT_PBWIRE_H
#define DT_PBWIRE_H

#include <stddef.h>
#include <stdint.h>

enum { DT_PB_VARINT = 0, DT_PB_I64 = 1, DT_PB_LEN = 2, DT_PB_I32 = 5 };

typedef struct dt_pb {
	const uint8_t *p, *end;  /* unread part of the message */
} dt_pb;

typedef struct dt_pbfield {
	uint32_t num;            /* field number (>= 1) */
	int wire;                /* DT_PB_* */
	uint64_t v;              /* VARINT value, or I64/I32 raw little-endian bits */
	const uint8_t *data;     /* LEN: payload [len] inside the message */
	size_t len;
} dt_pbfield;

/* Reader over data[0..len). */
dt_pb dt_pb_reader(const void *data, size_t len);

/* Read one base-128 varint (at most 10 bytes) from *p, advancing it.
 * Returns 0, or -1 when truncated or longer than 10 bytes. */
int dt_pb_varint(const uint8_t **p, const uint8_t *end, uint64_t *v);

/* Next field of the message into f. Returns 1 for a field, 0 at the end,
 * -1 when malformed (truncated, field number 0, unknown wire type). */
int dt_pb_next(dt_pb *r, dt_pbfield *f);

/* The float (I32) or double (I64) held in a field's raw bits. */
float dt_pb_float(const dt_pbfield *f);
double dt_pb_double(const dt_pbfield *f);

/* Little-endian loads of 4 and 8 bytes. */
uint32_t dt_pb_le32(const uint8_t *p);
uint64_t dt_pb_le64(const uint8_t *p);

#endif
