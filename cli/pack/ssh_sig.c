/* ssh_sig.c: running ssh-keygen for SSH signatures (ssh_sig.h). */
#include "cli/pack/ssh_sig.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/pack/pack.h"

/* Run argv (argv[0] looked up on PATH): stdin from in_path (NULL: the
 * caller's), stdout to out_path (NULL: into out), stderr into out after
 * stdout. `lines` 0: out's inner line ends become "; " (one message
 * line); 1: they stay (find-principals prints one principal a line).
 * Trailing line ends are cut either way. Returns the exit status
 * (0..255), or -1 when it could not run (reason in out). */
static int run(char *const argv[], const char *in_path, const char *out_path,
               int lines, char *out, size_t outlen)
{
	FILE *cap = tmpfile();
	int in = -1, o = -1;
	out[0] = '\0';
	if (!cap) {
		snprintf(out, outlen, "cannot create a temporary file");
		return -1;
	}
	if (in_path && (in = open(in_path, O_RDONLY)) < 0) {
		snprintf(out, outlen, "%s: %s", in_path, strerror(errno));
		fclose(cap);
		return -1;
	}
	if (out_path && (o = open(out_path, O_WRONLY | O_CREAT | O_TRUNC,
	                          0644)) < 0) {
		snprintf(out, outlen, "%s: %s", out_path, strerror(errno));
		if (in >= 0)
			close(in);
		fclose(cap);
		return -1;
	}
	fflush(stdout);
	fflush(stderr);
	pid_t pid = fork();
	if (pid == 0) {
		if (in >= 0)
			dup2(in, 0);
		dup2(o >= 0 ? o : fileno(cap), 1);
		dup2(fileno(cap), 2);
		execvp(argv[0], argv);
		fprintf(stderr, "cannot run %s: %s", argv[0], strerror(errno));
		_exit(127);
	}
	if (in >= 0)
		close(in);
	if (o >= 0)
		close(o);
	int status = 0, rc = -1;
	if (pid < 0)
		snprintf(out, outlen, "cannot start %s: %s", argv[0], strerror(errno));
	else {
		while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
		rc = WIFEXITED(status) ? WEXITSTATUS(status) : 128;
		rewind(cap);
		size_t k = fread(out, 1, outlen - 1, cap);
		out[k] = '\0';
		while (k && (out[k - 1] == '\n' || out[k - 1] == '\r'))
			out[--k] = '\0';
		for (char *p = out; !lines && *p; p++)
			if (*p == '\n' || *p == '\r')
				*p = p[1] && p[1] != '\n' ? ';' : ' ';
		if (rc == 127 && !strncmp(out, "cannot run", 10))
			rc = -1;
	}
	fclose(cap);
	return rc;
}

int dt_ssh_sign(const char *key, const char *data, const char *sig,
                char *err, size_t errlen)
{
	char *argv[] = {"ssh-keygen", "-q", "-Y", "sign", "-n", DT_PACK_NAMESPACE,
	                "-f", (char *)key, NULL};
	int rc = run(argv, data, sig, 0, err, errlen);
	if (rc != 0) {
		unlink(sig);
		if (rc > 0 && !err[0])
			snprintf(err, errlen, "ssh-keygen -Y sign failed (exit %d)", rc);
		return -1;
	}
	return 0;
}

int dt_ssh_key_info(const char *key, char *fp, size_t fplen, char *comment,
                    size_t clen, char *err, size_t errlen)
{
	char *argv[] = {"ssh-keygen", "-l", "-E", "sha256", "-f", (char *)key,
	                NULL};
	char out[2048];
	struct stat sb;
	if (stat(key, &sb) < 0) {
		/* a mistyped path is not a file that is no key */
		snprintf(err, errlen, "%s: %s", key, errno == ENOENT ?
		         "no such file (the key does not exist)" : strerror(errno));
		return -1;
	}
	int rc = run(argv, "/dev/null", NULL, 0, out, sizeof out);
	/* "256 SHA256:abc comment words (ED25519)" */
	char *sp1 = strchr(out, ' '), *sp2 = sp1 ? strchr(sp1 + 1, ' ') : NULL;
	if (rc != 0 || !sp1 || strncmp(sp1 + 1, "SHA256:", 7)) {
		snprintf(err, errlen, "%s: not an SSH key (%s)", key, out);
		return -1;
	}
	snprintf(fp, fplen, "%.*s", (int)((sp2 ? sp2 : out + strlen(out)) - sp1 - 1),
	         sp1 + 1);
	comment[0] = '\0';
	if (sp2) {
		char *open = strrchr(sp2, '(');
		size_t n = open && open > sp2 ? (size_t)(open - sp2 - 1) : strlen(sp2);
		if (n > 1)
			snprintf(comment, clen, "%.*s", (int)(n - 1), sp2 + 1);
		if (!strcmp(comment, "no comment"))
			comment[0] = '\0';
	}
	return 0;
}

