/* nearest.c: edit distance and the nearest known word (nearest.h). */
#include "model/util/nearest.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

/* Bytes a and b are the same letter, ASCII case ignored. */
static int same(char a, char b)
{
	return tolower((unsigned char)a) == tolower((unsigned char)b);
}

size_t dt_edit_distance(const char *a, const char *b)
{
	size_t na = strlen(a), nb = strlen(b);
	if (na > 30 || nb > 30)
		return 3;
	/* d[i][j]: distance of a[0..i) and b[0..j) (the optimal string
	 * alignment distance: Levenshtein plus a swap of two neighbouring
	 * bytes as one edit, Damerau 1964) */
	size_t d[31][31];
	for (size_t i = 0; i <= na; i++)
		d[i][0] = i;
	for (size_t j = 0; j <= nb; j++)
		d[0][j] = j;
	for (size_t i = 1; i <= na; i++)
		for (size_t j = 1; j <= nb; j++) {
			size_t v = d[i - 1][j - 1] + !same(a[i - 1], b[j - 1]);
			if (d[i - 1][j] + 1 < v)
				v = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < v)
				v = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && same(a[i - 1], b[j - 2]) &&
			    same(a[i - 2], b[j - 1]) && d[i - 2][j - 2] + 1 < v)
				v = d[i - 2][j - 2] + 1;
			d[i][j] = v;
		}
	return d[na][nb];
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
		/* ... but a 3-byte name with one letter left out is near ('ot'
		 * for 'out'): a deletion is no other word, as 'tpu' is */
		if (most == 3 && nn == 3 && nw == 2)
			allowed = 1;
		/* ... and so is a 2-byte name with one letter added ('goo' for
		 * the decision kind go) */
		if (most == 3 && nn == 2 && nw == 3)
			allowed = 1;
		if (d <= allowed && d < best) {
			best = d;
			near = names[i];
		}
	}
	if (near || nw < 3)
		return near;
	/* none that near: the one name the word begins ('att' for 'attach';
	 * 'ins' begins 'instances' and 'instance_hour': none) */
	for (size_t i = 0; i < n; i++) {
		if (!names[i] || strlen(names[i]) <= nw ||
		    strncasecmp(names[i], word, nw) != 0)
			continue;
		if (near && strcasecmp(near, names[i]) != 0)
			return NULL;
		near = names[i];
	}
	return near;
}
