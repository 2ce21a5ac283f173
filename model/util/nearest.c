/* nearest.c: edit distance and the nearest known word (nearest.h). */
#include "model/util/nearest.h"

#include <ctype.h>
#include <string.h>

size_t dt_edit_distance(const char *a, const char *b)
{
	size_t na = strlen(a), nb = strlen(b);
	if (na > 30 || nb > 30)
		return 3;
	size_t row[32];
	for (size_t j = 0; j <= nb; j++)
		row[j] = j;
	for (size_t i = 1; i <= na; i++) {
		size_t diag = row[0];
		row[0] = i;
		for (size_t j = 1; j <= nb; j++) {
			size_t up = row[j];
			size_t v = diag + (tolower((unsigned char)a[i - 1]) !=
			                  tolower((unsigned char)b[j - 1]));
			if (row[j] + 1 < v)
				v = row[j] + 1;
			if (row[j - 1] + 1 < v)
				v = row[j - 1] + 1;
			row[j] = v;
			diag = up;
		}
	}
	return row[nb];
}

const char *dt_nearest_name(const char *word, const char *const *names,
                            size_t n)
{
	const char *near = NULL;
	size_t best = 3, nw = strlen(word);
	for (size_t i = 0; i < n; i++) {
		if (!names[i])
			continue;
		size_t d = dt_edit_distance(word, names[i]), nn = strlen(names[i]);
		size_t most = nw > nn ? nw : nn;
		/* short words allow fewer edits: 'tpu' is no 'gpu' */
		size_t allowed = most <= 3 ? 0 : most == 4 ? 1 : 2;
		if (d <= allowed && d < best) {
			best = d;
			near = names[i];
		}
	}
	return near;
}
