package showdown.harness.plan;

import java.util.List;
import showdown.harness.targets.Protocol;

/**
 * What the planner needs to know of a target: its name, the scenarios its manifest says it serves,
 * and the protocols it declares.
 */
public record PlanTarget(String name, List<String> scenarios, List<Protocol> protocols) {
    public PlanTarget {
        scenarios = List.copyOf(scenarios);
        protocols = protocols == null || protocols.isEmpty() ? List.of(Protocol.H1) : List.copyOf(protocols);
    }

    /** A target of HTTP/1.1 only. */
    public PlanTarget(String name, List<String> scenarios) {
        this(name, scenarios, List.of(Protocol.H1));
    }
}
