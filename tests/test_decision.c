/* test_decision.c: the hash-chained, append-only decision log: canonical
 * record text, links, tampering one byte (found by verify), append-only
 * triggers, and two processes writing decisions at once (none lost). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>
#include <sqlite3.h>

#include "model/core/decision.h"
#include "model/service/assessment.h"
#include "model/util/sha256.h"

#include "tests/dt_test_tmpdir.h"
#include "tests/dt_test_store.h"

static dt_store *open_store(const char *name, char *path, size_t n)
{
	char err[512];
	dt_test_where(dir, name, path, n);
	dt_store *st = dt_store_open(path, err, sizeof err);
	assert_non_null(st);
	return st;
}

static void canonical_text(void **state)
{
	(void)state;
	dt_decision d = {.id = 2, .supersedes = 1};
	snprintf(d.pilot_name, sizeof d.pilot_name, "p1");
	snprintf(d.kind_text, sizeof d.kind_text, "go");
	snprintf(d.rationale, sizeof d.rationale, "ok\nkind 2:no");
	snprintf(d.deciders_text, sizeof d.deciders_text, "researcher:Ana");
	snprintf(d.recorded_by, sizeof d.recorded_by, "bo");
	snprintf(d.decided_at, sizeof d.decided_at, "2026-11-02T10:00:00Z");
	snprintf(d.evidence_digest, sizeof d.evidence_digest, "ab");
	snprintf(d.prev_hash, sizeof d.prev_hash, "cd");
	char *c = dt_decision_canon(&d);
	/* Length-prefixed fields: the rationale's "\nkind 2:no" cannot pose
	 * as the kind field ("ok\nkind 2:no" is 12 bytes). */
	assert_string_equal(c, "dualtrack decision v1\n"
	                    "id 1:2\npilot 2:p1\nkind 2:go\n"
	                    "rationale 12:ok\nkind 2:no\n"
	                    "deciders 14:researcher:Ana\nrecorded_by 2:bo\n"
	                    "decided_at 20:2026-11-02T10:00:00Z\nsupersedes 1:1\n"
	                    "evidence_digest 2:ab\nprev_hash 2:cd\n");
	char h1[65], h2[65];
	assert_int_equal(dt_decision_hash(&d, h1), 0);
	assert_int_equal(dt_sha256_hex(c, strlen(c), h2), 0);
	assert_string_equal(h1, h2);
	free(c);
	/* A go forced past open items: v2 text, forced_past after
	 * supersedes (15 bytes: "step7 (pending)"), so it is hashed. */
	snprintf(d.forced_past, sizeof d.forced_past, "step7 (pending)");
	c = dt_decision_canon(&d);
	assert_string_equal(c, "dualtrack decision v2\n"
	                    "id 1:2\npilot 2:p1\nkind 2:go\n"
	                    "rationale 12:ok\nkind 2:no\n"
	                    "deciders 14:researcher:Ana\nrecorded_by 2:bo\n"
	                    "decided_at 20:2026-11-02T10:00:00Z\nsupersedes 1:1\n"
	                    "forced_past 15:step7 (pending)\n"
	                    "evidence_digest 2:ab\nprev_hash 2:cd\n");
	assert_int_equal(dt_decision_hash(&d, h2), 0);
	assert_string_not_equal(h1, h2);
	free(c);
	/* SHA-256("abc") (FIPS 180-2 appendix B.1). */
	assert_int_equal(dt_sha256_hex("abc", 3, h1), 0);
	assert_string_equal(h1, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9c"
	                    "b410ff61f20015ad");
}

