/* source.c: mapped files, streamed and decompressed input, SIGBUS
 * safety, change detection and the progress line (source.h). */
#define _GNU_SOURCE /* SEEK_DATA, SEEK_HOLE */
#include "importers/source.h"
#include "model/util/grow.h"
#include "model/util/sha256.h"
#include "model/util/text.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

/* dt_source_load reads a file of this size or more on two threads */
#define LOAD_SPLIT_MIN ((size_t)4 << 20)
#define RELEASE_STEP (8u << 20) /* a multiple of every page size */
#define HASH_LEAD (24u << 20)   /* dt_source_sha256_ahead: bytes ahead of
                                 * what the parser has released */
#define NUL_RUN_DROP 4096       /* streams: NUL runs this long are dropped */

struct dt_source_priv {
	int mapped;             /* 1: data is a file mapping */
	int loaded;             /* 1: data is the file read into buf
	                         * (dt_source_load), the mapping gone */
	size_t loaded_len;      /* loaded: bytes in buf (the NUL tail not) */
	int streamed;           /* 1: data was read into memory (buf) */
	int fd;                 /* mapped or loaded: the file, kept for
	                         * dt_source_check */
	struct stat at_open;
	size_t map_len;         /* bytes mapped (file size at open) */
	size_t released;        /* mapped: bytes given back to the kernel */
	/* dt_source_sha256_ahead: `released` and `parsed` are written by the
	 * parsing thread under `lock` (each RELEASE_STEP, and once at the
	 * end), which wakes the hashing thread waiting on `moved` */
	pthread_mutex_t lock;
	pthread_cond_t moved;
	int parsed;             /* dt_source_parse_done was called */
	void (*idle)(void *);   /* dt_source_on_idle: hook, its argument */
	void *idle_arg;
	uint64_t nul_bytes;
	const char *compressed;
	int slot;               /* SIGBUS slot, -1 none */
	/* progress line */
	int progress, shown;
	const dt_rawlog *log;
	double t0, last;
	size_t next_check;
	char *buf;              /* streamed or loaded: owned buffer */
	char name[256];
};

static int progress_on;
static double progress_delay = 1.0;

void dt_source_progress_enable(double delay)
{
	progress_on = 1;
	progress_delay = delay >= 0 ? delay : 1.0;
}

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* ---- SIGBUS: pages of a mapped file cut off by a truncation ---------- */

#define NSLOTS 16
static struct {
	char *volatile start;
	volatile size_t len;
	volatile sig_atomic_t bus;
} slots[NSLOTS];
static struct sigaction prev_bus;

static void on_bus(int sig, siginfo_t *si, void *uc)
{
	char *a = si ? (char *)si->si_addr : NULL;
	for (int i = 0; a && i < NSLOTS; i++) {
		char *s = slots[i].start;
		if (!s || a < s || a >= s + slots[i].len)
			continue;
		long pg = sysconf(_SC_PAGESIZE);
		char *from = s + ((size_t)(a - s) / (size_t)pg) * (size_t)pg;
		/* zero pages over the rest of the mapping; the parse goes on
		 * and dt_source_check refuses the import */
		mmap(from, (size_t)(s + slots[i].len - from), PROT_READ,
		     MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
		slots[i].bus = 1;
		return;
	}
	/* not a source page: whoever handled SIGBUS before us, else die */
	if ((prev_bus.sa_flags & SA_SIGINFO) && prev_bus.sa_sigaction) {
		prev_bus.sa_sigaction(sig, si, uc);
		return;
	}
	if (prev_bus.sa_handler != SIG_DFL && prev_bus.sa_handler != SIG_IGN &&
	    prev_bus.sa_handler) {
		prev_bus.sa_handler(sig);
		return;
	}
	signal(SIGBUS, SIG_DFL);
	raise(SIGBUS);
}

/* Make sure on_bus handles SIGBUS (a screen may have installed its own
 * crash handler since; it is chained). */
static void guard_install(void)
{
	struct sigaction cur, sa;
	sigaction(SIGBUS, NULL, &cur);
	if ((cur.sa_flags & SA_SIGINFO) && cur.sa_sigaction == on_bus)
		return;
	prev_bus = cur;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_bus;
	sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGBUS, &sa, NULL);
}

