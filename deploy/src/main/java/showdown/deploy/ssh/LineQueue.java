package showdown.deploy.ssh;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * A remote stream cut into lines: each whole line goes to a queue for the reader, and the last few
 * are kept to explain a failure. Written by the SSH I/O thread, so it never blocks.
 */
final class LineQueue extends OutputStream {

    /** Stands in the queue for the end of the stream. */
    static final String END = new String("end of stream");

    private static final int KEPT_LINES = 5;

    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final Deque<String> last = new ArrayDeque<>();
    private final ByteArrayOutputStream partial = new ByteArrayOutputStream();

    @Override
    public synchronized void write(int b) {
        if (b == '\n') {
            String line = partial.toString(StandardCharsets.UTF_8);
            partial.reset();
            if (line.endsWith("\r")) {
                line = line.substring(0, line.length() - 1);
            }
            lines.add(line);
            last.addLast(line);
            if (last.size() > KEPT_LINES) {
                last.removeFirst();
            }
        } else {
            partial.write(b);
        }
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
        for (int i = off; i < off + len; i++) {
            write(b[i]);
        }
    }

    @Override
    public void close() {
        lines.add(END);
    }

    BlockingQueue<String> lines() {
        return lines;
    }

    /** The last non-blank line written, or empty. */
    synchronized String lastLine() {
        return last.stream().filter(l -> !l.isBlank()).reduce((a, b) -> b).orElse("");
    }
}
