/* textline.c: ANSI stripping and byte search for the text importers. */
#include "importers/textline.h"

#include <stdlib.h>
#include <string.h>

int dt_warn_last_line_cut(dt_rawlog *log, const char *path, size_t line,
                          const char *detail)
{
	if (detail)
		return dt_rawlog_warn(log, "%s:%zu: last line truncated (%s), "
		                      "skipped", path, line, detail);
	return dt_rawlog_warn(log, "%s:%zu: last line truncated, skipped", path,
	                      line);
}

size_t dt_ansi_len(const char *s, size_t len)
{
	if (len < 2)
		return len;
	size_t i = 2;
	if (s[1] == '[') {
		while (i < len && (unsigned char)s[i] >= 0x20 &&
		       (unsigned char)s[i] <= 0x3f)
			i++;
		return i < len ? i + 1 : len;
	}
	if (s[1] == ']') {
		while (i < len && s[i] != '\a' && s[i] != 0x1b)
			i++;
		if (i < len && s[i] == 0x1b)
			i++;
		return i < len ? i + 1 : len;
	}
	return 2;
}

size_t dt_strip_ansi_copy(char *out, const char *s, size_t len)
{
	size_t o = 0;
	for (size_t i = 0; i < len;) {
		if (s[i] == 0x1b) {
			i += dt_ansi_len(s + i, len - i);
			continue;
		}
		out[o++] = s[i] ? s[i] : ' ';
		i++;
	}
	out[o] = '\0';
	return o;
}

const char *dt_find_bytes(const char *h, size_t hlen, const char *n)
{
	size_t nl = strlen(n);
	if (nl == 0 || hlen < nl)
		return NULL;
	for (size_t i = 0; i + nl <= hlen; i++)
		if (h[i] == n[0] && memcmp(h + i, n, nl) == 0)
			return h + i;
	return NULL;
}

long dt_linebuf_set(dt_linebuf *b, const char *s, size_t len)
{
	if (len + 1 > b->cap) {
		size_t cap = len + 1 > 256 ? len + 1 : 256;
		char *p = realloc(b->s, cap);
		if (!p)
			return -1;
		b->s = p;
		b->cap = cap;
	}
	return (long)dt_strip_ansi_copy(b->s, s, len);
}

int dt_each_cr_piece(char *line, int (*fn)(void *ctx, char *piece),
                     void *ctx)
{
	for (char *piece = line;;) {
		char *cr = strchr(piece, '\r');
		if (cr)
			*cr = '\0';
		int rc = fn(ctx, piece);
		if (rc < 0)
			return rc;
		if (!cr)
			return 0;
		piece = cr + 1;
	}
}
