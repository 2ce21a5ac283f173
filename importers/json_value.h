/* json_value.h: numbers and steps out of json-c values, as the JSON
 * importers (trainer_state, JSON lines, MLPerf) read them. */
#ifndef DT_JSON_VALUE_H
#define DT_JSON_VALUE_H

#include <stdint.h>
#include <json-c/json.h>

/* Numeric value of v: a JSON number (NaN/Infinity tokens included), or a
 * string holding a number ("0.00", "nan"; locale-independent). Returns 0,
 * or -1 for null, booleans, objects, arrays and other strings. */
int dt_json_number(json_object *v, double *out);

/* Integral step of v: an integer, an integral double, or a string holding
 * one ("39.00"), within int64. Returns 0 or -1. */
int dt_json_step(json_object *v, int64_t *out);

#endif
