/* crc32c.h: CRC-32C (Castagnoli) and TFRecord's masked form. */
#ifndef DT_CRC32C_H
#define DT_CRC32C_H

#include <stddef.h>
#include <stdint.h>

/* CRC-32C of p[0..n) (polynomial 0x1EDC6F41, reflected 0x82F63B78,
 * initial and final XOR 0xFFFFFFFF; RFC 3720 appendix B.4). The check
 * value of "123456789" is 0xE3069283. */
uint32_t dt_crc32c(const void *p, size_t n);

/* TFRecord's masked CRC: ((crc >> 15) | (crc << 17)) + 0xa282ead8, mod
 * 2^32 (tensorflow/core/lib/hash/crc32c.h; LOG-FORMATS.md section 4). */
uint32_t dt_crc32c_mask(uint32_t crc);

#endif
