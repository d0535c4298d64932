package showdown.harness.targets;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.SocketException;

/** A port that is free on 127.0.0.1 right now (the kernel picks it): over TCP, or over TCP and UDP both. */
public final class FreePort {

    /** A port free over TCP is almost always free over UDP too; this bounds the search when it is not. */
    private static final int UDP_ATTEMPTS = 32;

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

    /**
     * A port free over TCP and over UDP at once, as the TLS port is: TCP for h1-tls and h2-tls, UDP
     * for h3 (QUIC) on the same number.
     */
    public static int pickTcpAndUdp() {
        for (int i = 0; i < UDP_ATTEMPTS; i++) {
            int port = pick();
            if (freeOverUdp(port)) {
                return port;
            }
        }
        throw new UncheckedIOException(new IOException("cannot find a port free over both TCP and UDP on 127.0.0.1 in "
                + UDP_ATTEMPTS + " attempts"));
    }

    static boolean freeOverUdp(int port) {
        try (DatagramSocket socket = new DatagramSocket(null)) {
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            return true;
        } catch (SocketException e) {
            return false;
        }
    }
}
