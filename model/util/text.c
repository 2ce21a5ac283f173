/* dt_text.c: terminal-safe copies of log text. */
#include "model/util/text.h"

#include <string.h>

/* Length of the valid UTF-8 sequence at s (1..4), or 0 when invalid.
 * Rejects overlongs, surrogates and code points above U+10FFFF
 * (RFC 3629, section 4). */
static size_t utf8_len(const unsigned char *s)
{
	unsigned c = s[0];
	if (c < 0x80)
		return 1;
	if (c >= 0xC2 && c <= 0xDF)
		return (s[1] & 0xC0) == 0x80 ? 2 : 0;
	if (c >= 0xE0 && c <= 0xEF) {
		if ((s[1] & 0xC0) != 0x80 || (s[2] & 0xC0) != 0x80)
			return 0;
		if (c == 0xE0 && s[1] < 0xA0)
			return 0;
		if (c == 0xED && s[1] >= 0xA0)
			return 0;
		return 3;
	}
	if (c >= 0xF0 && c <= 0xF4) {
		if ((s[1] & 0xC0) != 0x80 || (s[2] & 0xC0) != 0x80 ||
		    (s[3] & 0xC0) != 0x80)
			return 0;
		if (c == 0xF0 && s[1] < 0x90)
			return 0;
		if (c == 0xF4 && s[1] >= 0x90)
			return 0;
		return 4;
	}
	return 0;
}

size_t dt_sanitize(const char *in, char *out, size_t outlen)
{
	const unsigned char *s = (const unsigned char *)in;
	size_t o = 0;
	if (outlen == 0)
		return 0;
	while (*s) {
		size_t l = utf8_len(s);
		if (l == 0 || (l == 1 && (*s < 0x20 || *s == 0x7F)) ||
		    (l == 2 && s[0] == 0xC2 && s[1] < 0xA0)) {
			/* control, C1 control or invalid byte */
			if (o + 1 >= outlen)
				break;
			out[o++] = (*s == '\t') ? ' ' : '?';
			s += l ? l : 1;
			continue;
		}
		if (o + l >= outlen)
			break;
		memmove(out + o, s, l);
		o += l;
		s += l;
	}
	out[o] = '\0';
	return o;
}

void dt_sanitize_inplace(char *s)
{
	/* The output is never longer than the input, so it can overwrite it:
	 * dt_sanitize reads each byte before writing at or before it. */
	dt_sanitize(s, s, strlen(s) + 1);
}
