package showdown.harness.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads and writes {@code results.json}: the schema check on the way in, an atomic replace on the way out. */
public final class ResultsJson {

    /** The file name of the results inside a results folder. */
    public static final String FILE_NAME = "results.json";

    /** The major version this code writes. */
    static final int CURRENT_MAJOR = 2;
    /**
     * The oldest major version it reads: 2 changed only a search case's {@code sustainable} from one
     * object to a list, and a 1.x file's object is read as a list of one.
     */
    static final int OLDEST_MAJOR = 1;

    private static final java.util.concurrent.atomic.AtomicLong TEMP_COUNTER = new java.util.concurrent.atomic.AtomicLong();

    private static final Pattern SCHEMA_ID = Pattern.compile("showdown\\.results/(\\d+)(?:\\.\\d+)?");

    /**
     * Unknown fields are ignored so that a newer minor version (which only adds fields) still reads;
     * a new major version is refused by {@link #read} before mapping.
     */
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .build();

    private ResultsJson() {
    }

    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /** The path of the results file in a results folder. */
    public static Path fileIn(Path dir) {
        return dir.resolve(FILE_NAME);
    }

    /**
     * Reads a results file. Refuses a missing or unreadable file, a file that is not JSON, and a
     * schema of another major version, each with a one-line {@link ResultsException}.
     */
    public static RunResults read(Path file) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new ResultsException(file + ": no such file");
        } catch (IOException e) {
            throw new ResultsException(file + ": cannot read: " + e.getMessage(), e);
        }
        JsonNode tree;
        try {
            tree = MAPPER.readTree(bytes);
        } catch (IOException e) {
            throw new ResultsException(file + ": not valid JSON: " + firstLine(e), e);
        }
        if (tree == null || !tree.isObject()) {
            throw new ResultsException(file + ": not a Showdown results file (expected a JSON object)");
        }
        checkSchema(file, tree.path("schema").asText(null));
        try {
            return MAPPER.treeToValue(tree, RunResults.class);
        } catch (JsonProcessingException e) {
            throw new ResultsException(file + ": does not match " + RunResults.SCHEMA + ": " + firstLine(e), e);
        }
    }

    private static void checkSchema(Path file, String schema) {
        if (schema == null) {
            throw new ResultsException(file + ": not a Showdown results file (no \"schema\" field)");
        }
        Matcher m = SCHEMA_ID.matcher(schema);
        if (!m.matches()) {
            throw new ResultsException(file + ": unknown schema '" + schema + "' (expected " + RunResults.SCHEMA + ")");
        }
        int major = Integer.parseInt(m.group(1));
        if (major < OLDEST_MAJOR || major > CURRENT_MAJOR) {
            throw new ResultsException(file + ": schema '" + schema + "' is not supported; this Showdown reads "
                    + "showdown.results/" + OLDEST_MAJOR + ".x to " + CURRENT_MAJOR + ".x");
        }
    }

    /**
     * Replaces {@code file} with {@code results} so that a reader (or a crash) sees either the old file
     * or the new one, never a torn one: write a temporary file in the same folder, fsync it, then rename
     * it over the old one.
     */
    public static void writeAtomically(Path file, RunResults results) {
        Path dir = file.toAbsolutePath().getParent();
        Path tmp = null;
        try {
            byte[] json = MAPPER.writeValueAsBytes(results);
            tmp = temporarySibling(file);
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                ByteBuffer buf = ByteBuffer.wrap(json);
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
                ch.force(true);
            }
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                // Same folder, so this only happens on exotic file systems; a plain replace is the best left.
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
            tmp = null;
            syncDirectory(dir);
        } catch (IOException e) {
            throw new ResultsException(file + ": cannot write: " + e.getMessage(), e);
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // The write already failed and says so; a stray temp file is the lesser problem.
                }
            }
        }
    }

    /**
     * A fresh name beside {@code file}, hidden, unique per process and call. Unlike
     * {@link Files#createTempFile} it gets the usual permissions (umask), not owner-only, so the
     * results stay readable by whoever could read them before.
     */
    public static Path temporarySibling(Path file) {
        return file.toAbsolutePath().resolveSibling("." + file.getFileName() + "." + ProcessHandle.current().pid() + "."
                + TEMP_COUNTER.incrementAndGet() + ".tmp");
    }

    /** Makes the rename itself durable. Linux allows fsync on a directory; other systems may refuse. */
    private static void syncDirectory(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException | UnsupportedOperationException ignored) {
            // Not supported here: the file's own fsync already happened.
        }
    }

    private static String firstLine(Exception e) {
        String msg = e instanceof JsonProcessingException j ? j.getOriginalMessage() : e.getMessage();
        if (msg == null) {
            return e.getClass().getSimpleName();
        }
        int nl = msg.indexOf('\n');
        return nl < 0 ? msg : msg.substring(0, nl);
    }
}
