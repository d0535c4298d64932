package dev.showdown.targets.netty;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.ApplicationProtocolNegotiationHandler;

/**
 * Installs the HTTP/2 or the HTTP/1.1 pipeline once the TLS handshake has settled the protocol by
 * ALPN; a client that offers no ALPN gets HTTP/1.1.
 */
final class AlpnSwitch extends ApplicationProtocolNegotiationHandler {
    private final HttpPipelines pipelines;

    AlpnSwitch(HttpPipelines pipelines) {
        super(ApplicationProtocolNames.HTTP_1_1);
        this.pipelines = pipelines;
    }

    @Override
    protected void configurePipeline(ChannelHandlerContext ctx, String protocol) {
        switch (protocol) {
            case ApplicationProtocolNames.HTTP_2 -> pipelines.addHttp2(ctx.pipeline());
            case ApplicationProtocolNames.HTTP_1_1 -> pipelines.addHttp1(ctx.pipeline());
            default -> throw new IllegalStateException("ALPN chose a protocol we did not offer: " + protocol);
        }
    }

    @Override
    protected void handshakeFailure(ChannelHandlerContext ctx, Throwable cause) {
        // A failed handshake (a plain-HTTP client, a scanner, a reset) is the client's problem;
        // logging each one would flood the log under load.
        ctx.close();
    }
}
