package showdown.harness.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

class HostSharesTest {

    /** One second between readings: 100 ticks of USER_HZ per CPU. */
    private static final long SECOND_NANOS = 1_000_000_000L;

    private static CpuTimes stat(String cpu0, String cpu1) {
        return CpuTimes.parse(List.of("cpu  0 0 0 0 0 0 0 0", "cpu0 " + cpu0, "cpu1 " + cpu1));
    }

    @Test
    void othersAreTheBusyTimeLessOurOwn() {
        CpuTimes from = stat("0 0 0 0 0 0 0 0", "0 0 0 0 0 0 0 0");
        // cpu0: 30 user + 10 nice + 20 system ticks = 0.6 s busy, 5 ticks stolen
        CpuTimes to = stat("30 10 20 40 0 0 0 5", "100 0 0 0 0 0 0 0");
        HostShares s = HostShares.between(from, to, List.of(0), 200_000_000L, SECOND_NANOS);
        assertEquals(0.4, s.other(), 1e-9);
        assertEquals(0.05, s.steal(), 1e-9);
    }

    @Test
    void sharesAreOverEveryCpuOfTheSetAndClamped() {
        CpuTimes from = stat("0 0 0 0 0 0 0 0", "0 0 0 0 0 0 0 0");
        CpuTimes to = stat("50 0 0 0 0 0 0 0", "30 0 0 0 0 0 0 10");
        HostShares s = HostShares.between(from, to, List.of(0, 1), 0, SECOND_NANOS);
        assertEquals(0.4, s.other(), 1e-9);
        assertEquals(0.05, s.steal(), 1e-9);
        assertEquals(0, HostShares.between(from, to, List.of(0), 2 * SECOND_NANOS, SECOND_NANOS).other());
    }

    @Test
    void busierTakesEachFigureOnItsOwnAndUnknownStaysUnknown() {
        assertEquals(new HostShares(0.5, 0.2), HostShares.busier(new HostShares(0.5, 0.1), new HostShares(0.3, 0.2)));
        assertNull(HostShares.busier(null, new HostShares(0.3, 0.2)));
        assertNull(HostShares.between(null, stat("0 0 0 0", "0 0 0 0"), List.of(0), 0, SECOND_NANOS));
    }
}
