/* warnings.c: which stored importer warnings still hold (warnings.h). */
#include "model/core/warnings.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char pre[] = "superseded by ";
static const char mid[] = " (the same log grown): ";

void dt_warning_superseded_note(const char *base, const char *text,
                                char *buf, size_t n)
{
	snprintf(buf, n, "%s%s%s%s", pre, base, mid, text);
}

const char *dt_warning_superseded_by(const char *note)
{
	if (strncmp(note, pre, sizeof pre - 1) != 0)
		return NULL;
	const char *m = strstr(note + sizeof pre - 1, mid);
	return m ? m + sizeof mid - 1 : NULL;
}

void dt_warnings_current(char **w, size_t *nw, char *const *notes,
                         size_t nn)
{
	for (size_t k = 0; k < nn; k++) {
		const char *t = dt_warning_superseded_by(notes[k]);
		if (!t)
			continue;
		for (size_t i = 0; i < *nw; i++)
			if (w[i] && !strcmp(w[i], t)) {
				free(w[i]);
				w[i] = NULL;
				break;
			}
	}
	size_t o = 0;
	for (size_t i = 0; i < *nw; i++)
		if (w[i])
			w[o++] = w[i];
	*nw = o;
}
