/* template.h: a new SQLite store written from a template instead of
 * being built by the schema migrations (open.c).
 *
 * Creating a store runs every migration of schema.c: ~80 CREATE
 * statements parsed and executed, 64 KiB root pages zeroed and written,
 * the chain triggers made, ~11 fdatasync calls: ~20 ms of CPU on the
 * 2-core benchmark VM, during an import's parse (it runs on a thread
 * beside it, cli/cmd_import.c). The result is always the same bytes for
 * one build, so the build makes it once: template_gen/main.c creates an
 * empty store with this very store code (the template absent, so the
 * migrations run), leaves it in rollback-journal mode, and writes its
 * non-zero bytes as the C source of dt_sq_template_data (CMake: the
 * dt_store_template object library, linked into the dualtrack binary and
 * the tests). A program that does not link it creates stores by the
 * migrations, as before. tests/test_store_open.c checks that both ways
 * give the same schema, settings and chain. */
#ifndef DT_SQ_TEMPLATE_H
#define DT_SQ_TEMPLATE_H

#include <stddef.h>
#include <stdint.h>

/* The bytes of an empty store file: `size` bytes, zero but for the runs
 * (offset, length) whose bytes follow one another in `bytes`. */
typedef struct dt_sq_template {
	int user_version;          /* PRAGMA user_version of the template */
	uint64_t size;             /* file size in bytes */
	size_t nruns;
	const uint32_t (*runs)[2]; /* [nruns]: offset, length */
	const unsigned char *bytes;
} dt_sq_template;

/* Defined by the generated template source; a weak reference: NULL in a
 * program that does not link it. */
extern const dt_sq_template dt_sq_template_data __attribute__((weak));

/* Create the store file at `path` from the template when the program has
 * one for schema version `want` and no file is at path: written to a new
 * file beside it (name: path + ".new-PID-N"), synced, then given its name
 * with link(2), which fails when another process created path meanwhile
 * (that file is then used as it is), and the directory synced. So a
 * store file is never seen half-written. Returns 1 (created), 0 (not
 * used: no template, another version, or a file is there), -1 (an I/O
 * error before the file got its name, errno set; nothing is left at
 * path). */
int dt_sq_template_create(const char *path, int want);

#endif
