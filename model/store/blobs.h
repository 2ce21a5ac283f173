/* blobs.h: the buffers a backend's dt_store_raw_load hands out (the step,
 * value and marks arrays of the chunks), kept together so that one
 * dt_store_raw_free releases them, and so that a caller can take one over
 * (dt_store_raw_detach) instead of copying it. Every backend's blob_owner
 * is a dt_blob_owner (model/store/ops.h contract). Store-internal. */
#ifndef DT_STORE_BLOBS_H
#define DT_STORE_BLOBS_H

#include <stddef.h>

#include "model/store/store.h"

typedef struct dt_blob_owner {
	size_t n, cap;
	void **blobs;          /* [n] malloc'd buffers, NULL once detached */
	dt_raw_part *parts;    /* [nparts] the rows read, in read order
	                        * (dt_store_raw_parts) */
	size_t nparts, pcap;
} dt_blob_owner;

/* Note a row read: its file, part, points, marks and steps stride (a
 * backend's raw_load, before dt_store_join_parts, which places it in its
 * chunk). Returns 0, or -1 (ENOMEM). */
int dt_blob_owner_part(dt_blob_owner *o, int64_t file_id, int64_t part,
                       size_t n, size_t nmarks, int64_t stride);

/* Make room for one more buffer. Returns 0, or -1 (ENOMEM). */
int dt_blob_owner_reserve(dt_blob_owner *o);

/* Keep `buf` (malloc'd) after a successful reserve. */
void dt_blob_owner_keep(dt_blob_owner *o, void *buf);

/* Hand buffer `p` over to the caller (who frees it with free()). Returns
 * 0, or 1 when p is not one of o's buffers (nothing changed). */
int dt_blob_owner_detach(dt_blob_owner *o, const void *p);

/* Free every buffer still kept and o itself; NULL accepted. */
void dt_blob_owner_free(dt_blob_owner *o);

#endif
