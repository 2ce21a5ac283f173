/* screen_import.c: the import screen (see import_screen.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "model/core/rawlog.h"
#include "tui/import_screen.h"
#include "tui/path_complete.h"

static const char *const platforms[] = { "gpu", "trn2", "trn1", "other" };
static const char *const modes[] = { "import once", "follow (live)" };

static void clear_lines(dt_import_screen *s)
{
	dt_strv_free(s->lines, s->nlines);
	s->lines = NULL;
	s->nlines = s->top = 0;
	s->preview = 0;
}

static void clear_cands(dt_import_screen *s)
{
	dt_path_candidates_free(s->cands, s->ncands);
	s->cands = NULL;
	s->ncands = 0;
}

void dt_import_screen_free(dt_import_screen *s)
{
	clear_lines(s);
	clear_cands(s);
}

void dt_import_screen_open(dt_import_screen *s, int live)
{
	static const char *const labels[DT_IMP_NF] = {
		"file or folder", "platform", "run name", "mode", "preview"
	};
	int i;
	dt_import_screen_free(s);
	memset(s, 0, sizeof *s);
	for (i = 0; i < DT_IMP_NF; i++) {
		s->f[i].label = labels[i];
		s->f[i].kind = DT_FIELD_TEXT;
	}
	s->f[DT_IMP_PATH].cap = 1023;
	s->f[DT_IMP_RUN].cap = DT_NAME_MAX - 1;
	snprintf(s->f[DT_IMP_RUN].aside, sizeof s->f[DT_IMP_RUN].aside,
	         "empty: the file's name");
	s->f[DT_IMP_PLATFORM].kind = DT_FIELD_CHOICE;
	s->f[DT_IMP_PLATFORM].choices = platforms;
	s->f[DT_IMP_PLATFORM].nchoices = 4;
	s->f[DT_IMP_MODE].kind = DT_FIELD_CHOICE;
	s->f[DT_IMP_MODE].choices = modes;
	s->f[DT_IMP_MODE].nchoices = 2;
	s->f[DT_IMP_MODE].choice = live ? 1 : 0;
	snprintf(s->f[DT_IMP_MODE].aside, sizeof s->f[DT_IMP_MODE].aside,
	         "live: re-read as it grows");
	s->f[DT_IMP_GO].kind = DT_FIELD_BUTTON;
	s->f[DT_IMP_GO].label = "preview (dry run)";
	dt_form_set(&s->form, s->f, DT_IMP_NF);
	dt_form_begin_edit(&s->form); /* the path first */
}

int dt_import_screen_modal(const dt_import_screen *s)
{
	return s->form.editing;
}

int dt_import_screen_live(const dt_import_screen *s)
{
	return s->f[DT_IMP_MODE].choice == 1;
}

void dt_import_screen_request(dt_import_screen *s, dt_import_request *rq,
                              const char *files[1])
{
	memset(rq, 0, sizeof *rq);
	files[0] = s->f[DT_IMP_PATH].value;
	rq->files = files;
	rq->nfiles = 1;
	rq->platform = platforms[s->f[DT_IMP_PLATFORM].choice % 4];
	rq->format = "auto";
	rq->run_name = s->f[DT_IMP_RUN].value[0] ? s->f[DT_IMP_RUN].value : NULL;
	dt_import_run_name(rq, s->run, sizeof s->run);
	rq->run_name = s->run;
}

/* Split the captured report into lines. */
static int set_lines(dt_import_screen *s, const char *text)
{
	const char *p = text;
	clear_lines(s);
	while (*p) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		char **nv = realloc(s->lines, (s->nlines + 1) * sizeof *nv);
		if (!nv)
			return -1;
		s->lines = nv;
		if (!(nv[s->nlines] = strndup(p, len)))
			return -1;
		s->nlines++;
		p += len + (e != NULL);
	}
	return 0;
}