static int slot_take(char *start, size_t len)
{
	for (int i = 0; i < NSLOTS; i++)
		if (!slots[i].start) {
			slots[i].bus = 0;
			slots[i].len = len;
			slots[i].start = start;
			return i;
		}
	return -1;
}

/* ---- streams ---------------------------------------------------------- */

typedef struct sbuf {
	char *p;
	size_t n, cap;
	size_t nul_run;        /* NUL bytes at the end of p, not yet kept */
	uint64_t dropped;
	int binary;            /* 1: NUL bytes are data, none dropped */
} sbuf;

static int sbuf_room(sbuf *b, size_t more)
{
	if (b->n + more <= b->cap)
		return 0;
	size_t cap = b->cap ? b->cap : 1u << 16;
	while (cap < b->n + more)
		cap *= 2;
	char *p = realloc(b->p, cap);
	if (!p)
		return -1;
	b->p = p;
	b->cap = cap;
	return 0;
}

/* Whether a stream whose first bytes are s[0, n) is binary: its first 8
 * bytes hold both a NUL and another byte. A TFRecord starts with its
 * length as a little-endian uint64 (> 0, < 2^56); a text log has no NUL
 * there, and a preallocated one that was never written is all NUL. */
static int looks_binary(const char *s, size_t n)
{
	int nul = 0, other = 0;
	for (size_t i = 0; i < 8 && i < n; i++) {
		nul |= s[i] == '\0';
		other |= s[i] != '\0';
	}
	return n >= 8 && nul && other;
}

/* Append, dropping runs of NUL_RUN_DROP or more NUL bytes, unless the
 * stream is binary (decided by its first bytes: looks_binary). */
static int sbuf_add(sbuf *b, const char *s, size_t n)
{
	if (b->n == 0 && b->nul_run == 0 && b->dropped == 0 && n > 0)
		b->binary = looks_binary(s, n);
	if (b->binary) {
		if (sbuf_room(b, n) < 0)
			return -1;
		memcpy(b->p + b->n, s, n);
		b->n += n;
		return 0;
	}
	while (n > 0) {
		if (*s == '\0') {
			size_t k = 0;
			while (k < n && s[k] == '\0')
				k++;
			b->nul_run += k;
			s += k;
			n -= k;
			continue;
		}
		if (b->nul_run) { /* a run ended: keep it when short */
			if (b->nul_run < NUL_RUN_DROP) {
				if (sbuf_room(b, b->nul_run) < 0)
					return -1;
				memset(b->p + b->n, 0, b->nul_run);
				b->n += b->nul_run;
			} else {
				b->dropped += b->nul_run;
			}
			b->nul_run = 0;
		}
		const char *z = memchr(s, '\0', n);
		size_t k = z ? (size_t)(z - s) : n;
		if (sbuf_room(b, k) < 0)
			return -1;
		memcpy(b->p + b->n, s, k);
		b->n += k;
		s += k;
		n -= k;
	}
	return 0;
}

static void progress_line(struct dt_source_priv *pv, size_t done,
                          size_t total, int force);

