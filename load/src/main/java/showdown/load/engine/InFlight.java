package showdown.load.engine;

import java.util.Arrays;

/**
 * The requests in flight on one multiplexed connection (HTTP/2 or HTTP/3 streams), in a fixed
 * number of reusable slots: each slot in use holds its stream's id, when its request was due and
 * when it was sent. What a protocol keeps per stream beyond that (a status, flow-control windows,
 * a stream handler) it keeps by the same slot. Nothing is allocated per request; everything runs on
 * the connection's event loop.
 */
public final class InFlight {

    private static final long FREE = -1;

    private final long[] ids;
    private final long[] dueAt;
    private final long[] sentAt;
    private int size;

    /** @param capacity the most requests in flight at once ({@code --pipeline}) */
    public InFlight(int capacity) {
        this.ids = new long[capacity];
        this.dueAt = new long[capacity];
        this.sentAt = new long[capacity];
        Arrays.fill(ids, FREE);
    }

    public int capacity() {
        return ids.length;
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    /** Takes a free slot for stream {@code id} (0 or more), due at {@code dueNanos} and sent at {@code sentNanos}. */
    public int open(long id, long dueNanos, long sentNanos) {
        for (int k = 0; k < ids.length; k++) {
            if (ids[k] == FREE) {
                ids[k] = id;
                dueAt[k] = dueNanos;
                sentAt[k] = sentNanos;
                size++;
                return k;
            }
        }
        throw new IllegalStateException("more requests in flight than " + ids.length);
    }

    /** The slot of stream {@code id}, or -1 when it is not in flight. */
    public int slotOf(long id) {
        for (int k = 0; k < ids.length; k++) {
            if (ids[k] == id) {
                return k;
            }
        }
        return -1;
    }

    public boolean inUse(int slot) {
        return ids[slot] != FREE;
    }

    public long id(int slot) {
        return ids[slot];
    }

    public long dueAt(int slot) {
        return dueAt[slot];
    }

    public long sentAt(int slot) {
        return sentAt[slot];
    }

    /** The request of {@code slot} is no longer in flight. */
    public void free(int slot) {
        if (ids[slot] != FREE) {
            ids[slot] = FREE;
            size--;
        }
    }

    /** Forgets every request (their socket is gone). */
    public void clear() {
        Arrays.fill(ids, FREE);
        size = 0;
    }

    /** Whether a request in flight was sent more than {@code timeoutNanos} before {@code now}. */
    public boolean anyOlderThan(long now, long timeoutNanos) {
        for (int k = 0; k < ids.length; k++) {
            if (ids[k] != FREE && now - sentAt[k] > timeoutNanos) {
                return true;
            }
        }
        return false;
    }
}
