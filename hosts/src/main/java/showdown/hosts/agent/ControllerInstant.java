package showdown.hosts.agent;

/**
 * The one place an agent applies its clock offset: an instant the controller sent, on the
 * controller's clock, turned into the same instant on this agent's clock. The offset is the
 * agent's clock minus the controller's, as the controller measured it before the case.
 */
final class ControllerInstant {

    private ControllerInstant() {
    }

    /**
     * @param controllerEpochNanos an instant on the controller's clock (T0)
     * @param clockOffsetNanos     this agent's clock minus the controller's
     * @param afterNanos           how long after that instant (a warm-up, a schedule's delay)
     * @return the instant on this agent's clock
     */
    static long onAgentClock(long controllerEpochNanos, long clockOffsetNanos, long afterNanos) {
        return controllerEpochNanos + clockOffsetNanos + afterNanos;
    }
}
