// Package procstat reads what the process has used so far, for the
// benchmarks: processor time (user and system), which a shared machine's
// other processes do not inflate as they do wall time, and the peak
// resident size. Off Unix both read as zero, and a benchmark reports
// only what it has.
package procstat
