/* crc32c.c: CRC-32C, bytewise with a 256-entry table built once. */
#include "importers/crc32c.h"

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

uint32_t dt_crc32c(const void *p, size_t n)
{
	const unsigned char *b = p;
	if (!table_ready)
		build_table();
	uint32_t c = 0xFFFFFFFFu;
	for (size_t i = 0; i < n; i++)
		c = table[(c ^ b[i]) & 0xFF] ^ (c >> 8);
	return c ^ 0xFFFFFFFFu;
}

uint32_t dt_crc32c_mask(uint32_t crc)
{
	return ((crc >> 15) | (crc << 17)) + 0xa282ead8u;
}
