/* mem.c: SQLite's memory allocator for the store (internal.h
 * dt_sq_mem_install).
 *
 * SQLite's own buffers of an import could be as large as the series: the
 * record of a raw_series row (OP_MakeRecord copies the bound BLOBs into
 * one buffer) and the page cache of the overflow pages it spills. Since
 * runs.c write_blob writes a large series' BLOBs in place, its records
 * are small; the large-block path below still serves any statement that
 * binds or reads a large BLOB whole. On the
 * benchmark VM the first touch of a fresh 4 KiB page costs ~25 us, so a
 * 1M-point import paid ~9000 such faults inside SQLite alone (perf record
 * -e page-faults: 60 % of the process's faults). This allocator is
 * glibc malloc with a 16-byte size header (the xSize SQLite asks for);
 * allocations of 4 MiB and more start on a 2 MiB boundary and are
 * hinted to transparent huge pages (model/util/grow.h
 * dt_grow_alloc_huge): one fault per 2 MiB, where a malloc'd block's
 * unaligned head and tail were faulted 4 KiB at a time.
 * The method table is SQLite's documented sqlite3_mem_methods
 * (https://sqlite.org/c3ref/mem_methods.html), installed with
 * sqlite3_config(SQLITE_CONFIG_MALLOC) before SQLite initialises. */
#include "model/store/sqlite/internal.h"
#include "model/util/grow.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The header keeps the requested size and the 16-byte alignment malloc
 * gives (SQLite needs 8). */
#define HDR 16
/* Allocations from this size on are hinted to huge pages. */
#define HUGE_FROM DT_GROW_HUGE_FROM

/* One freed large block kept for the next large allocation while an
 * import's store is open (dt_sq_mem_bulk): an
 * import's series rows are each one record of the series' size
 * (OP_MakeRecord), allocated and freed per row, and a new block's pages
 * are fresh each time (munmap, then mmap): ~8 MB of first touches per
 * 1M-point series, 12 ms on the benchmark VM. The kept block is the
 * largest seen (a smaller one is freed for it), so a run of rows of the
 * same size reuses one block. `spare_cap` is its usable size. */
static pthread_mutex_t spare_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned char *spare;
static size_t spare_cap;
static int bulk_open; /* stores open DT_STORE_BULK (dt_sq_mem_bulk) */

/* A large block of at least n usable bytes: the spare when it is big
 * enough, else a new one. */
static unsigned char *huge_take(size_t n, size_t *cap)
{
	unsigned char *p = NULL;
	pthread_mutex_lock(&spare_lock);
	if (spare && spare_cap >= n) {
		p = spare;
		*cap = spare_cap;
		spare = NULL;
	}
	pthread_mutex_unlock(&spare_lock);
	if (p)
		return p;
	*cap = n;
	return dt_grow_alloc_huge(n + HDR);
}

/* Keep a freed large block as the spare, or free it. */
static void huge_give(unsigned char *p, size_t cap)
{
	unsigned char *drop = p;
	pthread_mutex_lock(&spare_lock);
	if (bulk_open > 0 && (!spare || spare_cap < cap)) {
		drop = spare;
		spare = p;
		spare_cap = cap;
	}
	pthread_mutex_unlock(&spare_lock);
	free(drop);
}

/* SQLite's in-memory statement journal allocates its first chunk at the
 * spill size set in install() (memjrnl.c sqlite3JournalOpen: nChunkSize
 * = nSpill; the chunk is that plus an 8-byte link): one per statement
 * that journals a page, freed when the statement ends. At 64 MiB that is
 * the huge path (HUGE_FROM), so every such statement had the kernel zero
 * a fresh 2 MiB page for the few KiB it wrote: 46 blocks, ~92 MB zeroed,
 * when a store was created (gdb on mem_malloc). One freed chunk is kept
 * and given to the next statement: its touched pages stay resident
 * until the process ends. A chunk is plain malloc memory (mmap'd at this
 * size, 4 KiB pages, never hinted to huge pages): a journal writes a few
 * KiB of it, and each of the two chunks an import used to take from the
 * huge path had the kernel zero a whole 2 MiB page for its 16-byte
 * header, 15 ms of CPU inside the parse (perf record -g, 1M-step
 * benchmark CSV: clear_page_erms under mem_malloc). */
#define STMT_SPILL (64 << 20)
#define STMT_CHUNK ((size_t)STMT_SPILL + 8)
static unsigned char *jrnl_spare;
static size_t jrnl_cap;

/* The kept journal chunk for a request of n bytes (NULL: none kept, or
 * n is not a journal chunk's size). */
