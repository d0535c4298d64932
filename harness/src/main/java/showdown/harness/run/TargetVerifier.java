package showdown.harness.run;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import showdown.harness.targets.Protocol;
import showdown.harness.targets.ServedTarget;

/**
 * Checks a started target against the scenario contract before it is measured: a target that
 * answers wrongly would be measured doing less work than the others.
 */
@FunctionalInterface
public interface TargetVerifier {

    /** Verification turned off ({@code --no-verify}). */
    TargetVerifier NONE = (target, scenarios, protocols) -> Optional.empty();

    /**
     * @param scenarios the scenarios whose contract the measured cases rely on
     * @param protocols the protocols they are sent over; each is checked
     * @return empty when every check passed, else a one-line reason naming the first failing check
     */
    Optional<String> verify(ServedTarget target, List<String> scenarios, Set<Protocol> protocols);
}
