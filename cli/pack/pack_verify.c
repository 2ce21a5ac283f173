/* pack_verify.c: `dualtrack verify DIR [--allowed-signers FILE]` (a pack:
 * digests, signatures, the decision chain it carries, the attestation's
 * subjects) and `dualtrack verify --against DIR` (the store still holds
 * the pack's chain head). cmd_verify.c hands these calls over through
 * dt_pack_verify_dispatch. */
#include <dirent.h>
#include <getopt.h>
#include <json-c/json.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/pack/pack.h"
#include "cli/pack/ssh_sig.h"
#include "cli/pilot_show.h"
#include "model/core/decision.h"
#include "model/service/pack/decision_standing.h"
#include "model/util/jsonw.h"
#include "model/util/sha256.h"
#include "model/util/text.h"

static const char zero64[] =
	"0000000000000000000000000000000000000000000000000000000000000000";

/* One problem line: "WHAT: detail", sanitised, on out; counted in *n
 * (out NULL: only counted). */
static void problem(FILE *out, size_t *n, const char *fmt, ...)
{
	char buf[2400], safe[2400];
	va_list ap;
	(*n)++;
	if (!out) /* counted, not said (dt_pack_standing) */
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	dt_sanitize(buf, safe, sizeof safe);
	fprintf(out, "  %s\n", safe);
}

static int listed(const dt_pack_file *v, size_t n, const char *path)
{
	for (size_t i = 0; i < n; i++)
		if (!v[i].absent && !strcmp(v[i].path, path))
			return 1;
	return 0;
}

/* Whether signatures/NAME holds a well-formed signature file name. */
static int sig_name_ok(const char *name)
{
	size_t n = strlen(name);
	static const char *const ext[] = {".role.sig", ".sig", ".role"};
	for (int i = 0; i < 3; i++) {
		size_t e = strlen(ext[i]);
		if (n > e && !strcmp(name + n - e, ext[i]))
			return 1;
	}
	return 0;
}

/* Walk dir/rel, reporting files the manifest does not list. */
static void walk(const char *dir, const char *rel, const dt_pack_file *v,
                 size_t nv, FILE *out, size_t *np)
{
	char path[4400];
	snprintf(path, sizeof path, "%s%s%s", dir, rel[0] ? "/" : "", rel);
	DIR *d = opendir(path);
	struct dirent *e;
	if (!d)
		return;
	while ((e = readdir(d))) {
		char sub[4400], full[8800];
		struct stat sb;
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		snprintf(sub, sizeof sub, "%s%s%s", rel, rel[0] ? "/" : "", e->d_name);
		snprintf(full, sizeof full, "%s/%s", dir, sub);
		if (lstat(full, &sb) < 0)
			continue;
		if (S_ISDIR(sb.st_mode)) {
			walk(dir, sub, v, nv, out, np);
			continue;
		}
		if (!strcmp(sub, "MANIFEST.sha256") && S_ISREG(sb.st_mode))
			continue;
		if (!strcmp(rel, "signatures") && S_ISREG(sb.st_mode) &&
		    sig_name_ok(e->d_name))
			continue;
		if (!S_ISREG(sb.st_mode))
			problem(out, np, "extra file: %s (not a regular file)", sub);
		else if (!listed(v, nv, sub))
			problem(out, np, "extra file: %s (not in MANIFEST.sha256)", sub);
	}
	closedir(d);
}

/* 1 when a manifest path stays inside the pack: relative, components
 * separated by single '/', none empty, "." or "..", no backslash (a
 * separator elsewhere) and no control byte. Checked per component, so a
 * name that merely contains ".." (a run 'llama3..v2', or '../../evil'
 * exported as '_._.._evil') is inside. */
static int path_inside(const char *p)
{
	if (!*p || *p == '/')
		return 0;
	while (*p) {
		size_t k = strcspn(p, "/");
		if (k == 0 || (k == 1 && p[0] == '.') ||
		    (k == 2 && p[0] == '.' && p[1] == '.'))
			return 0;
		for (size_t i = 0; i < k; i++)
			if (p[i] == '\\' || (unsigned char)p[i] < 0x20 ||
			    p[i] == 0x7f)
				return 0;
		p += k;
		if (*p == '/' && !*++p)
			return 0; /* a trailing '/' names a folder */
	}
	return 1;
}

/* Check the files of pack `dir` against its MANIFEST.sha256: every listed
 * file present with its digest, nothing unlisted outside signatures/
 * (whose files must be NAME.sig, NAME.role, NAME.role.sig). Each problem
 * is one line on `out` ("changed file: PATH", "missing file: PATH",
 * "extra file: PATH", ...). *nfiles receives the files checked. When the
 * file `note_path` (may be NULL) changed, its line ends ": NOTE" (what
 * verify found changed in it) and *noted is set. Returns the problems. */
static size_t check_files(const char *dir, FILE *out, size_t *nfiles,
                          const char *note_path, const char *note,
                          int *noted)
{
	dt_pack_file *v = NULL;
	size_t nv = 0, np = 0;
	char err[600];
	*nfiles = 0;
	if (dt_pack_manifest_read(dir, &v, &nv, err, sizeof err) < 0) {
		problem(out, &np, "%s", err);
		return np;
	}
	for (size_t i = 0; i < nv; i++) {
		char path[4400], hex[65];
		struct stat sb;
		size_t pl = strlen(v[i].path);
		if (pl && v[i].path[pl - 1] == '\r') {
			/* a manifest re-saved with CRLF line ends: say so, not
			 * "outside the pack" */
			problem(out, &np, "MANIFEST.sha256: the line of %.*s ends with "
			        "a carriage return (CRLF line ends; sha256sum writes "
			        "LF): the manifest was rewritten", (int)(pl - 1),
			        v[i].path);
			continue;
		}
		if (!path_inside(v[i].path)) {
			problem(out, &np, "MANIFEST.sha256 names a path outside the "
			        "pack: %s", v[i].path);
			continue;
		}
		snprintf(path, sizeof path, "%s/%s", dir, v[i].path);
		if (v[i].absent) {
			if (lstat(path, &sb) == 0)
				problem(out, &np, "extra file: %s (listed as absent)",
				        v[i].path);
			continue;
		}
		(*nfiles)++;
		if (lstat(path, &sb) < 0 || !S_ISREG(sb.st_mode))
			problem(out, &np, "missing file: %s", v[i].path);
		else if (dt_sha256_file(path, hex, err, sizeof err) < 0)
			problem(out, &np, "unreadable file: %s", err);
		else if (strcmp(hex, v[i].sha256)) {
			int with = note_path && !strcmp(v[i].path, note_path);
			problem(out, &np, "changed file: %s (sha256 %s, the manifest "
			        "says %s)%s%s", v[i].path, hex, v[i].sha256,
			        with ? ": " : "", with ? note : "");
			if (with)
				*noted = 1;
		}
	}
	walk(dir, "", v, nv, out, &np);
	free(v);
	return np;
}

