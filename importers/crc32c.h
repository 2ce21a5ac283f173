/* crc32c.h: CRC-32C (Castagnoli) and TFRecord's masked form. */
#ifndef DT_CRC32C_H
#define DT_CRC32C_H

#include <stddef.h>
#include <stdint.h>

/* CRC-32C of p[0..n) (polynomial 0x1EDC6F41, reflected 0x82F63B78,
 * initial and final XOR 0xFFFFFFFF; RFC 3720 appendix B.4). The check
 * value of "123456789" is 0xE3069283. Uses the SSE4.2 crc32 instruction
 * when the CPU has it (checked at the first call), else dt_crc32c_sw. */
uint32_t dt_crc32c(const void *p, size_t n);

/* The same CRC bytewise with a 256-entry table (any CPU; the tests check
 * both paths agree). */
uint32_t dt_crc32c_sw(const void *p, size_t n);

/* 1 when dt_crc32c uses the CPU's crc32 instruction, else 0. */
int dt_crc32c_hardware(void);

/* TFRecord's masked CRC: ((crc >> 15) | (crc << 17)) + 0xa282ead8, mod
 * 2^32 (tensorflow/core/lib/hash/crc32c.h; LOG-FORMATS.md section 4). */
uint32_t dt_crc32c_mask(uint32_t crc);

#endif
