package showdown.load;

import io.netty.util.ResourceLeakDetector;
import io.netty.util.internal.logging.InternalLoggerFactory;
import io.netty.util.internal.logging.JdkLoggerFactory;

/**
 * The process-wide Netty settings a load generator needs, each one a developer can still override
 * with its system property. Applied by {@link LoadEngine} as its class loads, before any Netty
 * class reads them.
 */
final class NettyDefaults {

    private NettyDefaults() {
    }

    static void apply() {
        // Netty registers JFR events for its allocator when JFR is present: setting them up costs
        // about a quarter of a CPU-second at start-up, on the generator's CPU.
        // -Dio.netty.jfr.enabled=true still turns them on.
        System.getProperties().putIfAbsent("io.netty.jfr.enabled", "false");
        // Netty looks for SLF4J, Log4j 2 and Log4j before it settles on the JDK's logging, which is
        // all this jar has: the failed lookups cost about 19 ms of the main thread at start-up.
        InternalLoggerFactory.setDefaultFactory(JdkLoggerFactory.INSTANCE);
        // Netty samples buffers for leak reports by default, capturing stack traces on the hot
        // path; a load generator pays for that in every measurement. -Dio.netty.leakDetection.level
        // still wins when a developer sets it.
        if (System.getProperty("io.netty.leakDetection.level") == null) {
            ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
        }
    }
}
