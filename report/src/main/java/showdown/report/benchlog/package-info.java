/**
 * The measurement log of the {@code bench/} scripts: one JSON record per measurement run
 * ({@link BenchRecord}, under {@code bench/results/records/}), text notes where the numbers are
 * incomplete ({@link BenchNote}, under {@code bench/results/notes/}), and what {@code bench/report}
 * renders from them ({@link BenchLogMarkdown}): {@code bench/results/README.md}, newest first, and the
 * generated table of {@code docs/accuracy.md}.
 */
package showdown.report.benchlog;
