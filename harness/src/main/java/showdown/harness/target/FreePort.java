package showdown.harness.target;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

/** A TCP port that is free on 127.0.0.1 right now (the kernel picks it). */
public final class FreePort {

    private FreePort() {
    }

    /**
     * Binds port 0 on the loopback address, closes it and returns the port. Another process may take
     * it in between; the kernel hands out ports in rotation, so that is rare.
     */
    public static int pick() {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot find a free port on 127.0.0.1", e);
        }
    }
}
