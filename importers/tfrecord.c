/* tfrecord.c: TFRecord framing with masked CRC-32C checks. */
#include "importers/tfrecord.h"

#include "importers/crc32c.h"
#include "importers/pbwire.h"

int dt_tfrecord_header_ok(const uint8_t *data, size_t len)
{
	if (len < 12)
		return 0;
	uint64_t n = dt_pb_le64(data);
	return n <= DT_TFRECORD_MAX &&
	       dt_crc32c_mask(dt_crc32c(data, 8)) == dt_pb_le32(data + 8);
}

int dt_tfrecord_next(const uint8_t *data, size_t len, size_t *off,
                     const uint8_t **rec, size_t *reclen, const char **why)
{
	size_t o = *off;
	if (o >= len)
		return 0;
	size_t left = len - o;
	if (left < 12) {
		*why = "truncated header";
		return -1;
	}
	const uint8_t *h = data + o;
	if (dt_crc32c_mask(dt_crc32c(h, 8)) != dt_pb_le32(h + 8)) {
		*why = "length CRC mismatch";
		return -1;
	}
	uint64_t n = dt_pb_le64(h);
	if (n > DT_TFRECORD_MAX) {
		*why = "length too large";
		return -1;
	}
	if (left - 12 < 4 || (uint64_t)(left - 12 - 4) < n) {
		*why = "truncated data";
		return -1;
	}
	const uint8_t *d = h + 12;
	if (dt_crc32c_mask(dt_crc32c(d, (size_t)n)) != dt_pb_le32(d + n)) {
		*why = "data CRC mismatch";
		return -1;
	}
	*rec = d;
	*reclen = (size_t)n;
	*off = o + 12 + (size_t)n + 4;
	return 1;
}
