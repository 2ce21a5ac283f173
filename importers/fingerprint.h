/* fingerprint.h: per-step batch fingerprints (a hash of the batch a step
 * trained on) logged by some training scripts, stored as the raw series
 * DT_FINGERPRINT_METRIC so the data-cursor check can see a batch logged
 * before a restart come back at another step (model/core/resume.h).
 *
 * Recognised: JSON-lines keys `batch_hash`, `batch_fingerprint`,
 * `data_hash` (string or integer); in text lines `batch fingerprint`,
 * `batch_fingerprint`, `batch hash`, `batch_hash` or `data_hash`, then
 * `:` / `=` / blanks and a token of letters, digits, `-` or `_`. */
#ifndef DT_FINGERPRINT_H
#define DT_FINGERPRINT_H

#include <stddef.h>

#include "model/core/rawlog.h"

#define DT_FINGERPRINT_METRIC DT_METRIC_BATCH_FINGERPRINT

/* The stored value of fingerprint text t[0..n): blanks around it and a
 * leading 0x dropped, letters lower-cased, then FNV-1a 64 (Fowler, Noll,
 * Vo; offset basis 14695981039346656037, prime 1099511628211) kept to its
 * low 53 bits, so it is an exact double: equal texts give equal values,
 * different ones differ but for a 2^-53 chance. */
double dt_fingerprint_value(const char *t, size_t n);

/* Whether key (NUL-terminated) is a fingerprint key (JSON or a text key
 * as written, case-insensitive, blanks as '_'). */
int dt_fingerprint_key(const char *key);

/* The fingerprint a text line states (rules above): 1 and *value set, 0
 * when the line holds none. */
int dt_fingerprint_in_line(const char *line, double *value);

#endif