static void deciders(void **state)
{
	(void)state;
	dt_decider k;
	char err[256];
	assert_int_equal(dt_decider_parse("Ana Lopez:researcher", &k, err,
	                                  sizeof err), 0);
	assert_string_equal(k.name, "Ana Lopez");
	assert_int_equal(k.role, DT_ROLE_RESEARCHER);
	assert_int_equal(dt_decider_parse("a:b:platform", &k, err, sizeof err), 0);
	assert_string_equal(k.name, "a:b");                /* last ':' splits */
	assert_int_equal(dt_decider_parse("Bo:training_engineer", &k, err,
	                                  sizeof err), 0);
	assert_int_equal(k.role, DT_ROLE_TRAINING_ENGINEER);
	assert_int_equal(dt_decider_parse("Bo:boss", &k, err, sizeof err), -1);
	assert_int_equal(dt_decider_parse("noroles", &k, err, sizeof err), -1);
	assert_int_equal(dt_decider_parse(":platform", &k, err, sizeof err), -1);
	dt_decision_kind kind;
	assert_int_equal(dt_decision_kind_parse("compare-other-instance", &kind), 0);
	assert_int_equal(kind, DT_DECIDE_COMPARE_OTHER);
	assert_int_equal(dt_decision_kind_parse("rollback", &kind), -1);
}

/* The one limit of a sign-off, for the CLI's --decider and the TUI
 * form's list alike: DT_DECIDERS_MAX (8) added, a 9th is refused with
 * the words of dt_decision_deciders_check and the count stays 8. */
static void decider_add_limit(void **state)
{
	(void)state;
	dt_decider dk[DT_DECIDERS_MAX];
	size_t nd = 0;
	char err[256], spec[32];
	for (int i = 1; i <= 8; i++) {
		snprintf(spec, sizeof spec, "D%d:platform", i);
		assert_int_equal(dt_decider_add(dk, &nd, spec, err, sizeof err), 0);
	}
	assert_int_equal(nd, 8);
	assert_string_equal(dk[7].name, "D8");
	assert_int_equal(dt_decider_add(dk, &nd, "D9:researcher", err,
	                                sizeof err), -1);
	assert_string_equal(err, "a decision needs 1..8 deciders");
	assert_int_equal(nd, 8);
	assert_int_equal(dt_decision_deciders_check(dk, 0, err, sizeof err), -1);
	assert_string_equal(err, "a decision needs 1..8 deciders");
	/* a bad spec: dt_decider_parse's words, nothing added */
	nd = 1;
	assert_int_equal(dt_decider_add(dk, &nd, "Bo:boss", err, sizeof err), -1);
	assert_string_equal(err, "decider 'Bo:boss': role must be researcher, "
	                    "training-engineer or platform");
	assert_int_equal(nd, 1);
	/* one person twice (any role, case aside) is refused: the sign-off
	 * read 'A (researcher), A (researcher)' (new-user trial) */
	nd = 0;
	assert_int_equal(dt_decider_add(dk, &nd, "Ana:researcher", err,
	                                sizeof err), 0);
	assert_int_equal(dt_decider_add(dk, &nd, "ana:platform", err,
	                                sizeof err), -1);
	assert_string_equal(err, "decider 'ana' is named twice (one person "
	                    "signs once, in one role)");
	assert_int_equal(nd, 1);
	snprintf(dk[1].name, sizeof dk[1].name, "Ana");
	dk[1].role = DT_ROLE_RESEARCHER;
	assert_int_equal(dt_decision_deciders_check(dk, 2, err, sizeof err), -1);
	assert_string_equal(err, "decider 'Ana' is named twice (one person "
	                    "signs once, in one role)");
}

static void decide(dt_store *st, const char *pilot, dt_decision_kind k,
                   const char *why, dt_decision *out)
{
	dt_decider dk[2] = {{"Ana", DT_ROLE_RESEARCHER}, {"Bo", DT_ROLE_PLATFORM}};
	char err[512];
	assert_int_equal(dt_decide(st, pilot, k, why, dk, 2, "cli", out, err,
	                           sizeof err), 0);
}

