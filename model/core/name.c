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
	if (name[0] == ' ' || name[n - 1] == ' ') {
		snprintf(err, errlen, "%s starts or ends with a blank", what);
		return -1;
	}
	return 0;
}

int dt_name_valid(const char *name)
{
	return dt_name_check(name, "name", NULL, 0) == 0;
}
