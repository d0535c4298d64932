package showdown.harness.verify;

/** The result of one check. Only FAIL makes {@code showdown verify} exit 1. */
public enum Outcome { PASS, WARN, FAIL, SKIP }
