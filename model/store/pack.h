/* pack.h: how every backend packs a raw series (model/core/rawlog.h) into
 * its binary columns, so a series has the same bytes on each backend and
 * `store copy` moves them unchanged: steps as little-endian int64, or the
 * first step alone when the steps advance by one constant positive
 * stride (stored beside it); values as IEEE-754 binary64 LE; segment
 * marks as uint32 LE. */
#ifndef DT_STORE_PACK_H
#define DT_STORE_PACK_H

#include <stddef.h>
#include <stdint.h>

/* The common difference of steps[0..n) when n >= 2 and they advance by
 * one positive stride, else 0 (store every step). */
int64_t dt_store_steps_stride(const int64_t *step, size_t n);

#endif
