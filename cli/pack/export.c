/* export.c: writing an evidence pack (dt_pack_export) and the command
 * `dualtrack export PILOT --out DIR [--no-logs]`. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <dirent.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/pack/pack.h"
#include "model/util/sha256.h"
#include "model/util/text.h"

typedef struct out_files {
	dt_pack_file *v;
	size_t n, cap;
} out_files;

static int add_file(out_files *o, const char *path, const char *sha,
                    int absent)
{
	if (o->n == o->cap) {
		size_t cap = o->cap ? 2 * o->cap : 16;
		dt_pack_file *nv = realloc(o->v, cap * sizeof *nv);
		if (!nv)
			return -1;
		o->v = nv;
		o->cap = cap;
	}
	dt_pack_file *f = &o->v[o->n++];
	snprintf(f->path, sizeof f->path, "%s", path);
	snprintf(f->sha256, sizeof f->sha256, "%s", sha);
	f->absent = absent;
	return 0;
}

/* An empty or new folder. */
static int make_dir(const char *dir, char *err, size_t errlen)
{
	if (mkdir(dir, 0777) == 0)
		return 0;
	if (errno != EEXIST) {
		snprintf(err, errlen, "%s: cannot create: %s", dir, strerror(errno));
		return -1;
	}
	DIR *d = opendir(dir);
	struct dirent *e;
	if (!d) {
		snprintf(err, errlen, "%s: not a folder", dir);
		return -1;
	}
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
			closedir(d);
			snprintf(err, errlen, "%s: exists and is not empty (a pack "
			         "goes into a new or empty folder)", dir);
			return -1;
		}
	closedir(d);
	return 0;
}

/* Copy src to dst; returns 0 or -1. */
static int copy_file(const char *src, const char *dst)
{
	FILE *in = fopen(src, "rb"), *out = in ? fopen(dst, "wb") : NULL;
	char buf[65536];
	size_t k;
	int rc = in && out ? 0 : -1;
	while (rc == 0 && (k = fread(buf, 1, sizeof buf, in)) > 0)
		if (fwrite(buf, 1, k, out) != k)
			rc = -1;
	if (in && ferror(in))
		rc = -1;
	if (in)
		fclose(in);
	if (out && fclose(out) != 0)
		rc = -1;
	return rc;
}

int dt_pack_log_find(const dt_run_file *f, char *at, size_t atlen,
                     char *note, size_t notelen)
{
	char hex[65], e[600], cwd[1024];
	int rel = f->path[0] != '/';
	snprintf(at, atlen, "%s", f->path);
	note[0] = '\0';
	if (rel && !getcwd(cwd, sizeof cwd))
		snprintf(cwd, sizeof cwd, "(unknown)");
	if (dt_sha256_file(f->path, hex, e, sizeof e) < 0) {
		if (rel)
			snprintf(note, notelen, "its stored path '%s' is relative (an "
			         "older dualtrack stored the path as typed, not the folder "
			         "it was typed in) and is not readable from the current "
			         "folder %s", f->path, cwd);
		else
			snprintf(note, notelen, "no longer readable at its import path");
		return 0;
	}
	if (strcmp(hex, f->sha256)) {
		if (rel)
			snprintf(note, notelen, "its stored path '%s' is relative (an "
			         "older dualtrack stored the path as typed, not the folder "
			         "it was typed in), and the file it names from the current "
			         "folder %s is another one (sha256 %s)", f->path, cwd, hex);
		else
			snprintf(note, notelen, "changed since its import (now sha256 "
			         "%s)", hex);
		return 0;
	}
	return 1;
}

/* Plan and copy the input logs: logs/RUN/FILE (FILE prefixed by its id
 * when two files of a run share a name). */
