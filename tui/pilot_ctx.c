/* pilot_ctx.c: the pilot screens' shared context (tui/pilot_ctx.h). */
#include "tui/pilot_ctx.h"

#include <stdio.h>
#include <string.h>

void dt_pilot_ctx_init(dt_pilot_ctx *c, dt_store *st)
{
	memset(c, 0, sizeof *c);
	c->st = st;
	dt_actor_name(c->actor, sizeof c->actor);
}

int dt_pilot_ctx_open(dt_pilot_ctx *c, const char *name)
{
	dt_assessment ov;
	char err[600], keep[DT_NAME_MAX];
	int rc;
	snprintf(keep, sizeof keep, "%s", name); /* name may point into c->ov */
	rc = dt_assessment_load(c->st, keep, &ov, err, sizeof err);
	if (rc != 0) {
		snprintf(c->msg, sizeof c->msg, rc == 1 ? "no pilot named %s" : "%s",
		         rc == 1 ? keep : err);
		c->msg_err = 1;
		return -1;
	}
	dt_assessment_free(&c->ov);
	c->ov = ov;
	c->open = 1;
	c->gen++;
	return 0;
}

int dt_pilot_ctx_reload(dt_pilot_ctx *c)
{
	c->gen++; /* the pilot list re-reads the store even with no pilot open */
	return c->open ? dt_pilot_ctx_open(c, c->ov.pilot.name) : 0;
}

void dt_pilot_ctx_free(dt_pilot_ctx *c)
{
	dt_assessment_free(&c->ov);
	memset(c, 0, sizeof *c);
}