static void chain_and_tamper(void **state)
{
	(void)state;
	if (dt_test_pg())
		skip(); /* edits the SQLite file; cli_pg_teams covers PostgreSQL */
	char path[128];
	dt_store *st = open_store("chain.db", path, sizeof path);
	dt_pilot p, q;
	assert_int_equal(dt_store_pilot_create(st, "p1", "ana", &p), 0);
	assert_int_equal(dt_store_pilot_create(st, "p2", "ana", &q), 0);
	dt_decision d1, d2, d3;
	decide(st, "p1", DT_DECIDE_CONTINUE, "needs a drill", &d1);
	decide(st, "p2", DT_DECIDE_DEFER, "no baseline", &d2);
	decide(st, "p1", DT_DECIDE_ROLL_BACK, "Parity fails", &d3);
	/* ids 1, 2, 3; d3 supersedes d1 (same pilot); links. */
	assert_int_equal(d1.id, 1);
	assert_int_equal(d3.id, 3);
	assert_int_equal(d1.supersedes, 0);
	assert_int_equal(d3.supersedes, 1);
	assert_string_equal(d1.prev_hash, "0000000000000000000000000000000000000"
	                    "000000000000000000000000000");
	assert_string_equal(d2.prev_hash, d1.hash);
	assert_string_equal(d3.prev_hash, d2.hash);
	char ev[65];
	dt_sha256_hex(d1.evidence_text, strlen(d1.evidence_text), ev);
	assert_string_equal(d1.evidence_digest, ev);
	assert_non_null(strstr(d1.evidence_text, "dualtrack evidence v1\npilot p1\n"));
	assert_non_null(strstr(d1.evidence_text, "check step6 pending computed "
	                       "pending\n"));
	free(d1.evidence_text);
	free(d2.evidence_text);
	free(d3.evidence_text);
	dt_chain_report r;
	assert_int_equal(dt_store_decision_verify(st, &r), 0);
	assert_int_equal(r.intact, 1);
	assert_int_equal(r.records, 3);
	/* Head of the chain: record 3 and its hash, to be kept elsewhere. */
	assert_int_equal(r.head_id, 3);
	assert_string_equal(r.head_hash, d3.hash);
	char head3[65];
	snprintf(head3, sizeof head3, "%s", d3.hash);
	/* None of these was a go: nothing forced. */
	assert_string_equal(d1.forced_past, "");
	/* Pilot p1's log: two decisions, the latest a roll back. */
	dt_decision *v;
	size_t n;
	assert_int_equal(dt_store_decision_list(st, p.id, &v, &n), 0);
	assert_int_equal(n, 2);
	assert_int_equal(v[1].kind, DT_DECIDE_ROLL_BACK);
	assert_int_equal(v[1].ndeciders, 2);
	assert_string_equal(v[1].deciders[1].name, "Bo");
	assert_int_equal(v[1].deciders[1].role, DT_ROLE_PLATFORM);
	dt_decisions_free(v, n);
	dt_store_close(st);

	/* Append-only: a plain UPDATE is refused by the trigger. */
	sqlite3 *db;
	char *msg = NULL;
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	/* Deleting the newest record (trigger dropped) leaves an intact chain
	 * of 2: only the head (#2, not the recorded #3) shows it. */
	char delpath[160];
	snprintf(delpath, sizeof delpath, "%s/chain_del.db", dir);
	sqlite3 *cp;
	assert_int_equal(sqlite3_open(delpath, &cp), SQLITE_OK);
	sqlite3_backup *bk = sqlite3_backup_init(cp, "main", db, "main");
	assert_non_null(bk);
	assert_int_equal(sqlite3_backup_step(bk, -1), SQLITE_DONE);
	sqlite3_backup_finish(bk);
	assert_int_equal(sqlite3_exec(cp, "DROP TRIGGER decision_no_delete; "
	                              "DELETE FROM decision WHERE id = 3", NULL,
	                              NULL, NULL), SQLITE_OK);
	sqlite3_close(cp);
	char delpath2[160];
	dt_store *sd = open_store("chain_del.db", delpath2, sizeof delpath2);
	assert_int_equal(dt_store_decision_verify(sd, &r), 0);
	assert_int_equal(r.intact, 1);
	assert_int_equal(r.records, 2);
	assert_int_equal(r.head_id, 2);
	assert_string_not_equal(r.head_hash, head3);
	dt_store_close(sd);
	assert_int_not_equal(sqlite3_exec(db, "UPDATE decision SET rationale ="
	                                  " 'x' WHERE id = 3", NULL, NULL, &msg),
	                     SQLITE_OK);
	assert_non_null(strstr(msg, "append-only"));
	sqlite3_free(msg);
	/* Someone with file access drops the trigger and changes one byte:
	 * "Parity fails" -> "Parity failS". */
	assert_int_equal(sqlite3_exec(db, "DROP TRIGGER decision_no_update;"
	                              "UPDATE decision SET rationale = 'Parity "
	                              "failS' WHERE id = 3", NULL, NULL, NULL),
	                 SQLITE_OK);
	sqlite3_close(db);
	st = open_store("chain.db", path, sizeof path);
	assert_string_equal(dt_store_notice(st), "store: 1 append-only trigger "
	                    "was missing and was restored (decision_no_update): "
	                    "someone removed the protection; dualtrack verify "
	                    "shows what was changed");
	assert_int_equal(dt_store_decision_verify(st, &r), 0);
	assert_int_equal(r.intact, 0);
	assert_int_equal(r.first_bad_id, 3);
	assert_non_null(strstr(r.reason, "stored hash does not match"));
	dt_store_close(st);

	/* Record 1's evidence text altered and its digest recomputed is
	 * still caught: the digest is inside record 1's hash. */
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	/* opening the store restored the dropped trigger: drop it again */
	assert_int_equal(sqlite3_exec(db, "DROP TRIGGER decision_no_update;",
	                              NULL, NULL, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, "UPDATE decision SET evidence_text ="
	                              " 'x', evidence_digest = '2d711642b726b044"
	                              "01627ca9fbac32f5c8530fb1903cc4db02258717"
	                              "921a4881' WHERE id = 1", NULL, NULL, NULL),
	                 SQLITE_OK);
	sqlite3_close(db);
	st = open_store("chain.db", path, sizeof path);
	assert_int_equal(dt_store_decision_verify(st, &r), 0);
	assert_int_equal(r.intact, 0);
	assert_int_equal(r.first_bad_id, 1);
	dt_store_close(st);
}

