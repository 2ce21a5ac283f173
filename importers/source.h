/* source.h: opening a log for import: a regular file is mapped, anything
 * else (standard input "-", a pipe, process substitution, a .gz or .zst
 * file) is read as a stream into memory; compression is recognised by
 * magic bytes (gzip 1f 8b, RFC 1952; zstd 28 b5 2f fd, RFC 8878).
 *
 * A mapped file that shrinks while it is parsed never kills the process:
 * the pages past the new end read as zeros (a SIGBUS handler maps them)
 * and dt_source_check() then refuses the import. NUL bytes at the end of
 * a mapped file (a preallocated or crashed log) are left out of src->len
 * without being read (SEEK_HOLE); in a stream, runs of 4 KiB or more NUL
 * bytes are dropped as they are read. Either way they cost no memory. */
#ifndef DT_SOURCE_H
#define DT_SOURCE_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "importers/importer.h"
#include "model/core/rawlog.h"

/* Open `path` ("-": standard input) into src (src->data, src->len; an
 * empty file gives len 0). Returns 0, or -1 with "PATH: reason" in err.
 * Release with dt_source_close. */
int dt_source_open(const char *path, dt_source *src, char *err, size_t errlen);

/* Length of the UTF-8 byte order mark (EF BB BF) that p[0, len) starts
 * with: 3, or 0 when it does not start with one (len < 3 included). The
 * text importers skip it at the start of a log and in detection. Pure;
 * never fails. */
size_t dt_utf8_bom_len(const char *p, size_t len);

/* Files up to this size may be read whole into memory (dt_source_load):
 * the copy and the parsed series are resident together at the end of
 * the parse, so a file just under the cap peaks at its size more than
 * one just over it (256 MiB: 527 MB against 304 MB, reliability trial);
 * 128 MiB keeps that within 128 MB and covers 3.4M rows of the
 * benchmark's 4-column CSV. */
#define DT_SOURCE_LOAD_MAX ((size_t)128 << 20)

/* Read a mapped source of at most `max` bytes whole into memory backed by
 * transparent huge pages (two threads, pread(2)), then drop the mapping:
 * src->data then points at the copy, src->len is unchanged, and
 * dt_source_check still compares the file with what was read. For a
 * parse that reads every byte on both cores (imp_csv.c's split): on the
 * benchmark VM (shadow page tables) the first touch of each 4 KiB page
 * of a mapping costs ~1.3 us even when mapped (MADV_POPULATE_READ), so
 * counting the lines of half a 37 MB file took 6.4 ms through the
 * mapping and 0.5 ms a second time; read into huge pages, the copy costs
 * ~4 ms per core and every later pass (the line count, the parse, the
 * file's SHA-256) runs at memory speed. The copy stays resident until
 * dt_source_close (a mapping's pages are given back as they are
 * parsed): hence the cap, and none with less than 4 times the file's
 * size of memory free (sysconf _SC_AVPHYS_PAGES). Only src->len bytes
 * are read (and counted against `max`): trailing NUL bytes left out by
 * dt_source_open stay unread until dt_source_keep_nul_tail asks for
 * them. Returns 1 when loaded; 0 when left as it is (not a mapping, too
 * large, not that much memory free, or the file gave fewer bytes: it
 * shrank, which dt_source_check reports). */
int dt_source_load(dt_source *src, size_t max);

/* SHA-256 of the whole file a mapped or loaded source was opened on,
 * trailing NUL bytes included, read from its open descriptor (pread),
 * not by path: a file renamed over the path since is not the one
 * hashed. Returns 0; 1 when the file gave fewer bytes than it held at
 * open (it shrank); -1 on failure; -2 for a source without one (a
 * stream, an empty file). */
int dt_source_sha256_opened(const dt_source *src, char hex[65]);

/* Give back the copy of a loaded source (dt_source_load) once nothing
 * reads its bytes again (the parse over, its digest taken): src->data
 * becomes NULL, src->len stays, dt_source_check still compares the
 * file. Nothing for a source not loaded. */
void dt_source_unload(dt_source *src);

/* Release a source opened by dt_source_open (safe on a zeroed struct). */
void dt_source_close(dt_source *src);

/* SHA-256 (FIPS 180-4, dt_sha256_hex) of the source bytes as 64
 * lowercase hex digits plus NUL in hex[65]. Returns 0 or -1. */
int dt_source_sha256(const dt_source *src, char hex[65]);

/* SHA-256 of src->data[0, src->len) like dt_source_sha256, for a
 * second thread while the parser reads the same bytes through the same
 * mapping: the hashing thread touches each page first, so the parser
 * finds it mapped (on the benchmark VM a page of a mapped file costs
 * several microseconds at its first touch, 1.9 ms per MB; the hashing
 * thread pays it on the other core). It keeps at most 24 MiB ahead of
 * the bytes the parser has given back (dt_source_release), waiting when
 * it is, so the file is never resident as a whole; after
 * dt_source_parse_done it reads on to the end. The digest equals
 * dt_sha256_file's of the path when dt_source_mapped_whole is 1 and the
 * file is unchanged (dt_source_check). Returns 0 or -1. */
