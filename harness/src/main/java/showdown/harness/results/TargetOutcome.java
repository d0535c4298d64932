package showdown.harness.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;

/**
 * How one target fared in a run, whether or not it was measured. Strings come from the target's
 * manifest and are untrusted: reports escape them.
 *
 * @param name                  the manifest's unique id
 * @param display               how reports name it
 * @param language              its language (java, go, ...)
 * @param framework             the framework or platform under test
 * @param version               the framework's version, as built
 * @param category              framework, micro or platform (TechEmpower's sense)
 * @param status                what happened to it
 * @param reason                why it failed, was skipped or was unavailable; null when ok
 * @param timeToFirstResponseMs from process start to the first 200 on its ready path, in milliseconds; null when never ready
 * @param idleRssBytes          resident set size of its process tree once ready and idle, in bytes; null when not measured
 * @param unavailableProtocols  protocols it declares that its build could not provide where it ran, protocol id
 *                              to the build's line (docs/targets.md); null (absent from results.json) when none
 */
public record TargetOutcome(
        String name,
        String display,
        String language,
        String framework,
        String version,
        String category,
        Status status,
        String reason,
        Long timeToFirstResponseMs,
        Long idleRssBytes,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> unavailableProtocols) {

    public TargetOutcome {
        unavailableProtocols = unavailableProtocols == null || unavailableProtocols.isEmpty() ? null
                : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(unavailableProtocols));
    }

    /** An outcome whose target served every protocol it declares. */
    public TargetOutcome(String name, String display, String language, String framework, String version, String category,
                         Status status, String reason, Long timeToFirstResponseMs, Long idleRssBytes) {
        this(name, display, language, framework, version, category, status, reason, timeToFirstResponseMs, idleRssBytes,
                null);
    }

    /** This outcome with those protocols unavailable (protocol id to the build's line). */
    public TargetOutcome withUnavailableProtocols(Map<String, String> byId) {
        return new TargetOutcome(name, display, language, framework, version, category, status, reason,
                timeToFirstResponseMs, idleRssBytes, byId);
    }

    /** How the reports say which protocols it did not serve: {@code h3 unavailable here: <line>}; "" when none. */
    public String unavailableProtocolsText() {
        if (unavailableProtocols == null) {
            return "";
        }
        return String.join("; ", unavailableProtocols.entrySet().stream()
                .map(e -> showdown.harness.targets.UnavailableProtocols.describe(e.getKey(), e.getValue())).toList());
    }

    /** What happened to a target. */
    public enum Status {
        /** Built, started, verified and measured. */
        @JsonProperty("ok") OK,
        /** It was tried and broke: build, start, readiness or verification failed. */
        @JsonProperty("failed") FAILED,
        /** Left out on purpose (a filter, or a scenario it does not serve). */
        @JsonProperty("skipped") SKIPPED,
        /** Its toolchain is missing on this machine, so it could not be tried. */
        @JsonProperty("unavailable") UNAVAILABLE
    }

    /** The display name, falling back to the id when the manifest gave none. */
    public String label() {
        return display == null || display.isBlank() ? name : display;
    }
}