/* One writer process: n decisions on pilot p1 of the store at path. */
static int writer(const char *path, int n, const char *who)
{
	char err[512];
	dt_store *st = dt_store_open(path, err, sizeof err);
	if (!st)
		return 1;
	for (int i = 0; i < n; i++) {
		dt_decider dk = {"Ana", DT_ROLE_RESEARCHER};
		dt_decision d;
		char why[64];
		snprintf(why, sizeof why, "%s %d", who, i);
		if (dt_decide(st, "p1", DT_DECIDE_CONTINUE, why, &dk, 1, who, &d,
		              err, sizeof err) != 0) {
			fprintf(stderr, "%s: %s\n", who, err);
			dt_store_close(st);
			return 1;
		}
		free(d.evidence_text);
	}
	dt_store_close(st);
	return 0;
}

/* A go on a pilot with open checklist items (a fresh pilot: nothing
 * computed or checked, so every item is pending) keeps them in
 * forced_past, in checklist order, stored and reloaded; the record
 * hashes as v2 and the chain verifies. A continue keeps nothing. */
static void forced_go_recorded(void **state)
{
	(void)state;
	char path[128];
	dt_pilot p;
	dt_store *st = open_store("forced.db", path, sizeof path);
	assert_int_equal(dt_store_pilot_create(st, "p1", "ana", &p), 0);
	dt_decision d, c;
	decide(st, "p1", DT_DECIDE_GO, "ship it", &d);
	decide(st, "p1", DT_DECIDE_CONTINUE, "wait", &c);
	assert_non_null(strstr(d.forced_past, "step1 (pending), step2 (pending)"));
	assert_non_null(strstr(d.forced_past, "step7 (pending)"));
	assert_string_equal(c.forced_past, "");
	/* one wording everywhere (dt_decision_label): never a clean "go" */
	assert_string_equal(dt_decision_label(&d), "go FORCED");
	assert_string_equal(dt_decision_label(&c), "continue");
	dt_decision clean = {.kind = DT_DECIDE_GO};
	assert_string_equal(dt_decision_label(&clean), "go");
	clean.kind = DT_DECIDE_ROLL_BACK;
	assert_string_equal(dt_decision_label(&clean), "roll-back");
	char *canon = dt_decision_canon(&d);
	assert_non_null(strstr(canon, "dualtrack decision v2\n"));
	free(canon);
	dt_decision *v;
	size_t n;
	assert_int_equal(dt_store_decision_list(st, p.id, &v, &n), 0);
	assert_int_equal(n, 2);
	assert_string_equal(v[0].forced_past, d.forced_past);
	assert_string_equal(v[1].forced_past, "");
	assert_string_equal(dt_decision_label(&v[0]), "go FORCED"); /* reloaded */
	assert_string_equal(dt_decision_label(&v[1]), "continue");
	dt_decisions_free(v, n);
	dt_chain_report r;
	assert_int_equal(dt_store_decision_verify(st, &r), 0);
	assert_int_equal(r.intact, 1);
	assert_int_equal(r.head_id, 2);
	assert_string_equal(r.head_hash, c.hash);
	free(d.evidence_text);
	free(c.evidence_text);
	dt_store_close(st);
}

