package showdown.load;

/** Called about once a second from a timer thread, never from an event loop. */
@FunctionalInterface
public interface ProgressListener {
    ProgressListener NONE = progress -> { };

    void onProgress(Progress progress);
}
