/* doc_md.c: the report in Markdown (CommonMark with GitHub tables). Log
 * text is backslash-escaped (dt_pack_md); preformatted text goes in
 * indented code blocks, where nothing is interpreted. */
#include <string.h>

#include "cli/pack/pack.h"
#include "model/util/text.h"

static void begin(dt_doc *d, const char *title)
{
	fputs("# ", d->f);
	dt_pack_md(d->f, title);
	fputs("\n\n", d->f);
}

static void end(dt_doc *d)
{
	(void)d;
}

static void heading(dt_doc *d, int level, const char *text)
{
	for (int i = 0; i < level; i++)
		fputc('#', d->f);
	fputc(' ', d->f);
	dt_pack_md(d->f, text);
	fputs("\n\n", d->f);
}

static void para(dt_doc *d, const char *status, const char *text)
{
	if (status) {
		fputs("**", d->f);
		for (const char *p = status; *p; p++)
			fputc(*p >= 'a' && *p <= 'z' ? *p - 'a' + 'A' : *p, d->f);
		fputs("** ", d->f);
	}
	dt_pack_md(d->f, text);
	fputs("\n\n", d->f);
}

static void table_begin(dt_doc *d, size_t ncols, const char *const *head)
{
	d->ncols = ncols;
	fputs("|", d->f);
	for (size_t i = 0; i < ncols; i++) {
		fputc(' ', d->f);
		dt_pack_md(d->f, head[i]);
		fputs(" |", d->f);
	}
	fputs("\n|", d->f);
	for (size_t i = 0; i < ncols; i++)
		fputs("---|", d->f);
	fputc('\n', d->f);
}

static void row(dt_doc *d, const char *const *cells, int mark)
{
	fputs("|", d->f);
	for (size_t i = 0; i < d->ncols; i++) {
		fputc(' ', d->f);
		if (mark && i == 0)
			fprintf(d->f, "**%s** ", dt_mark_text(mark));
		dt_pack_md(d->f, cells[i]);
		fputs(" |", d->f);
	}
	fputc('\n', d->f);
}

static void table_end(dt_doc *d)
{
	fputc('\n', d->f);
}

static void pre(dt_doc *d, const char *text)
{
	const char *p = text;
	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		char line[1200], safe[1200];
		snprintf(line, sizeof line, "%.*s", (int)(len < 1199 ? len : 1199), p);
		dt_sanitize(line, safe, sizeof safe);
		fprintf(d->f, "    %s\n", safe);
		p += len + (nl != NULL);
	}
	fputc('\n', d->f);
}

static void chart(dt_doc *d, const char *svg, const char *file,
                  const char *caption)
{
	(void)svg;
	fputs("![", d->f);
	dt_pack_md(d->f, caption);
	fprintf(d->f, "](%s)\n\n", file);
}

const dt_doc_ops dt_doc_md_ops = {begin, end, heading, para, table_begin,
                                  row, table_end, pre, chart};
