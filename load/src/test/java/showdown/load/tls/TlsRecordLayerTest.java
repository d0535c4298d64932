package showdown.load.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.ReferenceCountedOpenSslEngine;
import io.netty.handler.ssl.SslHandler;
import io.netty.internal.tcnative.SSL;
import java.io.ByteArrayOutputStream;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import showdown.load.TlsEngine;
import showdown.load.TlsOptions;

/**
 * The record layer against the JDK's server engine, in memory: our OpenSSL client engine and the
 * server make a real handshake, then the layer alone seals what the protocol writes and opens what
 * the server sends, cut into reads at random places, in records of every size.
 */
class TlsRecordLayerTest {

    private static final int READ_BUFFER = 1 << 20;

    private static TestCertificate cert;

    @BeforeAll
    static void certificate() throws Exception {
        cert = TestCertificate.localhost();
    }

    @ParameterizedTest
    @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
    void sealsWritesAndOpensReadsCutAnywhereInRecordsOfAnySize(String version) throws Exception {
        Session s = handshake(version);
        Random random = new Random(42);
        for (int size : new int[] {1, 100, 16 * 1024, 16 * 1024 + 1, 100_000}) {
            byte[] request = bytes(random, size);
            s.channel.writeOutbound(Unpooled.wrappedBuffer(request));
            assertSameBytes(s.serverOpens(s.channel.readOutbound()), request, "a " + size + "-byte write");

            byte[] response = bytes(random, size * 2 + 7);
            byte[] sealed = s.serverSeals(response);
            s.received.reset();
            for (int i = 0; i < sealed.length; ) { // reads of 1 to 3,000 bytes: most end inside a record
                int n = Math.min(sealed.length - i, 1 + random.nextInt(3_000));
                s.channel.writeInbound(Unpooled.wrappedBuffer(sealed, i, n));
                i += n;
            }
            assertSameBytes(s.received.toByteArray(), response, "a " + response.length + "-byte answer");

            s.received.reset(); // in one read: more plaintext than the shared buffer holds
            s.channel.writeInbound(Unpooled.wrappedBuffer(s.serverSeals(response)));
            assertSameBytes(s.received.toByteArray(), response, "a " + response.length + "-byte answer in one read");
        }
        assertThat(s.channel.isOpen()).isTrue();
        s.channel.finishAndReleaseAll();
    }

    @ParameterizedTest
    @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
    void theServersCloseNotifyClosesTheSocketAndOursGoesOutOnClose(String version) throws Exception {
        Session ours = handshake(version);
        ours.channel.close();
        ByteBuf alert = ours.channel.readOutbound();
        assertThat(alert).as("our close_notify").isNotNull();
        ours.serverOpens(alert);
        assertThat(ours.server.isInboundDone()).as("the server read our close_notify").isTrue();

        Session theirs = handshake(version);
        theirs.server.closeOutbound();
        theirs.channel.writeInbound(Unpooled.wrappedBuffer(theirs.serverSeals(new byte[0])));
        assertThat(theirs.channel.isOpen()).as("closed on the server's close_notify").isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
    void bytesThatAreNotARecordAreAnErrorOfTheSocket(String version) throws Exception {
        Session s = handshake(version);
        List<Throwable> errors = new java.util.ArrayList<>();
        s.channel.pipeline().addLast(new ChannelInboundHandlerAdapter() {
            @Override
            public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                errors.add(cause);
            }
        });
        s.channel.writeInbound(Unpooled.wrappedBuffer("HTTP/1.1 400 Bad Request\r\n\r\n".getBytes()));
        assertThat(errors).singleElement().isInstanceOf(SSLException.class);
    }

    /** Equal arrays, or where they first differ (not both arrays in full). */
    private static void assertSameBytes(byte[] actual, byte[] expected, String what) {
        assertThat(actual.length).as(what + ": length").isEqualTo(expected.length);
        assertThat(Arrays.mismatch(actual, expected)).as(what + ": the first byte that differs").isEqualTo(-1);
    }

    private static byte[] bytes(Random random, int n) {
        byte[] b = new byte[n];
        random.nextBytes(b);
        return b;
    }

    /** A client engine past its handshake, in the record layer of an embedded channel, and its server. */
    private record Session(EmbeddedChannel channel, SSLEngine server, ByteArrayOutputStream received) {