static int do_logs(const dt_pack *p, const char *dir, int with_logs,
                   dt_pack_log **out, size_t *nout, char *err, size_t errlen)
{
	size_t n = 0;
	for (size_t i = 0; i < p->ov.nruns; i++)
		n += p->runs[i].nfiles;
	dt_pack_log *v = calloc(n ? n : 1, sizeof *v);
	if (!v) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	size_t k = 0;
	for (size_t i = 0; i < p->ov.nruns; i++) {
		char run[DT_NAME_MAX], sub[4200];
		dt_pack_safe_name(p->ov.runs[i].run.name, run, sizeof run);
		snprintf(sub, sizeof sub, "%s/logs/%s", dir, run);
		for (size_t j = 0; j < p->runs[i].nfiles; j++, k++) {
			const dt_run_file *f = &p->runs[i].files[j];
			const char *base = strrchr(f->path, '/');
			char name[300], hex[65], e[600], dst[4800];
			dt_pack_safe_name(base ? base + 1 : f->path, name, sizeof name);
			v[k].run = i;
			v[k].file = j;
			snprintf(v[k].pack_path, sizeof v[k].pack_path, "logs/%s/%s",
			         run, name);
			for (size_t q = 0; q < k; q++)
				if (!strcmp(v[q].pack_path, v[k].pack_path))
					snprintf(v[k].pack_path, sizeof v[k].pack_path,
					         "logs/%s/%lld-%s", run, (long long)f->id, name);
			if (!with_logs) {
				v[k].left_out = 1;
				snprintf(v[k].note, sizeof v[k].note, "--no-logs: listed "
				         "by its digest only");
				continue;
			}
			char at[sizeof f->path];
			if (!dt_pack_log_find(f, at, sizeof at, v[k].note,
			                      sizeof v[k].note))
				continue;
			snprintf(dst, sizeof dst, "%s/%s", dir, v[k].pack_path);
			mkdir((snprintf(e, sizeof e, "%s/logs", dir), e), 0777);
			mkdir(sub, 0777);
			if (copy_file(at, dst) < 0 ||
			    dt_sha256_file(dst, hex, e, sizeof e) < 0 ||
			    strcmp(hex, f->sha256)) {
				remove(dst);
				snprintf(v[k].note, sizeof v[k].note, "could not be copied");
				continue;
			}
			v[k].included = 1;
		}
	}
	*out = v;
	*nout = n;
	return 0;
}

typedef int (*writer)(FILE *f, void *ctx);

/* Write DIR/NAME through fn and record its digest. */
static int emit(const char *dir, const char *name, writer fn, void *ctx,
                out_files *o, char *err, size_t errlen)
{
	char path[4200], hex[65];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	if (!f) {
		snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
		return -1;
	}
	int rc = fn(f, ctx);
	if (fclose(f) != 0 || rc < 0) {
		snprintf(err, errlen, "%s: write failed", path);
		return -1;
	}
	if (dt_sha256_file(path, hex, err, errlen) < 0 ||
	    add_file(o, name, hex, 0) < 0)
		return -1;
	return 0;
}

typedef struct ctx {
	const dt_pack *p;
	char **svgs;                 /* [p->ncharts], NULL entries: no chart */
	const char *svg;             /* the one w_svg writes */
	const dt_pack_log *logs;
	size_t nlogs;
	const out_files *files;
} ctx;

static int w_svg(FILE *f, void *c)
{
	fputs(((ctx *)c)->svg, f);
	fputc('\n', f);
	return 0;
}

static int w_doc(FILE *f, const ctx *x, const dt_doc_ops *ops)
{
	dt_doc d = {ops, f, 0};
	dt_pack_report(&d, x->p, (const char *const *)x->svgs, x->logs,
	               x->nlogs);
	return ferror(f) ? -1 : 0;
}

static int w_html(FILE *f, void *c) { return w_doc(f, c, &dt_doc_html_ops); }
static int w_md(FILE *f, void *c) { return w_doc(f, c, &dt_doc_md_ops); }

static int w_evidence(FILE *f, void *c)
{
	ctx *x = c;
	return dt_pack_write_evidence(f, x->p, x->logs, x->nlogs);
}

static int w_attest(FILE *f, void *c)
{
	ctx *x = c;
	return dt_pack_write_attestation(f, x->p, x->files->v, x->files->n);
}

