/* dt_actor.h: who acts and when: the name recorded with every checklist
 * status, drill, journal value and decision, and the UTC timestamps. */
#ifndef DT_ACTOR_H
#define DT_ACTOR_H

#include <stddef.h>
#include <stdint.h>

/* The acting person: $DUALTRACK_USER when set and non-empty, else the
 * login name of the real user id (getpwuid), else "uid-N". Written to out
 * (size n, truncated). Never fails. */
void dt_actor_name(char *out, size_t n);

/* Current time as ISO 8601 UTC "YYYY-MM-DDTHH:MM:SSZ" in out[32]. */
void dt_time_now_iso(char out[32]);

/* Parse "YYYY-MM-DDTHH:MM:SS" with an optional "Z" (UTC; a space may
 * replace the 'T') into seconds since 1970-01-01 UTC (proleptic Gregorian
 * calendar, days-from-civil of H. Hinnant, "chrono-compatible low-level
 * date algorithms"). Returns 0, or -1 when the text is not such a time or a
 * field is out of range. */
int dt_time_parse_iso(const char *s, int64_t *epoch_seconds);

/* Days from 1970-01-01 to the proleptic Gregorian date y-m-d (m 1..12),
 * negative before 1970 (H. Hinnant, "chrono-compatible low-level date
 * algorithms", days_from_civil). */
int64_t dt_days_from_civil(int64_t y, int64_t m, int64_t d);

#endif
