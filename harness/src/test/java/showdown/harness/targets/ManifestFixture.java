package showdown.harness.targets;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A target.yaml for tests: target {@code t} with the fields every manifest needs, then the test's own. */
public final class ManifestFixture {

    private static final String NAMED = """
            name: t
            display: T
            language: java
            framework: None
            version: "1"
            category: platform
            """;

    private ManifestFixture() {
    }

    /** Writes {@code dir/target.yaml} (making {@code dir}) with {@code fields} after the common ones, and loads it. */
    public static TargetManifest write(Path dir, String fields) throws IOException {
        Path file = Files.createDirectories(dir).resolve(TargetManifest.FILE_NAME);
        Files.writeString(file, NAMED + fields);
        return TargetManifest.load(file);
    }
}
