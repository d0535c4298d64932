package showdown.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The bound a run's ETA plans for a search case. */
class SustainableSearchTest {

    @Test
    void aSearchWithTheCapacityProfilesWindowLoadsItsTargetForAtMost38SecondsPerLatencyTarget() {
        // A 2 s probe, then 12 steps of a 1 s settle and a 2 s window; the profile searches two targets.
        assertThat(SustainableSearch.longest(Duration.ofSeconds(2), 1)).isEqualTo(Duration.ofSeconds(38));
        assertThat(SustainableSearch.longest(Duration.ofSeconds(2), 2)).isEqualTo(Duration.ofSeconds(76));
    }
}
