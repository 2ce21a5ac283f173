/* doc_html.c: the report as one HTML file: inline CSS and SVG, no
 * script, nothing loaded from anywhere (a Content-Security-Policy of
 * default-src 'none' says so to the browser), A4 print rules. */
#include <string.h>

#include "cli/pack/pack.h"

static const char css[] =
	"body{font:14px/1.45 system-ui,-apple-system,'Segoe UI',sans-serif;"
	"color:#1a1a1a;max-width:60rem;margin:1.5rem auto;padding:0 1rem}"
	"h1{font-size:1.6rem;border-bottom:2px solid #333;padding-bottom:.2rem}"
	"h2{font-size:1.2rem;margin-top:1.6rem;border-bottom:1px solid #bbb}"
	"h3{font-size:1rem;margin-bottom:.3rem}"
	"table{border-collapse:collapse;margin:.4rem 0 .8rem;width:100%}"
	"th,td{border:1px solid #ccc;padding:.15rem .4rem;text-align:left;"
	"vertical-align:top;overflow-wrap:break-word}"
	"td.tok{overflow-wrap:anywhere;font-family:monospace;font-size:11px}"
	"th{background:#f0f0f0}"
	"tr.mark td{background:#fff3cd}"
	"tr.forced td{background:#f8d7da}"
	"tr.fail td{background:#f5c6cb}"
	".st{font-weight:bold;padding:0 .3rem;border-radius:3px;"
	"white-space:nowrap}"
	".st-pass{color:#fff;background:#1e7b34}"
	".st-fail{color:#fff;background:#b00020}"
	".st-pending,.st-insufficient,.st-unknown{color:#000;background:#ffd54f}"
	".st-waived{color:#fff;background:#555}"
	"pre{background:#f6f6f6;border:1px solid #ddd;padding:.4rem;"
	"white-space:pre-wrap;overflow-wrap:anywhere;font-size:12px}"
	"figure{margin:.5rem 0}figcaption{font-size:12px;color:#444}"
	"svg{max-width:100%;height:auto}"
	"@media print{@page{size:A4;margin:14mm}"
	"body{font-size:10pt;max-width:none;margin:0;padding:0}"
	"h2{break-after:avoid}tr,figure,pre{break-inside:avoid}"
	"tr.mark td,tr.forced td,tr.fail td{-webkit-print-color-adjust:exact;"
	"print-color-adjust:exact}"
	".st{-webkit-print-color-adjust:exact;print-color-adjust:exact}}";

static void begin(dt_doc *d, const char *title)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	      "<meta charset=\"utf-8\">\n"
	      "<meta http-equiv=\"Content-Security-Policy\" content=\""
	      "default-src 'none'; style-src 'unsafe-inline'\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width\">\n"
	      "<title>", d->f);
	dt_pack_html(d->f, title);
	fprintf(d->f, "</title>\n<style>%s</style>\n</head>\n<body>\n<h1>", css);
	dt_pack_html(d->f, title);
	fputs("</h1>\n", d->f);
}

static void end(dt_doc *d)
{
	fputs("</body>\n</html>\n", d->f);
}

static void heading(dt_doc *d, int level, const char *text)
{
	fprintf(d->f, "<h%d>", level);
	dt_pack_html(d->f, text);
	fprintf(d->f, "</h%d>\n", level);
}

/* A status word as a badge when it is one of the known ones. */
static int status_class(const char *s)
{
	static const char *const words[] = {"pass", "fail", "pending",
		"waived", "insufficient", "unknown", NULL};
	for (int i = 0; words[i]; i++)
		if (!strcmp(s, words[i]))
			return i;
	return -1;
}

static void badge(FILE *f, const char *s)
{
	if (status_class(s) >= 0)
		fprintf(f, "<span class=\"st st-%s\">", s);
	else
		fputs("<span class=\"st\">", f);
	dt_pack_html(f, s);
	fputs("</span>", f);
}

static void para(dt_doc *d, const char *status, const char *text)
{
	fputs("<p>", d->f);
	if (status) {
		badge(d->f, status);
		fputc(' ', d->f);
	}
	dt_pack_html(d->f, text);
	fputs("</p>\n", d->f);
}

static void table_begin(dt_doc *d, size_t ncols, const char *const *head)
{
	d->ncols = ncols;
	fputs("<table>\n<thead><tr>", d->f);
	for (size_t i = 0; i < ncols; i++) {
		fputs("<th>", d->f);
		dt_pack_html(d->f, head[i]);
		fputs("</th>", d->f);
	}
	fputs("</tr></thead>\n<tbody>\n", d->f);
}

/* A long word (a digest, a path): may break anywhere, in monospace. */
static int is_token(const char *s)
{
	size_t n = strlen(s);
	return n > 24 && !strchr(s, ' ');
}

static void row(dt_doc *d, const char *const *cells, int mark)
{
	fputs(mark == DT_MARK_FORCED ? "<tr class=\"forced\">"
	      : mark == DT_MARK_FAIL ? "<tr class=\"fail\">"
	      : mark ? "<tr class=\"mark\">" : "<tr>", d->f);
	for (size_t i = 0; i < d->ncols; i++) {
		fputs(is_token(cells[i]) ? "<td class=\"tok\">" : "<td>", d->f);
		if (mark && i == 0) /* the legend's marker, as in Markdown */
			fprintf(d->f, "<strong>%s</strong> ", dt_mark_text(mark));
		if (status_class(cells[i]) >= 0)
			badge(d->f, cells[i]);
		else
			dt_pack_html(d->f, cells[i]);
		fputs("</td>", d->f);
	}
	fputs("</tr>\n", d->f);
}

static void table_end(dt_doc *d)
{
	fputs("</tbody>\n</table>\n", d->f);
}

static void pre(dt_doc *d, const char *text)
{
	fputs("<pre>", d->f);
	const char *p = text;
	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		char line[1200];
		snprintf(line, sizeof line, "%.*s", (int)(len < 1199 ? len : 1199), p);
		dt_pack_html(d->f, line);
		fputc('\n', d->f);
		p += len + (nl != NULL);
	}
	fputs("</pre>\n", d->f);
}

static void chart(dt_doc *d, const char *svg, const char *file,
                  const char *caption)
{
	(void)file;
	fprintf(d->f, "<figure>\n%s\n<figcaption>", svg);
	dt_pack_html(d->f, caption);
	fputs("</figcaption>\n</figure>\n", d->f);
}

const dt_doc_ops dt_doc_html_ops = {begin, end, heading, para, table_begin,
                                    row, table_end, pre, chart};
