/* neuron_compile.c: Neuron compile/cache records -> run facts. */
#include "importers/neuron_compile.h"
#include "model/util/clock.h"

#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "importers/textline.h"
#include "model/util/num.h"

typedef dt_neuron_counts nc_scan;

static int digits(const char *s, int n, int *v)
{
	*v = 0;
	for (int i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		*v = *v * 10 + (s[i] - '0');
	}
	return 0;
}

/* Seconds (UTC-agnostic) of a "YYYY-MM-DD HH:MM:SS[.f]" stamp at the line
 * start; -1 when the line does not start with one. */
static double stamp(const char *s, size_t len)
{
	int y, mo, d, h, mi, se;
	if (len < 19 || s[4] != '-' || s[7] != '-' || s[10] != ' ' ||
	    s[13] != ':' || s[16] != ':' || digits(s, 4, &y) ||
	    digits(s + 5, 2, &mo) || digits(s + 8, 2, &d) ||
	    digits(s + 11, 2, &h) || digits(s + 14, 2, &mi) ||
	    digits(s + 17, 2, &se) || mo < 1 || mo > 12)
		return -1;
	double frac = 0, scale = 0.1;
	for (size_t i = 20; i < len && s[19] == '.' && s[i] >= '0' && s[i] <= '9';
	     i++, scale /= 10)
		frac += (s[i] - '0') * scale;
	return (double)dt_days_from_civil(y, mo, d) * 86400.0 + h * 3600 + mi * 60 +
	       se + frac;
}

/* Copy the text after `key` up to a blank, quote or line end. */
static void word_after(const char *at, const char *end, char *out, size_t n,
                       const char *stop)
{
	size_t k = 0;
	while (at < end && k + 1 < n && !strchr(stop, *at))
		out[k++] = *at++;
	out[k] = '\0';
}

/* A path quoted in prose or code ends before the closing quote, backtick
 * or bracket and the punctuation after it ("/var/tmp/cache`),"): those
 * trailing bytes are cut from s. */
static void trim_path_tail(char *s)
{
	size_t k = strlen(s);
	while (k && strchr("`'\")]}>,;:.", s[k - 1]))
		s[--k] = '\0';
}

static int64_t count_after(const char *s, size_t len, const char *key)
{
	const char *at = dt_find_bytes(s, len, key);
	int64_t v;
	if (!at)
		return -1;
	at += strlen(key);
	size_t n = len - (size_t)(at - s);
	while (n && *at == ' ')
		at++, n--;
	size_t k = 0;
	while (k < n && at[k] >= '0' && at[k] <= '9')
		k++;
	return k && dt_parse_step(at, k, &v) == 0 ? v : -1;
}

/* Compiler version and cache path from a ".../neuronxcc-V/MODULE..." path. */
static void from_neff_path(nc_scan *n, const char *s, size_t len)
{
	const char *v = dt_find_bytes(s, len, "/neuronxcc-");
	if (!v)
		return;
	const char *end = s + len;
	if (!n->version[0])
		word_after(v + 11, end, n->version, sizeof n->version, "/ '\"");
	if (!n->cache_path[0]) {
		const char *p = v;
		while (p > s && p[-1] && !strchr(" \t('\"`[", p[-1]))
			p--;
		size_t k = (size_t)(v - p);
		if (k < sizeof n->cache_path) {
			memcpy(n->cache_path, p, k);
			n->cache_path[k] = '\0';
		}
	}
}

