package showdown.harness.targets;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;

/** PEM text of certificates and keys, and key files only their owner may read. */
public final class PemFiles {

    private PemFiles() {
    }

    /** A certificate, or a key through {@code JcaPKCS8Generator}, as PEM text. */
    public static String pem(Object o) throws IOException {
        StringWriter out = new StringWriter();
        try (JcaPEMWriter w = new JcaPEMWriter(out)) {
            w.writeObject(o);
        }
        return out.toString();
    }

    /** Owner-only where the file system knows permissions: it is a private key. */
    public static void writePrivate(Path file, String text) throws IOException {
        Files.deleteIfExists(file);
        try {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException e) {
            Files.createFile(file);
        }
        Files.writeString(file, text, StandardCharsets.US_ASCII);
    }
}
