package showdown.load;

import java.net.InetSocketAddress;
import java.net.URI;

/** A URL resolved once: where to connect and the request bytes to send there. */
record Endpoint(URI url, InetSocketAddress address, byte[] request, boolean head) {
}
