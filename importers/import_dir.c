/* import_dir.c: a run folder -> its log files in segment order. */
#include "importers/import_dir.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "importers/source.h"
#include "importers/tfevents.h"
#include "model/util/text.h"

typedef struct found {
	char *path;
	double key;        /* sort key: wall time or version number */
} found;

typedef struct walk {
	found *v;
	size_t n, cap;
	int oom;
} walk;

static int is_dir(const char *p)
{
	struct stat sb;
	return stat(p, &sb) == 0 && S_ISDIR(sb.st_mode);
}

static int is_file(const char *p)
{
	struct stat sb;
	return stat(p, &sb) == 0 && S_ISREG(sb.st_mode);
}

static void add(walk *w, const char *path, double key)
{
	if (w->oom)
		return;
	if (w->n == w->cap) {
		size_t cap = w->cap ? w->cap * 2 : 16;
		found *v = realloc(w->v, cap * sizeof *v);
		if (!v) {
			w->oom = 1;
			return;
		}
		w->v = v;
		w->cap = cap;
	}
	w->v[w->n].path = strdup(path);
	w->v[w->n].key = key;
	if (!w->v[w->n].path)
		w->oom = 1;
	else
		w->n++;
}

/* TensorBoard event files under dir, depth <= 3; key = first wall_time. */
static void find_tfevents(walk *w, const char *dir, int depth)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	if (!d)
		return;
	while ((e = readdir(d)) != NULL) {
		char p[4096];
		if (e->d_name[0] == '.')
			continue;
		snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
		if (depth < 3 && is_dir(p)) {
			find_tfevents(w, p, depth + 1);
		} else if (strstr(e->d_name, "tfevents") && is_file(p)) {
			dt_source src;
			char err[256];
			double wall = 0;
			if (dt_source_open(p, &src, err, sizeof err) < 0)
				continue;
			if (dt_tfevents_first_wall_time(src.data, src.len, &wall) == 0)
				add(w, p, wall);
			dt_source_close(&src);
		}
	}
	closedir(d);
}

/* Lightning: dir/version_N/metrics.csv; key = N. */
static void find_lightning(walk *w, const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	if (!d)
		return;
	while ((e = readdir(d)) != NULL) {
		char p[4096], *end;
		if (strncmp(e->d_name, "version_", 8) != 0)
			continue;
		long v = strtol(e->d_name + 8, &end, 10);
		if (end == e->d_name + 8 || *end || v < 0)
			continue;
		snprintf(p, sizeof p, "%s/%s/metrics.csv", dir, e->d_name);
		if (is_file(p))
			add(w, p, (double)v);
	}
	closedir(d);
}

/* W&B: dir/wandb-summary.json, dir/files/..., dir/run-* /files/... */
static void find_wandb(walk *w, const char *dir)
{
	char p[4096];
	snprintf(p, sizeof p, "%s/wandb-summary.json", dir);
	if (is_file(p)) {
		add(w, p, 0);
		return;
	}
	snprintf(p, sizeof p, "%s/files/wandb-summary.json", dir);
	if (is_file(p)) {
		add(w, p, 0);
		return;
	}
	DIR *d = opendir(dir);
	struct dirent *e;
	if (!d)
		return;
	while ((e = readdir(d)) != NULL) {
		if (strncmp(e->d_name, "run-", 4) != 0 &&
		    strncmp(e->d_name, "offline-run-", 12) != 0)
			continue;
		snprintf(p, sizeof p, "%s/%s/files/wandb-summary.json", dir,
		         e->d_name);
		if (is_file(p))
			add(w, p, 0);
	}
	closedir(d);
}

static int cmp_found(const void *a, const void *b)
{
	const found *x = a, *y = b;
	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return strcmp(x->path, y->path);
}

static int cmp_path(const void *a, const void *b)
{
	return strcmp(((const found *)a)->path, ((const found *)b)->path);
}

/* Whether the files in w (sorted by path) lie in more than one directory; if so, lists
 * the directories (up to 4, then "...") into err and returns 1. */
static int several_dirs(const walk *w, const char *dir, char *err,
                        size_t errlen)
{
	const char *first = w->v[0].path;
	size_t l0 = (size_t)(strrchr(first, '/') - first);
	size_t ndirs = 1;
	int o = snprintf(err, errlen, "%s: event files in more than one "
	                 "folder (%.*s", dir, (int)l0, first);
	for (size_t i = 1; i < w->n; i++) {
		const char *p = w->v[i].path;
		size_t l = (size_t)(strrchr(p, '/') - p);
		int seen = 0;
		for (size_t j = 0; j < i && !seen; j++) {
			const char *q = w->v[j].path;
			size_t lq = (size_t)(strrchr(q, '/') - q);
			seen = lq == l && memcmp(p, q, l) == 0;
		}
		if (seen)
			continue;
		ndirs++;
		if (o >= 0 && (size_t)o < errlen && ndirs <= 4)
			o += snprintf(err + o, errlen - (size_t)o, ", %.*s",
			              (int)l, p);
		else if (o >= 0 && (size_t)o < errlen && ndirs == 5)
			o += snprintf(err + o, errlen - (size_t)o, ", ...");
	}
	if (ndirs < 2)
		return 0;
	if (o >= 0 && (size_t)o < errlen)
		snprintf(err + o, errlen - (size_t)o, "): separate runs are not "
		         "merged; import one folder per run, or pass the event "
		         "files explicitly to merge the launches of one run");
	return 1;
}

static void walk_free(walk *w)
{
	for (size_t i = 0; i < w->n; i++)
		free(w->v[i].path);
	free(w->v);
	memset(w, 0, sizeof *w);
}

