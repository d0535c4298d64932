package showdown.hosts.wire;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;

/**
 * The envelope of every frame: {@code {"v": 1, "message": {"type": ..., ...}}}. A peer that
 * speaks another version is refused in one line; fields this version does not know are ignored,
 * so a minor addition needs no new version.
 */
public final class Wire {

    /** The protocol version this build speaks. */
    public static final int VERSION = 1;

    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
            .setSerializationInclusion(JsonInclude.Include.NON_NULL);

    private Wire() {
    }

    public static byte[] encode(Message m) {
        ObjectNode envelope = JSON.createObjectNode();
        envelope.put("v", VERSION);
        envelope.set("message", JSON.valueToTree(m));
        try {
            return JSON.writeValueAsBytes(envelope);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode " + m.getClass().getSimpleName(), e);
        }
    }

    public static Message decode(byte[] frame) {
        JsonNode envelope;
        try {
            envelope = JSON.readTree(frame);
        } catch (IOException e) {
            throw new WireException("a frame that is not JSON: " + e.getMessage());
        }
        if (envelope == null || !envelope.has("v") || !envelope.has("message")) {
            throw new WireException("a frame without a protocol version and message");
        }
        int version = envelope.get("v").asInt();
        if (version != VERSION) {
            throw new WireException("the peer speaks protocol version " + version + ", this build " + VERSION);
        }
        try {
            return JSON.treeToValue(envelope.get("message"), Message.class);
        } catch (JsonProcessingException e) {
            throw new WireException("a message this build cannot read: " + e.getOriginalMessage());
        }
    }
}
