/* crc32c.c: CRC-32C with the SSE4.2 crc32 instruction when the CPU has it
 * (checked once at run time), else bytewise with a 256-entry table. */
#include "importers/crc32c.h"

#include <string.h>

#if defined(__x86_64__)
#include <nmmintrin.h>
#define DT_CRC_HW 1
#endif

static uint32_t table[256];
static int table_ready;

static void build_table(void)
{
	for (uint32_t i = 0; i < 256; i++) {
		uint32_t c = i;
		for (int k = 0; k < 8; k++)
			c = (c & 1) ? (c >> 1) ^ 0x82F63B78u : c >> 1;
		table[i] = c;
	}
	table_ready = 1;
}

uint32_t dt_crc32c_sw(const void *p, size_t n)
{
	const unsigned char *b = p;
	if (!table_ready)
		build_table();
	uint32_t c = 0xFFFFFFFFu;
	for (size_t i = 0; i < n; i++)
		c = table[(c ^ b[i]) & 0xFF] ^ (c >> 8);
	return c ^ 0xFFFFFFFFu;
}

#ifdef DT_CRC_HW
/* The crc32 instruction computes the same reflected Castagnoli CRC (Intel
 * SDM, CRC32); 8 bytes per instruction, then the tail bytewise. */
__attribute__((target("sse4.2")))
static uint32_t crc_hw(const void *p, size_t n)
{
	const unsigned char *b = p;
	uint64_t c = 0xFFFFFFFFu;
	for (; n >= 8; n -= 8, b += 8) {
		uint64_t w;
		memcpy(&w, b, 8);
		c = _mm_crc32_u64(c, w);
	}
	uint32_t c32 = (uint32_t)c;
	for (; n; n--, b++)
		c32 = _mm_crc32_u8(c32, *b);
	return c32 ^ 0xFFFFFFFFu;
}

static int hw_state; /* 0 unknown, 1 yes, -1 no */
#endif

int dt_crc32c_hardware(void)
{
#ifdef DT_CRC_HW
	if (hw_state == 0) {
		__builtin_cpu_init();
		hw_state = __builtin_cpu_supports("sse4.2") ? 1 : -1;
	}
	return hw_state > 0;
#else
	return 0;
#endif
}

uint32_t dt_crc32c(const void *p, size_t n)
{
#ifdef DT_CRC_HW
	if (hw_state > 0 || (hw_state == 0 && dt_crc32c_hardware()))
		return crc_hw(p, n);
#endif
	return dt_crc32c_sw(p, n);
}

uint32_t dt_crc32c_mask(uint32_t crc)
{
	return ((crc >> 15) | (crc << 17)) + 0xa282ead8u;
}