static void two_processes(void **state)
{
	(void)state;
	char path[128];
	dt_store *st = open_store("two.db", path, sizeof path);
	dt_pilot p;
	assert_int_equal(dt_store_pilot_create(st, "p1", "ana", &p), 0);
	dt_store_close(st);
	enum { EACH = 25 };
	pid_t a = fork();
	if (a == 0)
		_exit(writer(path, EACH, "room"));
	pid_t b = fork();
	if (b == 0)
		_exit(writer(path, EACH, "remote"));
	int sa, sb;
	assert_int_equal(waitpid(a, &sa, 0), a);
	assert_int_equal(waitpid(b, &sb, 0), b);
	assert_true(WIFEXITED(sa) && WEXITSTATUS(sa) == 0);
	assert_true(WIFEXITED(sb) && WEXITSTATUS(sb) == 0);
	st = open_store("two.db", path, sizeof path);
	dt_decision *v;
	size_t n, room = 0;
	assert_int_equal(dt_store_decision_list(st, 0, &v, &n), 0);
	assert_int_equal(n, 2 * EACH);                 /* none lost */
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(v[i].id, (int64_t)i + 1);  /* no gap, no dup */
		assert_int_equal(v[i].supersedes, (int64_t)i);
		room += strcmp(v[i].recorded_by, "room") == 0;
	}
	assert_int_equal(room, EACH);
	dt_decisions_free(v, n);
	dt_chain_report r;
	assert_int_equal(dt_store_decision_verify(st, &r), 0);
	assert_int_equal(r.intact, 1);
	assert_int_equal(r.records, 2 * EACH);
	dt_store_close(st);
}

int main(void)
{
	int skip = dt_test_store_skip();
	if (skip)
		return skip;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(canonical_text),
		cmocka_unit_test(deciders),
		cmocka_unit_test(decider_add_limit),
		cmocka_unit_test(chain_and_tamper),
		cmocka_unit_test(forced_go_recorded),
		cmocka_unit_test(two_processes),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
