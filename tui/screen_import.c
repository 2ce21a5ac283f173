/* screen_import.c: the import screen (see import_screen.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "model/core/rawlog.h"
#include "tui/import_screen.h"
#include "tui/layout.h"
#include "tui/screen.h"
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

void dt_import_screen_open(dt_import_screen *s, dt_store *st, int live)
{
	static const char *const labels[DT_IMP_NF] = {
		"file or folder", "platform", "run name", "format", "step base",
		"grad accum", "global batch", "logging steps", "loss tag", "mode",
		"preview"
	};
	int i;
	size_t k;
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
	/* format and step base: the CLI's --format and --step-base, their
	 * choices from the same tables (auto first: detected, the
	 * producer's rule) */
	s->formats[0] = "auto (detected from content)";
	for (k = 0; dt_importers[k] && k + 1 < DT_IMP_FORMATS; k++)
		s->formats[k + 1] = dt_importers[k]->name;
	s->f[DT_IMP_FORMAT].kind = DT_FIELD_CHOICE;
	s->f[DT_IMP_FORMAT].choices = s->formats;
	s->f[DT_IMP_FORMAT].nchoices = k + 1;
	snprintf(s->f[DT_IMP_FORMAT].aside, sizeof s->f[DT_IMP_FORMAT].aside,
	         "auto, or force one");
	s->step_bases[0] = "auto (producer's rule, else as logged)";
	for (k = 0; dt_step_bases[k].value && k + 1 < DT_IMP_STEP_BASES; k++) {
		snprintf(s->step_base_text[k + 1], sizeof s->step_base_text[k + 1],
		         "%s (%s)", dt_step_bases[k].value, dt_step_bases[k].meaning);
		s->step_bases[k + 1] = s->step_base_text[k + 1];
	}
	s->f[DT_IMP_STEP_BASE].kind = DT_FIELD_CHOICE;
	s->f[DT_IMP_STEP_BASE].choices = s->step_bases;
	s->f[DT_IMP_STEP_BASE].nchoices = k + 1;
	snprintf(s->f[DT_IMP_STEP_BASE].aside,
	         sizeof s->f[DT_IMP_STEP_BASE].aside, "where the file's steps start");
	/* --grad-accum, --global-batch, --logging-steps, --loss-tag */
	s->f[DT_IMP_GRAD_ACCUM].cap = 20;
	snprintf(s->f[DT_IMP_GRAD_ACCUM].aside,
	         sizeof s->f[DT_IMP_GRAD_ACCUM].aside, "micro-batches per step");
	s->f[DT_IMP_GLOBAL_BATCH].cap = 20;
	snprintf(s->f[DT_IMP_GLOBAL_BATCH].aside,
	         sizeof s->f[DT_IMP_GLOBAL_BATCH].aside, "samples per step");
	s->f[DT_IMP_LOGGING_STEPS].cap = 20;
	snprintf(s->f[DT_IMP_LOGGING_STEPS].aside,
	         sizeof s->f[DT_IMP_LOGGING_STEPS].aside, "steps between records");
	s->f[DT_IMP_LOSS_TAG].cap = 255;
	snprintf(s->f[DT_IMP_LOSS_TAG].aside,
	         sizeof s->f[DT_IMP_LOSS_TAG].aside, "TensorBoard loss tag");
	s->f[DT_IMP_MODE].kind = DT_FIELD_CHOICE;
	s->f[DT_IMP_MODE].choices = modes;
	s->f[DT_IMP_MODE].nchoices = 2;
	s->f[DT_IMP_MODE].choice = live ? 1 : 0;
	snprintf(s->f[DT_IMP_MODE].aside, sizeof s->f[DT_IMP_MODE].aside,
	         "live: re-read as it grows");
	s->f[DT_IMP_GO].kind = DT_FIELD_BUTTON;
	s->f[DT_IMP_GO].label = "preview (dry run)";
	s->st = st;
	dt_form_set(&s->form, s->f, DT_IMP_NF);
	s->form.dialog = 1;
	dt_form_begin_edit(&s->form); /* the path first */
}

int dt_import_screen_live(const dt_import_screen *s)
{
	return s->f[DT_IMP_MODE].choice == 1;
}

/* The option a count field gives (dt_import_opts), NULL for others. */
static int64_t *count_of(dt_import_opts *o, size_t i)
{
	switch (i) {
	case DT_IMP_GRAD_ACCUM: return &o->grad_accum;
	case DT_IMP_GLOBAL_BATCH: return &o->global_batch;
	case DT_IMP_LOGGING_STEPS: return &o->logging_steps;
	default: return NULL;
	}
}