static void scan_line(nc_scan *n, const char *s, size_t len)
{
	const char *end = s + len, *at;
	/* tqdm fragments glue onto the log line: the stamp follows them */
	const char *ts = dt_find_bytes(s, len, "||");
	double t = -1;
	for (const char *p = s; ts && p + 19 <= ts && t < 0; p++)
		if (p[0] == '2' && p[4] == '-')
			t = stamp(p, (size_t)(end - p));
	if ((at = dt_find_bytes(s, len, "Compile cache path: ")) != NULL) {
		at += 20;  /* an opening quote is not part of the path */
		while (at < end && *at && strchr("`'\"", *at))
			at++;
		word_after(at, end, n->cache_path, sizeof n->cache_path,
		           " \r\t`'\"");
		trim_path_tail(n->cache_path);
	}
	if (dt_find_bytes(s, len, "Using a cached neff")) {
		n->hits++;
		from_neff_path(n, s, len);
	} else if (dt_find_bytes(s, len, "neuronxcc-")) {
		from_neff_path(n, s, len);
	}
	if (dt_find_bytes(s, len, "Call compiler with cmd"))
		n->calls++;
	if ((at = dt_find_bytes(s, len, "Compiler status ")) != NULL) {
		n->status++;
		n->fail += dt_find_bytes(at, (size_t)(end - at), "FAIL") != NULL;
	}
	if (dt_find_bytes(s, len, "Got a cached failed neff"))
		n->cached_failed++;
	int64_t v;
	if ((v = count_after(s, len, "Total graphs:")) >= 0) {
		n->total = v;
		if (t >= 0)
			n->phase_end = t;
	}
	if ((v = count_after(s, len, "Total successful compilations:")) >= 0)
		n->ok = v;
	if ((v = count_after(s, len, "Total failed compilations:")) >= 0)
		n->failed = v;
	if (t >= 0 && n->phase_start < 0 &&
	    dt_find_bytes(s, len, "Current remaining items are"))
		n->phase_start = t;
	if ((at = dt_find_bytes(s, len, "\"compile_time\":")) != NULL) {
		double ct;
		if (dt_parse_double(at + 15, (size_t)(end - at - 15), &ct, NULL) == 0) {
			n->report_seconds += ct;
			n->have_report_time = 1;
		}
	}
}

static int set_facts(const nc_scan *n, dt_rawlog *o)
{
	long misses = n->calls > n->status ? n->calls : n->status;
	int rc = 0;
	if (n->cache_path[0])
		rc |= dt_rawlog_fact(o, "neuron.compile_cache_path", "%s",
		                     n->cache_path);
	if (n->version[0])
		rc |= dt_rawlog_fact(o, "neuron.compiler_version", "%s", n->version);
	if (n->cache_path[0] || n->hits || misses) {
		rc |= dt_rawlog_fact(o, "neuron.cache_hits", "%ld", n->hits);
		rc |= dt_rawlog_fact(o, "neuron.cache_misses", "%ld", misses);
		rc |= dt_rawlog_fact(o, "neuron.compile_fail", "%ld", n->fail);
	}
	if (n->cached_failed)
		rc |= dt_rawlog_fact(o, "neuron.cached_failed_neffs", "%ld",
		                     n->cached_failed);
	if (n->total >= 0)
		rc |= dt_rawlog_fact(o, "neuron.parallel_compile.graphs_total",
		                     "%lld", (long long)n->total);
	if (n->ok >= 0)
		rc |= dt_rawlog_fact(o, "neuron.parallel_compile.graphs_succeeded",
		                     "%lld", (long long)n->ok);
	if (n->failed >= 0)
		rc |= dt_rawlog_fact(o, "neuron.parallel_compile.graphs_failed",
		                     "%lld", (long long)n->failed);
	if (n->have_report_time)
		rc |= dt_rawlog_fact(o, "neuron.compile_seconds", "%.3f",
		                     n->report_seconds);
	else if (n->phase_start >= 0 && n->phase_end >= n->phase_start)
		rc |= dt_rawlog_fact(o, "neuron.compile_seconds", "%.3f",
		                     n->phase_end - n->phase_start);
	return rc ? -1 : 0;
}

int dt_neuron_has_record(const char *head, size_t len)
{
	static const char *const tags[] = {
		"||NEURON_CACHE||", "||NCC_WRAPPER||", "||NEURON_CC_WRAPPER||",
		"||PARALLEL_COMPILE||", "||NEURON_PARALLEL_COMPILE||",
	};
	for (size_t i = 0; i < sizeof tags / sizeof tags[0]; i++)
		if (dt_find_bytes(head, len, tags[i]))
			return 1;
	return 0;
}

