/* tfrecord.h: TFRecord framing (TensorBoard event files).
 *
 * Each record: uint64 length (little-endian), uint32 masked CRC-32C of the
 * 8 length bytes, `length` data bytes, uint32 masked CRC-32C of the data
 * (LOG-FORMATS.md section 4; tensorflow/core/lib/io/record_reader.cc). */
#ifndef DT_TFRECORD_H
#define DT_TFRECORD_H

#include <stddef.h>
#include <stdint.h>

/* Largest record accepted (bytes): Event protos are small; a bigger
 * length means a corrupt header. */
#define DT_TFRECORD_MAX ((uint64_t)1 << 30)

/* Read the record starting at byte *off of data[0..len). Returns 1 with
 * the payload in *rec / *reclen and *off moved past the record; 0 when
 * *off == len (clean end); -1 when the record at *off is truncated or
 * fails a CRC check, with *why set to a static reason ("truncated
 * header", "length CRC mismatch", "truncated data", "data CRC mismatch",
 * "length too large") and *off left at the record's first byte. */
int dt_tfrecord_next(const uint8_t *data, size_t len, size_t *off,
                     const uint8_t **rec, size_t *reclen, const char **why);

/* Whether data[0..len) starts with one well-framed record header (length
 * bytes whose masked CRC matches): used for content detection. */
int dt_tfrecord_header_ok(const uint8_t *data, size_t len);

#endif