/* Read fd to its end into b, decompressing by the first bytes. */
static int read_stream(int fd, const char *path, struct dt_source_priv *pv,
                       sbuf *b, char *err, size_t errlen)
{
	enum { RAW, GZ, ZST } kind = RAW;
	size_t inlen = 1u << 17;
	char *in = malloc(inlen), *out = malloc(1u << 18);
	size_t have = 0, total = 0;
	int first = 1, done = 0, rc = -1, ended = 0;
	z_stream z;
	ZSTD_DStream *zs = NULL;
	memset(&z, 0, sizeof z);
	if (!in || !out)
		goto oom;
	while (!done) {
		ssize_t k = read(fd, in + have, inlen - have);
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0) {
			snprintf(err, errlen, "%s: read error: %s", path, strerror(errno));
			goto out;
		}
		if (k == 0)
			done = 1;
		have += (size_t)k;
		total += (size_t)k;
		if (first && (have >= 4 || done)) {
			first = 0;
			if (have >= 2 && (unsigned char)in[0] == 0x1f &&
			    (unsigned char)in[1] == 0x8b) {
				kind = GZ;
				pv->compressed = "gzip";
				if (inflateInit2(&z, 15 + 32) != Z_OK)
					goto oom;
			} else if (have >= 4 && !memcmp(in, "\x28\xb5\x2f\xfd", 4)) {
				kind = ZST;
				pv->compressed = "zstd";
				if (!(zs = ZSTD_createDStream()))
					goto oom;
				ZSTD_initDStream(zs);
			}
		} else if (first) {
			continue;
		}
		if (have == 0) {
			/* end of input: nothing to feed */
		} else if (kind == RAW) {
			if (sbuf_add(b, in, have) < 0)
				goto oom;
		} else if (kind == GZ) {
			z.next_in = (Bytef *)in;
			z.avail_in = (uInt)have;
			for (;;) {
				z.next_out = (Bytef *)out;
				z.avail_out = 1u << 18;
				int zr = inflate(&z, Z_NO_FLUSH);
				if (zr != Z_OK && zr != Z_STREAM_END && zr != Z_BUF_ERROR) {
					snprintf(err, errlen, "%s: gzip data broken near "
					         "compressed byte %zu: %s", path,
					         total - z.avail_in, z.msg ? z.msg : "error");
					goto out;
				}
				if (sbuf_add(b, out, (1u << 18) - z.avail_out) < 0)
					goto oom;
				ended = zr == Z_STREAM_END;
				if (ended && z.avail_in > 0) { /* another member */
					if (inflateReset(&z) != Z_OK)
						goto oom;
					continue;
				}
				if (ended || (z.avail_in == 0 && z.avail_out != 0) ||
				    zr == Z_BUF_ERROR)
					break;
			}
		} else {
			ZSTD_inBuffer ib = {in, have, 0};
			for (;;) {
				ZSTD_outBuffer ob = {out, 1u << 18, 0};
				size_t zr = ZSTD_decompressStream(zs, &ob, &ib);
				if (ZSTD_isError(zr)) {
					snprintf(err, errlen, "%s: zstd data broken near "
					         "compressed byte %zu: %s", path,
					         total - have + ib.pos, ZSTD_getErrorName(zr));
					goto out;
				}
				if (sbuf_add(b, out, ob.pos) < 0)
					goto oom;
				ended = zr == 0;
				if (ib.pos == ib.size && ob.pos < ob.size)
					break;
			}
		}
		have = 0;
		progress_line(pv, total, 0, 0);
	}
	if (kind != RAW && !ended) {
		snprintf(err, errlen, "%s: %s data ends early (cut off after %zu "
		         "compressed bytes); nothing imported", path,
		         kind == GZ ? "gzip" : "zstd", total);
		goto out;
	}
	b->dropped += b->nul_run; /* a trailing NUL run is dropped whole */
	b->nul_run = 0;
	rc = 0;
	goto out;
oom:
	snprintf(err, errlen, "%s: out of memory reading the stream", path);
out:
	if (kind == GZ)
		inflateEnd(&z);
	ZSTD_freeDStream(zs);
	free(in);
	free(out);
	return rc;
}

/* ---- open / close ----------------------------------------------------- */

/* Length of the file without its trailing NUL bytes: holes found with
 * SEEK_HOLE / SEEK_DATA are skipped unread. */
static size_t trim_nul_tail(int fd, const char *data, size_t len)
{
	size_t end = len;
	off_t lastdata = -1, off = 0;
	for (int guard = 0; guard < 100000; guard++) { /* last data extent */
		off_t d = lseek(fd, off, SEEK_DATA);
		if (d < 0 || (size_t)d >= len)
			break;
		off_t h = lseek(fd, d, SEEK_HOLE);
		if (h < 0)
			break;
		lastdata = d;
		end = (size_t)h < len ? (size_t)h : len;
		off = h;
		if ((size_t)h >= len)
			break;
	}
	if (lastdata < 0 && lseek(fd, 0, SEEK_DATA) < 0 && errno == ENXIO)
		return 0; /* all hole */
	while (end > 0 && data[end - 1] == '\0')
		end--;
	return end;
}

