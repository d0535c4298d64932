package showdown.load;

/** One request header as the user gave it, sent exactly as written. */
public record Header(String name, String value) {

    /** Parses {@code "Name: value"}; the value may be empty, the name may not. */
    public static Header parse(String line) {
        int colon = line.indexOf(':');
        if (colon <= 0) {
            throw new LoadException("header '" + line + "' has no 'Name: value' form");
        }
        String name = line.substring(0, colon).trim();
        if (name.isEmpty() || name.chars().anyMatch(c -> c <= ' ' || c >= 127)) {
            throw new LoadException("header '" + line + "' has an invalid name");
        }
        return new Header(name, line.substring(colon + 1).trim());
    }
}
