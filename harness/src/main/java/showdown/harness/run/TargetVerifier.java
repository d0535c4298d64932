package showdown.harness.run;

import java.util.List;
import java.util.Optional;
import showdown.harness.target.RunningTarget;

/**
 * Checks a started target against the scenario contract before it is measured: a target that
 * answers wrongly would be measured doing less work than the others.
 */
@FunctionalInterface
public interface TargetVerifier {

    /** Verification turned off ({@code --no-verify}). */
    TargetVerifier NONE = (target, scenarios) -> Optional.empty();

    /**
     * @return empty when every check passed, else a one-line reason naming the first failing check
     */
    Optional<String> verify(RunningTarget target, List<String> scenarios);
}
