/**
 * The results of a run as data: what was measured, on which machine, with which settings.
 *
 * <p>{@link showdown.harness.results.RunResults} is the root of {@code results.json}, the only file a
 * report is made from. {@link showdown.harness.results.ResultsJournal} keeps that file current while a
 * run is in progress, so a crash loses at most the case being measured. The JSON layout, with the
 * unit of every field, is documented in {@code docs/results-schema.md}.
 */
package showdown.harness.results;