static void set_name(dt_source *src, struct dt_source_priv *pv,
                     const char *path)
{
	const char *slash = strrchr(path, '/');
	snprintf(pv->name, sizeof pv->name, "%s", slash ? slash + 1 : path);
	if (pv->compressed) {
		size_t n = strlen(pv->name);
		if (n > 3 && !strcmp(pv->name + n - 3, ".gz"))
			pv->name[n - 3] = '\0';
		else if (n > 4 && !strcmp(pv->name + n - 4, ".zst"))
			pv->name[n - 4] = '\0';
	}
	src->name = pv->name;
}

int dt_source_open(const char *path, dt_source *src, char *err, size_t errlen)
{
	memset(src, 0, sizeof *src);
	src->path = strcmp(path, "-") ? path : "(stdin)";
	src->name = src->path;
	struct dt_source_priv *pv = calloc(1, sizeof *pv);
	if (!pv) {
		snprintf(err, errlen, "%s: out of memory", path);
		return -1;
	}
	pv->fd = -1;
	pv->slot = -1;
	pthread_mutex_init(&pv->lock, NULL);
	pthread_cond_init(&pv->moved, NULL);
	src->priv = pv;
	pv->progress = progress_on && isatty(STDERR_FILENO);
	pv->t0 = now_s();
	int stdin_ = strcmp(path, "-") == 0;
	int fd = stdin_ ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		goto fail;
	}
	if (fstat(fd, &pv->at_open) < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		goto fail_fd;
	}
	if (S_ISDIR(pv->at_open.st_mode)) {
		snprintf(err, errlen, "%s: is a directory, expected a log file",
		         path);
		goto fail_fd;
	}
	/* a device or socket named by path is no log: /dev/urandom was read
	 * to 1.7 GB before the format was looked at (reliability trial); a
	 * pipe (a FIFO, or stdin redirected from anything) streams */
	mode_t m = pv->at_open.st_mode;
	if (!stdin_ && (S_ISCHR(m) || S_ISBLK(m) || S_ISSOCK(m))) {
		snprintf(err, errlen, "%s: is a %s, expected a log file (a regular "
		         "file, a pipe, or - for stdin)", path, S_ISCHR(m) ?
		         "character device" : S_ISBLK(m) ? "block device" : "socket");
		goto fail_fd;
	}
	unsigned char magic[4] = {0};
	int regular = S_ISREG(pv->at_open.st_mode);
	if (regular && pread(fd, magic, 4, 0) == 4 &&
	    ((magic[0] == 0x1f && magic[1] == 0x8b) ||
	     !memcmp(magic, "\x28\xb5\x2f\xfd", 4)))
		regular = 0; /* compressed: decompress as a stream */
	if (!regular) {
		/* named before the read: its progress line said ': 88.3 MB' */
		set_name(src, pv, stdin_ ? "stdin" : path);
		sbuf b = {0};
		if (read_stream(fd, src->path, pv, &b, err, errlen) < 0) {
			free(b.p);
			goto fail_fd;
		}
		if (!stdin_)
			close(fd);
		pv->buf = b.p;
		pv->streamed = 1;
		pv->nul_bytes = b.dropped;
		src->data = b.n ? b.p : "";
		src->len = b.n;
		set_name(src, pv, stdin_ ? "stdin" : path);
		return 0;
	}
	set_name(src, pv, stdin_ ? "stdin" : path); /* '<file' on stdin */
	size_t len = (size_t)pv->at_open.st_size;
	if (len == 0) {
		src->data = "";
		close(fd);
		return 0;
	}
	void *p = mmap(NULL, len, PROT_READ, MAP_PRIVATE, fd, 0);
	if (p == MAP_FAILED) {
		snprintf(err, errlen, "%s: cannot map file: %s", path,
		         strerror(errno));
		goto fail_fd;
	}
	madvise(p, len, MADV_SEQUENTIAL);
	guard_install();
	pv->mapped = 1;
	pv->map_len = len;
	pv->fd = fd;
	pv->slot = slot_take(p, len);
	src->data = p;
	src->len = trim_nul_tail(fd, p, len);
	pv->nul_bytes = len - src->len;
	return 0;
fail_fd:
	if (!stdin_)
		close(fd);
fail:
	pthread_mutex_destroy(&pv->lock);
	pthread_cond_destroy(&pv->moved);
	free(pv);
	src->priv = NULL;
	return -1;
}

