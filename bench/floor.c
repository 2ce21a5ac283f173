/* floor.c: the C decode floor of a format, for bench/peers.sh: the least
 * work any importer must do on the file, in the layout dualtrack keeps
 * (per metric: an int64 step array and a double value array, grown by
 * doubling), with nothing else (no store, no warnings, no launches).
 *   csv: a mapped file of "step,m1,m2,..." rows (header first), every
 *        field parsed by the project's locale-free number parser
 *        (model/util/num.h, the one dualtrack uses);
 *   tfevents: TFRecord framing with both masked CRC-32Cs checked
 *        (importers/crc32c.h: SSE4.2 crc32 when the CPU has it), each
 *        Event's step and its Summary values' tag and simple_value
 *        decoded (tensorflow/core/util/event.proto), one array pair per
 *        tag (at most 16 tags, found by length and bytes).
 * usage: floor csv|tfevents FILE. Prints the points decoded. */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "importers/crc32c.h"
#include "importers/pbwire.h"
#include "model/util/num.h"

typedef struct col {
	const uint8_t *tag;
	size_t taglen, n, cap;
	int64_t *step;
	double *value;
} col;

static void push(col *c, int64_t step, double v)
{
	if (c->n == c->cap) {
		c->cap = c->cap ? c->cap * 2 : 256;
		c->step = realloc(c->step, c->cap * sizeof *c->step);
		c->value = realloc(c->value, c->cap * sizeof *c->value);
		if (!c->step || !c->value) {
			fputs("floor: out of memory\n", stderr);
			exit(1);
		}
	}
	c->step[c->n] = step;
	c->value[c->n++] = v;
}

static size_t csv_floor(const char *d, size_t len, col *cols)
{
	const char *p = memchr(d, '\n', len), *end = d + len;
	size_t ncol = 0, points = 0;
	for (const char *q = d; p && q < p; q++)
		ncol += *q == ',';
	if (ncol > 16)
		ncol = 16;
	for (p = p ? p + 1 : end; p < end;) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		if (!eol)
			eol = end;
		double v;
		size_t used;
		if (dt_parse_double(p, (size_t)(eol - p), &v, &used) == 0) {
			int64_t step = (int64_t)v;
			const char *f = p + used;
			for (size_t k = 0; k < ncol && f < eol && *f == ','; k++) {
				f++;
				if (dt_parse_double(f, (size_t)(eol - f), &v, &used) < 0)
					break;
				push(&cols[k], step, v);
				points++;
				f += used;
			}
		}
		p = eol + 1;
	}
	return points;
}

static col *tag_col(col *cols, size_t *ncols, const uint8_t *tag, size_t tl)
{
	for (size_t i = 0; i < *ncols; i++)
		if (cols[i].taglen == tl && memcmp(cols[i].tag, tag, tl) == 0)
			return &cols[i];
	if (*ncols == 16)
		return NULL;
	cols[*ncols].tag = tag;
	cols[*ncols].taglen = tl;
	return &cols[(*ncols)++];
}

static size_t tb_floor(const uint8_t *d, size_t len, col *cols)
{
	size_t off = 0, points = 0, ncols = 0;
	while (len - off >= 16) {
		const uint8_t *h = d + off;
		uint64_t n = dt_pb_le64(h);
		if (dt_crc32c_mask(dt_crc32c(h, 8)) != dt_pb_le32(h + 8) ||
		    n > len - off - 16 ||
		    dt_crc32c_mask(dt_crc32c(h + 12, n)) != dt_pb_le32(h + 12 + n)) {
			fprintf(stderr, "floor: bad record at byte %zu\n", off);
			exit(1);
		}
		dt_pb ev = dt_pb_reader(h + 12, n);
		dt_pbfield f, sum = {0};
		int64_t step = 0;
		while (dt_pb_next(&ev, &f) == 1) {
			if (f.num == 2 && f.wire == DT_PB_VARINT)
				step = (int64_t)f.v;
			else if (f.num == 5 && f.wire == DT_PB_LEN)
				sum = f;
		}
		dt_pb s = dt_pb_reader(sum.data, sum.len);
		while (sum.data && dt_pb_next(&s, &f) == 1) {
			if (f.num != 1 || f.wire != DT_PB_LEN)
				continue;
			dt_pb v = dt_pb_reader(f.data, f.len);
			dt_pbfield g, tag = {0};
			double x = 0;
			int have = 0;
			while (dt_pb_next(&v, &g) == 1) {
				if (g.num == 1 && g.wire == DT_PB_LEN)
					tag = g;
				else if (g.num == 2 && g.wire == DT_PB_I32) {
					x = (double)dt_pb_float(&g);
					have = 1;
				}
			}
			col *c = have && tag.data ? tag_col(cols, &ncols, tag.data,
			                                    tag.len) : NULL;
			if (c) {
				push(c, step, x);
				points++;
			}
		}
		off += 16 + (size_t)n;
	}
	return points;
}

int main(int argc, char **argv)
{
	if (argc != 3 || (strcmp(argv[1], "csv") && strcmp(argv[1], "tfevents"))) {
		fputs("usage: floor csv|tfevents FILE\n", stderr);
		return 2;
	}
	int fd = open(argv[2], O_RDONLY);
	struct stat sb;
	if (fd < 0 || fstat(fd, &sb) < 0 || sb.st_size == 0) {
		perror(argv[2]);
		return 2;
	}
	size_t len = (size_t)sb.st_size;
	void *d = mmap(NULL, len, PROT_READ, MAP_PRIVATE, fd, 0);
	if (d == MAP_FAILED) {
		perror("mmap");
		return 2;
	}
	madvise(d, len, MADV_SEQUENTIAL);
	static col cols[16];
	size_t points = strcmp(argv[1], "csv") == 0 ? csv_floor(d, len, cols)
	                                            : tb_floor(d, len, cols);
	printf("%zu points\n", points);
	return 0;
}
