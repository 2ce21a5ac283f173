/* fingerprint.c: batch fingerprints (fingerprint.h). */
#include "importers/fingerprint.h"

#include <ctype.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

static const char *const keys[] = {
	"batch_fingerprint", "batch_hash", "data_hash",
	"batch fingerprint", "batch hash",
};

double dt_fingerprint_value(const char *t, size_t n)
{
	while (n && isspace((unsigned char)*t))
		t++, n--;
	while (n && isspace((unsigned char)t[n - 1]))
		n--;
	if (n > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X'))
		t += 2, n -= 2;
	uint64_t h = 14695981039346656037ULL;
	for (size_t i = 0; i < n; i++) {
		h ^= (unsigned char)tolower((unsigned char)t[i]);
		h *= 1099511628211ULL;
	}
	return (double)(h & ((1ULL << 53) - 1));
}

int dt_fingerprint_key(const char *key)
{
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
		if (strcasecmp(key, keys[i]) == 0)
			return 1;
	return 0;
}

/* Case-insensitive strstr. */
static const char *find_ci(const char *s, const char *needle)
{
	size_t n = strlen(needle);
	for (; *s; s++)
		if (strncasecmp(s, needle, n) == 0)
			return s;
	return NULL;
}

static int token_char(char c)
{
	return isalnum((unsigned char)c) || c == '-' || c == '_';
}

int dt_fingerprint_in_line(const char *line, double *value)
{
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
		const char *p = find_ci(line, keys[i]);
		if (!p)
			continue;
		p += strlen(keys[i]);
		int sep = 0;
		while (*p == ' ' || *p == '\t' || *p == ':' || *p == '=')
			p++, sep++;
		size_t n = 0;
		while (token_char(p[n]))
			n++;
		if (sep && n) {
			*value = dt_fingerprint_value(p, n);
			return 1;
		}
	}
	return 0;
}
