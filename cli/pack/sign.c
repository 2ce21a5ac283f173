/* sign.c: `dualtrack sign DIR --key KEY [--role ROLE] [--name NAME]`:
 * one signer's sign-off of an evidence pack. Checks the pack first as
 * verify does (dt_pack_check: files, signatures there, decision chain,
 * attestation; a pack that does not hold is not signed), then writes
 *   signatures/NAME.role      "dualtrack sign-off v1" with signer, role,
 *                             key fingerprint, manifest SHA-256, time
 *   signatures/NAME.sig       ssh-keygen -Y sign -n dualtrack of
 *                             MANIFEST.sha256
 *   signatures/NAME.role.sig  the same key's signature of NAME.role
 * NAME: --name, else the key's comment, else the acting user
 * (dt_actor_name); made a file name ([A-Za-z0-9._@-]). */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/pack/pack.h"
#include "cli/pack/ssh_sig.h"
#include "model/core/decision.h"
#include "model/util/clock.h"
#include "model/util/sha256.h"
#include "model/util/text.h"

static void sign_usage(FILE *f)
{
	fputs("usage: dualtrack [--db STORE] sign DIR --key KEY [--role ROLE] "
	      "[--name NAME]\n\n"
	      "Signs the evidence pack DIR's MANIFEST.sha256 with your SSH key\n"
	      "(ssh-keygen -Y sign -n dualtrack; KEY is the private key file, or\n"
	      "the public key of a key held by ssh-agent), after checking the\n"
	      "pack as dualtrack verify does (every file against the manifest,\n"
	      "the signatures there, the decision chain in evidence.json, the\n"
	      "attestation): a pack that does not hold is not signed, its\n"
	      "problems listed. Writes signatures/NAME.sig\n"
	      "(ssh-keygen's format) and signatures/NAME.role (who signed in\n"
	      "which role; signed too, NAME.role.sig). NAME: --name, else the\n"
	      "key's comment, else the user. ROLE: researcher, training-engineer,\n"
	      "platform (or any word); default signer. Each signer signs once.\n"
	      "With --db STORE (the store the pack was exported from), the\n"
	      "store is checked first as dualtrack verify checks it (every\n"
	      "series re-hashed): a store whose records were altered is refused,\n"
	      "so is a pack whose pilot the store lacks (the pack is from another\n"
	      "store, as verify --against says), and a pack whose decision the\n"
	      "store has since superseded (a newer decision of its pilot: export\n"
	      "again, sign the new pack).\n"
	      "Check with: dualtrack verify DIR --allowed-signers FILE\n"
	      "exit: 0 signed, 1 the pack does not hold, the store was altered or\n"
	      "has no pilot of the pack's,\n"
	      "2 usage or signing error, or DIR is not an evidence pack (as verify),\n"
	      "4 the pack's decision was superseded\n",
	      f);
}