/* The field's name in messages ("grad accum"). */
static const char *const count_names[DT_IMP_NF] = {
	[DT_IMP_GRAD_ACCUM] = "grad accum",
	[DT_IMP_GLOBAL_BATCH] = "global batch",
	[DT_IMP_LOGGING_STEPS] = "logging steps",
};

int dt_import_screen_check(size_t i, const char *text, char *err, size_t n)
{
	dt_import_opts o;
	int64_t *v = count_of(&o, i);
	if (!v || !text[0])
		return 0;
	return dt_import_count_parse(count_names[i], text, v, err, n);
}

int dt_import_screen_request(dt_import_screen *s, dt_import_request *rq,
                             const char *files[1], char *err, size_t n)
{
	size_t fmt = s->f[DT_IMP_FORMAT].choice, sb = s->f[DT_IMP_STEP_BASE].choice;
	size_t i;
	memset(rq, 0, sizeof *rq);
	files[0] = s->f[DT_IMP_PATH].value;
	rq->files = files;
	rq->nfiles = 1;
	rq->platform = platforms[s->f[DT_IMP_PLATFORM].choice % 4];
	/* choice i > 0 is the importer or step base i - 1 (open) */
	rq->format = fmt > 0 && fmt < s->f[DT_IMP_FORMAT].nchoices
	             ? dt_importers[fmt - 1]->name : "auto";
	rq->run_name = s->f[DT_IMP_RUN].value[0] ? s->f[DT_IMP_RUN].value : NULL;
	dt_import_run_name(rq, s->run, sizeof s->run);
	rq->run_name = s->run;
	for (i = 0; i < DT_IMP_NF; i++) {
		int64_t *v = count_of(&rq->opts, i);
		if (v && s->f[i].value[0] &&
		    dt_import_count_parse(count_names[i], s->f[i].value, v, err,
		                          n) < 0)
			return -1;
	}
	rq->opts.loss_tag = s->f[DT_IMP_LOSS_TAG].value[0]
	                    ? s->f[DT_IMP_LOSS_TAG].value : NULL;
	if (sb > 0 && sb < s->f[DT_IMP_STEP_BASE].nchoices) {
		char why[200];
		if (dt_step_base_parse(dt_step_bases[sb - 1].value,
		                       &rq->opts.step_base, why, sizeof why) < 0) {
			snprintf(err, n, "step base %s", why);
			return -1;
		}
	}
	return 0;
}

/* The importer's advice in the form's terms (import_screen.h). */
static const char *const form_words[][2] = {
	{ "use --format", "pick one in the format field" },
	{ "(--step-base 0|1 decides)", "(0 or 1 in the step base field decides)" },
	{ "; --step-base 0: ", "; step base 0: " },
	{ "; --step-base 1: ", "; step base 1: " },
	{ "--grad-accum", "grad accum" },
	{ "--global-batch", "global batch" },
	{ "--logging-steps", "logging steps" },
	{ "--loss-tag", "loss tag" },
};