/* ---- the decision chain carried in evidence.json */

static const char *jstr(json_object *o, const char *key)
{
	json_object *v;
	if (!json_object_object_get_ex(o, key, &v) ||
	    !json_object_is_type(v, json_type_string))
		return NULL;
	return json_object_get_string(v);
}

static int jint(json_object *o, const char *key, int64_t *out)
{
	json_object *v;
	if (!json_object_object_get_ex(o, key, &v) ||
	    !json_object_is_type(v, json_type_int))
		return -1;
	*out = json_object_get_int64(v);
	return 0;
}

static int copy(char *dst, size_t n, const char *s)
{
	if (!s || strlen(s) >= n)
		return -1;
	memcpy(dst, s, strlen(s) + 1);
	return 0;
}

/* One decision of the pack as a record; returns 0 or -1 (malformed). */
static int decision_of(json_object *o, dt_decision *d)
{
	memset(d, 0, sizeof *d);
	d->evidence_text = (char *)jstr(o, "evidence_text");
	if (jint(o, "id", &d->id) < 0 || jint(o, "supersedes", &d->supersedes) < 0 ||
	    copy(d->pilot_name, sizeof d->pilot_name, jstr(o, "pilot")) < 0 ||
	    copy(d->kind_text, sizeof d->kind_text, jstr(o, "kind")) < 0 ||
	    copy(d->rationale, sizeof d->rationale, jstr(o, "rationale")) < 0 ||
	    copy(d->deciders_text, sizeof d->deciders_text,
	         jstr(o, "deciders_text")) < 0 ||
	    copy(d->recorded_by, sizeof d->recorded_by, jstr(o, "recorded_by")) < 0 ||
	    copy(d->decided_at, sizeof d->decided_at, jstr(o, "decided_at")) < 0 ||
	    copy(d->forced_past, sizeof d->forced_past, jstr(o, "forced_past")) < 0 ||
	    copy(d->evidence_digest, sizeof d->evidence_digest,
	         jstr(o, "evidence_digest")) < 0 ||
	    copy(d->prev_hash, sizeof d->prev_hash, jstr(o, "prev_hash")) < 0 ||
	    copy(d->hash, sizeof d->hash, jstr(o, "hash")) < 0 || !d->evidence_text)
		return -1;
	return 0;
}

typedef struct pack_head {
	int64_t id;
	char hash[65];
	size_t decisions, links;
	char pilot[DT_NAME_MAX];   /* evidence.json pilot.name, "" = none */
	int64_t decision_id;       /* the pack's decision: the pilot's newest
	                            * in the pack, 0 = none */
	char decision_hash[65];
	char decision_kind[32];    /* its kind and forced_past, as evidence.json
	                            * holds them (checked against its hash) */
	char decision_forced[1024];
	int decision_altered;      /* its fields do not hash to its record
	                            * hash (said once, by `altered`) */
	char altered[2200];        /* the first decision of evidence.json whose
	                            * fields do not hash, what changed in it
	                            * (altered_text); "" = none. Not said by
	                            * check_chain: verify_pack says it once */
	int unread;                /* evidence.json missing or not JSON (said
	                            * once): nothing above is known */
} pack_head;

/* What changed in decision d of evidence.json, whose fields do not hash
 * to its record hash. The attestation's decision `att` (may be NULL)
 * holds the kind, forced_past, decided_at and evidence_digest the
 * decision was exported with: when putting one of them back makes d's
 * fields hash to its record hash, that field (named by its evidence.json
 * key) was changed ("decision #1's kind reads 'roll-back'; its record
 * hash and attestation.json hold 'go'"); otherwise "decision #1's fields
 * do not hash to its record hash". Values are raw (problem() sanitises
 * the line). */
static void altered_text(const dt_decision *d, json_object *att, char *out,
                         size_t n)
{
	static const struct { const char *key; size_t off, size; } f[] = {
		{"kind", offsetof(dt_decision, kind_text),
		 sizeof ((dt_decision *)0)->kind_text},
		{"forced_past", offsetof(dt_decision, forced_past),
		 sizeof ((dt_decision *)0)->forced_past},
		{"decided_at", offsetof(dt_decision, decided_at),
		 sizeof ((dt_decision *)0)->decided_at},
		{"evidence_digest", offsetof(dt_decision, evidence_digest),
		 sizeof ((dt_decision *)0)->evidence_digest}};
	int64_t id = 0;
	if (att && jint(att, "id", &id) == 0 && id == d->id)
		for (size_t i = 0; i < sizeof f / sizeof *f; i++) {
			const char *was = jstr(att, f[i].key);
			const char *now = (const char *)d + f[i].off;
			dt_decision c = *d;
			char hex[65];
			if (!was || !strcmp(was, now) || strlen(was) >= f[i].size)
				continue;
			memcpy((char *)&c + f[i].off, was, strlen(was) + 1);
			if (dt_decision_hash(&c, hex) == 0 && !strcmp(hex, d->hash)) {
				snprintf(out, n, "decision #%lld's %s reads '%s'; its "
				         "record hash and attestation.json hold '%s'",
				         (long long)d->id, f[i].key, now, was);
				return;
			}
		}
	snprintf(out, n, "decision #%lld's fields do not hash to its record "
	         "hash", (long long)d->id);
}

/* Recompute each decision of the pilot, the links of the store chain and
 * the head. att_dec: the attestation's decision (may be NULL), to name
 * what changed in an altered decision (altered_text, h->altered). */
