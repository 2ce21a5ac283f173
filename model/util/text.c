/* text.c: terminal-safe copies of text and the check of people-written
 * text (text.h). */
#include "model/util/text.h"

#include <stdio.h>
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

/* Code point of the valid sequence s of length l. */
static uint32_t decode(const unsigned char *s, size_t l)
{
	switch (l) {
	case 1: return s[0];
	case 2: return ((uint32_t)(s[0] & 0x1F) << 6) | (s[1] & 0x3F);
	case 3: return ((uint32_t)(s[0] & 0x0F) << 12) |
	               ((uint32_t)(s[1] & 0x3F) << 6) | (s[2] & 0x3F);
	default: return ((uint32_t)(s[0] & 0x07) << 18) |
	                ((uint32_t)(s[1] & 0x3F) << 12) |
	                ((uint32_t)(s[2] & 0x3F) << 6) | (s[3] & 0x3F);
	}
}

int dt_text_is_format_char(uint32_t cp)
{
	static const uint32_t ranges[][2] = {
		{0x00AD, 0x00AD}, {0x0600, 0x0605}, {0x061C, 0x061C},
		{0x06DD, 0x06DD}, {0x070F, 0x070F}, {0x08E2, 0x08E2},
		{0x180E, 0x180E}, {0x200B, 0x200F}, {0x2028, 0x202E},
		{0x2060, 0x2064}, {0x2066, 0x206F}, {0xFEFF, 0xFEFF},
		{0xFFF9, 0xFFFB}, {0x110BD, 0x110BD}, {0x110CD, 0x110CD},
		{0x13430, 0x1343F}, {0x1BCA0, 0x1BCA3}, {0x1D173, 0x1D17A},
		{0xE0001, 0xE0001}, {0xE0020, 0xE007F},
		/* default-ignorable, not Cf (text.h) */
		{0x034F, 0x034F}, {0x115F, 0x1160}, {0x17B4, 0x17B5},
		{0x180B, 0x180D}, {0x180F, 0x180F}, {0x3164, 0x3164},
		{0xFE00, 0xFE0F}, {0xFFA0, 0xFFA0}, {0xFFF0, 0xFFF8},
		{0xE0000, 0xE0000}, {0xE0002, 0xE001F}, {0xE0080, 0xE0FFF}};
	for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; i++)
		if (cp >= ranges[i][0] && cp <= ranges[i][1])
			return 1;
	return 0;
}

int dt_text_is_space(uint32_t cp)
{
	return (cp >= 0x09 && cp <= 0x0D) || cp == 0x20 || cp == 0x85 ||
	       cp == 0xA0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) ||
	       cp == 0x2028 || cp == 0x2029 || cp == 0x202F || cp == 0x205F ||
	       cp == 0x3000;
}

size_t dt_utf8_next(const char *s, uint32_t *cp)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t l = utf8_len(u);
	if (l)
		*cp = decode(u, l);
	return l;
}

int dt_text_is_hidden(uint32_t cp)
{
	return cp < 0x20 || (cp >= 0x7F && cp < 0xA0) ||
	       dt_text_is_format_char(cp);
}

/* Whether the valid sequence s of length l is a C0/DEL/C1 control. */
static int is_control(const unsigned char *s, size_t l)
{
	return (l == 1 && (*s < 0x20 || *s == 0x7F)) ||
	       (l == 2 && s[0] == 0xC2 && s[1] < 0xA0);
}

/* dt_sanitize; with `indent` not NULL each '\n' is kept and followed by
 * indent (dt_sanitize_lines). */