/* One part of dt_source_load: bytes [from, to) of the file into
 * buf + from. */
typedef struct load_part {
	int fd;
	char *buf;
	size_t from, to;
	int ok;
} load_part;

static void *load_main(void *arg)
{
	load_part *l = arg;
	l->ok = 1;
	for (size_t off = l->from; off < l->to;) {
		ssize_t got = pread(l->fd, l->buf + off, l->to - off, (off_t)off);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0) {
			l->ok = 0; /* the file shrank or cannot be read */
			break;
		}
		off += (size_t)got;
	}
	return NULL;
}

int dt_source_load(dt_source *src, size_t max)
{
	struct dt_source_priv *pv = src->priv;
	/* the data only: the trailing NUL bytes dt_source_open left out
	 * unread (holes of a preallocated log) stay unread; a 250 MB
	 * preallocated CSV holding 4 MB was read whole (reliability trial) */
	if (!pv || !pv->mapped || src->len > max || src->len == 0)
		return 0;
	size_t len = src->len;
	/* a copy is a convenience: never with less than 4 times its size of
	 * memory free (a mapping's pages the kernel can always take back) */
	long avail = sysconf(_SC_AVPHYS_PAGES), pg = sysconf(_SC_PAGESIZE);
	if (avail > 0 && pg > 0 &&
	    len / (size_t)pg > (size_t)avail / 4)
		return 0;
	char *buf = dt_grow_alloc_huge_from(len, 0);
	if (!buf)
		return 0;
	/* two halves on two threads: the copy and the first touch of the
	 * fresh huge pages are the work, and they split evenly */
	load_part part[2] = {{pv->fd, buf, 0, len / 2, 0},
	                     {pv->fd, buf, len / 2, len, 0}};
	pthread_t th;
	int two = len >= LOAD_SPLIT_MIN &&
	          pthread_create(&th, NULL, load_main, &part[1]) == 0;
	load_main(&part[0]);
	if (two)
		pthread_join(th, NULL);
	else
		load_main(&part[1]);
	if (!part[0].ok || !part[1].ok) {
		free(buf); /* read through the mapping; dt_source_check says */
		return 0;
	}
	if (pv->slot >= 0)
		slots[pv->slot].start = NULL;
	pv->slot = -1;
	munmap((void *)src->data, pv->map_len);
	pv->loaded_len = len;
	pv->mapped = 0;
	pv->loaded = 1;
	pv->buf = buf;
	src->data = buf;
	return 1;
}

size_t dt_utf8_bom_len(const char *p, size_t len)
{
	return len >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
}

void dt_source_close(dt_source *src)
{
	struct dt_source_priv *pv = src->priv;
	if (pv) {
		if (pv->shown)
			fputs("\r\033[K", stderr);
		if (pv->slot >= 0)
			slots[pv->slot].start = NULL;
		if (pv->mapped)
			munmap((void *)src->data, pv->map_len);
		if (pv->fd > STDIN_FILENO)
			close(pv->fd);
		free(pv->buf);
		pthread_mutex_destroy(&pv->lock);
		pthread_cond_destroy(&pv->moved);
		free(pv);
	}
	src->priv = NULL;
	src->data = NULL;
	src->len = 0;
}

void dt_source_unload(dt_source *src)
{
	struct dt_source_priv *pv = src->priv;
	if (!pv || !pv->loaded || !pv->buf)
		return;
	free(pv->buf);
	pv->buf = NULL;
	pv->loaded_len = 0;
	src->data = NULL;
}

int dt_source_streamed(const dt_source *src)
{
	return src->priv && src->priv->streamed;
}

void dt_source_keep_nul_tail(dt_source *src)
{
	struct dt_source_priv *pv = src->priv;
	if (!pv || (!pv->mapped && !pv->loaded))
		return;
	if (pv->loaded && pv->loaded_len < pv->map_len) {
		/* the tail was left unread: NUL bytes, as the file holds */
		char *buf = dt_grow_alloc_huge_from(pv->map_len, 0);
		if (!buf)
			return; /* the data without its tail, as before */
		memcpy(buf, pv->buf, pv->loaded_len);
		memset(buf + pv->loaded_len, 0, pv->map_len - pv->loaded_len);
		free(pv->buf);
		pv->buf = buf;
		pv->loaded_len = pv->map_len;
		src->data = buf;
	}
	src->len = pv->map_len;
	pv->nul_bytes = 0;
}

