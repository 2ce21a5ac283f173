/* name.h: the one rule for run and pilot names, whether typed (--run,
 * pilot create) or taken from a file or folder name by an importer.
 *
 * A name is 1..DT_NAME_MAX-1 (127) bytes of valid UTF-8 on one line, with
 * no control character (C0, DEL, C1) and no invisible Unicode format
 * character (bidi overrides, zero-width characters; util/text.h), and
 * does not start or end with a blank: a name must read the same on every
 * terminal and be typed back exactly. */
#ifndef DT_NAME_H
#define DT_NAME_H

#include <stddef.h>

#ifndef DT_NAME_MAX
#define DT_NAME_MAX 128
#endif

/* 1 when `name` follows the rule (file comment), else 0. */
int dt_name_valid(const char *name);

/* As dt_name_valid, with a message naming `what` ("run name") and the
 * offending byte in err (size errlen). Returns 0 or -1. */
int dt_name_check(const char *name, const char *what, char *err,
                  size_t errlen);

#endif
