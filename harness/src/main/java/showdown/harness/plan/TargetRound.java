package showdown.harness.plan;

import java.util.List;

/**
 * One start of one target: it is started, verified and warmed up once, then runs these cases in
 * order, then is stopped. With {@code --repeat N} every target gets N rounds.
 *
 * @param contract the scenarios whose contract the cases rely on (what the round's verification checks)
 */
public record TargetRound(String target, int repetition, List<PlannedCase> cases, List<String> contract) {
    public TargetRound {
        cases = List.copyOf(cases);
        contract = List.copyOf(contract);
    }

    /** A round whose contract is its cases' own scenarios. */
    public TargetRound(String target, int repetition, List<PlannedCase> cases) {
        this(target, repetition, cases, cases.stream().map(PlannedCase::scenario).distinct().toList());
    }

    /** The same round with only {@code subset} of its cases. */
    public TargetRound withCases(List<PlannedCase> subset) {
        return new TargetRound(target, repetition, subset, contract);
    }
}