uint64_t dt_source_nul_bytes(const dt_source *src, const char **compressed)
{
	if (compressed)
		*compressed = src->priv ? src->priv->compressed : NULL;
	return src->priv ? src->priv->nul_bytes : 0;
}

int dt_source_check(const dt_source *src, int growing, char *err,
                    size_t errlen)
{
	struct dt_source_priv *pv = src->priv;
	struct stat now;
	if (!pv || (!pv->mapped && !pv->loaded))
		return 0;
	int bus = pv->slot >= 0 && slots[pv->slot].bus;
	if (fstat(pv->fd, &now) < 0)
		now = pv->at_open;
	if (bus || now.st_size < pv->at_open.st_size) {
		snprintf(err, errlen, "%s: shrank from %lld to %lld bytes while it "
		         "was being imported (truncated or rewritten); nothing "
		         "imported", src->path, (long long)pv->at_open.st_size,
		         (long long)now.st_size);
		return -1;
	}
	if (growing)
		return 0; /* a followed log may grow while it is read */
	if (now.st_size != pv->at_open.st_size ||
	    now.st_mtim.tv_sec != pv->at_open.st_mtim.tv_sec ||
	    now.st_mtim.tv_nsec != pv->at_open.st_mtim.tv_nsec) {
		snprintf(err, errlen, "%s: changed while it was being imported "
		         "(size %lld -> %lld bytes, modification time changed); "
		         "nothing imported (use --follow for a log that is still "
		         "being written)", src->path,
		         (long long)pv->at_open.st_size, (long long)now.st_size);
		return -1;
	}
	return 0;
}

int dt_source_check_after(const dt_source *src, int growing, int parse_rc,
                          char *err, size_t errlen)
{
	char why[600];
	if (dt_source_check(src, growing, why, sizeof why) == 0)
		return parse_rc;
	snprintf(err, errlen, "%s", why);
	return -1;
}

/* ---- progress --------------------------------------------------------- */

void dt_source_progress(dt_source *src, const dt_rawlog *log)
{
	if (src->priv)
		src->priv->log = log;
}

static void human(double b, char out[16])
{
	const char *u[] = {"B", "KB", "MB", "GB", "TB"};
	int i = 0;
	while (b >= 1000 && i < 4) {
		b /= 1000;
		i++;
	}
	snprintf(out, 16, i ? "%.1f %s" : "%.0f %s", b, u[i]);
}

static void progress_line(struct dt_source_priv *pv, size_t done,
                          size_t total, int force)
{
	if (!pv->progress)
		return;
	double t = now_s();
	if (!force && (t - pv->t0 < progress_delay || t - pv->last < 0.25))
		return;
	pv->last = t;
	double rate = done / (t - pv->t0 > 1e-6 ? t - pv->t0 : 1e-6);
	char b[16], r[16], tot[16], name[sizeof pv->name * 2];
	human((double)done, b);
	human(rate, r);
	dt_sanitize(pv->name, name, sizeof name); /* a file name: log text */
	fprintf(stderr, "\r\033[K%s: %s", name, b);
	if (total) {
		human((double)total, tot);
		fprintf(stderr, " of %s", tot);
	}
	size_t np = pv->log ? dt_rawlog_points(pv->log) : 0;
	if (pv->log)
		fprintf(stderr, ", %zu point%s", np, np == 1 ? "" : "s");
	fprintf(stderr, ", %s/s", r);
	if (total && rate > 0)
		fprintf(stderr, ", %.0f s left", (double)(total - done) / rate);
	fflush(stderr);
	pv->shown = 1;
}

/* ---- release ---------------------------------------------------------- */

void dt_source_release(const dt_source *src, size_t done)
{
	struct dt_source_priv *pv = src->priv;
	if (!pv)
		return;
	if (pv->progress && done > 0 && done >= pv->next_check) {
		pv->next_check = done + (1u << 20);
		progress_line(pv, done, src->len, 0);
	}
	if (!pv->mapped || done < pv->released + RELEASE_STEP)
		return;
	size_t upto = done - done % RELEASE_STEP;
	madvise((void *)(src->data + pv->released), upto - pv->released,
	        MADV_DONTNEED);
	pthread_mutex_lock(&pv->lock);
	pv->released = upto;
	pthread_cond_signal(&pv->moved);
	pthread_mutex_unlock(&pv->lock);
}