static unsigned char *jrnl_take(size_t n, size_t *cap)
{
	unsigned char *p = NULL;
	if (n != STMT_CHUNK)
		return NULL;
	pthread_mutex_lock(&spare_lock);
	if (jrnl_spare) {
		p = jrnl_spare;
		*cap = jrnl_cap;
		jrnl_spare = NULL;
	}
	pthread_mutex_unlock(&spare_lock);
	return p;
}

/* Keep a freed journal chunk (requested size n) as the spare: 1, or 0
 * when it is no journal chunk or one is kept already. */
static int jrnl_give(unsigned char *p, size_t n, size_t cap)
{
	int kept = 0;
	if (n != STMT_CHUNK)
		return 0;
	pthread_mutex_lock(&spare_lock);
	if (!jrnl_spare) {
		jrnl_spare = p;
		jrnl_cap = cap;
		kept = 1;
	}
	pthread_mutex_unlock(&spare_lock);
	return kept;
}

void dt_sq_mem_bulk(int open)
{
	unsigned char *drop = NULL;
	pthread_mutex_lock(&spare_lock);
	bulk_open += open ? 1 : -1;
	if (bulk_open <= 0) {
		bulk_open = 0;
		drop = spare;
		spare = NULL;
		spare_cap = 0;
	}
	pthread_mutex_unlock(&spare_lock);
	free(drop);
}

/* The header holds the requested size (what xSize answers); a large
 * block's usable size (its capacity for reuse) is kept after it. */
static void *mem_malloc(int n)
{
	if (n <= 0)
		return NULL;
	size_t cap = (size_t)n;
	unsigned char *p;
	if (cap == STMT_CHUNK) {
		p = jrnl_take(cap, &cap);
		if (!p)
			p = malloc(cap + HDR); /* 4 KiB pages, see STMT_CHUNK */
	} else if (cap >= HUGE_FROM) {
		p = huge_take(cap, &cap); /* a reused spare keeps its size */
	} else {
		p = malloc(cap + HDR);
	}
	if (!p)
		return NULL;
	((size_t *)p)[0] = (size_t)n;
	((size_t *)p)[1] = cap;
	return p + HDR;
}

static void mem_free(void *q)
{
	if (!q)
		return;
	unsigned char *p = (unsigned char *)q - HDR;
	size_t n = ((size_t *)p)[0];
	if (n == STMT_CHUNK) {
		if (!jrnl_give(p, n, ((size_t *)p)[1]))
			free(p);
	} else if (n >= HUGE_FROM) {
		huge_give(p, ((size_t *)p)[1]);
	} else {
		free(p);
	}
}

static int mem_size(void *q)
{
	return q ? (int)*(size_t *)((unsigned char *)q - HDR) : 0;
}

static void *mem_realloc(void *q, int n)
{
	if (!q)
		return mem_malloc(n);
	if (n <= 0)
		return NULL;
	if ((size_t)n >= HUGE_FROM) {
		/* a new aligned block (mem_malloc), the content copied */
		int old = mem_size(q);
		void *r = mem_malloc(n);
		if (!r)
			return NULL;
		memcpy(r, q, (size_t)(old < n ? old : n));
		mem_free(q);
		return r;
	}
	unsigned char *p = realloc((unsigned char *)q - HDR, (size_t)n + HDR);
	if (!p)
		return NULL;
	*(size_t *)p = (size_t)n;
	return p + HDR;
}

static int mem_roundup(int n)
{
	return (n + 7) & ~7;
}

static int mem_init(void *app)
{
	(void)app;
	return SQLITE_OK;
}

static void mem_shutdown(void *app)
{
	(void)app;
}

static void install(void)
{
	static const sqlite3_mem_methods m = {
		mem_malloc, mem_free, mem_realloc, mem_size, mem_roundup,
		mem_init, mem_shutdown, NULL
	};
	/* SQLITE_MISUSE when SQLite was initialised already (another part
	 * of the process used it first): SQLite's allocator stays, which is
	 * only slower. */
	(void)sqlite3_config(SQLITE_CONFIG_MALLOC, &m);
	/* Statement journals (the undo of one statement inside a longer
	 * transaction: every statement of a migration, an INSERT OR REPLACE
	 * of a series) stay in memory up to 64 MiB instead of SQLite's 64 KiB
	 * (https://sqlite.org/c3ref/c_config_covering_index_scan.html,
	 * SQLITE_CONFIG_STMTJRNL_SPILL): at 64 KiB pages one journaled page
	 * already spilled to a temporary file, and creating a store wrote
	 * ~5 MB to files in /var/tmp, an import of 1M points x 3 metrics
	 * another ~2 MB (strace, 1M-step benchmark CSV). Each journal's
	 * first chunk is that size: one is kept for the next (jrnl_take). */
	(void)sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL, STMT_SPILL);
}

void dt_sq_mem_install(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	pthread_once(&once, install);
}
