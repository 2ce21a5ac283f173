/* chain_digest.c: BLOB digests of a chain row on a second thread
 * (chain_digest.h). */
#include "model/store/chain_digest.h"

#include "model/util/sha256.h"

static int hashed(const dt_chain_field *f)
{
	return f->is_blob && !f->is_null && !f->sha256;
}

static void *digest_main(void *arg)
{
	dt_chain_digests *d = arg;
	for (size_t i = 0; i < d->row->nf; i++) {
		const dt_chain_field *f = &d->row->f[i];
		if (hashed(f) && dt_sha256_hex(f->data ? f->data : "", f->len,
		                               d->hex[i]) < 0)
			d->rc = -1;
	}
	return NULL;
}

void dt_chain_digests_begin(dt_chain_digests *d, dt_chain_row *row)
{
	size_t bytes = 0;
	d->row = NULL;
	d->rc = 0;
	for (size_t i = 0; i < row->nf; i++)
		if (hashed(&row->f[i]))
			bytes += row->f[i].len;
	if (bytes < DT_CHAIN_DIGEST_THREAD_FROM)
		return;
	d->row = row;
	if (pthread_create(&d->th, NULL, digest_main, d) != 0)
		d->row = NULL;
}

int dt_chain_digests_end(dt_chain_digests *d)
{
	if (!d->row)
		return 0;
	pthread_join(d->th, NULL);
	dt_chain_row *row = d->row;
	d->row = NULL;
	if (d->rc < 0)
		return -1;
	for (size_t i = 0; i < row->nf; i++)
		if (hashed(&row->f[i]))
			row->f[i].sha256 = d->hex[i];
	return 0;
}
