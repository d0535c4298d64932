package showdown.harness.run;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import showdown.harness.targets.Protocol;
import showdown.harness.targets.ServedTarget;
import showdown.harness.verify.CheckResult;
import showdown.harness.verify.ContractChecks;
import showdown.harness.verify.Outcome;
import showdown.harness.verify.Scenarios;

/**
 * The run's verification step, through the verifier's own checks ({@code showdown verify}): the
 * contract of the scenarios being measured plus the protocol checks every response must pass.
 * WARN rows do not stop a target; FAIL rows do.
 */
public final class ContractVerifier implements TargetVerifier {

    /** Fixed, so a failure seen in a run reproduces with {@code showdown verify}. */
    static final long SEED = 1;
    /** How many failing checks the one-line reason names before it says "and N more". */
    private static final int REASONS_SHOWN = 3;

    @Override
    public Optional<String> verify(ServedTarget target, List<String> scenarios, Set<Protocol> protocols) {
        Set<String> selected = new LinkedHashSet<>(scenarios);
        selected.add(Scenarios.HTTP);
        List<CheckResult> failures = ContractChecks.runOver(target.host(), target.port(), target.tlsPort(),
                target.certificate() == null ? null : target.certificate().certFile(), target.manifest().ready(),
                Set.copyOf(target.manifest().scenarios()), selected, SEED, Set.copyOf(target.manifest().protocols()),
                protocols.isEmpty() ? Set.of(Protocol.H1) : protocols).stream()
                .filter(r -> r.outcome() == Outcome.FAIL).toList();
        if (failures.isEmpty()) {
            return Optional.empty();
        }
        String shown = failures.stream().limit(REASONS_SHOWN)
                .map(f -> f.scenario() + " '" + f.check() + "'" + (f.detail().isEmpty() ? "" : ": " + oneLine(f.detail())))
                .collect(Collectors.joining("; "));
        String more = failures.size() > REASONS_SHOWN ? "; and " + (failures.size() - REASONS_SHOWN) + " more" : "";
        return Optional.of(shown + more + " (details: showdown verify --target " + target.manifest().name() + ")");
    }

    private static String oneLine(String s) {
        return s.replaceAll("\\s*\\R\\s*", " ");
    }
}
