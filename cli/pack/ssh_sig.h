/* ssh_sig.h: signing and checking a file with ssh-keygen's SSH signatures
 * (OpenSSH PROTOCOL.sshsig; `ssh-keygen -Y sign|verify|check-novalidate|
 * find-principals`, OpenSSH 8.2 and later), namespace "dualtrack". The
 * only signing tool the evidence pack needs; keys are the SSH keys people
 * already use (ssh-agent works: give the public key file). */
#ifndef DT_SSH_SIG_H
#define DT_SSH_SIG_H

#include <stddef.h>

/* Sign the file `data` with `key` into `sig` (ssh-keygen's armoured
 * format). A passphrase is asked on the terminal by ssh-keygen. Returns
 * 0, or -1 with ssh-keygen's message in err. */
int dt_ssh_sign(const char *key, const char *data, const char *sig,
                char *err, size_t errlen);

/* Fingerprint ("SHA256:...") and comment of a key file (ssh-keygen -l).
 * Returns 0, or -1 with the message in err. */
int dt_ssh_key_info(const char *key, char *fp, size_t fplen, char *comment,
                    size_t clen, char *err, size_t errlen);

typedef enum dt_sig_status {
	DT_SIG_GOOD = 0,      /* valid, and the signer is allowed (or no list) */
	DT_SIG_BAD = 1,       /* not a valid signature of this data */
	DT_SIG_UNKNOWN = 2,   /* valid, but the key is not in allowed signers */
	DT_SIG_ERROR = 3      /* ssh-keygen could not be run */
} dt_sig_status;

/* Check signature `sig` of file `data`. With `allowed` (an allowed
 * signers file, ssh-keygen(1) ALLOWED SIGNERS), the principals matching
 * the key are looked up and the signature verified for them (principals
 * receives them, ", "-joined); without, the signature is only checked to
 * be valid for its own key (check-novalidate): DT_SIG_GOOD then says
 * nothing about who signed. fp receives the key's fingerprint and type as
 * ssh-keygen -l writes them ("SHA256:... (ED25519)") when ssh-keygen
 * names it. msg: ssh-keygen's reason when not good. */
dt_sig_status dt_ssh_check(const char *sig, const char *data,
                           const char *allowed, char *principals,
                           size_t plen, char *fp, size_t fplen, char *msg,
                           size_t msglen);

#endif
