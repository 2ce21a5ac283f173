/* path_complete.h: Tab completion of a file-system path typed into the
 * import screen (curses-free, no store). */
#ifndef DT_PATH_COMPLETE_H
#define DT_PATH_COMPLETE_H

#include <stddef.h>

/* Complete `path`: list the entries of its directory part ("." when it
 * has no '/') whose names start with its last component (names starting
 * with '.' only when that component does; "." and ".." never), sorted by
 * name, a '/' appended to directories. out (size outlen) receives path
 * extended by the longest common prefix of the matches (with the '/'
 * when exactly one directory matches). *cands receives the matching
 * names ([*ncands] owned strings in an owned array, free with
 * dt_path_candidates_free; NULL/0 when none). Returns the number of
 * matches, or -1 when the directory cannot be read or memory runs out
 * (out = path then). */
long dt_path_complete(const char *path, char *out, size_t outlen,
                      char ***cands, size_t *ncands);

void dt_path_candidates_free(char **cands, size_t n);

#endif
