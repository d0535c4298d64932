package showdown.load.engine;

import java.util.SplittableRandom;
import showdown.load.Arrival;

/**
 * One event loop's due times in the open model, in {@code System.nanoTime()} terms, in order.
 * Uniform arrivals are closed-form (the k-th is due at {@code origin + offset + k * gap}, computed
 * from k so that no rounding accumulates); Poisson arrivals add exponential gaps of the same mean,
 * drawn from a generator seeded per loop, so that a seed repeats a run's schedule exactly.
 */
public final class ArrivalSchedule {

    private final double gapNanos;
    private final SplittableRandom random; // null: uniform
    private long start;
    private long index;
    /** Poisson: the sum of the gaps drawn so far, in nanoseconds since {@link #start}. */
    private double elapsed;
    private long next;

    /**
     * @param arrival   the process
     * @param ratePerSecond this loop's share of the rate
     * @param loopIndex which loop of the run this is: seeds its own Poisson generator
     */
    public ArrivalSchedule(Arrival arrival, double ratePerSecond, int loopIndex) {
        if (!(ratePerSecond > 0)) {
            throw new IllegalArgumentException("a schedule needs a positive rate, not " + ratePerSecond);
        }
        this.gapNanos = 1e9 / ratePerSecond;
        this.random = arrival.process() == Arrival.Process.POISSON
                ? new SplittableRandom(arrival.seed() * 0x9E3779B97F4A7C15L + loopIndex) : null;
    }

    /** The mean gap between two due times of this loop. */
    public double gapNanos() {
        return gapNanos;
    }

    /** The schedule starts: the first request is due {@code offsetNanos} after {@code originNanos} (uniform), or one drawn gap after it (Poisson). */
    public void start(long originNanos, long offsetNanos) {
        start = originNanos + (random == null ? offsetNanos : 0);
        index = 0;
        elapsed = 0;
        next = random == null ? start : start + Math.round(elapsed += drawGap());
    }

    /** When the next request is due. */
    public long peek() {
        return next;
    }

    /** Takes the next due time and moves on to the one after it. */
    public long take() {
        long due = next;
        index++;
        next = random == null ? start + Math.round(index * gapNanos) : start + Math.round(elapsed += drawGap());
        return due;
    }

    /** An exponential gap with mean {@link #gapNanos} (inverse transform; 1 - u keeps the logarithm finite). */
    private double drawGap() {
        return -Math.log(1.0 - random.nextDouble()) * gapNanos;
    }
}
