/* cmd_verify.c: dualtrack verify [--json] [--expect-head HASH]: check the
 * integrity chain of every record and the decision log's own chain
 * (verify DIR, an evidence pack, is cli/pack/pack_verify.c). */
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "cli/cli.h"
#include "cli/pack/pack.h"
#include "model/core/decision.h"
#include "model/store/store.h"
#include "model/util/jsonw.h"
#include "model/util/text.h"

static void verify_usage(FILE *f)
{
	fputs("usage: dualtrack [--db PATH] verify [--json] [--expect-head HASH]\n"
	      "       dualtrack verify DIR [--allowed-signers FILE] [--json]\n"
	      "       dualtrack [--db PATH] verify --against DIR "
	      "[--allowed-signers FILE] [--json]\n\n"
	      "Without DIR: checks the store's integrity chain of everything people\n"
	      "wrote (task card, run attachments, checklist entries and overrides,\n"
	      "evidence links, drills and their items, journal facts, ledger\n"
	      "inputs, scenario answers, decisions) and of every imported run\n"
	      "(settings, file digests, and a SHA-256 of every stored series,\n"
	      "re-hashed here): each chain record's hash and link to the one before\n"
	      "it, ids that never repeat (a deleted newest record is found), and\n"
	      "each current row against its chained text. Also recomputes the\n"
	      "decision log's own chain and evidence digests. Reports the first\n"
	      "altered record (\"first altered record: checklist entry 7 (step6):\n"
	      "...\") and every other defect, and the two heads: \"integrity head\n"
	      "#N sha256 HASH\", the head of the chain of every record: keep it\n"
	      "elsewhere (minutes, ticket) and pass it as --expect-head later; and\n"
	      "\"decision-log head #N sha256 HASH\", the decisions' own chain, the\n"
	      "head an evidence pack carries (verify DIR, verify --against DIR).\n"
	      "With --expect-head, a chain rewritten from some record on, hashes\n"
	      "recomputed, then fails too. --expect-head takes the whole hash or\n"
	      "its first 16 or more hex digits (fewer are refused: a rewritten\n"
	      "chain can be ground to match a short prefix, 8 digits in minutes).\n"
	      "JSON keys: intact, records, first_bad_id, reason, defects (list),\n"
	      "acknowledged, head_id, head_hash (the integrity head),\n"
	      "decisions_intact, decisions_head_id, decisions_head_hash (the\n"
	      "decision-log head), expected_head (null without --expect-head),\n"
	      "head_matches, triggers_missing.\n"
	      "exit: 0 intact (and the head as expected), 1 altered or another\n"
	      "head, 2 usage or store error\n\n"
	      "With DIR (an evidence pack, dualtrack export and sign):\n", f);
	dt_pack_verify_help(f);
}

static void json_report(const dt_chain_status *g, const dt_chain_report *r,
                        const char *expect, int head_ok, size_t ntrig,
                        const char *trig)
{
	dt_jw w;
	dt_jw_init(&w, stdout, 1);
	dt_jw_obj_begin(&w);
	dt_jw_key(&w, "intact"); dt_jw_bool(&w, g->intact && r->intact);
	dt_jw_key(&w, "records"); dt_jw_int(&w, (int64_t)g->records);
	dt_jw_key(&w, "first_bad_id");
	if (g->intact && r->intact)
		dt_jw_null(&w);
	else
		dt_jw_int(&w, g->intact ? r->first_bad_id : g->first_bad_id);
	dt_jw_key(&w, "reason");
	dt_jw_str(&w, !g->intact ? g->reason : r->intact ? "" : r->reason);
	dt_jw_key(&w, "defects");
	dt_jw_arr_begin(&w);
	for (const char *p = g->defect_text; p && *p;) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		char line[600];
		snprintf(line, sizeof line, "%.*s", (int)len, p);
		dt_jw_str(&w, line);
		p += len + (nl != NULL);
	}
	if (!r->intact)
		dt_jw_str(&w, r->reason);
	dt_jw_arr_end(&w);
	dt_jw_key(&w, "acknowledged"); dt_jw_bool(&w, g->acknowledged);
	dt_jw_key(&w, "head_id"); dt_jw_int(&w, g->head_id);
	dt_jw_key(&w, "head_hash");
	if (g->head_hash[0])
		dt_jw_str(&w, g->head_hash);
	else
		dt_jw_null(&w);
	dt_jw_key(&w, "decisions_intact"); dt_jw_bool(&w, r->intact);
	dt_jw_key(&w, "decisions_head_id"); dt_jw_int(&w, r->head_id);
	dt_jw_key(&w, "decisions_head_hash");
	if (r->head_hash[0])
		dt_jw_str(&w, r->head_hash);
	else
		dt_jw_null(&w);
	dt_jw_key(&w, "expected_head");
	if (expect)
		dt_jw_str(&w, expect);
	else
		dt_jw_null(&w);
	dt_jw_key(&w, "head_matches"); dt_jw_bool(&w, head_ok);
	dt_jw_key(&w, "triggers_missing");
	dt_jw_arr_begin(&w);
	for (const char *p = trig; p && *p;) {
		const char *c = strstr(p, ", ");
		size_t len = c ? (size_t)(c - p) : strlen(p);
		char name[128];
		snprintf(name, sizeof name, "%.*s", (int)len, p);
		if (name[0] != '+') /* "+N more": counted below, not a name */
			dt_jw_str(&w, name);
		p += len + (c ? 2 : 0);
	}
	dt_jw_arr_end(&w);
	dt_jw_key(&w, "triggers_missing_count"); dt_jw_int(&w, (int64_t)ntrig);
	dt_jw_obj_end(&w);
	dt_jw_end(&w);
}

