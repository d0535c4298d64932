package showdown.load.http2;

import io.netty.buffer.ByteBuf;
import showdown.load.fieldcoding.HeaderCoding;
import showdown.load.fieldcoding.HpackHuffman;
import showdown.load.http2.H2FrameReader.ProtocolError;

/**
 * An HPACK decoder (RFC 7541) that reads a response header block for its {@code :status} only and
 * allocates nothing. It keeps the server's dynamic table in step, but stores for each entry only
 * its size, its name's length (a later literal may reuse the name) and, for a {@code :status}
 * entry, the status: that is all a later block can refer to that matters here. The value of a field
 * the table does not keep and that is not {@code :status} (nginx sends its date, server and
 * content headers so) is skipped by length, undecoded: its Huffman code is not checked. Strings the
 * table's sizes need are read, Huffman-coded ones walked a nibble at a time to learn their decoded length.
 */
final class HpackStatusDecoder {

    /** The table size we allow (the SETTINGS_HEADER_TABLE_SIZE default, which we never change). */
    static final int MAX_TABLE_SIZE = 4096;
    private static final int ENTRY_OVERHEAD = 32;
    private static final int MAX_ENTRIES = MAX_TABLE_SIZE / ENTRY_OVERHEAD;

    /** The static table's names (RFC 7541 Appendix A), index 1 first. */
    private static final String[] STATIC_NAMES = {
        ":authority", ":method", ":method", ":path", ":path", ":scheme", ":scheme",
        ":status", ":status", ":status", ":status", ":status", ":status", ":status",
        "accept-charset", "accept-encoding", "accept-language", "accept-ranges", "accept",
        "access-control-allow-origin", "age", "allow", "authorization", "cache-control",
        "content-disposition", "content-encoding", "content-language", "content-length",
        "content-location", "content-range", "content-type", "cookie", "date", "etag", "expect",
        "expires", "from", "host", "if-match", "if-modified-since", "if-none-match", "if-range",
        "if-unmodified-since", "last-modified", "link", "location", "max-forwards",
        "proxy-authenticate", "proxy-authorization", "range", "referer", "refresh", "retry-after",
        "server", "set-cookie", "strict-transport-security", "transfer-encoding", "user-agent",
        "vary", "via", "www-authenticate",
    };
    private static final int STATIC_COUNT = STATIC_NAMES.length;
    /** The statuses of static entries 8 to 14. */
    private static final int[] STATIC_STATUSES = {200, 204, 206, 304, 400, 404, 500};
    private static final int FIRST_STATIC_STATUS = 8;
    private static final byte[] STATUS_NAME = {':', 's', 't', 'a', 't', 'u', 's'};

    // The dynamic table, a ring: entry k (0 = newest) sits at (newest - k) mod MAX_ENTRIES.
    private final int[] entrySize = new int[MAX_ENTRIES];
    private final int[] entryNameLength = new int[MAX_ENTRIES];
    private final int[] entryStatus = new int[MAX_ENTRIES]; // -1: not a :status entry; 0: a malformed one
    private int newest = -1;
    private int entries;
    private int tableSize;
    private int maxTableSize = MAX_TABLE_SIZE;

    // Decoding state of the current block
    private int pos;
    private int end;
    private final byte[] scratch = new byte[STATUS_NAME.length]; // the first bytes of the last string read
    private int scratchLength;

    /**
     * Decodes the header block {@code buf[from, to)}.
     *
     * @return its {@code :status}: -1 without one, 0 when it is not three digits
     */
    int decode(ByteBuf buf, int from, int to) throws ProtocolError {
        pos = from;
        end = to;
        int status = -1;
        boolean fieldSeen = false;
        while (pos < end) {
            int b = buf.getUnsignedByte(pos);
            int found;
            if ((b & 0x80) != 0) { // indexed field
                found = statusOfEntry(integer(buf, 7));
            } else if ((b & 0xc0) == 0x40) { // literal with incremental indexing
                found = literal(buf, 6, true);
            } else if ((b & 0xe0) == 0x20) { // dynamic table size update, only before the first field
                if (fieldSeen) {
                    throw new ProtocolError("an HPACK table size update after a header field");
                }
                resize(integer(buf, 5));
                continue;
            } else { // literal without indexing, or never indexed
                found = literal(buf, 4, false);
            }
            fieldSeen = true;
            if (status < 0 && found >= 0) {
                status = found;
            }
        }
        return status;
    }

    /** The dynamic table's size in RFC 7541's terms (for tests). */
    int tableSize() {
        return tableSize;
    }

    /** The dynamic table's entries (for tests). */
    int entries() {
        return entries;
    }

