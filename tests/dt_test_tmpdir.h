/* dt_test_tmpdir.h: a fresh temporary directory per cmocka group, for
 * tests that write stores and files. Include once per test program; pass
 * tmpdir_setup / tmpdir_teardown to cmocka_run_group_tests. */
#ifndef DT_TEST_TMPDIR_H
#define DT_TEST_TMPDIR_H

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static char dir[64];

/* Create /tmp/dt-test-XXXXXX into dir. */
static int tmpdir_setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof dir, "/tmp/dt-test-XXXXXX");
	return mkdtemp(dir) ? 0 : -1;
}

/* Remove dir and everything in it. */
static int tmpdir_teardown(void **state)
{
	(void)state;
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	return system(cmd) == 0 ? 0 : -1;
}

#endif