void dt_source_drop(const dt_source *src, size_t from, size_t to)
{
	struct dt_source_priv *pv = src->priv;
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);
	if (!pv || !pv->mapped || to > pv->map_len)
		return;
	size_t a = (from + pg - 1) / pg * pg, b = to / pg * pg;
	if (a < b)
		madvise((void *)(src->data + a), b - a, MADV_DONTNEED);
}

void dt_source_prefault(const dt_source *src, size_t from, size_t to)
{
#ifdef MADV_POPULATE_READ
	struct dt_source_priv *pv = src->priv;
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);
	if (!pv || !pv->mapped || to > pv->map_len)
		return;
	size_t a = from / pg * pg;
	if (a < to)
		(void)madvise((void *)(src->data + a), to - a, MADV_POPULATE_READ);
#else
	(void)src;
	(void)from;
	(void)to;
#endif
}

void dt_source_parse_done(const dt_source *src)
{
	struct dt_source_priv *pv = src->priv;
	if (!pv)
		return;
	pthread_mutex_lock(&pv->lock);
	pv->parsed = 1;
	pthread_cond_signal(&pv->moved);
	pthread_mutex_unlock(&pv->lock);
}

void dt_source_on_idle(dt_source *src, void (*fn)(void *), void *arg)
{
	if (!src->priv)
		return;
	src->priv->idle = fn;
	src->priv->idle_arg = arg;
}

void dt_source_parse_idle(const dt_source *src)
{
	struct dt_source_priv *pv = src->priv;
	if (!pv || !pv->idle)
		return;
	void (*fn)(void *) = pv->idle;
	pv->idle = NULL; /* once */
	fn(pv->idle_arg);
}

/* Bytes per pread(2) of sha256_read: the buffer stays in the core's
 * cache between the copy and the digest. */
#define HASH_READ ((size_t)128 << 10)

/* SHA-256 of the bytes [0, src->len) of a mapped source read from its
 * file with pread(2) into one small buffer instead of through the
 * mapping: on the benchmark VM (shadow page tables: a TLB miss costs
 * there what a page fault costs elsewhere) the digest of a 37 MB file
 * took 35..44 ms through a fresh mapping and 25 ms read this way
 * (bench: /tmp-free, measured with a C program beside `openssl speed`,
 * 1.76 GB/s for SHA-256 alone), and it takes no page of the mapping
 * from the parsing threads. The file is the one mapped (pv->fd), so the
 * bytes are the mapping's while it is unchanged (dt_source_check says
 * when it was not). *over 2: stop, -1. Returns 0, -1 on failure, or 1
 * when the file gave fewer bytes than src->len (it shrank): nothing
 * hashed, the caller reads the mapping as before. */
static int sha256_fd(int fd, size_t len, const atomic_int *over,
                     char hex[65]);

static int sha256_read(const dt_source *src, const atomic_int *over,
                       char hex[65])
{
	return sha256_fd(src->priv->fd, src->len, over, hex);
}

int dt_source_sha256_opened(const dt_source *src, char hex[65])
{
	struct dt_source_priv *pv = src->priv;
	if (!pv || (!pv->mapped && !pv->loaded) || pv->fd < 0)
		return -2;
	atomic_int go;
	atomic_init(&go, 0);
	return sha256_fd(pv->fd, pv->map_len, &go, hex);
}

/* SHA-256 of the bytes [0, len) of fd read with pread(2) (sha256_read,
 * dt_source_sha256_opened). */