void dt_neuron_scan_init(dt_neuron_scan *ns)
{
	memset(ns, 0, sizeof *ns);
	ns->n.total = ns->n.ok = ns->n.failed = -1;
	ns->n.phase_start = ns->n.phase_end = -1;
}

static void scan_lines(nc_scan *n, const char *d, size_t from, size_t len)
{
	for (size_t i = from; i < len;) {
		const char *nl = memchr(d + i, '\n', len - i);
		size_t end = nl ? (size_t)(nl - d) : len;
		scan_line(n, d + i, end - i);
		i = end + 1;
	}
}

/* 1-based line of `at` in d[from..): line0 lines end before `from`. */
static size_t line_at(const char *d, size_t from, size_t line0,
                      const char *at)
{
	size_t n = line0 + 1;
	for (const char *p = d + from;
	     (p = memchr(p, '\n', (size_t)(at - p))) != NULL; p++)
		n++;
	return n;
}

void dt_neuron_scan_feed(dt_neuron_scan *ns, const dt_source *src,
                         size_t from, size_t line0)
{
	const char *d = src->data, *c = d + from, *at;
	size_t n = src->len - from;
	/* Compile records are tqdm-glued "... || ..." lines: a log without
	 * "||" has none and its lines are not scanned. "||" never spans a
	 * line end, so the feed's own bytes tell; when it first appears, the
	 * lines fed before are scanned once. */
	if (!ns->gated && dt_find_bytes(c, n, "||")) {
		ns->gated = 1;
		scan_lines(&ns->n, d, 0, from);
	}
	if (ns->gated)
		scan_lines(&ns->n, d, from, src->len);
	if (!ns->running && (at = dt_find_bytes(c, n, "Running trial run")))
		ns->running = line_at(d, from, line0, at);
	if (!ns->extracting && (at = dt_find_bytes(c, n, "Extracting graphs")))
		ns->extracting = line_at(d, from, line0, at);
	if (!ns->nocompile)
		ns->nocompile = dt_find_bytes(c, n, "No compilation was done") != 0;
}

int dt_neuron_scan_facts(const dt_neuron_scan *ns, dt_rawlog *out)
{
	return ns->gated ? set_facts(&ns->n, out) : 0;
}

size_t dt_neuron_scan_trial(const dt_neuron_scan *ns)
{
	return ns->running ? ns->running
	       : ns->nocompile ? ns->extracting : 0;
}

int dt_neuron_compile_facts(const dt_source *src, dt_rawlog *out)
{
	dt_neuron_scan ns;
	dt_neuron_scan_init(&ns);
	dt_neuron_scan_feed(&ns, src, 0, 0);
	return dt_neuron_scan_facts(&ns, out);
}

size_t dt_neuron_trial_line(const dt_source *s)
{
	dt_neuron_scan ns;
	dt_neuron_scan_init(&ns);
	dt_neuron_scan_feed(&ns, s, 0, 0);
	return dt_neuron_scan_trial(&ns);
}

int dt_neuron_mark_precompile(const dt_source *src, size_t line,
                              dt_rawlog *out)
{
	size_t moved = 0;
	if (out->nseries == 0)
		return dt_rawlog_warn(out, "%s:%zu: neuron_parallel_compile trial "
		                      "run with no metric values: compile records "
		                      "only (run facts)", src->path, line);
	for (size_t i = 0; i < out->nseries; i++) {
		dt_rawseries *s = &out->series[i];
		size_t l = strlen(s->metric) + 12;
		char *m = malloc(l);
		if (!m)
			return -1;
		snprintf(m, l, "precompile_%s", s->metric);
		free(s->metric);
		s->metric = m;
		moved += s->n;
	}
	return dt_rawlog_warn(out, "%s:%zu: neuron_parallel_compile trial run: "
	                      "its %zu value(s) (losses 0.0, nan, huge...) are "
	                      "pre-compilation values, stored as precompile_* "
	                      "metrics and excluded from the loss curve",
	                      src->path, line, moved);
}
