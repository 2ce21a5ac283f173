/* text.h: the one sanitiser for text on its way to a terminal or a
 * JSON/CSV/HTML document, and the one check for text that people write
 * into the store (names, notes, rationales, task-card values).
 *
 * Unicode facts used here: the "format" characters (general category Cf,
 * plus U+2028/U+2029, the line and paragraph separators) are invisible and
 * can reorder or hide text on a bidi-capable terminal: U+202A..U+202E
 * (embeddings and overrides), U+2066..U+2069 (isolates), U+200B..U+200F
 * (zero-width space/joiners, LRM/RLM), U+2060..U+2064, U+FEFF (BOM), U+061C
 * (ALM), U+00AD (soft hyphen), U+180E, U+FFF9..U+FFFB, U+E0001 and
 * U+E0020..U+E007F (tags) (Unicode 15, DerivedGeneralCategory.txt); and
 * the other default-ignorable code points, which a terminal draws as
 * nothing though they are not Cf: U+034F (combining grapheme joiner),
 * U+115F, U+1160, U+3164, U+FFA0 (Hangul fillers), U+17B4..U+17B5,
 * U+180B..U+180F, U+FE00..U+FE0F (variation selectors), U+FFF0..U+FFF8
 * and U+E0000..U+E0FFF (Unicode 15, DerivedCoreProperties.txt,
 * Default_Ignorable_Code_Point): 'base' and 'base' + U+034F looked the same
 * (reliability trial). White space for names (dt_text_is_space): Unicode
 * 15 PropList.txt White_Space. */
#ifndef DT_TEXT_H
#define DT_TEXT_H

#include <stddef.h>
#include <stdint.h>

/* Copy `in` (NUL-terminated, any bytes) to `out` (size outlen >= 1) so that
 * no terminal control sequence and no invisible reordering survives: C0
 * controls, DEL and C1 controls (U+0080..U+009F) become '?', tabs become
 * one space, invalid UTF-8 bytes become '?', Unicode format characters
 * (file comment) are dropped. Other valid UTF-8 is kept. The result is
 * always NUL-terminated and truncated on a character boundary. Returns
 * the length written. */
size_t dt_sanitize(const char *in, char *out, size_t outlen);

/* dt_sanitize for text that may span lines (rationales, notes, reasons:
 * dt_text_check's DT_TEXT_MULTILINE), for an output that has lines: each
 * '\n' is kept and followed by `indent` (NULL or "": none; ASCII, e.g.
 * the blanks that indent continuation lines under a heading line); every
 * other character as dt_sanitize (so a newline is the only control that
 * passes). The caller renders the '\n' as its output's line break (a
 * terminal line, <br> in HTML). Returns the length written. */
size_t dt_sanitize_lines(const char *in, const char *indent, char *out,
                         size_t outlen);

/* In-place variant of dt_sanitize for an owned, NUL-terminated string. */
void dt_sanitize_inplace(char *s);

/* 1 when code point cp is a format character or another default-ignorable
 * code point (file comment), else 0. */
int dt_text_is_format_char(uint32_t cp);

/* 1 when code point cp is Unicode white space (U+0009..U+000D, U+0020,
 * U+0085, U+00A0, U+1680, U+2000..U+200A, U+2028, U+2029, U+202F,
 * U+205F, U+3000; PropList.txt White_Space), else 0. */
int dt_text_is_space(uint32_t cp);

/* The UTF-8 sequence at s (NUL-terminated): its length 1..4 with its
 * code point in *cp, or 0 when the byte at s does not begin a valid
 * sequence (RFC 3629 section 4: no overlong form, no surrogate, nothing
 * above U+10FFFF; reads stop at the first byte that is not a
 * continuation, so never past the NUL). */
size_t dt_utf8_next(const char *s, uint32_t *cp);

/* 1 when code point cp must never reach a terminal raw: a C0 control, DEL,
 * a C1 control (U+0080..U+009F) or a format character (dt_text_is_format_char),
 * else 0. */
int dt_text_is_hidden(uint32_t cp);

/* A NUL code point inside a name read from a log (JSON "\u0000", a 0
 * byte in a TensorBoard tag or a CSV header), as the importer's decoder
 * writes it into a C string so the name does not end there: the two-byte
 * form of U+0000 (never valid UTF-8 otherwise). dt_text_drop_hidden
 * drops it and dt_text_escape_hidden writes it "\u0000", as any other
 * control; dt_sanitize shows it as "??". */
#define DT_TEXT_NUL "\xc0\x80"

/* Copy the bytes in[0..len) (may hold 0 bytes) to out (size n >= 1) as a
 * C string, each 0 byte written as DT_TEXT_NUL. Cut before a byte or a
 * DT_TEXT_NUL that does not fit. Returns the length written. */
size_t dt_text_nul_encode(const char *in, size_t len, char *out, size_t n);

/* Copy `in` (NUL-terminated) to `out` (size n >= 1; may be `in`
 * itself: the copy is never longer) without the code points
 * dt_text_is_hidden flags (controls, a DT_TEXT_NUL, bidi embeddings /
 * overrides / isolates, zero-width characters: the file comment); bytes
 * that are not
 * valid UTF-8 are kept. For log text used as a key (a CSV header's metric
 * name), which must match what a person types. Truncated on a character
 * boundary. Returns how many code points were dropped. */
size_t dt_text_drop_hidden(const char *in, char *out, size_t n);

/* Copy `in` (NUL-terminated) to `out` (size n >= 1) with every code point
 * dt_text_is_hidden flags written as a "\u202e" escape ("\U000e0041"
 * above U+FFFF) and every byte that is not valid UTF-8 as "\x92":
 * text as read, shown without letting it act on a terminal (import
 * warnings naming what was dropped). Cut before an escape or character
 * that does not fit. Returns the length written. */
size_t dt_text_escape_hidden(const char *in, char *out, size_t n);

/* What dt_text_check allows. */
enum {
	DT_TEXT_LINE = 0,       /* one line: no newline */
	DT_TEXT_MULTILINE = 1   /* '\n' allowed (notes, rationales) */
};

/* Check people-written text before it is stored: valid UTF-8, at most
 * `maxbytes` bytes, no C0 control (except '\n' with DT_TEXT_MULTILINE;
 * a tab is refused too: it prints as a space), no DEL, no C1 control, no
 * format character. `what` names the field in the message ("rationale").
 * Returns 0, or -1 with a message naming the field and the byte offset of
 * the first offending byte in err (size errlen). */
int dt_text_check(const char *s, size_t maxbytes, int flags, const char *what,
                  char *err, size_t errlen);

/* 1 when s (NUL-terminated) holds only spaces, tabs and newlines (or is
 * empty), else 0. */
int dt_text_blank(const char *s);

#endif