/* The role text: a decider role name when it parses, else the word. */
static int role_of(const char *in, char *out, size_t n)
{
	dt_decider_role r;
	if (dt_decider_role_parse(in, &r) == 0) {
		snprintf(out, n, "%s", dt_decider_role_name(r));
		return 0;
	}
	if (!*in || strlen(in) >= n)
		return -1;
	for (const char *p = in; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9') || *p == '-' || *p == '_'))
			return -1;
	snprintf(out, n, "%s", in);
	return 0;
}

/* With a store named (--db): refuse when its records are altered, when
 * it has no pilot of the pack's name (the pack is from another store:
 * verify --against's problem, in its words, exit 1), or when it has
 * recorded a newer decision of the pack's pilot since the pack (a
 * signature would sign off a decision the team has replaced; verify
 * --against says the same, exit DT_PACK_EXIT_SUPERSEDED). 0 to go on,
 * else the exit code. */
static int store_holds(const char *db, const char *dir)
{
	if (!db)
		return 0;
	dt_store *st = dt_cli_store_read(db);
	if (!st)
		return DT_EXIT_USAGE;
	dt_decision_standing ds;
	size_t np = dt_pack_store_integrity(st, stderr);
	int judged = np ? 0 : dt_pack_standing(dir, st, &ds);
	dt_store_close(st);
	if (np == (size_t)-1 || judged < 0)
		return DT_EXIT_USAGE;
	if (np) {
		fprintf(stderr, "dualtrack: sign: the store the pack comes from was "
		        "altered; not signed\n");
		return DT_EXIT_FAIL;
	}
	/* a store without the pack's pilot or without its decision (another
	 * store, or one restored from before it): verify --against calls
	 * either a problem, so sign does not put a name to it */
	if (judged && (ds.no_pilot || ds.standing == DT_STANDING_NOT_IN_STORE)) {
		char safe[4 * sizeof ds.text];
		dt_sanitize(ds.text, safe, sizeof safe);
		fprintf(stderr, "dualtrack: sign: %s; not signed\n", safe);
		return DT_EXIT_FAIL;
	}
	if (judged && ds.standing == DT_STANDING_SUPERSEDED) {
		char safe[4 * sizeof ds.text];
		dt_sanitize(ds.text, safe, sizeof safe);
		fprintf(stderr, "dualtrack: sign: %s; not signed: export the pilot "
		        "again and sign the new pack\n", safe);
		return DT_PACK_EXIT_SUPERSEDED;
	}
	return 0;
}

static int do_sign(const char *dir, const char *key, const char *role,
                   const char *name_opt)
{
	char fp[128], comment[512], err[2048], name[256], who[512];
	char sdir[4400], sig[4800], rfile[4800], rsig[4800], manifest[4400];
	char mhex[65], now[32];
	size_t nfiles;
	size_t np = dt_pack_check(dir, stderr, &nfiles);
	if (np) {
		fprintf(stderr, "dualtrack: sign: the pack does not hold (%zu "
		        "problem%s above); not signed\n", np, np == 1 ? "" : "s");
		return DT_EXIT_FAIL;
	}
	if (dt_ssh_key_info(key, fp, sizeof fp, comment, sizeof comment, err,
	                    sizeof err) < 0) {
		char safe[2100];
		dt_sanitize(err, safe, sizeof safe);
		fprintf(stderr, "dualtrack: sign: %s\n", safe);
		return DT_EXIT_USAGE;
	}
	if (name_opt)
		snprintf(who, sizeof who, "%s", name_opt);
	else if (comment[0])
		snprintf(who, sizeof who, "%s", comment);
	else
		dt_actor_name(who, sizeof who);
	dt_pack_safe_name(who, name, sizeof name);
	snprintf(sdir, sizeof sdir, "%s/signatures", dir);
	snprintf(sig, sizeof sig, "%s/%s.sig", sdir, name);
	snprintf(rfile, sizeof rfile, "%s/%s.role", sdir, name);
	snprintf(rsig, sizeof rsig, "%s/%s.role.sig", sdir, name);
	snprintf(manifest, sizeof manifest, "%s/MANIFEST.sha256", dir);
	if (access(sig, F_OK) == 0) {
		fprintf(stderr, "dualtrack: sign: signatures/%s.sig exists: %s has "
		        "signed this pack (remove its three files to sign again)\n",
		        name, name);
		return DT_EXIT_USAGE;
	}
	if ((mkdir(sdir, 0777) < 0 && errno != EEXIST) ||
	    dt_sha256_file(manifest, mhex, err, sizeof err) < 0) {
		fprintf(stderr, "dualtrack: sign: cannot write %s\n", sdir);
		return DT_EXIT_USAGE;
	}
	dt_time_now_iso(now);
	FILE *f = fopen(rfile, "w");
	if (!f) {
		fprintf(stderr, "dualtrack: sign: cannot write %s\n", rfile);
		return DT_EXIT_USAGE;
	}
	fprintf(f, "dualtrack sign-off v1\nsigner %s\nrole %s\nkey %s\n"
	        "manifest-sha256 %s\nsigned-at %s\n", name, role, fp, mhex, now);
	if (fclose(f) != 0 ||
	    dt_ssh_sign(key, manifest, sig, err, sizeof err) < 0 ||
	    dt_ssh_sign(key, rfile, rsig, err, sizeof err) < 0) {
		char safe[2100];
		dt_sanitize(err, safe, sizeof safe);
		fprintf(stderr, "dualtrack: sign: %s\n", safe);
		unlink(sig);
		unlink(rfile);
		unlink(rsig);
		return DT_EXIT_USAGE;
	}
	printf("signed MANIFEST.sha256 (%zu files) as %s, role %s, key %s:\n"
	       "  signatures/%s.sig, signatures/%s.role(.sig)\n", nfiles, name,
	       role, fp, name, name);
	return DT_EXIT_OK;
}

int dt_cmd_sign(const char *db, int argc, char **argv)
{
	static const struct option opts[] = {
		{"key", required_argument, NULL, 'k'},
		{"role", required_argument, NULL, 'r'},
		{"name", required_argument, NULL, 'n'},
		{"db", required_argument, NULL, 'd'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0}};
	const char *key = NULL, *role = "signer", *name = NULL;
	char rbuf[64];
	int c;
	optind = 0;
	while ((c = dt_cli_getopt(argc, argv, "hk:", opts, NULL)) != -1) {
		switch (c) {
		case 'k': key = optarg; break;
		case 'r': role = optarg; break;
		case 'n': name = optarg; break;
		case 'd': db = optarg; break;
		case 'h': sign_usage(stdout); return DT_EXIT_OK;
		default: dt_cli_usage_error(sign_usage); return DT_EXIT_USAGE;
		}
	}
	const char *needs = "sign needs DIR and --key KEY";
	if (dt_cli_operands("sign", argv + optind, argc - optind, 1, 1,
	                    needs) < 0) {
		dt_cli_usage_error(sign_usage);
		return DT_EXIT_USAGE;
	}
	if (!key) {
		fprintf(stderr, "dualtrack: %s\n", needs);
		dt_cli_usage_error(sign_usage);
		return DT_EXIT_USAGE;
	}
	if (role_of(role, rbuf, sizeof rbuf) < 0) {
		fprintf(stderr, "dualtrack: sign: --role expects researcher, "
		        "training-engineer, platform or one word of letters, digits, "
		        "'-' and '_'\n");
		return DT_EXIT_USAGE;
	}
	if (dt_pack_dir_usable("sign", argv[optind]) < 0)
		return DT_EXIT_USAGE;
	int held = store_holds(db, argv[optind]);
	return held ? held : do_sign(argv[optind], key, rbuf, name);
}
