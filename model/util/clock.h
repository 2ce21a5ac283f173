/* clock.h: who acts and when: the one actor rule (the name recorded with
 * every write people make: checklist status, task card, drill, journal
 * value, ledger input, scenario, decision) and UTC timestamps. */
#ifndef DT_CLOCK_H
#define DT_CLOCK_H

#include <stddef.h>
#include <stdint.h>

/* The acting person: $DUALTRACK_USER when set and non-empty, else the
 * login name of the real user id (getpwuid), else "uid-N". Written to out
 * (size n, truncated on a character boundary) through dt_sanitize, so it
 * holds no control or format character. Never fails. */
void dt_actor_name(char *out, size_t n);

/* Current time as ISO 8601 UTC "YYYY-MM-DDTHH:MM:SSZ" in out[32]; when
 * $DUALTRACK_NOW holds a time dt_time_parse_iso accepts, that time
 * instead (a fixed clock for tests and demos, e.g. the golden screens). */
void dt_time_now_iso(char out[32]);

/* Seconds since 1970-01-01 UTC as "YYYY-MM-DDTHH:MM:SSZ" in out[32]. */
void dt_time_format_utc(int64_t epoch_seconds, char out[32]);

/* Parse an ISO 8601 date-time with a zone: "YYYY-MM-DDTHH:MM:SS", an
 * optional fraction (".25", ignored: times are kept to the second), then
 * "Z" or an offset "+HH:MM" / "-HH:MM" / "+HHMM" (what `date -Iseconds`
 * and `date -u +%FT%TZ` print). Fields are read with strptime(3) and
 * converted with timegm(3); a date that timegm would move (Feb 30, Feb 29
 * of a common year, hour 24) is refused, and so are years before 1970 and
 * after 9999, a space for the 'T' and a missing zone. Returns 0 with
 * *epoch_seconds (UTC), or -1. */
int dt_time_parse_iso(const char *s, int64_t *epoch_seconds);

/* Parse `in` as dt_time_parse_iso does and write it as UTC
 * "YYYY-MM-DDTHH:MM:SSZ" into out[32] (how times are stored). `what` names
 * the field in the message. Returns 0, or -1 with a message in err. */
int dt_time_normalize(const char *in, const char *what, char out[32],
                      char *err, size_t errlen);

/* Days from 1970-01-01 to the proleptic Gregorian date y-m-d (m 1..12),
 * negative before 1970 (H. Hinnant, "chrono-compatible low-level date
 * algorithms", days_from_civil). */
int64_t dt_days_from_civil(int64_t y, int64_t m, int64_t d);

#endif