static void check_chain(json_object *ev, json_object *att_dec, FILE *out,
                        size_t *np, pack_head *h)
{
	json_object *chain, *links, *decs;
	json_object *pilot;
	memset(h, 0, sizeof *h);
	if (json_object_object_get_ex(ev, "pilot", &pilot))
		copy(h->pilot, sizeof h->pilot, jstr(pilot, "name"));
	if (!json_object_object_get_ex(ev, "chain", &chain) ||
	    !json_object_object_get_ex(chain, "links", &links) ||
	    !json_object_is_type(links, json_type_array) ||
	    !json_object_object_get_ex(ev, "decisions", &decs) ||
	    !json_object_is_type(decs, json_type_array) ||
	    jint(chain, "head_id", &h->id) < 0) {
		problem(out, np, "broken chain: evidence.json holds no decision "
		        "chain (chain.links, decisions)");
		return;
	}
	const char *hh = jstr(chain, "head_hash");
	snprintf(h->hash, sizeof h->hash, "%s", hh ? hh : "");
	json_object *intact;
	if (json_object_object_get_ex(chain, "intact", &intact) &&
	    !json_object_get_boolean(intact))
		problem(out, np, "broken chain: the store's decision log was "
		        "already altered at export: %s", jstr(chain, "reason"));
	size_t nl = json_object_array_length(links);
	const char *prev = zero64;
	h->links = nl;
	for (size_t i = 0; i < nl; i++) {
		json_object *l = json_object_array_get_idx(links, i);
		const char *lp = jstr(l, "prev_hash"), *lh = jstr(l, "hash");
		int64_t id = 0;
		jint(l, "id", &id);
		if (!lp || !lh || strcmp(lp, prev)) {
			problem(out, np, "broken chain: record #%lld does not hold "
			        "the hash of the record before it", (long long)id);
			return;
		}
		prev = lh;
		if (i + 1 == nl && (id != h->id || strcmp(lh, h->hash)))
			problem(out, np, "broken chain: the head #%lld %s is not the "
			        "last record of the chain", (long long)h->id, h->hash);
	}
	if (nl == 0 && h->id != 0)
		problem(out, np, "broken chain: head #%lld without records",
		        (long long)h->id);
	size_t nd = json_object_array_length(decs);
	h->decisions = nd;
	for (size_t i = 0; i < nd; i++) {
		dt_decision d;
		char hex[65];
		if (decision_of(json_object_array_get_idx(decs, i), &d) < 0) {
			problem(out, np, "broken chain: decision %zu of evidence.json "
			        "is malformed", i + 1);
			continue;
		}
		if (dt_sha256_hex(d.evidence_text, strlen(d.evidence_text), hex) < 0 ||
		    strcmp(hex, d.evidence_digest)) {
			problem(out, np, "broken chain: decision #%lld: its evidence "
			        "text does not match its digest", (long long)d.id);
			continue;
		}
		if (dt_decision_hash(&d, hex) < 0 || strcmp(hex, d.hash)) {
			char what[sizeof h->altered];
			altered_text(&d, att_dec, what, sizeof what);
			if (!h->altered[0])
				memcpy(h->altered, what, sizeof h->altered);
			else
				problem(out, np, "broken chain: evidence.json's %s", what);
			if (d.id > h->decision_id) {
				/* still the pack's decision: not a phantom #0 */
				h->decision_id = d.id;
				memcpy(h->decision_hash, d.hash, sizeof h->decision_hash);
				h->decision_altered = 1;
			}
			continue;
		}
		int found = 0;
		for (size_t k = 0; k < nl && !found; k++) {
			json_object *l = json_object_array_get_idx(links, k);
			int64_t id = 0;
			jint(l, "id", &id);
			const char *lh = jstr(l, "hash");
			found = id == d.id && lh && !strcmp(lh, d.hash);
		}
		if (!found)
			problem(out, np, "broken chain: decision #%lld is not in the "
			        "chain", (long long)d.id);
		else if (d.id > h->decision_id) {
			h->decision_id = d.id;
			h->decision_altered = 0;
			memcpy(h->decision_hash, d.hash, sizeof h->decision_hash);
			memcpy(h->decision_kind, d.kind_text, sizeof h->decision_kind);
			memcpy(h->decision_forced, d.forced_past,
			       sizeof h->decision_forced);
		}
	}
}

/* How a decision reads in verify's lines: "#1 go", "#1 go FORCED past
 * ITEMS" (sanitised). */
static void decision_words(int64_t id, const char *kind, int forced,
                           const char *past, char *out, size_t n)
{
	char k[64], p[1024];
	dt_sanitize(kind ? kind : "(none)", k, sizeof k);
	dt_sanitize(past ? past : "", p, sizeof p);
	if (forced)
		snprintf(out, n, "#%lld %s FORCED past %s", (long long)id, k,
		         p[0] ? p : "(no items named)");
	else
		snprintf(out, n, "#%lld %s", (long long)id, k);
}

/* The attestation predicate's decision is the pack's decision (h: the
 * pilot's newest in evidence.json, whose fields were checked against its
 * hash, which --against finds in the store): same id and hash, same kind,
 * forced flag and forced-past items. An attestation written before it
 * held "forced" passes only for a decision that was not forced. */
static void check_attested_decision(json_object *dec, const pack_head *h,
                                    FILE *out, size_t *np)
{
	if (!dec || json_object_is_type(dec, json_type_null)) {
		if (h->decision_id)
			problem(out, np, "attestation names no decision; the pack's "
			        "decision is #%lld", (long long)h->decision_id);
		return;
	}
	int64_t id = 0;
	const char *hash = jstr(dec, "hash"), *kind = jstr(dec, "kind");
	const char *past = jstr(dec, "forced_past");
	json_object *fo;
	int forced = json_object_object_get_ex(dec, "forced", &fo) &&
	             json_object_get_boolean(fo);
	if (jint(dec, "id", &id) < 0 || id != h->decision_id || !hash ||
	    strcmp(hash, h->decision_hash)) {
		problem(out, np, "attestation decision #%lld is not the pack's "
		        "decision #%lld (evidence.json)", (long long)id,
		        (long long)h->decision_id);
		return;
	}
	int pack_forced = h->decision_forced[0] != '\0';
	if (!kind || strcmp(kind, h->decision_kind) || forced != pack_forced ||
	    (forced && (!past || strcmp(past, h->decision_forced)))) {
		char a[1200], e[1200];
		decision_words(id, kind, forced, past, a, sizeof a);
		decision_words(id, h->decision_kind, pack_forced,
		               h->decision_forced, e, sizeof e);
		problem(out, np, "attestation decision %s differs from the pack's "
		        "decision %s (evidence.json, as recorded)", a, e);
	}
}

/* Every attestation subject that is also in the manifest has its digest;
 * its decision is the pack's (check_attested_decision; skipped when
 * evidence.json could not be read: h->decision_id < 0). */
static void check_attestation(const char *dir, const pack_head *h,
                              FILE *out, size_t *np)
{
	char path[4400], err[600];
	snprintf(path, sizeof path, "%s/attestation.json", dir);
	json_object *a = json_object_from_file(path), *subj;
	dt_pack_file *v = NULL;
	size_t nv = 0;
	int have_manifest = dt_pack_manifest_read(dir, &v, &nv, err,
	                                          sizeof err) == 0;
	if (!a && access(path, F_OK) != 0) {
		/* a manifest listing it has said "missing file" already */
		if (!have_manifest || !listed(v, nv, "attestation.json"))
			problem(out, np, "missing file: attestation.json (the "
			        "pack's in-toto Statement)");
		free(v);
		return;
	}
	if (!a || !json_object_object_get_ex(a, "subject", &subj) ||
	    !json_object_is_type(subj, json_type_array)) {
		problem(out, np, "attestation.json is not an in-toto Statement");
		json_object_put(a);
		free(v);
		return;
	}
	if (have_manifest)
		for (size_t i = 0; i < json_object_array_length(subj); i++) {
			json_object *s = json_object_array_get_idx(subj, i), *dg;
			const char *name = jstr(s, "name"), *sha = NULL;
			if (json_object_object_get_ex(s, "digest", &dg))
				sha = jstr(dg, "sha256");
			for (size_t k = 0; name && k < nv; k++)
				if (!strcmp(v[k].path, name) &&
				    (!sha || strcmp(v[k].sha256, sha)))
					problem(out, np, "attestation subject %s: digest "
					        "differs from MANIFEST.sha256", name);
		}
	free(v);
	json_object *pred, *dec = NULL;
	if (h->decision_id >= 0 &&
	    json_object_object_get_ex(a, "predicate", &pred))
		json_object_object_get_ex(pred, "decision", &dec);
	if (h->decision_id >= 0 && !h->decision_altered) /* else said once */
		check_attested_decision(dec, h, out, np);
	json_object_put(a);
}