    /** A literal field: returns its status if it is {@code :status}, else -1; adds it to the table if asked. */
    private int literal(ByteBuf buf, int prefixBits, boolean index) throws ProtocolError {
        int nameIndex = integer(buf, prefixBits);
        int nameLength;
        boolean isStatus;
        if (nameIndex == 0) {
            nameLength = string(buf);
            isStatus = nameLength == STATUS_NAME.length && scratchMatches(STATUS_NAME);
        } else if (nameIndex <= STATIC_COUNT) {
            nameLength = STATIC_NAMES[nameIndex - 1].length();
            isStatus = nameIndex >= FIRST_STATIC_STATUS && nameIndex < FIRST_STATIC_STATUS + STATIC_STATUSES.length;
        } else {
            int slot = dynamicSlot(nameIndex);
            nameLength = entryNameLength[slot];
            isStatus = entryStatus[slot] >= 0;
        }
        if (!index && !isStatus) {
            skipString(buf);
            return -1;
        }
        int valueLength = string(buf);
        int status = isStatus ? statusOfScratch(valueLength) : -1;
        if (index) {
            add(nameLength, valueLength, status);
        }
        return status;
    }

    private int statusOfEntry(int index) throws ProtocolError {
        if (index == 0) {
            throw new ProtocolError("HPACK index 0");
        }
        if (index <= STATIC_COUNT) {
            int k = index - FIRST_STATIC_STATUS;
            return k >= 0 && k < STATIC_STATUSES.length ? STATIC_STATUSES[k] : -1;
        }
        return entryStatus[dynamicSlot(index)];
    }

    private int dynamicSlot(int index) throws ProtocolError {
        int k = index - STATIC_COUNT - 1;
        if (k >= entries) {
            throw new ProtocolError("HPACK index " + index + " beyond the table");
        }
        int slot = newest - k;
        return slot < 0 ? slot + MAX_ENTRIES : slot;
    }

    private void add(int nameLength, int valueLength, int status) {
        int size = nameLength + valueLength + ENTRY_OVERHEAD;
        if (size > maxTableSize) {
            entries = 0; // an entry larger than the table empties it (RFC 7541 §4.4)
            tableSize = 0;
            return;
        }
        evictTo(maxTableSize - size);
        newest = newest + 1 == MAX_ENTRIES ? 0 : newest + 1;
        entrySize[newest] = size;
        entryNameLength[newest] = nameLength;
        entryStatus[newest] = status;
        entries++;
        tableSize += size;
    }

    private void resize(int size) throws ProtocolError {
        if (size > MAX_TABLE_SIZE) {
            throw new ProtocolError("an HPACK table size of " + size + ", above the " + MAX_TABLE_SIZE + " allowed");
        }
        maxTableSize = size;
        evictTo(size);
    }

    private void evictTo(int room) {
        while (tableSize > room) {
            int oldest = newest - (entries - 1);
            if (oldest < 0) {
                oldest += MAX_ENTRIES;
            }
            tableSize -= entrySize[oldest];
            entries--;
        }
    }

    private int statusOfScratch(int valueLength) {
        return HeaderCoding.status(scratch, valueLength);
    }

    private boolean scratchMatches(byte[] expected) {
        if (scratchLength < expected.length) {
            return false;
        }
        for (int k = 0; k < expected.length; k++) {
            if (scratch[k] != expected[k]) {
                return false;
            }
        }
        return true;
    }

    /** Reads a string literal; returns its decoded length and keeps its first bytes in {@code scratch}. */
    private int string(ByteBuf buf) throws ProtocolError {
        boolean huffman = pos < end && (buf.getUnsignedByte(pos) & 0x80) != 0;
        int length = stringLength(buf);
        int from = pos;
        pos += length;
        if (!huffman) {
            scratchLength = Math.min(length, scratch.length);
            buf.getBytes(from, scratch, 0, scratchLength);
            return length;
        }
        int decoded = HpackHuffman.decode(buf, from, from + length, scratch);
        if (decoded < 0) {
            throw new ProtocolError("an HPACK string with a bad Huffman code");
        }
        scratchLength = Math.min(decoded, scratch.length);
        return decoded;
    }

    /** Steps over a string literal without decoding it. */
    private void skipString(ByteBuf buf) throws ProtocolError {
        int length = stringLength(buf); // moves pos past the length prefix first
        pos += length;
    }

    /** Reads a string literal's length prefix (as sent, Huffman-coded or not) and checks it fits the block. */
    private int stringLength(ByteBuf buf) throws ProtocolError {
        if (pos >= end) {
            throw new ProtocolError("an HPACK block cut inside a field");
        }
        int length = integer(buf, 7);
        if (length > end - pos) {
            throw new ProtocolError("an HPACK string longer than its block");
        }
        return length;
    }

    /** An HPACK integer with a {@code prefixBits}-bit prefix (RFC 7541 §5.1). */
    private int integer(ByteBuf buf, int prefixBits) throws ProtocolError {
        long read = HeaderCoding.prefixInteger(buf, pos, end, prefixBits);
        if (read < 0) {
            throw new ProtocolError("an HPACK integer cut short or too large");
        }
        pos = (int) read;
        return (int) (read >>> 32);
    }
}
