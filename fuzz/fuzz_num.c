/* fuzz_num.c: libFuzzer harness for the locale-free number parser
 * (model/util/num.h dt_parse_double), differential against the C
 * library's strtod in the "C" locale (the harness never calls
 * setlocale). Each input is parsed twice:
 *  - as raw bytes, from a buffer of exactly its size (AddressSanitizer
 *    catches any read past it), for crashes only: strtod also reads hex
 *    floats, "nan(...)" and other blanks, which logs never hold;
 *  - mapped byte by byte onto the alphabet "0123456789.-+eE" (every
 *    input becomes a decimal-looking string): then the value (bit for
 *    bit; both NaN counts as equal) and the bytes consumed must equal
 *    strtod's, and dt_parse_double must fail exactly when strtod reads
 *    nothing, else abort(). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "model/util/num.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 4096)
		return 0;
	double v;
	size_t used;
	char *raw = malloc(size ? size : 1);
	if (!raw)
		return 0;
	memcpy(raw, data, size);
	(void)dt_parse_double(raw, size, &v, &used);
	static const char alpha[] = "0123456789.-+eE";
	for (size_t i = 0; i < size; i++)
		raw[i] = alpha[data[i] % (sizeof alpha - 1)];
	int rc = dt_parse_double(raw, size, &v, &used);
	char *z = malloc(size + 1);
	if (!z) {
		free(raw);
		return 0;
	}
	memcpy(z, raw, size);
	z[size] = '\0';
	char *e;
	double want = strtod(z, &e);
	size_t want_used = (size_t)(e - z);
	if (want_used == 0) {
		if (rc != -1)
			abort();
	} else if (rc != 0 || used != want_used ||
	           (memcmp(&v, &want, sizeof v) != 0 &&
	            !(isnan(v) && isnan(want)))) {
		abort();
	}
	free(z);
	free(raw);
	return 0;
}
