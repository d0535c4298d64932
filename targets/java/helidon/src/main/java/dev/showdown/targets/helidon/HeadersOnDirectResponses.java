package dev.showdown.targets.helidon;

import io.helidon.http.DirectHandler;
import io.helidon.http.ServerResponseHeaders;
import io.helidon.http.Status;
import io.helidon.webserver.http.DirectHandlers;

/**
 * Helidon answers some errors (a 413 for a body over maxPayloadSize, a 400 for a bad request)
 * before routing, so the Server filter never sees them. This direct handler adds the same headers
 * and then lets Helidon's default handler write the response as usual.
 */
final class HeadersOnDirectResponses implements DirectHandler {
    private final DirectHandler defaults = DirectHandler.defaultHandler();

    static void register(DirectHandlers.Builder handlers) {
        HeadersOnDirectResponses handler = new HeadersOnDirectResponses();
        for (EventType type : EventType.values()) {
            handlers.addHandler(type, handler);
        }
    }

    @Override
    public TransportResponse handle(TransportRequest request, EventType eventType, Status status,
                                    ServerResponseHeaders headers, String message) {
        headers.set(HelidonApp.SERVER);
        headers.setIfAbsent(HelidonApp.TEXT_PLAIN_UTF8);
        return defaults.handle(request, eventType, status, headers, message);
    }
}