static size_t sanitize(const char *in, const char *indent, char *out,
                       size_t outlen)
{
	const unsigned char *s = (const unsigned char *)in;
	size_t o = 0;
	if (outlen == 0)
		return 0;
	while (*s) {
		size_t l = utf8_len(s);
		if (indent && *s == '\n') {
			size_t il = strlen(indent);
			if (o + 1 >= outlen)
				break;
			out[o++] = '\n';
			s++;
			if (o + il >= outlen)
				il = outlen - 1 - o; /* indent is ASCII blanks or marks */
			memcpy(out + o, indent, il);
			o += il;
			continue;
		}
		if (l == 0 || is_control(s, l)) {
			/* control, C1 control or invalid byte */
			if (o + 1 >= outlen)
				break;
			out[o++] = (*s == '\t') ? ' ' : '?';
			s += l ? l : 1;
			continue;
		}
		if (l >= 2 && dt_text_is_format_char(decode(s, l))) {
			s += l; /* invisible: dropped */
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

size_t dt_sanitize(const char *in, char *out, size_t outlen)
{
	return sanitize(in, NULL, out, outlen);
}

size_t dt_sanitize_lines(const char *in, const char *indent, char *out,
                         size_t outlen)
{
	return sanitize(in, indent ? indent : "", out, outlen);
}

void dt_sanitize_inplace(char *s)
{
	/* The output is never longer than the input, so it can overwrite it:
	 * dt_sanitize reads each byte before writing at or before it. */
	dt_sanitize(s, s, strlen(s) + 1);
}

int dt_text_check(const char *s, size_t maxbytes, int flags, const char *what,
                  char *err, size_t errlen)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t len = strlen(s);
	if (len > maxbytes) {
		snprintf(err, errlen, "%s: %zu bytes, at most %zu allowed", what,
		         len, maxbytes);
		return -1;
	}
	for (size_t i = 0; i < len;) {
		size_t l = utf8_len(p + i);
		if (l == 0) {
			snprintf(err, errlen, "%s: invalid UTF-8 at byte %zu", what, i);
			return -1;
		}
		if (p[i] == '\n' && (flags & DT_TEXT_MULTILINE)) {
			i++;
			continue;
		}
		if (is_control(p + i, l)) {
			snprintf(err, errlen, "%s: %s at byte %zu%s", what,
			         p[i] == '\n' ? "a newline" : "a control character",
			         i, p[i] == '\n' ? " (one line only)" : "");
			return -1;
		}
		uint32_t cp = decode(p + i, l);
		if (l >= 2 && dt_text_is_format_char(cp)) {
			snprintf(err, errlen, "%s: invisible format character U+%04X "
			         "at byte %zu (bidi override, zero-width or similar)",
			         what, (unsigned)cp, i);
			return -1;
		}
		i += l;
	}
	return 0;
}

int dt_text_blank(const char *s)
{
	for (; *s; s++)
		if (*s != ' ' && *s != '\t' && *s != '\n' && *s != '\r')
			return 0;
	return 1;
}

size_t dt_text_nul_encode(const char *in, size_t len, char *out, size_t n)
{
	size_t o = 0;
	if (n == 0)
		return 0;
	for (size_t i = 0; i < len; i++) {
		size_t w = in[i] ? 1 : 2;
		if (o + w >= n)
			break;
		memcpy(out + o, in[i] ? in + i : DT_TEXT_NUL, w);
		o += w;
	}
	out[o] = '\0';
	return o;
}

/* dt_utf8_next, and DT_TEXT_NUL read as U+0000 (length 2). */
static size_t next_or_nul(const char *s, uint32_t *cp)
{
	if ((unsigned char)s[0] == 0xC0 && (unsigned char)s[1] == 0x80) {
		*cp = 0;
		return 2;
	}
	return dt_utf8_next(s, cp);
}

size_t dt_text_drop_hidden(const char *in, char *out, size_t n)
{
	size_t o = 0, dropped = 0;
	if (n == 0)
		return 0;
	while (*in) {
		uint32_t cp = 0;
		size_t l = next_or_nul(in, &cp);
		if (l && dt_text_is_hidden(cp)) {
			in += l;
			dropped++;
			continue;
		}
		l = l ? l : 1;  /* an invalid byte is kept: it is not hidden */
		if (o + l >= n)
			break;
		memmove(out + o, in, l);
		o += l;
		in += l;
	}
	out[o] = '\0';
	return dropped;
}

size_t dt_text_escape_hidden(const char *in, char *out, size_t n)
{
	size_t o = 0;
	if (n == 0)
		return 0;
	while (*in) {
		char esc[16];
		uint32_t cp = 0;
		size_t l = next_or_nul(in, &cp), w;
		const char *from = in;
		if (l == 0) {
			w = (size_t)snprintf(esc, sizeof esc, "\\x%02x",
			                     (unsigned)(unsigned char)*in);
			from = esc;
			l = 1;
		} else if (dt_text_is_hidden(cp)) {
			w = (size_t)snprintf(esc, sizeof esc, cp > 0xFFFF ?
			                     "\\U%08x" : "\\u%04x", (unsigned)cp);
			from = esc;
		} else {
			w = l;
		}
		if (o + w >= n)
			break;
		memcpy(out + o, from, w);
		o += w;
		in += l;
	}
	out[o] = '\0';
	return o;
}