/* A role statement NAME.role, or its signature NAME.role.sig, whose
 * signer's signature of the manifest (NAME.sig) is missing: one problem
 * per NAME (said on NAME.role when it is there). Signatures folder d
 * (rewound), at path sdir. */
static void orphan_roles(DIR *d, const char *sdir, FILE *out, size_t *np)
{
	struct dirent *e;
	rewinddir(d);
	while ((e = readdir(d))) {
		size_t n = strlen(e->d_name), base;
		int is_role = n > 5 && !strcmp(e->d_name + n - 5, ".role");
		if (is_role)
			base = n - 5;
		else if (n > 9 && !strcmp(e->d_name + n - 9, ".role.sig"))
			base = n - 9;
		else
			continue;
		char name[300], path[4800];
		snprintf(name, sizeof name, "%.*s", (int)base, e->d_name);
		snprintf(path, sizeof path, "%s/%s.sig", sdir, name);
		if (access(path, F_OK) == 0)
			continue; /* checked with its signature */
		snprintf(path, sizeof path, "%s/%s.role", sdir, name);
		if (!is_role && access(path, F_OK) == 0)
			continue; /* said on NAME.role's line */
		if (is_role)
			problem(out, np, "role statement without its signature: "
			        "signatures/%s.role (%s's signature of MANIFEST.sha256 "
			        "is missing)", name, name);
		else
			problem(out, np, "role statement signature without its "
			        "signature: signatures/%s.role.sig (%s's signature of "
			        "MANIFEST.sha256 is missing)", name, name);
	}
}

/* Signatures: NAME.sig over the manifest, NAME.role.sig over NAME.role,
 * which names the manifest's digest. Without `allowed` a valid signature
 * proves only that some key signed: anyone can make a key and re-sign a
 * pack, so each such signer is counted in *unchecked (the pack is then not
 * "verified", see dt_pack_verify_dispatch). Without a readable manifest
 * each signature is a problem, not checked; no signature at all is "not
 * signed" when `need_signed` (verify; sign makes the first). A role
 * statement (or its signature) without its signer's NAME.sig is a problem
 * (orphan_roles). Problems go on out, each good signature's line on info
 * (NULL: not said). */
static size_t check_signatures(const char *dir, const char *allowed, FILE *out,
                               FILE *info, int need_signed, size_t *np,
                               size_t *unchecked)
{
	char sdir[4400], manifest[4400], mhex[65], err[600];
	size_t good = 0;
	snprintf(sdir, sizeof sdir, "%s/signatures", dir);
	snprintf(manifest, sizeof manifest, "%s/MANIFEST.sha256", dir);
	int have_manifest = dt_sha256_file(manifest, mhex, err, sizeof err) == 0;
	if (!have_manifest && access(manifest, F_OK) != 0)
		snprintf(err, sizeof err, "no MANIFEST.sha256, the file it signs");
	DIR *d = opendir(sdir);
	struct dirent *e;
	size_t nsig = 0;
	while (d && (e = readdir(d))) {
		size_t n = strlen(e->d_name);
		if (n <= 4 || strcmp(e->d_name + n - 4, ".sig") ||
		    (n > 9 && !strcmp(e->d_name + n - 9, ".role.sig")))
			continue;
		char name[300], sig[4800], role[4800], rsig[4800];
		char who[1024], fp[128], rwho[1024], rfp[128], msg[2048];
		snprintf(name, sizeof name, "%.*s", (int)(n - 4), e->d_name);
		snprintf(sig, sizeof sig, "%s/%s.sig", sdir, name);
		snprintf(role, sizeof role, "%s/%s.role", sdir, name);
		snprintf(rsig, sizeof rsig, "%s/%s.role.sig", sdir, name);
		nsig++;
		if (!have_manifest) {
			problem(out, np, "signature not checked: signatures/%s.sig "
			        "(%s)", name, err);
			continue;
		}
		dt_sig_status s = dt_ssh_check(sig, manifest, allowed, who, sizeof who,
		                               fp, sizeof fp, msg, sizeof msg);
		if (s == DT_SIG_BAD) {
			problem(out, np, "bad signature: signatures/%s.sig (%s)", name,
			        msg);
			continue;
		}
		if (s == DT_SIG_UNKNOWN) {
			problem(out, np, "unknown signer: signatures/%s.sig: %s", name,
			        msg);
			continue;
		}
		if (s == DT_SIG_ERROR) {
			problem(out, np, "signature not checked: %s", msg);
			continue;
		}
		/* the role statement: signed by the same key, for this manifest */
		char text[2048] = "", rl[128] = "?", mh[80] = "", sn[300];
		FILE *rf = fopen(role, "r");
		size_t k = rf ? fread(text, 1, sizeof text - 1, rf) : 0;
		text[k] = '\0';
		if (rf)
			fclose(rf);
		const char *r = strstr(text, "\nrole "), *m = strstr(text,
			"\nmanifest-sha256 "), *sg = strstr(text, "\nsigner ");
		/* the principal the signer named itself (NAME when absent) */
		snprintf(sn, sizeof sn, "%s", name);
		if (sg)
			snprintf(sn, sizeof sn, "%.*s", (int)strcspn(sg + 8, "\n"),
			         sg + 8);
		if (r)
			snprintf(rl, sizeof rl, "%.*s", (int)strcspn(r + 6, "\n"), r + 6);
		if (m)
			snprintf(mh, sizeof mh, "%.*s", (int)strcspn(m + 17, "\n"), m + 17);
		/* its signature checked over its text for the key that made it
		 * (no trust list: that key must be the manifest signature's,
		 * checked above), so an edited text and another key differ */
		int have_rsig = access(rsig, F_OK) == 0;
		dt_sig_status rs = rf && have_rsig ?
			dt_ssh_check(rsig, role, NULL, rwho, sizeof rwho, rfp,
			             sizeof rfp, msg, sizeof msg) : DT_SIG_BAD;
		if (!rf)
			problem(out, np, "missing file: signatures/%s.role", name);
		else if (!have_rsig)
			problem(out, np, "missing file: signatures/%s.role.sig (the "
			        "role statement's signature)", name);
		else if (rs == DT_SIG_ERROR)
			problem(out, np, "signature not checked: %s", msg);
		else if (rs != DT_SIG_GOOD)
			problem(out, np, "bad signature: signatures/%s.role.sig (the "
			        "role statement was altered: its signature does not "
			        "match its text)", name);
		else if (strcmp(rfp, fp))
			problem(out, np, "bad signature: signatures/%s.role.sig (the "
			        "role statement is not signed by the same key)", name);
		else if (strcmp(mh, mhex))
			problem(out, np, "bad signature: signatures/%s.role names "
			        "another manifest", name);
		else {
			char line[2400], safe[2400];
			if (allowed)
				snprintf(line, sizeof line, "good signature: signatures/%s"
				         ".sig, principal %s (allowed signers), role %s, key "
				         "%s", name, who, rl, fp);
			else {
				snprintf(line, sizeof line, "signature valid, signer "
				         "unknown: signatures/%s.sig, principal %s (as "
				         "the signer named itself), role %s, key %s: NOT "
				         "checked against any allowed signers", name, sn,
				         rl, fp);
				(*unchecked)++;
			}
			dt_sanitize(line, safe, sizeof safe);
			if (info)
				fprintf(info, "  %s\n", safe);
			good++;
		}
	}
	if (d)
		orphan_roles(d, sdir, out, np);
	if (d)
		closedir(d);
	if (nsig == 0 && need_signed)
		problem(out, np, "not signed: no signatures/NAME.sig (dualtrack sign "
		        "DIR --key KEY)");
	return good;
}

