package showdown.hosts.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A peer that stops reading never stalls the thread that offers: what finds no room is counted,
 * and everything queued arrives, in order. Real sockets on 127.0.0.1 with small buffers.
 */
class ChannelOutboxTest {

    private static final int MESSAGES = 1000;
    private static final int PADDING_CHARS = 8 * 1024;
    private static final int SMALL_BUFFER_BYTES = 4 * 1024;

    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void offersToAPeerThatDoesNotReadAreCountedAndTheRestArriveInOrder() throws Exception {
        try (ServerSocket listener = new ServerSocket()) {
            listener.setReceiveBufferSize(SMALL_BUFFER_BYTES);
            listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            Socket client = new Socket();
            client.setSendBufferSize(SMALL_BUFFER_BYTES);
            client.connect(listener.getLocalSocketAddress());
            try (Socket peer = listener.accept()) {
                Channel sender = new Channel(client, 4);
                String padding = "x".repeat(PADDING_CHARS);
                int refused = 0;
                for (int i = 0; i < MESSAGES; i++) { // the peer reads nothing meanwhile
                    if (!sender.offer(new Message.Refused(i + " " + padding))) {
                        refused++;
                    }
                }
                assertThat(refused).as("a peer that does not read fills the queue").isPositive();
                assertThat(sender.dropped()).isEqualTo(refused);

                Channel receiver = new Channel(peer);
                CompletableFuture<List<Integer>> arrived = CompletableFuture.supplyAsync(() -> readUntilEnd(receiver));
                sender.send(new Message.End()); // waits for room in the queue, which the reader now makes
                assertThat(arrived.get(30, TimeUnit.SECONDS)).hasSize(MESSAGES - refused).isSorted().doesNotHaveDuplicates();
                sender.close();
                receiver.close();
            }
        }
    }

    private static List<Integer> readUntilEnd(Channel receiver) {
        List<Integer> arrived = new ArrayList<>();
        try {
            Message m;
            while (!((m = receiver.receive()) instanceof Message.End)) {
                String reason = ((Message.Refused) m).reason();
                arrived.add(Integer.parseInt(reason.substring(0, reason.indexOf(' '))));
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return arrived;
    }

    @Test
    @Timeout(value = 30, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void whatIsQueuedBeforeCloseIsSentBeforeTheSocketCloses() throws IOException {
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Socket client = new Socket(InetAddress.getLoopbackAddress(), listener.getLocalPort());
            try (Socket peer = listener.accept()) {
                Channel sender = new Channel(client);
                assertThat(sender.trySend(new Message.Refused("the reason"))).isTrue();
                sender.close();
                assertThat(sender.trySend(new Message.End())).as("nothing goes once closed").isFalse();
                assertThat(new Channel(peer).receive()).isEqualTo(new Message.Refused("the reason"));
            }
        }
    }
}