        /** What the server reads of what the layer wrote. */
        byte[] serverOpens(ByteBuf sealed) throws SSLException {
            ByteBuffer net = sealed.nioBuffer();
            ByteBuffer app = ByteBuffer.allocate(READ_BUFFER);
            while (net.hasRemaining()) {
                SSLEngineResult r = server.unwrap(net, app);
                if (r.getStatus() == SSLEngineResult.Status.CLOSED) {
                    break;
                }
            }
            sealed.release();
            return Arrays.copyOf(app.array(), app.position());
        }

        /** The server's records of {@code plain} (or, when it is closing, its close_notify). */
        byte[] serverSeals(byte[] plain) throws SSLException {
            ByteBuffer src = ByteBuffer.wrap(plain);
            // the JDK's engine wraps only into room for a whole record
            ByteBuffer net = ByteBuffer.allocate(plain.length * 2 + server.getSession().getPacketBufferSize());
            do {
                SSLEngineResult r = server.wrap(src, net);
                if (r.bytesProduced() == 0) {
                    break;
                }
            } while (src.hasRemaining() || server.getHandshakeStatus() == HandshakeStatus.NEED_WRAP);
            return Arrays.copyOf(net.array(), net.position());
        }
    }

    /** Our OpenSSL client engine and the JDK's server engine, handshaken in memory; the client then in the layer. */
    private static Session handshake(String version) throws Exception {
        assumeTrue(OpenSsl.isAvailable(), "OpenSSL (netty-tcnative) does not load here");
        TlsClient tls = TlsClient.create(new TlsOptions(TlsEngine.OPENSSL, List.of(version), List.of(), false, null, true), false);
        SslHandler handler = tls.newHandler(ByteBufAllocator.DEFAULT, "localhost", new InetSocketAddress("127.0.0.1", 443), 5_000);
        ReferenceCountedOpenSslEngine client = (ReferenceCountedOpenSslEngine) handler.engine();
        SSLEngine server = cert.serverContext().createSSLEngine();
        server.setUseClientMode(false);
        server.setEnabledProtocols(new String[] {version});
        client.beginHandshake();
        server.beginHandshake();
        for (int i = 0; i < 20 && (handshaking(client) || handshaking(server)); i++) {
            pass(client, server);
            pass(server, client);
        }
        assertThat(handshaking(client) || handshaking(server)).as("the handshake ended").isFalse();
        assertThat(client.getSession().getProtocol()).isEqualTo(version);
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        EmbeddedChannel channel = new EmbeddedChannel(new TlsRecordLayer(client, SSL.getMaxWrapOverhead(client.sslPointer())),
                new ChannelInboundHandlerAdapter() {
                    @Override
                    public void channelRead(ChannelHandlerContext ctx, Object msg) {
                        ByteBuf b = (ByteBuf) msg; // the layer's shared buffer: copied out before the next read
                        byte[] copy = new byte[b.readableBytes()];
                        b.readBytes(copy);
                        received.writeBytes(copy);
                        b.release();
                    }
                });
        client.release(); // the layer holds its own reference now
        return new Session(channel, server, received);
    }

    private static boolean handshaking(SSLEngine e) {
        HandshakeStatus h = e.getHandshakeStatus();
        return h != HandshakeStatus.NOT_HANDSHAKING && h != HandshakeStatus.FINISHED;
    }

    /** Moves whatever {@code from} has to send into {@code to}, running the tasks either asks for. */
    private static void pass(SSLEngine from, SSLEngine to) throws SSLException {
        ByteBuffer net = ByteBuffer.allocateDirect(READ_BUFFER);
        SSLEngineResult r;
        do {
            r = from.wrap(ByteBuffer.allocate(0), net);
            runTasks(from);
        } while (r.bytesProduced() > 0 && from.getHandshakeStatus() == HandshakeStatus.NEED_WRAP);
        net.flip();
        ByteBuffer app = ByteBuffer.allocateDirect(READ_BUFFER);
        while (net.hasRemaining()) {
            r = to.unwrap(net, app);
            runTasks(to);
            if (r.bytesConsumed() == 0) {
                break;
            }
        }
    }

    private static void runTasks(SSLEngine e) {
        for (Runnable task; (task = e.getDelegatedTask()) != null; ) {
            task.run();
        }
    }
}
