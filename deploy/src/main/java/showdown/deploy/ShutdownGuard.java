package showdown.deploy;

/**
 * Runs a clean-up once: when its owner closes, or from a JVM shutdown hook when the controller is
 * interrupted (Ctrl-C, SIGTERM) before that. Whichever comes first wins; the other does nothing.
 */
public final class ShutdownGuard implements AutoCloseable {

    private final Runnable cleanUp;
    private final Thread hook;
    private boolean done;

    private ShutdownGuard(String name, Runnable cleanUp) {
        this.cleanUp = cleanUp;
        this.hook = new Thread(this::runOnce, name);
    }

    /** Registers {@code cleanUp} to run at JVM shutdown unless {@link #close()} runs it first. */
    public static ShutdownGuard register(String name, Runnable cleanUp) {
        ShutdownGuard guard = new ShutdownGuard(name, cleanUp);
        Runtime.getRuntime().addShutdownHook(guard.hook);
        return guard;
    }

    /** Runs the clean-up now (once) and removes the shutdown hook. */
    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the JVM is already exiting: the hook runs or has run; runOnce keeps it to one
        }
        runOnce();
    }

    private void runOnce() {
        synchronized (this) {
            if (done) {
                return;
            }
            done = true;
        }
        cleanUp.run();
    }
}