int dt_pack_export(dt_store *st, const char *name, const char *dir,
                   int with_logs, char *err, size_t errlen)
{
	dt_pack p;
	int rc = dt_pack_load(st, name, &p, err, errlen);
	if (rc != 0)
		return rc;
	if (p.ov.integrity.state == DT_INTEGRITY_ALTERED) {
		/* a pack would carry records that are not genuine as evidence */
		char what[400];
		snprintf(err, errlen, "the store was altered: %s; no pack "
		         "written (dualtrack verify lists every defect)",
		         dt_integrity_text(&p.ov.integrity, what, sizeof what));
		dt_pack_free(&p);
		return -1;
	}
	dt_pack_log *logs = NULL;
	size_t nlogs = 0;
	out_files o = {0};
	char **svgs = calloc(p.ncharts ? p.ncharts : 1, sizeof *svgs);
	ctx x = {&p, svgs, NULL, NULL, 0, &o};
	rc = -1;
	if (!svgs) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	for (size_t k = 0; k < p.ncharts; k++)
		svgs[k] = dt_pack_chart_svg(&p, k);
	if (make_dir(dir, err, errlen) < 0 ||
	    do_logs(&p, dir, with_logs, &logs, &nlogs, err, errlen) < 0)
		goto out;
	x.logs = logs;
	x.nlogs = nlogs;
	/* every chart is a file of the pack: manifest, attestation, verify */
	for (size_t k = 0; k < p.ncharts; k++) {
		char file[DT_NAME_MAX + 32];
		dt_pack_chart_file(&p, k, file, sizeof file);
		x.svg = svgs[k];
		if (svgs[k] && emit(dir, file, w_svg, &x, &o, err, errlen) < 0)
			goto out;
	}
	if (emit(dir, "report.html", w_html, &x, &o, err, errlen) < 0 ||
	    emit(dir, "report.md", w_md, &x, &o, err, errlen) < 0 ||
	    emit(dir, "evidence.json", w_evidence, &x, &o, err, errlen) < 0)
		goto out;
	for (size_t k = 0; k < nlogs; k++)
		if (add_file(&o, logs[k].pack_path,
		             p.runs[logs[k].run].files[logs[k].file].sha256,
		             !logs[k].included) < 0)
			goto out;
	/* the attestation names every file above; the manifest adds it */
	if (emit(dir, "attestation.json", w_attest, &x, &o, err, errlen) < 0 ||
	    dt_pack_manifest_write(dir, o.v, o.n, err, errlen) < 0)
		goto out;
	rc = 0;
out:
	free(o.v);
	free(logs);
	for (size_t k = 0; svgs && k < p.ncharts; k++)
		free(svgs[k]);
	free(svgs);
	dt_pack_free(&p);
	return rc;
}

static void export_usage(FILE *f)
{
	fputs("usage: dualtrack [--db PATH] export PILOT --out DIR [--no-logs]\n\n"
	      "Writes the pilot's evidence pack into DIR (new or empty):\n"
	      "report.html (one file, no script, no network, prints on A4),\n"
	      "report.md with chart.svg (the first pilot run against the\n"
	      "baseline; chart-N-RUN.svg for the N-th pilot run), evidence.json\n"
	      "(schema_version 1),\n"
	      "attestation.json (in-toto Statement v1), logs/ (the input logs,\n"
	      "copied when still at their import path with the same SHA-256)\n"
	      "and MANIFEST.sha256 (sha256sum -c reads it). --no-logs: the\n"
	      "manifest lists the logs' digests only. Then: dualtrack sign DIR.\n"
	      "A store whose records were altered (dualtrack verify), or whose\n"
	      "series read for the pack differ from their sealed digests, is\n"
	      "refused: nothing is written.\n"
	      "exit: 0 written, 2 usage, no such pilot, altered store or write\n"
	      "error\n", f);
}

int dt_cmd_export(const char *db, int argc, char **argv)
{
	static const struct option opts[] = {
		{"out", required_argument, NULL, 'o'},
		{"no-logs", no_argument, NULL, 'n'},
		{"db", required_argument, NULL, 'd'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0}};
	const char *out = NULL;
	int with_logs = 1, c;
	optind = 0;
	while ((c = dt_cli_getopt(argc, argv, "ho:", opts, NULL)) != -1) {
		switch (c) {
		case 'o': out = optarg; break;
		case 'n': with_logs = 0; break;
		case 'd': db = optarg; break;
		case 'h': export_usage(stdout); return DT_EXIT_OK;
		default: dt_cli_usage_error(export_usage); return DT_EXIT_USAGE;
		}
	}
	const char *needs = "export needs PILOT and --out DIR";
	if (dt_cli_operands("export", argv + optind, argc - optind, 1, 1,
	                    needs) < 0) {
		dt_cli_usage_error(export_usage);
		return DT_EXIT_USAGE;
	}
	if (!out) {
		fprintf(stderr, "dualtrack: %s\n", needs);
		dt_cli_usage_error(export_usage);
		return DT_EXIT_USAGE;
	}
	dt_store *st = dt_cli_store_read(db);
	if (!st)
		return DT_EXIT_USAGE;
	char err[1200], safe[1300];
	int rc = dt_pack_export(st, argv[optind], out, with_logs, err, sizeof err);
	if (rc > 0)
		dt_cli_find_pilot(st, argv[optind]);
	else if (rc < 0) {
		dt_sanitize(err, safe, sizeof safe);
		fprintf(stderr, "dualtrack: export: %s\n", safe);
	} else {
		dt_sanitize(out, safe, sizeof safe);
		printf("evidence pack written to %s\n"
		       "next: " DT_PACK_SIGN_NEXT "\n", safe, safe);
	}
	dt_store_close(st);
	return rc == 0 ? DT_EXIT_OK : DT_EXIT_USAGE;
}