/* dt_import with the report captured in memory; 0 or -1 (s->msg). */
static int run_import(dt_import_screen *s, dt_store *st, int dry)
{
	dt_import_request rq;
	const char *files[1];
	char *buf = NULL, err[1024] = "";
	size_t len = 0;
	FILE *mem;
	int rc;
	dt_import_screen_request(s, &rq, files);
	rq.dry_run = dry;
	if (!files[0][0]) {
		snprintf(s->msg, sizeof s->msg, "type a file or folder first");
		s->msg_err = 1;
		return -1;
	}
	struct stat sb;
	if (dry && dt_import_screen_live(s) && stat(files[0], &sb) == 0 &&
	    S_ISREG(sb.st_mode) && sb.st_size == 0)
		/* A log that was just created: live mode waits for its lines. */
		return set_lines(s, "empty so far: live mode imports its lines as "
		                    "they are written") < 0 ? -1 : 0;
	mem = open_memstream(&buf, &len);
	if (!mem) {
		snprintf(s->msg, sizeof s->msg, "out of memory");
		s->msg_err = 1;
		return -1;
	}
	rc = dt_import(dry ? NULL : st, &rq, mem, err, sizeof err);
	fclose(mem);
	if (rc == 0 && set_lines(s, buf ? buf : "") < 0) {
		snprintf(err, sizeof err, "out of memory");
		rc = -1;
	}
	free(buf);
	if (rc < 0) {
		snprintf(s->msg, sizeof s->msg, "%s%s", dry ? "" : "not imported: ",
		         err);
		s->msg_err = 1;
		return -1;
	}
	return 0;
}

/* Tab in the path editor: complete from the directory listing. */
static void complete(dt_import_screen *s)
{
	char out[DT_INPUT_MAX];
	long n;
	clear_cands(s);
	n = dt_path_complete(s->form.in.buf, out, sizeof out, &s->cands,
	                     &s->ncands);
	s->msg_err = n <= 0;
	if (n < 0)
		snprintf(s->msg, sizeof s->msg, "cannot read that folder");
	else if (n == 0)
		snprintf(s->msg, sizeof s->msg, "no file starts with that");
	else
		snprintf(s->msg, sizeof s->msg, "%ld match(es)", n);
	dt_input_init(&s->form.in, out, s->f[DT_IMP_PATH].cap);
}

static void render_form(dt_import_screen *s, dt_grid *g, int y0, int h)
{
	int y = y0 + DT_IMP_NF + 1;
	size_t i;
	s->form.label_w = 16;
	s->form.aside_w = g->w >= 100 ? 30 : 0;
	dt_grid_text(g, 0, y0, g->w, "type into a text field; Enter or Down: "
	             "next field, Up: previous; Esc back", DT_ROLE_LABEL);
	dt_form_render(&s->form, g, 0, y0 + 1, g->w, DT_IMP_NF);
	for (i = 0; i < s->ncands && y < y0 + h; i++, y++) {
		if (y == y0 + h - 1 && i + 1 < s->ncands) {
			dt_grid_printf(g, 2, y, g->w - 2, DT_ROLE_STATUS,
			               "... %zu more", s->ncands - i);
			break;
		}
		dt_grid_text(g, 2, y, g->w - 2, s->cands[i], DT_ROLE_STATUS);
	}
}

static void render_preview(dt_import_screen *s, dt_grid *g, int y0, int h)
{
	int y;
	size_t i;
	dt_grid_printf(g, 0, y0, g->w, DT_ROLE_LABEL, "dry run: nothing stored "
	               "yet; Enter %s run %s (%s), Esc back to the form",
	               dt_import_screen_live(s) ? "follows into" : "imports into",
	               s->run, platforms[s->f[DT_IMP_PLATFORM].choice % 4]);
	if (s->top >= s->nlines)
		s->top = s->nlines ? s->nlines - 1 : 0;
	/* report lines wrapped (indent kept), j/k scroll by line */
	for (i = s->top, y = y0 + 1; i < s->nlines && y < y0 + h; i++) {
		int ind = (int)strspn(s->lines[i], " ");
		if (ind > g->w / 2)
			ind = 0;
		y += dt_grid_wrap(g, ind, y, g->w - ind, y0 + h - y, s->lines[i],
		                  strstr(s->lines[i], "warning:") ? DT_ROLE_WARN
		                                                  : DT_ROLE_NORMAL);
	}
}

/* The key line for the focused field (the truth for that field). */
static const char *footer(const dt_import_screen *s)
{
	if (s->preview)
		return "?:help Enter:import j/k:scroll Esc:back to the form";
	if (s->form.editing && s->form.sel == DT_IMP_PATH)
		return "type a path  Tab:complete Enter/Down:next Esc:back";
	if (s->form.editing)
		return "type the name  Enter/Down:next Up:previous Esc:back";
	if (s->f[s->form.sel].kind == DT_FIELD_CHOICE)
		return "?:help Space/Left/Right:change j/k:field Esc:back";
	return "?:help Enter:preview (dry run) j/k:field Esc:back";
}

