package showdown.hosts.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** One line per new peer address at once; after that, one summary per interval, on a clock the test moves. */
class RefusalLogTest {

    private static final long SECOND = 1_000_000_000L;

    private final List<String> lines = new ArrayList<>();
    private final AtomicLong now = new AtomicLong(5 * SECOND);
    private final RefusalLog log = new RefusalLog(lines::add, Duration.ofSeconds(60), now::get);

    @Test
    void aPeerInALoopCostsOneLineAndThenOneSummaryAMinute() throws Exception {
        InetAddress a = InetAddress.getByName("192.0.2.1");
        InetAddress b = InetAddress.getByName("192.0.2.2");
        log.refused(a, "refused a peer at 192.0.2.1:40000: it sent plain bytes");
        for (int i = 1; i <= 100; i++) {
            now.addAndGet(SECOND / 10);
            log.refused(a, "refused a peer at 192.0.2.1:" + (40000 + i) + ": it sent plain bytes");
        }
        log.refused(b, "refused a peer at 192.0.2.2:50000: it sent nothing");
        log.tick();
        // a new address is said at once; the repeats are held
        assertThat(lines).containsExactly("refused a peer at 192.0.2.1:40000: it sent plain bytes",
                "refused a peer at 192.0.2.2:50000: it sent nothing");

        now.addAndGet(49 * SECOND); // 59 s since the agent began: not yet
        log.tick();
        assertThat(lines).hasSize(2);

        now.addAndGet(SECOND);
        log.tick();
        log.tick();
        assertThat(lines).hasSize(3);
        assertThat(lines.get(2)).isEqualTo("100 more refused connections from 1 address in the last 60 s; the latest:"
                + " refused a peer at 192.0.2.1:40100: it sent plain bytes");

        // the next interval starts empty: nothing to say, nothing said
        now.addAndGet(120 * SECOND);
        log.tick();
        assertThat(lines).hasSize(3);
        log.refused(b, "refused a peer at 192.0.2.2:50001: it sent nothing");
        assertThat(lines).hasSize(4);
        assertThat(lines.get(3)).startsWith("1 more refused connection from 1 address in the last 120 s;");
    }

    @Test
    void pastTheRememberedAddressesNewOnesAreCountedNotPrinted() throws Exception {
        for (int i = 0; i < RefusalLog.REMEMBERED_ADDRESSES + 10; i++) {
            byte[] ip = {10, 0, (byte) (i >> 8), (byte) i};
            log.refused(InetAddress.getByAddress(ip), "refused " + i);
        }
        assertThat(lines).hasSize(RefusalLog.REMEMBERED_ADDRESSES);
        now.addAndGet(60 * SECOND);
        log.tick();
        assertThat(lines).last().asString().startsWith("10 more refused connections from 10 addresses");
    }
}
