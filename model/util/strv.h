/* strv.h: vectors of owned strings (char **v, size_t n), as the store
 * returns metric names, warnings and notes. */
#ifndef DT_UTIL_STRV_H
#define DT_UTIL_STRV_H

#include <stddef.h>

/* Free v[0..n) and v itself; NULL is accepted. */
void dt_strv_free(char **v, size_t n);

#endif
