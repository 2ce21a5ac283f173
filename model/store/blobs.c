/* blobs.c: buffers handed out by dt_store_raw_load (blobs.h). */
#include "model/store/blobs.h"

#include <stdlib.h>

#include "model/util/grow.h"

int dt_blob_owner_reserve(dt_blob_owner *o)
{
	return dt_grow((void **)&o->blobs, &o->cap, o->n + 1, sizeof *o->blobs);
}

void dt_blob_owner_keep(dt_blob_owner *o, void *buf)
{
	o->blobs[o->n++] = buf;
}

int dt_blob_owner_detach(dt_blob_owner *o, const void *p)
{
	/* The newest buffers are the likeliest (one chunk per file). */
	for (size_t i = o ? o->n : 0; p && i-- > 0;)
		if (o->blobs[i] == p) {
			o->blobs[i] = NULL;
			return 0;
		}
	return 1;
}

int dt_blob_owner_part(dt_blob_owner *o, int64_t file_id, int64_t part,
                       size_t n, size_t nmarks, int64_t stride)
{
	if (dt_grow((void **)&o->parts, &o->pcap, o->nparts + 1,
	            sizeof *o->parts) < 0)
		return -1;
	o->parts[o->nparts++] = (dt_raw_part){.file_id = file_id, .part = part,
	                                      .n = n, .nmarks = nmarks,
	                                      .stride = stride};
	return 0;
}

void dt_blob_owner_free(dt_blob_owner *o)
{
	if (!o)
		return;
	for (size_t i = 0; i < o->n; i++)
		free(o->blobs[i]);
	free(o->blobs);
	free(o->parts);
	free(o);
}
