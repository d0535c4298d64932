package showdown.harness.results;

/**
 * *2*: a search case's sustainable throughput at one latency target taken over the run's rounds,
 * as the reports take req/s over rounds (docs/reports.md, "How far to trust these figures"): the
 * geometric mean of the rounds that found a rate, and its 95 % interval from Student's t with the
 * spread between rounds pooled over the target's searches. Written when a run with two or more
 * rounds finishes.
 *
 * @param target            the target's name
 * @param scenario          the scenario's name
 * @param request           the request label
 * @param connections       the connections the search started with
 * @param protocol          the protocol id
 * @param quantile          the quantile judged, "p99"
 * @param limitMicros       the value it had to stay under
 * @param rounds            how many rounds found a rate (a search that found none is left out)
 * @param requestsPerSecond the geometric mean of those rounds' sustainable throughputs
 * @param interval          its 95 % interval over the rounds; null when the target's spread between
 *                          rounds is unknown
 */
public record SustainableOverRounds(String target, String scenario, String request, int connections, String protocol,
                                    String quantile, double limitMicros, int rounds, double requestsPerSecond,
                                    Interval interval) {
}
