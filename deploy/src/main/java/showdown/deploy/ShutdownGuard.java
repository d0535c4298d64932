package showdown.deploy;

/**
 * Runs a clean-up once: when its owner closes, or from a JVM shutdown hook when the controller is
 * interrupted (Ctrl-C, SIGTERM) before that. Whichever comes first runs it; the other waits until it
 * has finished, so that nothing the clean-up needs (a connection, a client) is closed under it.
 */
public final class ShutdownGuard implements AutoCloseable {

    private enum State { ARMED, RUNNING, DONE }

    private final Runnable cleanUp;
    private final Thread hook;
    private State state = State.ARMED;

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

    /**
     * Runs the clean-up now, or waits for the run already under way. The hook stays registered while
     * the clean-up runs: should the JVM begin to exit meanwhile (Ctrl-C), the hook waits for it to end.
     */
    @Override
    public void close() {
        runOnce();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the JVM is exiting: the hook finds the clean-up done and returns
        }
    }

    private void runOnce() {
        synchronized (this) {
            boolean interrupted = false;
            while (state == State.RUNNING) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            if (state == State.DONE) {
                return;
            }
            state = State.RUNNING;
        }
        try {
            cleanUp.run();
        } finally {
            synchronized (this) {
                state = State.DONE;
                notifyAll();
            }
        }
    }
}
