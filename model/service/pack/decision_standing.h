/* decision_standing.h: whether an evidence pack's decision is still its
 * pilot's current decision in a store (`dualtrack verify --against DIR`).
 *
 * A pack carries the decisions its pilot had at export; the newest of
 * them is "the pack's decision" (none when the pilot had none). The
 * decision log is append-only and a new decision supersedes the pilot's
 * previous one (decision.h), so the pilot's current decision is its
 * newest record in the store. The pack's decision is:
 *   current     the store's newest decision of the pilot is the pack's
 *               (same id and record hash), or neither has one;
 *   superseded  the store holds a newer decision of the pilot (or one at
 *               all when the pack held none): a sign-off on the pack no
 *               longer stands for what the team decided;
 *   not in store  the store lacks the pack's decision (or holds another
 *               record under its id), whatever else it holds for the
 *               pilot (a newer record cannot supersede a decision the
 *               store does not hold): a store restored
 *               from before the pack, or another store. verify's head
 *               check reports it as a problem; this says only that
 *               currency cannot be judged.
 * A store with no pilot of the pack's name is not the pack's store (or
 * the pilot was never there): `no_pilot` is set, the standing is not in
 * store, and the text says so; verify --against reports it as a problem.
 * Records that are not a decision of this pilot (a checklist note, a
 * decision of another pilot) never change the standing. */
#ifndef DT_DECISION_STANDING_H
#define DT_DECISION_STANDING_H

#include <stddef.h>
#include <stdint.h>

#include "model/core/decision.h"
#include "model/store/store.h"

typedef enum dt_standing {
	DT_STANDING_CURRENT = 0,
	DT_STANDING_SUPERSEDED,
	DT_STANDING_NOT_IN_STORE
} dt_standing;

typedef struct dt_decision_standing {
	dt_standing standing;
	/* The pack's decision as the store holds it (same id and hash);
	 * pack.id = 0 when the pack holds no decision of the pilot, and
	 * pack.id set with the other fields empty when the store lacks it
	 * (not in store). evidence_text is always NULL. */
	dt_decision pack;
	/* The pilot's newest decision in the store, current.id = 0 when it
	 * has none (or the store has no such pilot). evidence_text NULL. */
	dt_decision current;
	int no_pilot;        /* 1: the store has no pilot of that name */
	size_t since;        /* decisions of the pilot recorded after the
	                      * pack's (all of them when the pack held none) */
	char text[1400];     /* the one line verify prints (raw: names are
	                      * people's text, sanitise before a terminal):
	                      * "pack decision #1 go superseded by #2
	                      * roll-back (TIME, by DECIDERS; recorded by WHO)"
	                      * (then "; N decisions of the pilot since the
	                      * pack's" when N > 1), "pack holds no decision of
	                      * the pilot, superseded by ...", "pack decision
	                      * #1 go is the pilot's current decision", "no
	                      * decision of the pilot, in the pack or the
	                      * store", "pack decision #N is not in the
	                      * store (...)", or "the store has no pilot 'NAME'
	                      * (the pack is from another store?)" */
} dt_decision_standing;

/* Judge pack decision (pack_id, pack_hash; pack_id 0 = the pack holds no
 * decision of the pilot) of pilot `pilot` against store `st` (file
 * comment). Reads the pilot's decisions (dt_store_decision_list); fills
 * *out. Returns 0, or -1 on a store error (message in err, size errlen).
 * The store's chain itself is not checked here (verify does). */
int dt_decision_standing_judge(dt_store *st, const char *pilot,
                               int64_t pack_id, const char *pack_hash,
                               dt_decision_standing *out, char *err,
                               size_t errlen);

/* "current", "superseded", "not-in-store" (the --json value). */
const char *dt_standing_name(dt_standing s);

#endif
