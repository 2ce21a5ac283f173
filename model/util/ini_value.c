/* ini_value.c: an INI value without its inline comment (ini_value.h). */
#include "model/util/ini_value.h"

#include <string.h>

static int blank(char c)
{
	return c == ' ' || c == '\t';
}

char *dt_ini_value(const char *val, char *out, size_t n)
{
	size_t len = 0;
	for (size_t i = 0; val[i]; i++) {
		if ((val[i] == '#' || val[i] == ';') && i > 0 && blank(val[i - 1]))
			break;
		len = i + 1;
	}
	while (len > 0 && blank(val[len - 1]))
		len--;
	if (len >= n) {
		out[0] = '\0';
		return NULL;
	}
	memcpy(out, val, len);
	out[len] = '\0';
	return out;
}