static void text_report(const dt_chain_status *g, const dt_chain_report *r,
                        const char *expect, int head_ok, size_t ntrig,
                        const char *trig)
{
	char line[700];
	/* the protection removed: the tables it guards can be changed with
	 * no error (the chain finds a change only when it re-hashes) */
	if (ntrig) {
		dt_sanitize(trig, line, sizeof line);
		printf("append-only trigger%s MISSING: %s (someone removed the "
		       "protection; dualtrack store init restores %s)\n",
		       ntrig == 1 ? "" : "s", line, ntrig == 1 ? "it" : "them");
	}
	if (g->intact)
		printf("integrity intact: %zu record%s (people's records, runs, "
		       "files and what their import found, series)\n", g->records,
		       g->records == 1 ? "" : "s");
	else {
		dt_sanitize(g->reason, line, sizeof line);
		printf("integrity ALTERED: first altered record: %s\n", line);
		size_t i = 0;
		for (const char *p = g->defect_text; p && *p; i++) {
			const char *nl = strchr(p, '\n');
			size_t len = nl ? (size_t)(nl - p) : strlen(p);
			char raw[600];
			snprintf(raw, sizeof raw, "%.*s", (int)len, p);
			dt_sanitize(raw, line, sizeof line);
			if (i > 0)
				printf("  also: %s\n", line);
			p += len + (nl != NULL);
		}
		if (g->acknowledged)
			printf("  (every defect is acknowledged by a break record: "
			       "writes are allowed)\n");
	}
	if (r->intact)
		printf("decision log intact: %zu record%s\n", r->records,
		       r->records == 1 ? "" : "s");
	else {
		dt_sanitize(r->reason, line, sizeof line);
		printf("decision log ALTERED: %s\n", line);
	}
	/* two chains, two heads: say which is which (a pack and verify
	 * --against carry the decision log's) */
	if (g->head_id)
		printf("integrity head #%lld sha256 %s (the chain of every record; "
		       "--expect-head checks it)\n", (long long)g->head_id,
		       g->head_hash);
	else
		printf("integrity head: none (empty chain)\n");
	if (r->head_id)
		printf("decision-log head #%lld sha256 %s (the decisions' own chain;"
		       " an evidence pack carries it)\n", (long long)r->head_id,
		       r->head_hash);
	else
		printf("decision-log head: none (no decision yet)\n");
	if (!head_ok) {
		char e[160];
		dt_sanitize(expect, e, sizeof e);
		printf("integrity head differs from the expected %s: the newest "
		       "record(s) were removed, replaced or added\n", e);
	}
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
	while ((c = dt_cli_getopt(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'j': json = 1; break;
		case 'e': expect = optarg; break;
		case 'd': db = optarg; break;
		case 'h': verify_usage(stdout); return DT_EXIT_OK;
		default: dt_cli_usage_error(verify_usage); return DT_EXIT_USAGE;
		}
	}
	if (dt_cli_operands("verify", argv + optind, argc - optind, 0, 0,
	                    "verify takes no argument") < 0)
		return DT_EXIT_USAGE;
	if (expect && dt_cli_hash_prefix("--expect-head", expect,
	                                 DT_CLI_HASH_PREFIX_MIN) < 0)
		return DT_EXIT_USAGE;
	dt_store *st = dt_cli_store_read(db);
	if (!st)
		return DT_EXIT_USAGE;
	dt_chain_report r;
	dt_chain_status g;
	if (dt_store_chain_verify(st, 1, &g) < 0 ||
	    dt_store_decision_verify(st, &r) < 0) {
		fprintf(stderr, "dualtrack: %s\n", dt_store_error(st));
		dt_store_close(st);
		return DT_EXIT_USAGE;
	}
	const char *trig0;
	size_t ntrig = dt_store_triggers_missing(st, &trig0);
	char trig[400];
	snprintf(trig, sizeof trig, "%s", trig0);
	dt_store_close(st);
	/* a prefix of the head's hash (dt_cli_hash_prefix: 16..64 digits) */
	int head_ok = !expect || (g.head_hash[0] &&
	              strncasecmp(expect, g.head_hash, strlen(expect)) == 0);
	if (json)
		json_report(&g, &r, expect, head_ok, ntrig, trig);
	else
		text_report(&g, &r, expect, head_ok, ntrig, trig);
	int ok = g.intact && r.intact && head_ok && ntrig == 0;
	dt_chain_status_clear(&g);
	return ok ? DT_EXIT_OK : DT_EXIT_FAIL;
}
