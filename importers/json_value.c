/* json_value.c: numbers and steps out of json-c values. */
#include "importers/json_value.h"

#include <math.h>

#include "model/util/num.h"

int dt_json_number(json_object *v, double *out)
{
	switch (json_object_get_type(v)) {
	case json_type_int:
	case json_type_double:
		*out = json_object_get_double(v);
		return 0;
	case json_type_string:
		return dt_parse_double_field(json_object_get_string(v),
		                             (size_t)json_object_get_string_len(v),
		                             out);
	default:
		return -1;
	}
}

int dt_json_step(json_object *v, int64_t *out)
{
	double d;
	if (json_object_is_type(v, json_type_int)) {
		*out = json_object_get_int64(v);
		return 0;
	}
	if (json_object_is_type(v, json_type_string))
		return dt_parse_step(json_object_get_string(v),
		                     (size_t)json_object_get_string_len(v), out);
	if (!json_object_is_type(v, json_type_double))
		return -1;
	d = json_object_get_double(v);
	if (!isfinite(d) || d != floor(d) || d < -9.2e18 || d > 9.2e18)
		return -1;
	*out = (int64_t)d;
	return 0;
}
