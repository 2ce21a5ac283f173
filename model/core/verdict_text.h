/* verdict_text.h: the rule that decides a comparison (tolerance or GPU
 * noise), the final verdict under that rule, and the one sentence that
 * states it. `dualtrack compare`, `pilot show`, the TUI comparison and the
 * TUI overview all print verdicts through these functions, so the words
 * and the "N of M steps" counts cannot drift apart between front-ends.
 *
 * Pure domain: no store, no terminal. Sentences hold run-free text only
 * (numbers, rule, the caller's note and reason, which the caller must
 * sanitise before display if they come from the store). */
#ifndef DT_VERDICT_TEXT_H
#define DT_VERDICT_TEXT_H

#include <stddef.h>

#include "model/core/findings.h"
#include "model/core/noise.h"
#include "model/core/parity.h"

/* The rule that decides the verdict. TOLERANCE: the rtol/atol breach
 * count (dt_parity.h); NOISE: the noise ratio R against further GPU
 * baseline runs (dt_noise.h, pass at R <= DT_NOISE_ACCEPT). */
typedef enum dt_rule {
	DT_RULE_TOLERANCE = 0,
	DT_RULE_NOISE = 1
} dt_rule;

/* "rtol" / "noise": the words of `compare --rule`, the task card's rule
 * field and the JSON "rule" key. */
const char *dt_rule_name(dt_rule r);

/* Parse "rtol" (also "tolerance") or "noise". Returns 0 or -1. */
int dt_rule_parse(const char *s, dt_rule *out);

/* "PASS", "FAIL", "INSUFFICIENT": the verdict word on screens and in the
 * sentence (dt_verdict_name gives the lower-case JSON word). */
const char *dt_verdict_word(dt_verdict v);

/* The final verdict: par->verdict under TOLERANCE; under NOISE
 * dt_noise_rule_verdict(noise) (noise may be NULL: insufficient). */
dt_verdict dt_rule_verdict(dt_rule rule, const dt_parity *par,
                           const dt_noise *noise);

/* A relative difference `frac` (a fraction of the reference: 0.0207
 * for 2.07 %) as the one percentage every output prints (compare, pilot
 * show, gate, the evidence pack, the TUI, resume and drill reasons): two
 * decimals ("2.07%", "241.41%"), three significant digits below 0.1 %
 * ("0.0123%"), "0.00%" for 0, no blank before "%", never an exponent;
 * with `sign` a leading "+" on values >= 0 ("+0.40%"); "inf%" /
 * "-inf%" for an infinite value, "n/a" for NaN. Written to buf (size n,
 * always terminated; 24 bytes hold any value). Returns buf. */
char *dt_fmt_rel_pct(double frac, int sign, char *buf, size_t n);

/* The verdict sentence, written to buf (size len, always terminated):
 *   "verdict WORD[ (NOTE)]: HEAD; B of N steps breach |p-b| > ATOL +
 *    RTOL*|b| (allowed A)[; first breach at step X][; max |rel diff| Y%
 *    at step Z]; warm-up W"
 * HEAD is, in this order: under NOISE the noise figures ("noise R = 3.4
 * (likely difference; <= 1.2 passes) over 100 steps, 2 GPU runs", or
 * "GPU runs identical: noise ratio undefined", or "noise R: no step
 * common to all GPU runs and the pilot"); else a non-empty `reason`
 * (why insufficient); else nothing (the counts come first). With fewer
 * than 2 compared steps (insufficient) the counts part is "N common steps
 * after warm-up (need 2); rule |p-b| > ...", or only "rule |p-b| > ..."
 * after a reason, which says why (the count is not said twice). "steps"/"step" read "samples"/"sample"
 * when the runs were paired by samples. note / reason may be NULL or "".
 * Returns the length snprintf reports. */
int dt_verdict_sentence(const dt_parity *par, dt_rule rule,
                        const dt_noise *noise, dt_verdict v,
                        const char *note, const char *reason, char *buf,
                        size_t len);

/* The verdict with its findings, the one text every output of a parity
 * verdict gives (pilot show, gate, the evidence pack; compare prints the
 * same finding lines and sentence): "SENTENCE[; FINDING]..." with each
 * finding as dt_finding_text writes it, so a PASS never goes out without
 * the findings beside it. f may be NULL (none). Written to buf (size n,
 * always terminated); returns buf. */
char *dt_verdict_statement(const char *sentence, const dt_findings *f,
                           char *buf, size_t n);

#endif
