package showdown.hosts.control;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Optional;

/**
 * What a multi-host run needs to be resumed, kept in its results folder beside
 * {@code run-settings.json}: the inventory as it was read ({@value #INVENTORY_COPY}), the
 * certificates' folder and the clock-offset bound.
 *
 * @param certs               the run's certificates folder, absolute
 * @param maxClockOffsetMicros {@code --max-clock-offset} in microseconds
 */
public record HostsSettings(String certs, long maxClockOffsetMicros) {

    public static final String FILE_NAME = "hosts-settings.json";
    public static final String INVENTORY_COPY = "hosts.yaml";

    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
            .enable(SerializationFeature.INDENT_OUTPUT);

    public Duration maxClockOffset() {
        return Duration.ofNanos(maxClockOffsetMicros * 1000);
    }

    public Path certsDir() {
        return Path.of(certs);
    }

    /** Writes these settings and a copy of the inventory into {@code dir}. */
    public void write(Path dir, Path inventory) {
        try {
            Files.createDirectories(dir);
            Files.copy(inventory, dir.resolve(INVENTORY_COPY), StandardCopyOption.REPLACE_EXISTING);
            Files.write(dir.resolve(FILE_NAME), JSON.writeValueAsBytes(this));
        } catch (IOException e) {
            throw new HostsException(dir + ": cannot write the hosts' settings: " + e.getMessage());
        }
    }

    /** The settings of the run in {@code dir}; empty for a local run. */
    public static Optional<HostsSettings> read(Path dir) {
        Path file = dir.resolve(FILE_NAME);
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(JSON.readValue(Files.readAllBytes(file), HostsSettings.class));
        } catch (IOException e) {
            throw new HostsException(file + ": unreadable: " + AgentLink.firstLine(e.getMessage()));
        }
    }
}