/* evidence.json of pack `dir` could not be read: "broken chain" when it
 * is there but not JSON (unless `noted`: check_files said so on its
 * "changed file" line); when it is missing, "missing file" unless the
 * manifest lists it (check_files has said so then: the problem is said
 * once). */
static void no_evidence(const char *dir, int noted, FILE *out, size_t *np)
{
	char path[4400], err[600];
	dt_pack_file *v = NULL;
	size_t nv = 0;
	snprintf(path, sizeof path, "%s/evidence.json", dir);
	if (access(path, F_OK) == 0) {
		if (!noted)
			problem(out, np, "broken chain: evidence.json is not JSON");
		return;
	}
	if (dt_pack_manifest_read(dir, &v, &nv, err, sizeof err) < 0 ||
	    !listed(v, nv, "evidence.json"))
		problem(out, np, "missing file: evidence.json (the pack's "
		        "decision chain)");
	free(v);
}

/* Every check of pack `dir` (verify's and sign's): its files against
 * the manifest, its signatures (check_signatures: against `allowed`,
 * "not signed" when need_signed), the decision chain in evidence.json,
 * the attestation. Problems go on out; what holds ("N files match", good
 * signatures, "decision chain holds") on info (NULL: not said). Fills *h
 * with its chain head, *unchecked with the valid signatures whose signer
 * no allowed signers file vouched for, *nfiles with the files checked.
 * Returns the problems. */
static size_t check_pack(const char *dir, const char *allowed, FILE *out,
                         FILE *info, int need_signed, pack_head *h,
                         size_t *unchecked, size_t *nfiles)
{
	size_t np = 0;
	char path[4400];
	snprintf(path, sizeof path, "%s/evidence.json", dir);
	json_object *ev = json_object_from_file(path);
	snprintf(path, sizeof path, "%s/attestation.json", dir);
	json_object *att = json_object_from_file(path), *pred, *att_dec = NULL;
	if (att && json_object_object_get_ex(att, "predicate", &pred))
		json_object_object_get_ex(pred, "decision", &att_dec);
	if (att_dec && !json_object_is_type(att_dec, json_type_object))
		att_dec = NULL;
	memset(h, 0, sizeof *h);
	h->unread = !ev;
	/* the chain is checked first and said after the files and signatures:
	 * a decision changed in evidence.json is then said once, on the
	 * file's own "changed file" line when the manifest catches it */
	char *cbuf = NULL;
	size_t clen = 0, nc = 0;
	FILE *cf = ev ? open_memstream(&cbuf, &clen) : NULL;
	if (ev)
		check_chain(ev, att_dec, cf ? cf : out, &nc, h);
	if (cf)
		fclose(cf);
	/* what is wrong in evidence.json goes on its "changed file" line when
	 * the manifest catches it: an altered decision, or a file that is
	 * there but not JSON */
	const char *note = h->altered[0] ? h->altered : NULL;
	snprintf(path, sizeof path, "%s/evidence.json", dir);
	if (!ev && access(path, F_OK) == 0)
		note = "not JSON";
	int noted = 0;
	size_t nf = check_files(dir, out, nfiles, note ? "evidence.json" :
	                        NULL, note, &noted);
	np += nf;
	if (nf == 0 && info)
		fprintf(info, "  %zu files match MANIFEST.sha256\n", *nfiles);
	*unchecked = 0;
	check_signatures(dir, allowed, out, info, need_signed, &np, unchecked);
	if (!ev)
		no_evidence(dir, noted, out, &np);
	else {
		if (cbuf)
			fputs(cbuf, out);
		np += nc;
		if (h->altered[0] && !noted)
			problem(out, &np, "broken chain: evidence.json's %s",
			        h->altered);
		if (nc == 0 && !h->altered[0] && info)
			fprintf(info, "  decision chain holds: %zu decision%s of the pilot, "
			       "%zu record%s in the chain, decision-log head #%lld "
			       "sha256 %s\n",
			       h->decisions, h->decisions == 1 ? "" : "s", h->links,
			       h->links == 1 ? "" : "s", (long long)h->id,
			       h->hash[0] ? h->hash : "(none)");
		json_object_put(ev);
	}
	free(cbuf);
	json_object_put(att);
	pack_head ah = *h;
	if (!ev)
		ah.decision_id = -1; /* nothing to hold the attestation to */
	check_attestation(dir, &ah, out, &np);
	return np;
}

size_t dt_pack_check(const char *dir, FILE *out, size_t *nfiles)
{
	pack_head h;
	size_t unchecked;
	return check_pack(dir, NULL, out, NULL, 0, &h, &unchecked, nfiles);
}

/* Verify pack `dir`: its report on stdout (check_pack); fills *h with its
 * chain head and *unchecked with the valid signatures whose signer no
 * allowed signers file vouched for. `from_env`: `allowed` came from
 * $DUALTRACK_ALLOWED_SIGNERS (or the config file's allowed_signers).
 * Returns the problems. */
