/**
 * Reports made from a {@code results.json}: {@code report.md} in the seed benchmarks' own table
 * layouts, a self-contained {@code report.html} with XChart charts, {@code results.csv}, and the
 * comparison of two runs. Nothing here knows about processes or sockets: the input is a
 * {@link showdown.harness.results.RunResults} value.
 */
package showdown.report;