void dt_import_screen_render(dt_import_screen *s, dt_grid *g,
                             const char *title)
{
	const char *dash = dt_grid_dash(g);
	dt_grid_clear(g);
	dt_grid_fill(g, 0, 0, g->w, L' ', DT_ROLE_TITLE);
	dt_grid_printf(g, 1, 0, g->w - 2, DT_ROLE_TITLE, "%s%simport%s", title,
	               dash, s->preview ? ": preview" : "");
	if (s->preview)
		render_preview(s, g, 1, g->h - 3);
	else
		render_form(s, g, 1, g->h - 3);
	dt_grid_text(g, 0, g->h - 2, g->w, s->msg,
	             s->msg_err ? DT_ROLE_WARN : DT_ROLE_PASS);
	dt_grid_text(g, 0, g->h - 1, g->w, footer(s), DT_ROLE_STATUS);
}

static dt_action preview_key(dt_import_screen *s, dt_store *st, int key)
{
	switch (key) {
	case DT_K_ENTER:
		if (dt_import_screen_live(s))
			return DT_ACT_LIVE;
		if (run_import(s, st, 0) < 0)
			return DT_ACT_REDRAW;
		snprintf(s->msg, sizeof s->msg, "imported into run %s", s->run);
		s->msg_err = 0;
		return DT_ACT_BACK;
	case 'q':
	case DT_KEY_ESC:
		clear_lines(s);
		return DT_ACT_REDRAW;
	default:
		return dt_list_move(&s->top, s->nlines, key) ? DT_ACT_REDRAW
		                                             : DT_ACT_NONE;
	}
}

/* Move the focus to field `to`, keeping the text being edited; a text
 * field is edited as soon as it has the focus. */
static void focus(dt_import_screen *s, size_t to)
{
	dt_form_end_edit(&s->form, 1);
	clear_cands(s);
	s->form.sel = to < DT_IMP_NF ? to : DT_IMP_NF - 1;
	dt_form_begin_edit(&s->form);
}

/* A key while a text field has the focus (and its editor). */
static dt_action text_key(dt_import_screen *s, int key)
{
	size_t sel = s->form.sel;
	switch (key) {
	case DT_KEY_TAB:
		if (sel != DT_IMP_PATH)
			return DT_ACT_NONE;
		complete(s);
		return DT_ACT_REDRAW;
	case DT_K_UP:
		focus(s, sel ? sel - 1 : 0);
		return DT_ACT_REDRAW;
	case DT_K_DOWN:
		focus(s, sel + 1);
		return DT_ACT_REDRAW;
	case DT_KEY_ESC:
		s->msg[0] = '\0';
		return DT_ACT_BACK;
	case DT_K_ENTER:
		if (sel == DT_IMP_PATH && !s->form.in.buf[0]) {
			snprintf(s->msg, sizeof s->msg, "type a path (Tab completes)");
			s->msg_err = 1;
			return DT_ACT_REDRAW;
		}
		s->msg[0] = '\0';
		focus(s, sel + 1);
		return DT_ACT_REDRAW;
	default:
		return dt_input_key(&s->form.in, key) == DT_IN_EDITED
		       ? DT_ACT_REDRAW : DT_ACT_NONE;
	}
}

dt_action dt_import_screen_key(dt_import_screen *s, dt_store *st, int key)
{
	size_t sel;
	if (s->preview)
		return preview_key(s, st, key);
	if (s->form.editing)
		return text_key(s, key);
	if (key == 'q')
		return DT_ACT_BACK;
	sel = s->form.sel;
	if (dt_list_move(&sel, DT_IMP_NF, key)) {
		focus(s, sel);
		return DT_ACT_REDRAW;
	}
	switch (dt_form_key(&s->form, key)) {
	case DT_FORM_BUTTON:
		s->msg[0] = '\0';
		s->msg_err = 0;
		if (run_import(s, st, 1) == 0)
			s->preview = 1;
		return DT_ACT_REDRAW;
	case DT_FORM_CANCEL:
		s->msg[0] = '\0';
		return DT_ACT_BACK;
	case DT_FORM_REDRAW:
		return DT_ACT_REDRAW;
	default:
		if (key < 0x20 || key >= DT_K_UP || key == 0x7f)
			return DT_ACT_NONE;
		snprintf(s->msg, sizeof s->msg, "%s is a choice: Space or Left/Right "
		         "change it, Up/Down move", s->f[s->form.sel].label);
		s->msg_err = 1;
		return DT_ACT_REDRAW;
	}
}