static size_t verify_pack(const char *dir, const char *allowed, int from_env,
                          pack_head *h, size_t *unchecked)
{
	size_t nfiles;
	char safe[4400];
	dt_sanitize(dir, safe, sizeof safe);
	printf("evidence pack %s\n", safe);
	if (allowed) {
		dt_sanitize(allowed, safe, sizeof safe);
		printf("  allowed signers: %s%s\n", safe, from_env ?
		       " ($DUALTRACK_ALLOWED_SIGNERS or the config file's "
		       "allowed_signers)" : "");
	} else
		printf("  allowed signers: none (give --allowed-signers FILE, or "
		       "allowed_signers in the config file)\n");
	return check_pack(dir, allowed, stdout, stdout, 1, h, unchecked,
	                  &nfiles);
}

size_t dt_pack_store_integrity(dt_store *st, FILE *out)
{
	dt_chain_status g;
	size_t np = 0;
	if (dt_store_chain_verify(st, 1, &g) < 0) {
		fprintf(stderr, "dualtrack: %s\n", dt_store_error(st));
		return (size_t)-1;
	}
	if (!g.intact)
		problem(out, &np, "store ALTERED: first altered record: %s "
		        "(dualtrack verify lists all)", g.reason);
	dt_chain_status_clear(&g);
	return np;
}

/* The store holds the pack's head: a record with its id and hash, in an
 * intact chain whose every record (series re-hashed) is as chained; and
 * whether the pack's decision is still the pilot's current decision (the
 * service's judgement, *ds; ds->standing is left CURRENT with *judged 0
 * when the pack names no pilot). When evidence.json could not be read
 * (h->unread; verify_pack said so) only the store itself is checked.
 * Returns the problems. */
static size_t against_store(const char *db, const pack_head *h,
                            dt_decision_standing *ds, int *judged)
{
	size_t np = 0;
	dt_store *st = dt_cli_store_read(db);
	if (!st)
		return (size_t)-1;
	dt_chain_report r;
	dt_decision *v = NULL;
	size_t n = 0;
	if (dt_store_decision_verify(st, &r) < 0 ||
	    dt_store_decision_list(st, 0, &v, &n) < 0) {
		fprintf(stderr, "dualtrack: %s\n", dt_store_error(st));
		dt_store_close(st);
		return (size_t)-1;
	}
	printf("store\n");
	size_t ni = dt_pack_store_integrity(st, stdout);
	if (ni == (size_t)-1) {
		dt_decisions_free(v, n);
		dt_store_close(st);
		return (size_t)-1;
	}
	np += ni;
	if (!r.intact)
		problem(stdout, &np, "broken chain: the store's decision log was "
		        "altered: %s", r.reason);
	*judged = 0;
	if (h->unread) {
		/* verify_pack said why once; its absence proves nothing here */
		printf("  the pack's decision-log head and decision not looked up "
		       "(no readable evidence.json)\n");
		dt_decisions_free(v, n);
		dt_store_close(st);
		return np;
	}
	if (h->id) {
		const dt_decision *hit = NULL;
		for (size_t i = 0; i < n; i++)
			if (v[i].id == h->id)
				hit = &v[i];
		if (!hit)
			problem(stdout, &np, "store lacks the pack's decision-log head "
			        "#%lld "
			        "sha256 %s: it was copied or restored without its "
			        "newest records (its head is #%lld)", (long long)h->id,
			        h->hash, (long long)r.head_id);
		else if (strcmp(hit->hash, h->hash))
			problem(stdout, &np, "store's record #%lld differs from the "
			        "pack's decision-log head (sha256 %s, the pack says %s)",
			        (long long)h->id, hit->hash, h->hash);
		else
			printf("  store holds the pack's decision-log head #%lld sha256 %s"
			       "%s\n", (long long)h->id, h->hash, r.head_id != h->id ?
			       " (and newer records)" : "");
	} else
		printf("  the pack was exported before any decision\n");
	dt_decisions_free(v, n);
	char err[600];
	if (!h->pilot[0])
		problem(stdout, &np, "broken chain: evidence.json names no pilot "
		        "(pilot.name): the pack's decision cannot be looked up");
	else if (dt_decision_standing_judge(st, h->pilot, h->decision_id,
	                                    h->decision_hash, ds, err,
	                                    sizeof err) < 0) {
		fprintf(stderr, "dualtrack: %s\n", err);
		dt_store_close(st);
		return (size_t)-1;
	} else if (ds->no_pilot) {
		problem(stdout, &np, "%s", ds->text);
		*judged = 1;
	} else {
		char safe[4 * sizeof ds->text];
		dt_sanitize(ds->text, safe, sizeof safe);
		printf("  %s\n", safe);
		*judged = 1;
	}
	dt_store_close(st);
	return np;
}

void dt_pack_verify_help(FILE *f)
{
	fputs("Checks an evidence pack: every file against MANIFEST.sha256 (no\n"
	      "file changed, missing or added), every signature in signatures/\n"
	      "(ssh-keygen -Y verify against the allowed signers file FILE, in\n"
	      "ssh-keygen's format \"PRINCIPAL KEYTYPE KEY\", whose principals are\n"
	      "printed), the role statement each signer signed, the decision\n"
	      "chain carried in evidence.json (each decision's fields and evidence\n"
	      "text against its hash, each link, the head) and the attestation's\n"
	      "subjects. Prints every problem (changed file, missing file, extra\n"
	      "file, bad signature, unknown signer, role statement without its\n"
	      "signature, broken chain). --against DIR\n"
	      "also checks that the store still holds the pack's signed\n"
	      "decision-log head (the head of the decisions' own chain, not the\n"
	      "integrity head that verify without DIR prints for --expect-head)\n"
	      "(a store copied or restored without its newest records fails),\n"
	      "that it holds the pack's pilot (a pack from another store fails),\n"
	      "and whether the pack's decision is still the pilot's current\n"
	      "decision: a newer decision of the pilot recorded since (\"pack\n"
	      "decision #1 go superseded by #2 roll-back (TIME, by DECIDERS;\n"
	      "recorded by WHO)\") exits 4; newer records that are not a\n"
	      "decision of the pilot (a checklist note, another pilot's\n"
	      "decision) do not.\n"
	      "Without --allowed-signers a pack is never \"verified\": anyone can\n"
	      "make a key and re-sign it, so each signature is only checked to be\n"
	      "valid for its own key, printed as \"signature valid, signer\n"
	      "unknown\" with the principal the signer named itself and the key's\n"
	      "fingerprint (ssh-keygen -l), and verify exits 3. FILE defaults\n"
	      "to $DUALTRACK_ALLOWED_SIGNERS, else allowed_signers in [defaults]\n"
	      "of the config file (as git's gpg.ssh.allowedSignersFile).\n"
	      "--json: one object: pack, against, verified, exit,\n"
	      "decision_log_head {id, hash} (null before any decision), decision\n"
	      "(--against: {pilot, standing current|superseded|not-in-store,\n"
	      "current, pack {id, kind, label, decided_at}, store {id, kind,\n"
	      "label, decided_at, recorded_by, deciders}, decisions_since}, else\n"
	      "null), report (the text's lines).\n"
	      "exit: 0 verified (all holds, every signer in FILE, and with\n"
	      "--against the pack's decision is the pilot's current one; the\n"
	      "last line names that decision as evidence.json records it:\n"
	      "\"verified: the pack's decision #1 go FORCED past ITEMS\"),\n"
	      "1 a problem, 2 usage or store error, or DIR is not an evidence\n"
	      "pack (none of MANIFEST.sha256, evidence.json, attestation.json),\n"
	      "3 all holds but no --allowed-signers: the signers are not\n"
	      "checked against any trust list, 4 (--against) no problem but the\n"
	      "pack's decision is superseded by a newer decision of the pilot\n"
	      "(4 before 3)\n", f);
}

