/* resume_marker.c: framework resume marker lines (resume_marker.h). */
#include "importers/resume_marker.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

/* Case-insensitive strstr. */
static const char *find_ci(const char *s, const char *needle)
{
	size_t n = strlen(needle);
	for (; *s; s++)
		if (strncasecmp(s, needle, n) == 0)
			return s;
	return NULL;
}

/* Decimal integer right after `key` in s (blanks allowed after key);
 * -1 when key is absent or not followed by digits. The last occurrence
 * wins (a path may hold "step" too). */
static int64_t int_after(const char *s, const char *key)
{
	int64_t found = -1;
	size_t kl = strlen(key);
	for (const char *p = find_ci(s, key); p; p = find_ci(p + 1, key)) {
		const char *q = p + kl;
		while (*q == ' ' || *q == '\t')
			q++;
		if (!isdigit((unsigned char)*q))
			continue;
		int64_t v = 0;
		for (; isdigit((unsigned char)*q) && v < INT64_MAX / 10 - 10; q++)
			v = v * 10 + (*q - '0');
		found = v;
	}
	return found;
}

int64_t dt_resume_step_in(const char *s)
{
	static const char *const keys[] = {
		"at iteration", "global step", "step=", "checkpoint-", "step_",
		"iteration", "step"};
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
		int64_t v = int_after(s, keys[i]);
		if (v >= 0)
			return v;
	}
	return -1;
}

const char *dt_resume_marker(const char *line, int64_t *ckpt)
{
	const char *p;
	*ckpt = -1;
	if (strstr(line, "[Auto Resume]") && strstr(line, "Retrying step"))
		return "hyperpod_auto_resume";
	if ((p = strstr(line, "successfully loaded checkpoint from")) &&
	    strstr(p, "at iteration")) {
		*ckpt = int_after(p, "at iteration");
		return "megatron_loaded";
	}
	if ((p = strstr(line, "loading checkpoint from")) &&
	    strstr(p, "at iteration")) {
		*ckpt = int_after(p, "at iteration");
		return "megatron_loading";
	}
	if (strstr(line, "Continuing training from checkpoint, will skip to "
	                 "saved global_step"))
		return "hf_continuing";
	if ((p = strstr(line, "Continuing training from global step"))) {
		*ckpt = int_after(p, "global step");
		return "hf_global_step";
	}
	if ((p = strstr(line, "Restoring states from the checkpoint path at"))) {
		*ckpt = int_after(p, "step=");
		return "lightning_restoring";
	}
	if ((p = strstr(line, "Restored all states from the checkpoint"))) {
		*ckpt = int_after(p, "step=");
		return "lightning_restored";
	}
	if ((p = find_ci(line, "resuming from checkpoint")) ||
	    (p = find_ci(line, "resuming training from"))) {
		*ckpt = dt_resume_step_in(p);
		return "resuming";
	}
	return NULL;
}