void dt_import_screen_words(char *text, size_t n)
{
	for (size_t k = 0; k < sizeof form_words / sizeof form_words[0]; k++) {
		char *at = strstr(text, form_words[k][0]);
		if (at) {
			size_t len = strlen(text) + strlen(form_words[k][1]) + 1;
			char *out = malloc(len);
			if (!out)
				return;
			snprintf(out, len, "%.*s%s%s", (int)(at - text), text,
			         form_words[k][1], at + strlen(form_words[k][0]));
			dt_utf8_copy(text, n, out);
			free(out);
		}
	}
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
		if (!(nv[s->nlines] = malloc(len + 200)))
			return -1;
		memcpy(nv[s->nlines], p, len);
		nv[s->nlines][len] = '\0';
		dt_import_screen_words(nv[s->nlines], len + 200);
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
	if (dt_import_screen_request(s, &rq, files, err, sizeof err) < 0) {
		snprintf(s->msg, sizeof s->msg, "%s", err);
		s->msg_err = 1;
		return -1;
	}
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
	/* the preview is `dualtrack import --dry-run`: with the open store
	 * (only read by a dry run), so the importer's report says "same log
	 * grown" for a log the run holds grown, as the import will */
	rc = dt_import(st, &rq, mem, err, sizeof err);
	fclose(mem);
	if (rc == 0 && set_lines(s, buf ? buf : "") < 0) {
		snprintf(err, sizeof err, "out of memory");
		rc = -1;
	}
	free(buf);
	if (rc < 0) {
		char as[80];
		dt_import_screen_words(err, sizeof err);
		/* a forced format that does not read a file that is there: say
		 * it was the format field's (the importer's error may not name
		 * it) */
		snprintf(as, sizeof as, "read as %s", rq.format);
		if (strcmp(rq.format, "auto") != 0 && stat(files[0], &sb) == 0 &&
		    !strstr(err, as) &&
		    strlen(err) + strlen(as) + 24 < sizeof err)
			snprintf(err + strlen(err), sizeof err - strlen(err),
			         "; %s (the format field)", as);
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
	s->form.in.selected = 0; /* a completion is typed on, not replaced */
}

/* The hint row, then the fields on the rows left (scrolled with their
 * mark when fewer than DT_IMP_NF), then the path's completions. */
static void render_form(dt_import_screen *s, dt_grid *g, int y0, int h)
{
	int rows = h - 1 < DT_IMP_NF ? h - 1 : DT_IMP_NF;
	int y = y0 + 1 + rows;
	size_t i;
	s->form.label_w = 16;
	s->form.aside_w = g->w >= 100 ? 30 : 0;
	static const dt_hint keys[] = {
		{ "type into a text field;", 0 }, { "Enter/Down:next", 1 },
		{ "Up:previous", 0 }, { "Esc:back", 1 },
	};
	dt_layout_hints(g, 0, y0, g->w, 1, keys, sizeof keys / sizeof keys[0],
	                DT_ROLE_LABEL);
	dt_form_render(&s->form, g, 0, y0 + 1, g->w, rows);
	for (i = 0; i < s->ncands && y < y0 + h; i++, y++) {
		if (y == y0 + h - 1 && i + 1 < s->ncands) {
			dt_grid_printf(g, 2, y, g->w - 2, DT_ROLE_STATUS,
			               "... %zu more", s->ncands - i);
			break;
		}
		dt_layout_text(g, 2, y, g->w - 2, s->cands[i], DT_ROLE_STATUS);
	}
}

/* Rows report line i takes at width w (its indent kept, as drawn). */
static int line_rows(const dt_import_screen *s, size_t i, int w, int ascii,
                     int *ind)
{
	*ind = (int)strspn(s->lines[i], " ");
	if (*ind > w / 2)
		*ind = 0;
	return dt_text_wrap_rows(s->lines[i], w - *ind, ascii);
}

/* The header (wrapped: the run's name is never cut), then the report
 * from line `top`, each line wrapped with its indent kept (j/k scroll by
 * line). Nothing is cut without a mark: a line that does not fit ends
 * in "…" (dt_grid_wrap), when lines are left below the last row says
 * how many ("+N more"), and when scrolled the first row says how many
 * are above ("+N more line(s) above"). */
static void render_preview(dt_import_screen *s, dt_grid *g, int y0, int h)
{
	char head[DT_NAME_MAX + 200], more[48];
	int y, ind, need = 0, end = y0 + h, cut = 0;
	size_t i;
	snprintf(head, sizeof head, "dry run: nothing stored yet; Enter %s run "
	         "%s (%s), Esc back to the form",
	         dt_import_screen_live(s) ? "follows into" : "imports into",
	         s->run, platforms[s->f[DT_IMP_PLATFORM].choice % 4]);
	y = y0 + dt_grid_wrap(g, 0, y0, g->w, h > 8 ? 4 : 1, head,
	                      DT_ROLE_LABEL);
	if (s->top >= s->nlines)
		s->top = s->nlines ? s->nlines - 1 : 0;
	if (s->top > 0 && y < end - 1)
		y += dt_layout_printf(g, 0, y, g->w, DT_ROLE_STATUS, "+%zu more "
		                      "line(s) above: k / Up / PgUp scroll",
		                      s->top) > 0;
	for (i = s->top; i < s->nlines; i++)
		need += line_rows(s, i, g->w, g->ascii, &ind);
	if (need > end - y)
		end--; /* the last row says what is below */
	for (i = s->top; i < s->nlines && y < end; i++) {
		int want = line_rows(s, i, g->w, g->ascii, &ind);
		int got = dt_grid_wrap(g, ind, y, g->w - ind, end - y, s->lines[i],
		                       strstr(s->lines[i], "warning:")
		                       ? DT_ROLE_WARN : DT_ROLE_NORMAL);
		y += got;
		cut = got < want; /* its last row ends in "…" */
	}
	if (end < y0 + h) { /* lines not shown whole: how many */
		dt_layout_more(0, s->nlines - i + (size_t)cut, more, sizeof more);
		dt_layout_printf(g, 0, end, g->w, DT_ROLE_STATUS, "%s line(s): "
		                 "j / Down / PgDn scroll", more);
	}
}

/* The key line for the focused field (the truth for that field), cut
 * as a footer is: Enter and Esc (and a choice's change keys) kept. */
static size_t footer(const dt_import_screen *s, const dt_hint **h)
{
	static const dt_hint path[] = {
		{ "type a path;", 0 }, { "Tab:complete", 0 },
		{ "Enter/Down:next", 1 }, { "Esc:back", 1 },
	};
	static const dt_hint text[] = {
		{ "type the name;", 0 }, { "Enter/Tab/Down:next", 1 },
		{ "Up:previous", 0 }, { "Esc:back", 1 },
	};
	static const dt_hint count[] = {
		{ "type a whole number (empty: not given);", 0 },
		{ "Enter/Tab/Down:next", 1 }, { "Up:previous", 0 },
		{ "Esc:back", 1 },
	};
	static const dt_hint tag[] = {
		{ "type the tag (empty: the rule);", 0 },
		{ "Enter/Tab/Down:next", 1 }, { "Up:previous", 0 },
		{ "Esc:back", 1 },
	};
	static const dt_hint choice[] = {
		{ "type its start or", 0 }, { "Space/Left/Right:change", 1 },
		{ "Enter/Down:next", 1 }, { "Up:previous", 0 }, { "Esc:back", 1 },
	};
	static const dt_hint button[] = {
		{ "Enter:preview (dry run)", 1 }, { "Up:previous", 0 },
		{ "Esc:back", 1 },
	};
#define DT_HINTS(a) (*h = (a), sizeof (a) / sizeof (a)[0])
	if (s->form.editing && s->form.sel == DT_IMP_PATH)
		return DT_HINTS(path);
	if (s->form.editing && s->form.sel == DT_IMP_LOSS_TAG)
		return DT_HINTS(tag);
	if (s->form.editing && count_names[s->form.sel])
		return DT_HINTS(count);
	if (s->form.editing)
		return DT_HINTS(text);
	if (s->f[s->form.sel].kind == DT_FIELD_CHOICE)
		return DT_HINTS(choice);
	return DT_HINTS(button);
#undef DT_HINTS
}

#define DT_IMPORT_MSG_ROWS 3   /* most rows an import message takes over
                                 * the preview (on the form: every row
                                 * below the form, if more) */
#define DT_IMPORT_FORM_MIN 4   /* rows the form keeps when a long message
                                 * needs more than those below it: the
                                 * hint, the focused field among 2, the
                                 * scroll mark */

void dt_import_screen_render(dt_import_screen *s, dt_grid *g,
                             const char *title)
{
	/* below the title, the hint row and the fields, above the footer */
	int room = g->h - 3 - DT_IMP_NF;
	int mrows = dt_text_wrap_rows(s->msg, g->w, g->ascii);
	if (!s->preview && room < mrows) /* the form gives way, scrolled */
		room = g->h - 2 - DT_IMPORT_FORM_MIN;
	if (s->preview || room < DT_IMPORT_MSG_ROWS)
		room = DT_IMPORT_MSG_ROWS;
	if (mrows < 1)
		mrows = 1;
	if (mrows > room)
		mrows = room;
	dt_grid_clear(g);
	dt_layout_title(g, title, s->preview ? "import: preview" : "import");
	if (s->preview)
		render_preview(s, g, 1, g->h - 2 - mrows);
	else
		render_form(s, g, 1, g->h - 2 - mrows);
	/* the whole message, wrapped (an error keeps its reason after a long
	 * path), above the footer */
	dt_grid_wrap(g, 0, g->h - 1 - mrows, g->w, mrows, s->msg,
	             s->msg_err ? DT_ROLE_WARN : DT_ROLE_PASS);
	if (!s->preview) { /* the preview's footer is the app's (keymap) */
		const dt_hint *h;
		size_t nh = footer(s, &h);
		dt_layout_hint_row(g, g->h - 1, h, nh);
	}
}

static unsigned preview_action(dt_import_screen *s, dt_action_id a)
{
	switch (a) {
	case DT_A_OPEN:
		if (dt_import_screen_live(s))
			return DT_SCR_FOLLOW;
		if (run_import(s, s->st, 0) < 0)
			return DT_SCR_REDRAW;
		snprintf(s->msg, sizeof s->msg, "imported into run %s", s->run);
		s->msg_err = 0;
		return DT_SCR_BACK | DT_SCR_RELOAD;
	case DT_A_BACK:
		clear_lines(s);
		return DT_SCR_REDRAW;
	default:
		s->list.n = s->nlines;
		s->list.sel = s->top;
		if (a != DT_A_SEARCH && dt_list_action(&s->list, a)) {
			s->top = s->list.sel;
			return DT_SCR_REDRAW;
		}
		return DT_SCR_NONE;
	}
}

/* dt_import_screen_check as the form's check (no ctx). */
static int form_check(void *ctx, size_t k, const char *text, char *err,
                      size_t n)
{
	(void)ctx;
	return dt_import_screen_check(k, text, err, n);
}

/* One key of the form (the widget's fixed semantics), plus Tab
 * completing the path and Enter refusing an empty path. */
static unsigned form_key(dt_import_screen *s, int key)
{
	size_t sel = s->form.sel;
	if (s->form.editing && sel == DT_IMP_PATH && key == DT_KEY_TAB) {
		complete(s);
		return DT_SCR_REDRAW;
	}
	if (s->form.editing && sel == DT_IMP_PATH && !s->form.in.buf[0] &&
	    (key == DT_K_ENTER || key == DT_K_DOWN || key == DT_KEY_TAB)) {
		snprintf(s->msg, sizeof s->msg, "type a path (Tab completes)");
		s->msg_err = 1;
		return DT_SCR_REDRAW;
	}
	switch (dt_form_key(&s->form, key)) {
	case DT_FORM_COMMIT:
		clear_cands(s);
		/* a count refused stays in its editor, "!LABEL", the reason
		 * below in the CLI's words */
		if (dt_import_screen_check(sel, s->form.in.buf, s->msg,
		                           sizeof s->msg) < 0) {
			s->f[sel].refused = 1;
			s->msg_err = 1;
			return DT_SCR_REDRAW;
		}
		s->f[sel].refused = 0;
		s->msg[0] = '\0';
		dt_form_commit_step(&s->form);
		return DT_SCR_REDRAW;
	case DT_FORM_BUTTON:
		s->msg[0] = '\0';
		s->msg_err = 0;
		if (run_import(s, s->st, 1) == 0)
			s->preview = 1;
		return DT_SCR_REDRAW;
	case DT_FORM_CANCEL:
		s->msg[0] = '\0';
		return DT_SCR_BACK;
	case DT_FORM_REDRAW:
		if (s->form.sel != sel)
			clear_cands(s);
		if (!s->form.editing)
			s->msg[0] = '\0';
		/* a refused count being edited: its mark and the reason go as
		 * soon as the text would be taken */
		switch (dt_form_recheck(&s->form, form_check, NULL, s->msg,
		                        sizeof s->msg)) {
		case -1:
			s->msg_err = 1;
			break;
		case 1:
			s->msg[0] = '\0';
			s->msg_err = 0;
			break;
		default:
			break;
		}
		return DT_SCR_REDRAW;
	default:
		if (key < 0x20 || key >= DT_K_UP || key == 0x7f ||
		    s->f[sel].kind != DT_FIELD_CHOICE)
			return DT_SCR_NONE;
		snprintf(s->msg, sizeof s->msg, "%s is a choice: type the start of "
		         "one, or Space / Left / Right change it", s->f[sel].label);
		s->msg_err = 1;
		return DT_SCR_REDRAW;
	}
}

static int import_modal(void *st)
{
	return !((dt_import_screen *)st)->preview;
}

static int import_keys_free(void *st)
{
	const dt_import_screen *s = st;
	return !s->preview && dt_form_on_button(&s->form);
}

static unsigned import_raw_key(void *st, int key)
{
	return form_key(st, key);
}

static unsigned import_action(void *st, dt_action_id a)
{
	return preview_action(st, a);
}

static void import_render(void *st, dt_grid *g, const char *title)
{
	dt_import_screen_render(st, g, title);
}

const dt_screen_ops dt_import_ops = {
	.id = DT_S_IMPORT,
	.render = import_render,
	.action = import_action,
	.modal = import_modal,
	.raw_key = import_raw_key,
	.keys_free = import_keys_free,
};