/* The key in ssh-keygen's message ("... with ED25519 key SHA256:abc")
 * into fp as ssh-keygen -l names it, without bits and comment:
 * "SHA256:abc (ED25519)" (just "SHA256:abc" when no type is named). */
static void find_fp(const char *out, char *fp, size_t fplen)
{
	const char *s = strstr(out, "SHA256:");
	size_t n = 0;
	if (!s)
		return;
	while (s[n] && s[n] != ' ' && s[n] != '\n' && s[n] != ';')
		n++;
	/* the type: the word before " key " just before the fingerprint */
	const char *kw = s - out >= 5 && !strncmp(s - 5, " key ", 5) ? s - 5 : NULL;
	const char *t = kw;
	while (t && t > out && t[-1] != ' ')
		t--;
	if (kw && t < kw)
		snprintf(fp, fplen, "%.*s (%.*s)", (int)n, s, (int)(kw - t), t);
	else
		snprintf(fp, fplen, "%.*s", (int)n, s);
}

dt_sig_status dt_ssh_check(const char *sig, const char *data,
                           const char *allowed, char *principals,
                           size_t plen, char *fp, size_t fplen, char *msg,
                           size_t msglen)
{
	char out[2048];
	principals[0] = fp[0] = msg[0] = '\0';
	char *nv[] = {"ssh-keygen", "-Y", "check-novalidate", "-n",
	              DT_PACK_NAMESPACE, "-s", (char *)sig, NULL};
	int rc = run(nv, data, NULL, 0, out, sizeof out);
	if (rc < 0) {
		snprintf(msg, msglen, "%s", out);
		return DT_SIG_ERROR;
	}
	find_fp(out, fp, fplen);
	if (rc != 0) {
		snprintf(msg, msglen, "%s", out);
		return DT_SIG_BAD;
	}
	if (!allowed)
		return DT_SIG_GOOD;
	char *fpv[] = {"ssh-keygen", "-Y", "find-principals", "-s", (char *)sig,
	               "-f", (char *)allowed, NULL};
	char who[1024];
	if (run(fpv, "/dev/null", NULL, 1, who, sizeof who) != 0 || !who[0]) {
		/* ssh-keygen's reason when the key is there but not valid now
		 * ("FILE:1: key has expired: verify time ... > valid-before
		 * ..."); "No principal matched." alone adds nothing */
		char why[600] = "";
		size_t w = 0;
		for (char *l = who; *l; ) {
			size_t n = strcspn(l, "\r\n");
			if (n && strncmp(l, "No principal matched.", n) != 0 &&
			    w < sizeof why - 1)
				w += (size_t)snprintf(why + w, sizeof why - w, "%s%.*s",
				                      w ? "; " : "", (int)n, l);
			l += n;
			l += strspn(l, "\r\n");
		}
		if (why[0])
			snprintf(msg, msglen, "key %s not accepted by %s: %s",
			         fp[0] ? fp : "?", allowed, why);
		else
			snprintf(msg, msglen, "key %s is not in %s", fp[0] ? fp : "?",
			         allowed);
		return DT_SIG_UNKNOWN;
	}
	/* verify for the first principal; list them all */
	char first[256];
	snprintf(first, sizeof first, "%.*s", (int)strcspn(who, "\n"), who);
	for (char *p = who; *p; p++)
		if (*p == '\n')
			*p = ',';
	snprintf(principals, plen, "%s", who);
	char *vv[] = {"ssh-keygen", "-Y", "verify", "-f", (char *)allowed, "-I",
	              first, "-n", DT_PACK_NAMESPACE, "-s", (char *)sig, NULL};
	rc = run(vv, data, NULL, 0, out, sizeof out);
	if (rc != 0) {
		snprintf(msg, msglen, "%s", out);
		return rc < 0 ? DT_SIG_ERROR : DT_SIG_BAD;
	}
	return DT_SIG_GOOD;
}
