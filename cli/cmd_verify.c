/* cmd_verify.c: dualtrack verify [--json]: recompute the decision log's
 * hash chain. */
#include <getopt.h>
#include <stdio.h>
#include <strings.h>

#include "cli/cli.h"
#include "cli/pack/pack.h"
#include "model/core/decision.h"
#include "model/util/jsonw.h"
#include "model/util/text.h"

static void verify_usage(FILE *f)
{
	fputs("usage: dualtrack [--db PATH] verify [--json] [--expect-head HASH]\n\n"
	      "Recomputes every decision's evidence digest and SHA-256 record hash\n"
	      "and checks that each record holds the hash of the one before it.\n"
	      "Reports the first record that was altered, and the head of the\n"
	      "chain (\"head #N sha256 HASH\"): keep it elsewhere (minutes,\n"
	      "ticket) and pass it as --expect-head later: a deleted or replaced\n"
	      "newest record, which the chain alone cannot show, then fails.\n"
	      "JSON keys: intact, records, first_bad_id, reason, head_id,\n"
	      "head_hash, expected_head (null without --expect-head),\n"
	      "head_matches.\n"
	      "exit: 0 intact (and the head as expected), 1 altered or another\n"
	      "head, 2 usage or store error\n", f);
}

int dt_cmd_verify(const char *db, int argc, char **argv)
{
	static const struct option opts[] = {
		{"json", no_argument, NULL, 'j'},
		{"expect-head", required_argument, NULL, 'e'},
		{"db", required_argument, NULL, 'd'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0}};
	int json = 0, c;
	const char *expect = NULL;
	if (dt_pack_verify_dispatch(db, argc, argv, &c))
		return c; /* verify DIR / --against DIR: cli/pack/pack_verify.c */
	optind = 0;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'j': json = 1; break;
		case 'e': expect = optarg; break;
		case 'd': db = optarg; break;
		case 'h': verify_usage(stdout); return DT_EXIT_OK;
		default: verify_usage(stderr); return DT_EXIT_USAGE;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "dualtrack: verify takes no argument\n");
		return DT_EXIT_USAGE;
	}
	dt_store *st = dt_cli_store(db);
	if (!st)
		return DT_EXIT_USAGE;
	dt_chain_report r;
	if (dt_store_decision_verify(st, &r) < 0) {
		fprintf(stderr, "dualtrack: %s\n", dt_store_error(st));
		dt_store_close(st);
		return DT_EXIT_USAGE;
	}
	dt_store_close(st);
	int head_ok = !expect || strcasecmp(expect, r.head_hash) == 0;
	if (json) {
		dt_jw w;
		dt_jw_init(&w, stdout, 1);
		dt_jw_obj_begin(&w);
		dt_jw_key(&w, "intact"); dt_jw_bool(&w, r.intact);
		dt_jw_key(&w, "records"); dt_jw_int(&w, (int64_t)r.records);
		dt_jw_key(&w, "first_bad_id");
		if (r.intact)
			dt_jw_null(&w);
		else
			dt_jw_int(&w, r.first_bad_id);
		dt_jw_key(&w, "reason"); dt_jw_str(&w, r.reason);
		dt_jw_key(&w, "head_id"); dt_jw_int(&w, r.head_id);
		dt_jw_key(&w, "head_hash");
		if (r.head_hash[0])
			dt_jw_str(&w, r.head_hash);
		else
			dt_jw_null(&w);
		dt_jw_key(&w, "expected_head");
		if (expect)
			dt_jw_str(&w, expect);
		else
			dt_jw_null(&w);
		dt_jw_key(&w, "head_matches"); dt_jw_bool(&w, head_ok);
		dt_jw_obj_end(&w);
		dt_jw_end(&w);
	} else {
		if (r.intact)
			printf("decision log intact: %zu record%s\n", r.records,
			       r.records == 1 ? "" : "s");
		else
			printf("decision log ALTERED: %s\n", r.reason);
		if (r.head_id)
			printf("head #%lld sha256 %s\n", (long long)r.head_id,
			       r.head_hash);
		else
			printf("head: none (empty log)\n");
		if (!head_ok) {
			char e[160];
			dt_sanitize(expect, e, sizeof e);
			printf("head differs from the expected %s: the newest "
			       "record(s) were removed, replaced or added\n", e);
		}
	}
	return r.intact && head_ok ? DT_EXIT_OK : DT_EXIT_FAIL;
}