int dt_import_dir_files(const char *dir0, char ***files, size_t *n,
                        const char **kind, char *err, size_t errlen)
{
	walk w = {0};
	char dir[4096];
	snprintf(dir, sizeof dir, "%s", dir0);
	for (size_t l = strlen(dir); l > 1 && dir[l - 1] == '/'; l--)
		dir[l - 1] = '\0';
	*files = NULL;
	*n = 0;
	find_tfevents(&w, dir, 0);
	*kind = "TensorBoard event files, in wall-time order";
	if (w.n > 1 && !w.oom) {
		qsort(w.v, w.n, sizeof *w.v, cmp_path);
		if (several_dirs(&w, dir, err, errlen)) {
			walk_free(&w);
			return -1;
		}
	}
	if (w.n == 0 && !w.oom) {
		find_lightning(&w, dir);
		*kind = "Lightning version_N/metrics.csv, in version order";
	}
	if (w.n == 0 && !w.oom) {
		find_wandb(&w, dir);
		*kind = "W&B run summary";
		if (w.n > 1) {
			snprintf(err, errlen, "%s: holds %zu W&B runs; import each "
			         "run-*/files folder as its own run", dir, w.n);
			walk_free(&w);
			return -1;
		}
	}
	if (w.oom) {
		snprintf(err, errlen, "%s: out of memory", dir);
		walk_free(&w);
		return -1;
	}
	if (w.n == 0) {
		snprintf(err, errlen, "%s: a folder without TensorBoard event files "
		         "(events.out.tfevents.*), Lightning version_N/metrics.csv "
		         "or a W&B run (run-*/files/wandb-summary.json)", dir);
		return -1;
	}
	qsort(w.v, w.n, sizeof *w.v, cmp_found);
	char **out = malloc(w.n * sizeof *out);
	if (!out) {
		snprintf(err, errlen, "%s: out of memory", dir);
		walk_free(&w);
		return -1;
	}
	for (size_t i = 0; i < w.n; i++)
		out[i] = w.v[i].path;
	free(w.v);
	*files = out;
	*n = w.n;
	return 0;
}

int dt_import_is_dir(const char *path)
{
	return is_dir(path);
}

/* Why a file of the folder is not imported (see dt_import_dir_skipped). */
static void skip_reason(const char *path, const char *kind, char *out,
                        size_t n)
{
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	if (base[0] == '.') {
		snprintf(out, n, "hidden file");
		return;
	}
	/* a folder's README or SOURCES.md may quote log lines that a
	 * detector would claim: a Markdown file is documentation */
	size_t bl = strlen(base);
	if ((bl > 3 && !strcasecmp(base + bl - 3, ".md")) ||
	    (bl > 9 && !strcasecmp(base + bl - 9, ".markdown"))) {
		snprintf(out, n, "a Markdown document, not a training log");
		return;
	}
	dt_source src;
	char err[300];
	if (dt_source_open(path, &src, err, sizeof err) < 0) {
		snprintf(out, n, "cannot be read (%s)", err);
		return;
	}
	size_t head = src.len < 65536 ? src.len : 65536;
	const dt_importer *imp = src.len ? dt_importer_detect(src.name, src.data,
	                                                      head, NULL) : NULL;
	if (src.len == 0)
		snprintf(out, n, "empty");
	else if (imp)
		snprintf(out, n, "a %s log, not part of the folder's layout (%.*s); "
		         "import it on its own", imp->name, (int)strcspn(kind, ","),
		         kind);
	else
		snprintf(out, n, "not a training log (no format recognised)");
	dt_source_close(&src);
}

static int chosen_has(char *const *chosen, size_t n, const char *p)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(chosen[i], p))
			return 1;
	return 0;
}

static size_t list_skipped(const char *dir, int depth, char *const *chosen,
                           size_t nchosen, const char *kind,
                           dt_import_skip_fn fn, void *ctx)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t count = 0;
	while (d && (e = readdir(d))) {
		char p[4096], why[600];
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
		if (is_dir(p)) {
			if (depth < 3) {
				count += list_skipped(p, depth + 1, chosen, nchosen, kind,
				                      fn, ctx);
			} else {
				if (fn) {
					size_t l = strlen(p);
					if (l + 1 < sizeof p) {
						p[l] = '/';
						p[l + 1] = '\0';
					}
					fn(ctx, p, "not searched (more than 3 levels down)");
				}
				count++;
			}
			continue;
		}
		if (!is_file(p) || chosen_has(chosen, nchosen, p))
			continue;
		count++;
		if (!fn)
			continue;
		skip_reason(p, kind, why, sizeof why);
		fn(ctx, p, why);
	}
	if (d)
		closedir(d);
	return count;
}

size_t dt_import_dir_skipped_each(const char *dir0, char *const *chosen,
                                  size_t nchosen, const char *kind,
                                  dt_import_skip_fn fn, void *ctx)
{
	char dir[4096];
	snprintf(dir, sizeof dir, "%s", dir0);
	for (size_t l = strlen(dir); l > 1 && dir[l - 1] == '/'; l--)
		dir[l - 1] = '\0';
	return list_skipped(dir, 0, chosen, nchosen, kind, fn, ctx);
}

/* "  skipped: PATH: why", sanitised, to the FILE * in ctx. */
static void print_skipped(void *ctx, const char *path, const char *why)
{
	char safe[1200];
	dt_sanitize(path, safe, sizeof safe);
	fprintf((FILE *)ctx, "  skipped: %s: ", safe);
	dt_sanitize(why, safe, sizeof safe);
	fprintf((FILE *)ctx, "%s\n", safe);
}

size_t dt_import_dir_skipped(const char *dir, char *const *chosen,
                             size_t nchosen, const char *kind, FILE *report)
{
	return dt_import_dir_skipped_each(dir, chosen, nchosen, kind,
	                                  report ? print_skipped : NULL, report);
}
