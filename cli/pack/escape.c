/* escape.c: text of logs and people made safe for HTML and Markdown
 * (pack.h). */
#include <stdlib.h>
#include <string.h>

#include "cli/pack/pack.h"
#include "model/util/text.h"

/* dt_sanitize_lines into a malloc'd copy (never longer than the input):
 * a newline (a rationale's, a note's) is kept for the caller to render
 * as a line break; every other control is '?'. */
static char *clean(const char *s)
{
	size_t n = strlen(s ? s : "") + 1;
	char *c = malloc(n);
	if (c)
		dt_sanitize_lines(s ? s : "", NULL, c, n);
	return c;
}

void dt_pack_html(FILE *f, const char *s)
{
	char *c = clean(s);
	for (const char *p = c ? c : ""; *p; p++) {
		switch (*p) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		case '\'': fputs("&#39;", f); break;
		case '\n': fputs("<br>", f); break;
		default: fputc(*p, f);
		}
	}
	free(c);
}

void dt_pack_md(FILE *f, const char *s)
{
	char *c = clean(s);
	const char *p = c ? c : "";
	if (*p == '+' || *p == '-' || *p == '=')
		fputc('\\', f);
	for (; *p; p++) {
		if (*p == '\n') { /* a line break that holds in a table cell */
			fputs("<br>", f);
			continue;
		}
		if (strchr("\\`*_[]<>|~&#!", *p))
			fputc('\\', f);
		fputc(*p, f);
	}
	free(c);
}

void dt_pack_safe_name(const char *s, char *out, size_t n)
{
	size_t k = 0;
	for (; s && *s && k + 1 < n; s++) {
		unsigned char ch = (unsigned char)*s;
		int ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
		         (ch >= '0' && ch <= '9') || ch == '-' || ch == '_' || ch == '@' ||
		         (ch == '.' && k > 0);
		out[k++] = ok ? (char)ch : '_';
	}
	if (k == 0 && n > 1)
		out[k++] = '_';
	if (n)
		out[k < n ? k : n - 1] = '\0';
}