static void pack_verify_usage(FILE *f)
{
	fputs("usage: dualtrack verify DIR [--allowed-signers FILE] [--json]\n"
	      "       dualtrack [--db PATH] verify --against DIR "
	      "[--allowed-signers FILE] [--json]\n\n", f);
	dt_pack_verify_help(f);
}

static int verify_text(const char *db, const char *dir, int against,
                       const char *allowed, int from_env, pack_head *hp,
                       dt_decision_standing *dsp, int *judgedp);
static int verify_json(const char *db, const char *dir, int against,
                       const char *allowed, int from_env);

/* 1 when folder dir holds any file of a pack (MANIFEST.sha256,
 * evidence.json, attestation.json): a pack with some of them missing is
 * verify's to report, a folder with none is not a pack (a wrong
 * argument). */
static int looks_like_pack(const char *dir)
{
	static const char *const files[] = {"MANIFEST.sha256", "evidence.json",
	                                    "attestation.json"};
	for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
		char path[4400];
		struct stat sb;
		snprintf(path, sizeof path, "%s/%s", dir, files[i]);
		if (lstat(path, &sb) == 0)
			return 1;
	}
	return 0;
}

int dt_pack_dir_usable(const char *cmd, const char *dir)
{
	struct stat sb;
	char safe[1200];
	dt_sanitize(dir, safe, sizeof safe);
	if (stat(dir, &sb) < 0 || !S_ISDIR(sb.st_mode)) {
		fprintf(stderr, "dualtrack: %s: %s is not a folder\n", cmd, safe);
		return -1;
	}
	if (!looks_like_pack(dir)) {
		fprintf(stderr, "dualtrack: %s: %s: not an evidence pack (no "
		        "MANIFEST.sha256, evidence.json or attestation.json; "
		        "dualtrack export PILOT --out DIR writes one)\n", cmd, safe);
		return -1;
	}
	return 0;
}

