package showdown.report.benchlog;

/** A record or note that cannot be read or written; the message is one line naming the file. */
public final class BenchLogException extends RuntimeException {
    public BenchLogException(String message) {
        super(message);
    }
}
