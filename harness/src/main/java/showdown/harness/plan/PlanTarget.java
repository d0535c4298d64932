package showdown.harness.plan;

import java.util.List;

/** What the planner needs to know of a target: its name and the scenarios its manifest says it serves. */
public record PlanTarget(String name, List<String> scenarios) {
    public PlanTarget {
        scenarios = List.copyOf(scenarios);
    }
}
