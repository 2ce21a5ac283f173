/* term.c: curses init/restore, theme -> colour pairs, grid blit. */
#include "tui/term.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <term.h>
#include <unistd.h>

static int term_active;
static attr_t role_attr[DT_ROLE_COUNT];
static short role_pair[DT_ROLE_COUNT];

/* The terminal type must be known and able to place the cursor (a
 * "dumb" terminal cannot). Checked through terminfo before initscr(),
 * which would print its own error and exit(1) on an unknown type.
 * Returns 0, or -1 with a one-line message on stderr. */
static int term_usable(void)
{
	const char *term = getenv("TERM");
	const char *cup;
	int err = 0;
	if (!term || !term[0]) {
		fprintf(stderr, "dualtrack: TERM is not set; the full-screen view "
		        "needs it (try TERM=xterm-256color, or use the subcommands: "
		        "dualtrack --help)\n");
		return -1;
	}
	if (setupterm(NULL, STDOUT_FILENO, &err) != OK) {
		fprintf(stderr, "dualtrack: unknown terminal type TERM=%s (try "
		        "TERM=xterm-256color, or use the subcommands: dualtrack "
		        "--help)\n", term);
		return -1;
	}
	cup = tigetstr("cup");
	if (!cup || cup == (const char *)-1) {
		fprintf(stderr, "dualtrack: terminal type TERM=%s cannot draw the "
		        "full-screen view (try TERM=xterm-256color, or use the "
		        "subcommands: dualtrack --help)\n", term);
		del_curterm(cur_term);
		return -1;
	}
	del_curterm(cur_term);
	return 0;
}

/* The sequences terminals send for Home, End and the editing keys that
 * TERM's terminfo may not list (xterm-256color inside tmux or screen:
 * End arrives as ESC [ 4 ~, not the ESC O F terminfo names), bound to
 * their keys so none arrives as Esc and characters. */
static void define_keys(void)
{
	static const struct { const char *seq; int key; } k[] = {
		{ "\033[1~", KEY_HOME }, { "\033[7~", KEY_HOME },
		{ "\033[H", KEY_HOME }, { "\033OH", KEY_HOME },
		{ "\033[4~", KEY_END }, { "\033[8~", KEY_END },
		{ "\033[F", KEY_END }, { "\033OF", KEY_END },
		{ "\033[3~", KEY_DC }, { "\033[5~", KEY_PPAGE },
		{ "\033[6~", KEY_NPAGE },
	};
	for (size_t i = 0; i < sizeof k / sizeof k[0]; i++)
		if (key_defined(k[i].seq) <= 0)
			define_key(k[i].seq, k[i].key);
}

int dt_term_drop_sequence(void)
{
	wint_t c;
	int rc, n;
	timeout(0);
	rc = get_wch(&c);
	if (rc == ERR)
		return 0;
	if (rc != OK || (c != '[' && c != 'O')) {
		if (rc == OK)
			unget_wch((wchar_t)c);
		else
			ungetch((int)c);
		return 0;
	}
	if (c == 'O') { /* SS3: one final character */
		get_wch(&c);
		return 1;
	}
	/* CSI: parameter and intermediate bytes, then a final 0x40..0x7e */
	for (n = 0; n < 32; n++) {
		rc = get_wch(&c);
		if (rc != OK || (c >= 0x40 && c <= 0x7e))
			break;
	}
	return 1;
}

int dt_term_init(void)
{
	if (term_usable() < 0)
		return -1;
	if (!initscr()) {
		fprintf(stderr, "dualtrack: cannot initialise the terminal\n");
		return -1;
	}
	term_active = 1;
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	define_keys();
	curs_set(0);
	timeout(200);
	set_escdelay(25); /* Esc alone must not wait a second */
	if (has_colors()) {
		start_color();
		use_default_colors();
	}
	return 0;
}

void dt_term_end(void)
{
	if (!term_active)
		return;
	term_active = 0;
	curs_set(1);
	endwin();
}

int dt_term_has_color(void)
{
	const char *nc = getenv("NO_COLOR");
	return has_colors() && !(nc && nc[0]);
}

static attr_t to_attr(unsigned a)
{
	attr_t r = A_NORMAL;
	if (a & DT_ATTR_BOLD)
		r |= A_BOLD;
	if (a & DT_ATTR_REVERSE)
		r |= A_REVERSE;
	if (a & DT_ATTR_DIM)
		r |= A_DIM;
	if (a & DT_ATTR_UNDERLINE)
		r |= A_UNDERLINE;
	return r;
}

/* A palette index the terminal has: bright -> normal on 8-colour
 * terminals, anything else out of range -> default. */
static short fit_color(short c)
{
	if (c < 0)
		return -1;
	if (c >= COLORS && c >= 8 && c < 16)
		return (short)(c - 8);
	return c < COLORS ? c : -1;
}

void dt_term_apply_theme(const dt_theme *t, int mono)
{
	int r;
	mono = mono || t->mono || !dt_term_has_color();
	for (r = 0; r < DT_ROLE_COUNT; r++) {
		const dt_style *s = &t->style[r];
		role_pair[r] = 0;
		if (mono || r + 1 >= COLOR_PAIRS) {
			role_attr[r] = to_attr(s->mono);
			continue;
		}
		role_attr[r] = to_attr(s->attrs);
		init_pair((short)(r + 1), fit_color(s->fg), fit_color(s->bg));
		role_pair[r] = (short)(r + 1);
	}
}

void dt_term_blit(const dt_grid *g)
{
	int x, y;
	for (y = 0; y < g->h && y < LINES; y++)
		for (x = 0; x < g->w && x < COLS; x++) {
			const dt_cell *c = &g->cells[(size_t)y * (size_t)g->w + (size_t)x];
			wchar_t wc[2] = { c->ch, 0 };
			attr_t a;
			cchar_t cc;
			if (c->ch == 0)
				continue; /* second cell of a wide character */
			a = role_attr[c->role < DT_ROLE_COUNT ? c->role : 0];
			if (c->flags & DT_CELL_HL)
				a ^= A_REVERSE;
			setcchar(&cc, wc, a, role_pair[c->role < DT_ROLE_COUNT ? c->role : 0], NULL);
			mvadd_wch(y, x, &cc);
		}
	wnoutrefresh(stdscr);
	doupdate();
}