int dt_pack_verify_dispatch(const char *db, int argc, char **argv, int *rc)
{
	int is_pack = 0;
	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--db") || !strcmp(argv[i], "--expect-head"))
			i++;
		else if (argv[i][0] != '-' || !strncmp(argv[i], "--against", 9) ||
		    !strncmp(argv[i], "--allowed-signers", 17))
			is_pack = 1;
	if (!is_pack)
		return 0;
	static const struct option opts[] = {
		{"against", required_argument, NULL, 'a'},
		{"allowed-signers", required_argument, NULL, 's'},
		{"db", required_argument, NULL, 'd'},
		{"json", no_argument, NULL, 'j'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0}};
	const char *against = NULL, *allowed = NULL, *dir = NULL;
	int c, json = 0;
	optind = 0;
	while ((c = dt_cli_getopt(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'j': json = 1; break;
		case 'a': against = optarg; break;
		case 's': allowed = optarg; break;
		case 'd': db = optarg; break;
		case 'h': pack_verify_usage(stdout); *rc = DT_EXIT_OK; return 1;
		default: dt_cli_usage_error(pack_verify_usage); *rc = DT_EXIT_USAGE; return 1;
		}
	}
	if (against && optind == argc)
		dir = against;
	else if (!against && optind + 1 == argc)
		dir = argv[optind];
	else if (!against && optind + 1 < argc) {
		dt_cli_operands("verify", argv + optind, argc - optind, 1, 1,
		                "verify takes one pack folder (DIR or --against "
		                "DIR)");
		*rc = DT_EXIT_USAGE;
		return 1;
	} else {
		fprintf(stderr, "dualtrack: verify takes one pack folder (DIR or "
		        "--against DIR)\n");
		*rc = DT_EXIT_USAGE;
		return 1;
	}
	struct stat sb;
	if (dt_pack_dir_usable("verify", dir) < 0) {
		*rc = DT_EXIT_USAGE;
		return 1;
	}
	const char *env = getenv("DUALTRACK_ALLOWED_SIGNERS");
	int from_env = !allowed && env && *env;
	if (from_env)
		allowed = env;
	if (allowed && (stat(allowed, &sb) < 0 || !S_ISREG(sb.st_mode))) {
		char safe[1200];
		dt_sanitize(allowed, safe, sizeof safe);
		fprintf(stderr, "dualtrack: verify: allowed signers %s%s is not a "
		        "readable file\n", safe, from_env ? " ($DUALTRACK_ALLOWED_"
		        "SIGNERS or the config file's allowed_signers)" : "");
		*rc = DT_EXIT_USAGE;
		return 1;
	}
	if (json) {
		*rc = verify_json(db, dir, against != NULL, allowed, from_env);
		return 1;
	}
	*rc = verify_text(db, dir, against != NULL, allowed, from_env, NULL,
	                  NULL, NULL);
	return 1;
}

int dt_pack_standing(const char *dir, dt_store *st,
                     dt_decision_standing *ds)
{
	char path[4200], err[600];
	snprintf(path, sizeof path, "%s/evidence.json", dir);
	json_object *ev = json_object_from_file(path);
	if (!ev)
		return 0;
	pack_head h;
	size_t np = 0;
	check_chain(ev, NULL, NULL, &np, &h); /* its problems are verify's */
	json_object_put(ev);
	if (!h.pilot[0])
		return 0;
	if (dt_decision_standing_judge(st, h.pilot, h.decision_id,
	                               h.decision_hash, ds, err, sizeof err) < 0) {
		fprintf(stderr, "dualtrack: %s\n", err);
		return -1;
	}
	return 1;
}

/* The report as text on stdout (verify_pack, against_store, the last
 * line); fills *hp (may be NULL) with the pack's decision-log head, and
 * with --against *dsp with the standing of the pack's decision and
 * *judgedp with 1 when it was judged (both may be NULL). Returns the exit
 * status: a problem (1) before a superseded decision (4) before signers
 * not checked (3). */
static int verify_text(const char *db, const char *dir, int against,
                       const char *allowed, int from_env, pack_head *hp,
                       dt_decision_standing *dsp, int *judgedp)
{
	pack_head h;
	dt_decision_standing ds;
	size_t unchecked = 0;
	int rc, judged = 0;
	size_t np = verify_pack(dir, allowed, from_env, &h, &unchecked);
	if (hp)
		*hp = h;
	memset(&ds, 0, sizeof ds);
	if (against) {
		size_t ns = against_store(db, &h, &ds, &judged);
		if (ns == (size_t)-1)
			return DT_EXIT_USAGE;
		np += ns;
	}
	if (dsp)
		*dsp = ds;
	if (judgedp)
		*judgedp = judged;
	/* beside other problems a superseded decision is one more of the
	 * problems listed (against_store printed it): the count says all */
	if (np && judged && ds.standing == DT_STANDING_SUPERSEDED)
		np++;
	if (np) {
		printf("NOT verified: %zu problem%s\n", np, np == 1 ? "" : "s");
		rc = DT_EXIT_FAIL;
	} else if (judged && ds.standing == DT_STANDING_SUPERSEDED) {
		printf("NOT verified: the pack's decision is no longer the pilot's "
		       "current decision (#%lld %s)", (long long)ds.current.id,
		       dt_decision_label(&ds.current));
		if (unchecked)
			printf("; %zu signer%s NOT checked against any trust list "
			       "(no --allowed-signers)", unchecked,
			       unchecked == 1 ? "" : "s");
		printf("\n");
		rc = DT_PACK_EXIT_SUPERSEDED;
	} else if (unchecked) {
		printf("NOT verified: signature%s valid, signer%s unknown (no "
		       "--allowed-signers): %zu signer%s NOT checked against any "
		       "trust list\n", unchecked == 1 ? "" : "s",
		       unchecked == 1 ? "" : "s", unchecked,
		       unchecked == 1 ? "" : "s");
		rc = DT_PACK_EXIT_SIGNER_UNCHECKED;
	} else {
		/* which decision holds, as evidence.json records it (checked
		 * against its record hash; the attestation held to it) */
		char w[1200];
		if (h.decision_id > 0) {
			decision_words(h.decision_id, h.decision_kind,
			               h.decision_forced[0] != '\0',
			               h.decision_forced, w, sizeof w);
			printf("verified: the pack's decision %s\n", w);
		} else
			printf("verified: the pack holds no decision of the pilot "
			       "(exported before its first)\n");
		rc = DT_EXIT_OK;
	}
	return rc;
}

/* One decision of the standing: {id, kind, label, decided_at} and, for
 * the store's (full), recorded_by and deciders; null when id is 0. */
static void standing_decision_json(dt_jw *w, const char *key,
                                   const dt_decision *d, int full)
{
	dt_jw_key(w, key);
	if (!d->id) {
		dt_jw_null(w);
		return;
	}
	dt_jw_obj_begin(w);
	dt_jw_key(w, "id"); dt_jw_int(w, d->id);
	if (d->hash[0]) { /* held by the store */
		dt_jw_key(w, "kind"); dt_jw_str(w, dt_decision_kind_name(d->kind));
		dt_jw_key(w, "label"); dt_jw_str(w, dt_decision_label(d));
		dt_jw_key(w, "decided_at"); dt_jw_str(w, d->decided_at);
		if (full) {
			dt_jw_key(w, "recorded_by"); dt_jw_str(w, d->recorded_by);
			dt_deciders_json(w, d);
		}
	}
	dt_jw_obj_end(w);
}

/* Key "decision": null without --against (or when the pack names no
 * pilot), else {pilot, standing, current, pack, store, decisions_since}
 * (decision_standing.h). */
static void standing_json(dt_jw *w, const pack_head *h,
                          const dt_decision_standing *ds, int judged)
{
	dt_jw_key(w, "decision");
	if (!judged) {
		dt_jw_null(w);
		return;
	}
	dt_jw_obj_begin(w);
	dt_jw_key(w, "pilot"); dt_jw_str(w, h->pilot);
	dt_jw_key(w, "standing"); dt_jw_str(w, dt_standing_name(ds->standing));
	dt_jw_key(w, "current");
	dt_jw_bool(w, ds->standing == DT_STANDING_CURRENT);
	standing_decision_json(w, "pack", &ds->pack, 0);
	standing_decision_json(w, "store", &ds->current, 1);
	dt_jw_key(w, "decisions_since"); dt_jw_int(w, (int64_t)ds->since);
	dt_jw_obj_end(w);
}

/* verify DIR --json: the text report captured (stdout pointed at a
 * temporary file while it is written), then one JSON object: pack,
 * against, verified, exit, decision_log_head {id, hash} (null before any
 * decision), decision (standing_json), report (the text's lines, leading
 * blanks dropped; the last one is the verdict). Returns the exit
 * status. */
static int verify_json(const char *db, const char *dir, int against,
                       const char *allowed, int from_env)
{
	FILE *tf = tmpfile();
	int saved = dup(1);
	if (!tf || saved < 0) {
		fprintf(stderr, "dualtrack: verify: no temporary file\n");
		if (tf)
			fclose(tf);
		return DT_EXIT_USAGE;
	}
	fflush(stdout);
	dup2(fileno(tf), 1);
	pack_head h = {0};
	dt_decision_standing ds;
	int judged = 0;
	int rc = verify_text(db, dir, against, allowed, from_env, &h, &ds,
	                     &judged);
	fflush(stdout);
	dup2(saved, 1);
	close(saved);
	if (rc == DT_EXIT_USAGE) {
		fclose(tf);
		return rc;
	}
	rewind(tf);
	dt_jw w;
	dt_jw_init(&w, stdout, 1);
	dt_jw_obj_begin(&w);
	dt_jw_key(&w, "pack"); dt_jw_str(&w, dir);
	dt_jw_key(&w, "against"); dt_jw_bool(&w, against);
	dt_jw_key(&w, "verified"); dt_jw_bool(&w, rc == DT_EXIT_OK);
	dt_jw_key(&w, "exit"); dt_jw_int(&w, rc);
	dt_jw_key(&w, "decision_log_head");
	if (h.id) {
		dt_jw_obj_begin(&w);
		dt_jw_key(&w, "id"); dt_jw_int(&w, h.id);
		dt_jw_key(&w, "hash"); dt_jw_str(&w, h.hash);
		dt_jw_obj_end(&w);
	} else
		dt_jw_null(&w);
	standing_json(&w, &h, &ds, judged);
	dt_jw_key(&w, "report");
	dt_jw_arr_begin(&w);
	char line[4096];
	while (fgets(line, sizeof line, tf)) {
		line[strcspn(line, "\n")] = '\0';
		dt_jw_str(&w, line + strspn(line, " "));
	}
	dt_jw_arr_end(&w);
	dt_jw_obj_end(&w);
	dt_jw_end(&w);
	fclose(tf);
	return rc;
}
