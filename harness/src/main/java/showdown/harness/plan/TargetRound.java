package showdown.harness.plan;

import java.util.List;

/**
 * One start of one target: it is started, verified and warmed up once, then runs these cases in
 * order, then is stopped. With {@code --repeat N} every target gets N rounds.
 */
public record TargetRound(String target, int repetition, List<PlannedCase> cases) {
    public TargetRound {
        cases = List.copyOf(cases);
    }
}
