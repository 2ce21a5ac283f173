/* metric_name.h: the one limit of a metric name, for every importer,
 * every store table (raw_series, run_metric) and every record that
 * holds one (dt_metric_stats, comparisons, the ledger's step time).
 *
 * A metric name is 1..DT_METRIC_MAX-1 (127) bytes, as stored. A longer
 * name read from a log is refused where every importer's series are
 * made (dt_rawlog_series_at), never cut: two long names that differ
 * after byte 127 would otherwise become one metric, their values
 * averaged. */
#ifndef DT_METRIC_NAME_H
#define DT_METRIC_NAME_H

/* Size of a metric name buffer: names are 1..DT_METRIC_MAX-1 bytes. */
#define DT_METRIC_MAX 128

/* Size of an importer's buffer for a name on its way to
 * dt_rawlog_series_at (dt_metric_canonical's output): one byte more
 * than a name may hold, so that a name over the limit arrives over it
 * (DT_METRIC_MAX bytes) and is refused, not cut to a valid one. */
#define DT_METRIC_BUF (DT_METRIC_MAX + 1)

#endif
