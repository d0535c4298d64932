package showdown.harness.plan;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import showdown.harness.targets.Protocol;

/** Reads a {@code protocol:} field of a scenario or profile: one protocol, or a list of them. */
final class Protocols {

    private Protocols() {
    }

    /** The protocols named, in the order written; empty when the field is absent. */
    static List<Protocol> parse(YamlFields f, JsonNode node, String where, boolean listAllowed) {
        JsonNode v = node.get("protocol");
        List<Protocol> out = new ArrayList<>();
        if (v == null || v.isNull()) {
            return out;
        }
        if (v.isArray() && !listAllowed) {
            throw new PlanException(f.where(where + ".protocol") + " must be one protocol here (a level runs one)");
        }
        for (JsonNode item : v.isArray() ? v : List.of(v)) {
            if (!item.isValueNode()) {
                throw new PlanException(f.where(where + ".protocol") + " must be a protocol or a list of them");
            }
            Protocol p;
            try {
                p = Protocol.of(item.asText());
            } catch (IllegalArgumentException e) {
                throw new PlanException(f.where(where + ".protocol") + " " + e.getMessage());
            }
            if (out.contains(p)) {
                throw new PlanException(f.where(where + ".protocol") + " lists " + p + " twice");
            }
            out.add(p);
        }
        if (out.isEmpty()) {
            throw new PlanException(f.where(where + ".protocol") + " must name at least one protocol");
        }
        return out;
    }
}
