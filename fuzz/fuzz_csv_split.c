/* fuzz_csv_split.c: libFuzzer harness, differential: a CSV parse split
 * across two threads (importers/csv_split.h) against one thread. The
 * input is the first half; a fixed tail of TAIL_ROWS rows of three plain
 * numbers follows it and the split is forced at the first line start at
 * or after the input's end, so the second thread is still parsing the
 * tail while the first thread reads whatever the input holds (repeated
 * headers with moved columns, quotes, blank lines, bad cells): the case
 * where the first thread's changes can race the second's writes (a
 * header re-map once moved the shared arrays under them). The two parses
 * must agree: return code, error text, every series (name, steps and
 * values bit for bit, marks), warnings and notes. Built as an
 * AddressSanitizer + libFuzzer program (fuzz/CMakeLists.txt). */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "importers/csv_split.h"
#include "importers/importer.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define TAIL_ROWS 4000
#define MAX_INPUT ((size_t)64 << 10)

static char *text;   /* input + tail, reused */
static size_t tail_len;

static void build_tail(void)
{
	size_t cap = MAX_INPUT + TAIL_ROWS * 32;
	text = malloc(cap);
	if (!text)
		abort();
	char *t = text + MAX_INPUT;
	for (int i = 1; i <= TAIL_ROWS; i++)
		t += snprintf(t, 32, "%d,%.6g,0.25\n", i + 100, 2.0 + i * 1e-4);
	tail_len = (size_t)(t - (text + MAX_INPUT));
}

static int parse(const char *buf, size_t len, int mode, size_t at,
                 dt_rawlog *log, char *err, size_t errlen)
{
	dt_source src = {.path = "fuzz.csv", .name = "fuzz.csv", .data = buf,
	                 .len = len};
	dt_import_opts opts = {0, 0, 0, NULL, 0};
	dt_rawlog_init(log);
	err[0] = '\0';
	dt_csv_split_set(mode, at);
	int rc = dt_imp_csv.parse(&src, &opts, log, err, errlen);
	dt_csv_split_set(DT_CSV_SPLIT_NEVER, 0);
	return rc;
}

static int same_texts(char *const *a, size_t na, char *const *b, size_t nb)
{
	if (na != nb)
		return 0;
	for (size_t i = 0; i < na; i++)
		if (strcmp(a[i], b[i]) != 0)
			return 0;
	return 1;
}

/* Equal field by field; abort (a crash libFuzzer keeps) otherwise. */
static void must_agree(const dt_rawlog *a, const dt_rawlog *b)
{
	if (a->nseries != b->nseries ||
	    !same_texts(a->warnings, a->nwarnings, b->warnings, b->nwarnings) ||
	    !same_texts(a->notes, a->nnotes, b->notes, b->nnotes))
		abort();
	for (size_t i = 0; i < a->nseries; i++) {
		const dt_rawseries *s = &a->series[i], *t = &b->series[i];
		if (strcmp(s->metric, t->metric) != 0 || s->n != t->n ||
		    s->nmarks != t->nmarks ||
		    (s->n && (memcmp(s->step, t->step, s->n * sizeof *s->step) ||
		              memcmp(s->value, t->value,
		                     s->n * sizeof *s->value))) ||
		    (s->nmarks && memcmp(s->marks, t->marks,
		                         s->nmarks * sizeof *s->marks)))
			abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!text)
		build_tail();
	if (size > MAX_INPUT)
		return 0;
	/* the input right before the tail, both in one buffer */
	char *buf = text + MAX_INPUT - size;
	memcpy(buf, data, size);
	size_t len = size + tail_len;
	dt_rawlog one, two;
	char e1[512], e2[512];
	int r1 = parse(buf, len, DT_CSV_SPLIT_NEVER, 0, &one, e1, sizeof e1);
	int r2 = parse(buf, len, DT_CSV_SPLIT_ALWAYS, size ? size : 1, &two, e2,
	               sizeof e2);
	if (r1 != r2 || strcmp(e1, e2) != 0)
		abort();
	if (r1 == 0)
		must_agree(&one, &two);
	dt_rawlog_free(&one);
	dt_rawlog_free(&two);
	return 0;
}
