package dev.showdown.targets.netty;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.codec.http2.Http2CodecUtil;
import java.util.List;

/**
 * Tells HTTP/1.1 from HTTP/2 with prior knowledge (h2c) on the cleartext port by the first bytes a
 * client sends: the HTTP/2 connection preface, or anything else. It decides at the first byte that
 * differs from the preface (byte 0 for every HTTP/1.1 method but {@code PRI}), installs the matching
 * pipeline and removes itself, which hands the bytes read so far to that pipeline.
 */
final class PriorKnowledgeDetector extends ByteToMessageDecoder {
    private static final ByteBuf PREFACE = Http2CodecUtil.connectionPrefaceBuf();

    private final HttpPipelines pipelines;

    PriorKnowledgeDetector(HttpPipelines pipelines) {
        this.pipelines = pipelines;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        int prefaceLength = PREFACE.readableBytes();
        int seen = Math.min(in.readableBytes(), prefaceLength);
        if (!ByteBufUtil.equals(PREFACE, PREFACE.readerIndex(), in, in.readerIndex(), seen)) {
            pipelines.addHttp1(ctx.pipeline());
            ctx.pipeline().remove(this);
        } else if (seen == prefaceLength) {
            pipelines.addHttp2(ctx.pipeline());
            ctx.pipeline().remove(this);
        }
        // Otherwise a prefix of the preface so far: wait for more bytes.
    }
}
