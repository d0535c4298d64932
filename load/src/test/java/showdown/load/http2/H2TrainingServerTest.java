package showdown.load.http2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.netty.handler.codec.http2.DefaultHttp2Headers;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import showdown.load.ErrorCounts;
import showdown.load.LoadEngine;
import showdown.load.LoadResult;
import showdown.load.LoadSpec;
import showdown.load.ProgressListener;

/** The training run's h2c server answers the engine's HTTP/2 client: every stream a 200, no error. */
class H2TrainingServerTest {

    @Test
    void everyStreamIsAnsweredWithA200() throws Exception {
        try (H2TrainingServer server = new H2TrainingServer()) {
            LoadSpec spec = LoadSpec.builder().url(server.url()).http2(true).connections(2).threads(1).pipelineDepth(4)
                    .requests(500).timeout(Duration.ofSeconds(5)).build();
            // a bound against hangs only: the run ends at its request count
            LoadResult r = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> LoadEngine.run(spec, ProgressListener.NONE));
            assertThat(r.requests()).isEqualTo(500);
            assertThat(r.errors()).isEqualTo(ErrorCounts.NONE);
            assertThat(r.statusCounts()).isEqualTo(Map.of(200, 500L));
        }
    }

    @Test
    void aStatusOf200IsTheStaticTablesEntry() {
        byte[] block = H2Request.headerBlock(new DefaultHttp2Headers().status("200"));
        assertThat(block).containsExactly((byte) 0x88); // :status 200, static entry 8
    }
}
