/**
 * Showdown beyond one host: agents ({@code showdown agent}) that start targets or generate load on
 * other hosts, and the controller side that drives them from {@code showdown run --hosts}.
 *
 * <p>{@code wire}: the versioned JSON messages and their frames; {@code tls}: the run's CA and
 * the mutual-TLS contexts; {@code agent}: the agent process and its two roles; {@code control}:
 * the controller's links to agents, the clock offsets, the split and the merge of the load.
 */
package showdown.hosts;