int dt_source_sha256_ahead(const dt_source *src, char hex[65]);

/* The parser is done with src (it succeeded or failed): a thread in
 * dt_source_sha256_ahead stops waiting for it. Call it before joining
 * that thread. */
void dt_source_parse_done(const dt_source *src);

/* Bytes [from, to) of a mapped source will not be read again by the
 * calling thread: the whole pages among them are given back to the kernel
 * (madvise MADV_DONTNEED; a later read maps them again from the page
 * cache). Unlike dt_source_release it keeps no state, so a second
 * parsing thread may call it for the part it reads (imp_csv.c); no-op for
 * a source in memory. */
void dt_source_drop(const dt_source *src, size_t from, size_t to);

/* Map the pages of data[from, to) of a mapped source in one call
 * (madvise MADV_POPULATE_READ, Linux 5.14) instead of one page fault per
 * 64 KiB as a parser reaches them: on the benchmark VM 2.5 ms for a
 * 37 MB file instead of 4..16 ms of faults. Nothing for a stream, or
 * where the kernel does not know the advice. */
void dt_source_prefault(const dt_source *src, size_t from, size_t to);

/* SHA-256 of src->data[0, src->len) like dt_source_sha256, for a thread
 * that starts while other threads still parse the source (import.c: the
 * file's digest, begun when one of two parsing threads is done, see
 * dt_source_on_idle). It keeps no state in src: the pages it hashes are
 * given back (MADV_DONTNEED) behind it only below the bytes the parse
 * has given back (dt_source_release), and, once *over is 1 (the parse
 * ended), behind it wherever it is; a page a parsing thread is still to
 * read is never taken from it. *over 2: stop at the next 2 MiB (the
 * digest is not wanted), returning -1. Returns 0 or -1. */
int dt_source_sha256_beside(const dt_source *src, const atomic_int *over,
                            char hex[65]);

/* Call fn(arg) on the first dt_source_parse_idle of src (NULL fn: none).
 * import.c sets it for a parse that may take both cores (importer.h
 * splits_from) to start the file's SHA-256 on the core a finished
 * parsing thread leaves idle. No-op for a source in memory without
 * state (src->priv NULL). */
void dt_source_on_idle(dt_source *src, void (*fn)(void *), void *arg);

/* A thread of a parse split across threads (imp_csv.c) has finished its
 * share and is about to wait for the others: runs the dt_source_on_idle
 * hook once, on the calling thread (the thread that runs the parse). */
void dt_source_parse_idle(const dt_source *src);

/* 1 when src is a mapped file read whole: src->data holds every byte
 * of the file as opened (no trailing NUL bytes left out). */
int dt_source_mapped_whole(const dt_source *src);

/* 1 when the content was read into memory (a stream or a compressed
 * file): its SHA-256 must be taken from the buffer, not the path. */
int dt_source_streamed(const dt_source *src);

/* Give the parser back the trailing NUL bytes dt_source_open left out
 * of a mapped file: for a binary format, where a NUL byte is data (a
 * TFRecord ends with a masked CRC-32C, whose last byte is 0 in one file
 * in 256). src->len becomes the mapped length and nothing counts as left
 * out. A stream keeps what it read. */
void dt_source_keep_nul_tail(dt_source *src);

/* Bytes left out: NUL bytes (trailing in a file, runs in a stream).
 * *compressed gets "gzip", "zstd" or NULL. */
uint64_t dt_source_nul_bytes(const dt_source *src, const char **compressed);

/* After parsing: 0 when the file is still as it was opened, or -1 with
 * "PATH: shrank from A to B bytes while it was being imported ..." (read
 * past its new end) or, unless `growing` (a followed log may grow),
 * "PATH: changed while it was being imported ..." (size or modification
 * time differ). Streams always give 0. */
int dt_source_check(const dt_source *src, int growing, char *err,
                    size_t errlen);

/* After parsing: dt_source_check's refusal (`growing` as there) when the
 * file changed while it was parsed, also when the parse failed
 * (parse_rc -1): the change
 * is the cause, whatever the parser made of the zero pages standing in
 * for a truncated file's end (it read "FILE:LINE: expected an integer
 * step ..., found '????'", as if the log were corrupt); err is then
 * replaced. Otherwise parse_rc, err as the parser left it. */
int dt_source_check_after(const dt_source *src, int growing, int parse_rc,
                          char *err, size_t errlen);

/* Sources opened from now on show a progress line on stderr (bytes,
 * points, rate, time left) once reading them has taken `delay` seconds
 * (default 1), and only when stderr is a terminal: while a stream is read
 * and while the parser calls dt_source_release; dt_source_close erases
 * it. Process-wide; the command-line import turns it on, the TUI never. */
void dt_source_progress_enable(double delay);

/* The log whose points the progress line counts (may be NULL). */
void dt_source_progress(dt_source *src, const dt_rawlog *log);

#endif
