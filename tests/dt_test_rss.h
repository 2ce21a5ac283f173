/* dt_test_rss.h: the resident size of the test process, for tests that
 * check memory is given back. Include after <cmocka.h>. */
#ifndef DT_TEST_RSS_H
#define DT_TEST_RSS_H

#include <stddef.h>
#include <stdio.h>
#include <unistd.h>

/* Resident bytes of this process now (/proc/self/statm). */
static size_t resident_now(void)
{
	FILE *f = fopen("/proc/self/statm", "r");
	unsigned long size = 0, res = 0;
	assert_non_null(f);
	assert_int_equal(fscanf(f, "%lu %lu", &size, &res), 2);
	fclose(f);
	return (size_t)res * (size_t)sysconf(_SC_PAGESIZE);
}

#endif