static int sha256_fd(int fd, size_t len, const atomic_int *over,
                     char hex[65])
{
	unsigned char *buf = malloc(HASH_READ);
	dt_sha256_ctx *ctx = buf ? dt_sha256_begin() : NULL;
	if (!ctx) {
		free(buf);
		return -1;
	}
	int rc = 0;
	for (size_t off = 0; rc == 0 && off < len;) {
		if (atomic_load(over) == 2) {
			rc = -1;
			break;
		}
		size_t want = len - off < HASH_READ ? len - off : HASH_READ;
		ssize_t got = pread(fd, buf, want, (off_t)off);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0) {
			rc = 1;
			break;
		}
		rc = dt_sha256_update(ctx, buf, (size_t)got) == 0 ? 0 : -1;
		off += (size_t)got;
	}
	free(buf);
	if (rc != 0) {
		dt_sha256_free(ctx);
		return rc;
	}
	return dt_sha256_end(ctx, hex) == 0 ? 0 : -1; /* frees ctx */
}

int dt_source_sha256_beside(const dt_source *src, const atomic_int *over,
                            char hex[65])
{
	struct dt_source_priv *pv = src->priv;
	if (pv && pv->mapped && pv->fd >= 0) {
		int r = sha256_read(src, over, hex);
		if (r <= 0)
			return r;
	}
	dt_sha256_ctx *ctx = dt_sha256_begin();
	int ok = ctx != NULL;
	const size_t chunk = 2u << 20;
	size_t dropped = 0; /* pages below this were given back here */
	for (size_t off = 0; ok && off < src->len;) {
		size_t n = src->len - off < chunk ? src->len - off : chunk;
		if (atomic_load(over) == 2) {
			ok = 0; /* abandoned: the digest is not wanted */
			break;
		}
		ok = dt_sha256_update(ctx, src->data + off, n) == 0;
		off += n;
		if (!pv || !pv->mapped || off < dropped + RELEASE_STEP)
			continue;
		size_t upto = off;
		if (!atomic_load(over)) {
			pthread_mutex_lock(&pv->lock);
			size_t r = pv->released; /* the parse reads no more below */
			pthread_mutex_unlock(&pv->lock);
			upto = r < upto ? r : upto;
		}
		if (upto > dropped) {
			dt_source_drop(src, dropped, upto);
			dropped = upto;
		}
	}
	int rc = dt_sha256_end(ctx, hex); /* frees ctx, also on failure */
	return ok && rc == 0 ? 0 : -1;
}

int dt_source_mapped_whole(const dt_source *src)
{
	struct dt_source_priv *pv = src->priv;
	return pv && (pv->mapped || pv->loaded) && src->len == pv->map_len;
}

int dt_source_sha256_ahead(const dt_source *src, char hex[65])
{
	struct dt_source_priv *pv = src->priv;
	dt_sha256_ctx *ctx = dt_sha256_begin();
	int ok = ctx != NULL;
	/* 2 MiB at a time: large enough that the waits are rare, small
	 * enough that the pages are still in the cache for the parser */
	const size_t chunk = 2u << 20;
	for (size_t off = 0; ok && off < src->len;) {
		size_t n = src->len - off < chunk ? src->len - off : chunk;
		if (pv && !pv->loaded) { /* loaded: every byte is there */
			pthread_mutex_lock(&pv->lock);
			while (!pv->parsed && off + n > pv->released + HASH_LEAD)
				pthread_cond_wait(&pv->moved, &pv->lock);
			pthread_mutex_unlock(&pv->lock);
		}
		ok = dt_sha256_update(ctx, src->data + off, n) == 0;
		off += n;
	}
	int rc = dt_sha256_end(ctx, hex); /* frees ctx, also on failure */
	return ok && rc == 0 ? 0 : -1;
}

int dt_source_sha256(const dt_source *src, char hex[65])
{
	dt_sha256_ctx *ctx = dt_sha256_begin();
	int ok = ctx != NULL;
	int prog = src->priv ? src->priv->progress : 0;
	if (src->priv)
		src->priv->progress = 0;
	for (size_t off = 0; ok && off < src->len; off += RELEASE_STEP) {
		size_t n = src->len - off < RELEASE_STEP ? src->len - off
		                                         : RELEASE_STEP;
		dt_source_prefault(src, off, off + n);
		ok = dt_sha256_update(ctx, src->data + off, n) == 0;
		dt_source_release(src, off + n);
	}
	int rc = dt_sha256_end(ctx, hex); /* frees ctx, also on failure */
	if (src->priv) {
		src->priv->released = 0; /* parsing reads from the start again */
		src->priv->progress = prog;
	}
	return ok && rc == 0 ? 0 : -1;
}
