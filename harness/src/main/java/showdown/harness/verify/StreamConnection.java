package showdown.harness.verify;

import java.io.Closeable;

/** One connection of a {@link StreamClient}, with a blocking API in the manner of {@link RawConnection}. */
interface StreamConnection extends Closeable {

    /** True while new streams may be opened. */
    boolean isUsable();

    /** Sends the request as a new stream and waits for its response; never throws for a server fault. */
    Exchange exchange(RawRequest request);

    @Override
    void close();
}
