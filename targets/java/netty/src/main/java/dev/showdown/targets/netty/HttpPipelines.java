package dev.showdown.targets.netty;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpServerKeepAliveHandler;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.handler.codec.http2.Http2StreamFrameToHttpObjectCodec;
import io.netty.handler.codec.http3.Http3FrameToHttpObjectCodec;
import io.netty.handler.codec.http3.Http3ServerConnectionHandler;
import io.netty.handler.codec.quic.QuicStreamChannel;

/**
 * The ways a connection can end up speaking HTTP, whichever way it was told apart (the h2c
 * preface on the cleartext port, ALPN on the TLS port, QUIC on the UDP port). All end in the same
 * aggregator and router: an HTTP/2 or HTTP/3 request stream becomes a child channel whose frames are
 * turned into HTTP/1-style objects, so every route, header and the 413 behave the same over every
 * version.
 */
final class HttpPipelines {
    /** Request bodies above this many bytes are refused with 413, as the mist scenario requires. */
    private static final int MAX_BODY_BYTES = 40_000_000;

    private final ServerHeaders serverHeaders;
    private final ObjectMapper json;
    private final ShowdownPage page;
    /** Stateless (Sharable), so one instance serves every HTTP/2 stream. */
    private final Http2StreamFrameToHttpObjectCodec streamCodec = new Http2StreamFrameToHttpObjectCodec(true);
    /** Sharable: it only installs the handlers of each new HTTP/3 request stream. */
    private final ChannelHandler http3Stream = new ChannelInitializer<QuicStreamChannel>() {
        @Override
        protected void initChannel(QuicStreamChannel stream) {
            addApplication(stream.pipeline()
                    .addLast(StreamErrors.INSTANCE)
                    .addLast(new Http3FrameToHttpObjectCodec(true)));
        }
    };

    HttpPipelines(ServerHeaders serverHeaders, ObjectMapper json, ShowdownPage page) {
        this.serverHeaders = serverHeaders;
        this.json = json;
        this.page = page;
    }

    void addHttp1(ChannelPipeline pipeline) {
        pipeline.addLast(new HttpServerCodec())
                .addLast(new HttpServerKeepAliveHandler())
                .addLast(serverHeaders)
                .addLast(new HttpObjectAggregator(MAX_BODY_BYTES))
                .addLast(new ShowdownHandler(json, page));
    }

    void addHttp2(ChannelPipeline pipeline) {
        pipeline.addLast(Http2FrameCodecBuilder.forServer().build())
                .addLast(new Http2MultiplexHandler(new ChannelInitializer<Http2StreamChannel>() {
                    @Override
                    protected void initChannel(Http2StreamChannel stream) {
                        // The codec drops the connection-specific headers HTTP/2 forbids
                        // (Connection, Keep-Alive, Transfer-Encoding), also on the aggregator's 413.
                        addApplication(stream.pipeline().addLast(streamCodec));
                    }
                }));
    }

    /**
     * Sets up each QUIC connection to speak HTTP/3: its own {@link Http3ServerConnectionHandler}
     * (the control and QPACK streams), and each request stream turned into HTTP/1-style objects by
     * an {@link Http3FrameToHttpObjectCodec} (one per stream: it keeps the state of its request),
     * which also drops the connection-specific headers HTTP/3 forbids and ends the stream after the
     * last content of the response.
     */
    void addHttp3(ChannelPipeline connection) {
        connection.addLast(new Http3ServerConnectionHandler(http3Stream));
    }

    /** What every HTTP/2 and HTTP/3 request stream runs after its frames became HTTP objects. */
    private void addApplication(ChannelPipeline stream) {
        stream.addLast(serverHeaders)
                .addLast(new HttpObjectAggregator(MAX_BODY_BYTES))
                .addLast(new ShowdownHandler(json, page));
    }

    /**
     * Closes an HTTP/3 request stream on a protocol error of the client's making (such as a stream
     * that ends before its {@code Content-Length}, as when a client gives up an upload after its
     * 413), which the codec behind it would otherwise log with a stack trace each time, as the
     * HTTP/2 side would not.
     */
    @ChannelHandler.Sharable
    private static final class StreamErrors extends ChannelInboundHandlerAdapter {
        static final StreamErrors INSTANCE = new StreamErrors();

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }
}
