/* test_pack_paths.c: where export reads a stored log (dt_pack_log_find,
 * cli/pack/pack.h). An absolute stored path (what import records) is read
 * where it is; a relative one, as an older dualtrack stored the path as
 * typed, is read from the current folder only and, when not found there,
 * the note says that the stored path is relative and names it and the
 * folder; a file whose SHA-256 differs from the stored one is never
 * taken, whichever path found it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "dt_test_tmpdir.h"
#include "cli/pack/pack.h"

/* SHA-256 of "abc" and of "abd" (sha256sum) */
#define SHA_ABC "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
#define SHA_ABD "a52d159f262b2c6ddb724a61840befc36eb30c88877a4030b65cbe86298449c9"

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

/* dir/logs/a.log holding `text`; the current folder is dir. */
static void setup_log(const char *text)
{
	char p[128];
	snprintf(p, sizeof p, "%s/logs", dir);
	mkdir(p, 0777);
	snprintf(p, sizeof p, "%s/logs/a.log", dir);
	put(p, text);
	assert_int_equal(chdir(dir), 0);
}

static dt_run_file stored(const char *path)
{
	dt_run_file f;
	memset(&f, 0, sizeof f);
	snprintf(f.path, sizeof f.path, "%s", path);
	snprintf(f.sha256, sizeof f.sha256, "%s", SHA_ABC);
	return f;
}

static void test_absolute_found(void **state)
{
	(void)state;
	setup_log("abc");
	char abs[128], at[1024], note[2600];
	snprintf(abs, sizeof abs, "%s/logs/a.log", dir);
	dt_run_file f = stored(abs);
	assert_int_equal(chdir("/"), 0); /* from any folder */
	assert_int_equal(dt_pack_log_find(&f, at, sizeof at, note, sizeof note), 1);
	assert_string_equal(at, abs);
	assert_string_equal(note, "");
}

static void test_absolute_gone_or_changed(void **state)
{
	(void)state;
	setup_log("abd");
	char abs[128], at[1024], note[2600];
	snprintf(abs, sizeof abs, "%s/logs/a.log", dir);
	dt_run_file f = stored(abs);
	assert_int_equal(dt_pack_log_find(&f, at, sizeof at, note, sizeof note), 0);
	assert_string_equal(note, "changed since its import (now sha256 "
	                    SHA_ABD ")");
	snprintf(abs, sizeof abs, "%s/logs/gone.log", dir);
	f = stored(abs);
	assert_int_equal(dt_pack_log_find(&f, at, sizeof at, note, sizeof note), 0);
	assert_string_equal(note, "no longer readable at its import path");
}

/* An older store: "logs/a.log" typed in dir, export run in dir again. */
static void test_relative_found_from_current_folder(void **state)
{
	(void)state;
	setup_log("abc");
	char at[1024], note[2600];
	dt_run_file f = stored("logs/a.log");
	assert_int_equal(dt_pack_log_find(&f, at, sizeof at, note, sizeof note), 1);
	assert_string_equal(at, "logs/a.log");
}

/* The trial: "a.log" typed in dir/logs, export run in dir. */
static void test_relative_not_found_says_so(void **state)
{
	(void)state;
	setup_log("abc");
	char at[1024], note[2600], want[2600];
	dt_run_file f = stored("a.log");
	assert_int_equal(dt_pack_log_find(&f, at, sizeof at, note, sizeof note), 0);
	snprintf(want, sizeof want, "its stored path 'a.log' is relative (an "
	         "older dualtrack stored the path as typed, not the folder it "
	         "was typed in) and is not readable from the current folder %s",
	         dir);
	assert_string_equal(note, want);
}

/* A file of that relative name here with other bytes: never taken. */
static void test_relative_other_file_not_taken(void **state)
{
	(void)state;
	setup_log("abd");
	char at[1024], note[2600], want[2600];
	dt_run_file f = stored("logs/a.log");
	assert_int_equal(dt_pack_log_find(&f, at, sizeof at, note, sizeof note), 0);
	snprintf(want, sizeof want, "its stored path 'logs/a.log' is relative "
	         "(an older dualtrack stored the path as typed, not the folder it "
	         "was typed in), and the file it names from the current folder %s "
	         "is another one (sha256 " SHA_ABD ")", dir);
	assert_string_equal(note, want);
}

int main(void)
{
	const struct CMUnitTest t[] = {
		cmocka_unit_test_setup_teardown(test_absolute_found,
		                                tmpdir_setup, tmpdir_teardown),
		cmocka_unit_test_setup_teardown(test_absolute_gone_or_changed,
		                                tmpdir_setup, tmpdir_teardown),
		cmocka_unit_test_setup_teardown(test_relative_found_from_current_folder,
		                                tmpdir_setup, tmpdir_teardown),
		cmocka_unit_test_setup_teardown(test_relative_not_found_says_so,
		                                tmpdir_setup, tmpdir_teardown),
		cmocka_unit_test_setup_teardown(test_relative_other_file_not_taken,
		                                tmpdir_setup, tmpdir_teardown),
	};
	return cmocka_run_group_tests(t, NULL, NULL);
}
