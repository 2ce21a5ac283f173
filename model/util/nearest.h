/* nearest.h: the nearest of a few known words to a mistyped one, for the
 * "did you mean" hints of the command line (commands, statuses, kinds,
 * roles, platforms). */
#ifndef DT_UTIL_NEAREST_H
#define DT_UTIL_NEAREST_H

#include <stddef.h>

/* Edit distance of a and b: insertions, deletions and substitutions of
 * one byte, and swaps of two neighbouring bytes ('shwo' for 'show': one
 * edit), ASCII case ignored (the optimal string alignment distance).
 * Either longer than 30 bytes: 3, more than any hint allows. */
size_t dt_edit_distance(const char *a, const char *b);

/* The name of names[0..n) nearest to word (the first of equally near
 * names) within the edits the longer of the two allows: 2 from 5 bytes,
 * 1 at 4, none at 3 or fewer (only case differs: 'tpu' is not taken for
 * 'gpu') but for a 3-byte name with one letter left out ('ot' for 'out');
 * else the one name that word of 3 bytes or more begins, case
 * ignored ('att' for 'attach'; a word two names begin names none); NULL
 * when none. NULL entries are skipped. Returns one of names (not a
 * copy). */
const char *dt_nearest_name(const char *word, const char *const *names,
                            size_t n);

#endif
