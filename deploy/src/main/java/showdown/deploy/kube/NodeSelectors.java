package showdown.deploy.kube;

import java.util.LinkedHashMap;
import java.util.Map;
import showdown.deploy.DeployException;

/** Node labels written as on the command line: {@code key=value[,key=value...]}. */
public final class NodeSelectors {

    private NodeSelectors() {
    }

    /** The labels of {@code text}; blank text is none. */
    public static Map<String, String> parse(String text) {
        Map<String, String> labels = new LinkedHashMap<>();
        if (text == null || text.isBlank()) {
            return labels;
        }
        for (String item : text.split(",")) {
            int eq = item.indexOf('=');
            if (eq <= 0) {
                throw new DeployException("node selector '" + item.strip() + "' is not key=value");
            }
            labels.put(item.substring(0, eq).strip(), item.substring(eq + 1).strip());
        }
        return labels;
    }
}
