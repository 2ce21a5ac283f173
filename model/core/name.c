/* name.c: the run and pilot name rule (name.h). */
#include "model/core/name.h"

#include <stdio.h>
#include <string.h>

#include "model/util/text.h"

int dt_name_check(const char *name, const char *what, char *err,
                  size_t errlen)
{
	char dummy[160];
	if (!err) {
		err = dummy;
		errlen = sizeof dummy;
	}
	size_t n = strlen(name);
	if (n == 0) {
		snprintf(err, errlen, "%s is empty", what);
		return -1;
	}
	if (dt_text_check(name, DT_NAME_MAX - 1, DT_TEXT_LINE, what, err,
	                  errlen) < 0)
		return -1;
	/* the first and the last code point: a no-break space (U+00A0) or
	 * another Unicode blank at an end looked like none (reliability
	 * trial) */
	uint32_t first = 0, last = 0, cp = 0;
	for (size_t i = 0, l; i < n; i += l ? l : 1) {
		l = dt_utf8_next(name + i, &cp);
		if (i == 0)
			first = l ? cp : 0;
		last = l ? cp : 0;
	}
	if (dt_text_is_space(first) || dt_text_is_space(last)) {
		snprintf(err, errlen, "%s starts or ends with a blank", what);
		return -1;
	}
	return 0;
}

int dt_name_valid(const char *name)
{
	return dt_name_check(name, "name", NULL, 0) == 0;
}
