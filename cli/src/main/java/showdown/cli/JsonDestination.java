package showdown.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import showdown.load.LoadException;

/**
 * Where a command's {@code --json} goes: {@code -} for stdout (left open, a newline after the
 * document), else a file; a file that cannot be written is the user's problem, in one line.
 */
final class JsonDestination {

    /** Writes one JSON document to a stream and closes it. */
    @FunctionalInterface
    interface Document {
        void writeTo(OutputStream out) throws IOException;
    }

    private JsonDestination() {
    }

    static boolean isStdout(String json) {
        return "-".equals(json);
    }

    /** Writes {@code document} to {@code json} ("-" or a file name); nothing when {@code json} is null. */
    static void write(String json, Document document) throws IOException {
        if (json == null) {
            return;
        }
        if (isStdout(json)) {
            document.writeTo(new NonClosing(System.out));
            System.out.println();
            System.out.flush();
            return;
        }
        try (OutputStream out = Files.newOutputStream(Path.of(json))) {
            document.writeTo(out);
        } catch (IOException e) {
            throw new LoadException("cannot write " + json + ": " + e.getMessage());
        }
    }

    /** Lets a JSON writer close its stream without closing stdout. */
    private static final class NonClosing extends FilterOutputStream {
        NonClosing(OutputStream out) {
            super(out);
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }
}
