/* tfevents.h: TensorBoard event-file helpers used outside the importer. */
#ifndef DT_TFEVENTS_H
#define DT_TFEVENTS_H

#include <stddef.h>

/* The TensorBoard tags tried, in order, for the `loss` metric when no
 * --loss-tag is given (NULL-terminated): train/loss, loss, step loss,
 * step_loss, reduced_train_loss, lm loss, lm_loss, train_loss_step,
 * train/loss_step, training_loss, train_loss. */
extern const char *const dt_tfevents_loss_tags[];

/* wall_time (Unix seconds) of the first event in an event file's bytes
 * data[0..len). Returns 0, or -1 when the first record is not a valid
 * TFRecord holding an Event with wall_time. */
int dt_tfevents_first_wall_time(const void *data, size_t len, double *wall);

#endif
