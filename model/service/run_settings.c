/* run_settings.c: a run's settings as shown (run_settings.h). */
#include "model/service/run_settings.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* The run facts that state G, in order of preference. */
static const char *const grad_accum_keys[] = {
	"hf.gradient_accumulation_steps", "mlperf.gradient_accumulation_steps",
};

int64_t dt_run_grad_accum_shown(const dt_run *run, const dt_fact *facts,
                                size_t nfacts)
{
	if (run->grad_accum_given || run->grad_accum > 1)
		return run->grad_accum;
	for (size_t k = 0; k < sizeof grad_accum_keys / sizeof *grad_accum_keys;
	     k++)
		for (size_t i = 0; i < nfacts; i++) {
			if (strcmp(facts[i].key, grad_accum_keys[k]) != 0)
				continue;
			char *end;
			errno = 0;
			long long v = strtoll(facts[i].value, &end, 10);
			if (!errno && end != facts[i].value && !*end && v >= 1)
				return v;
		}
	return 0;
}
