"""What the scenario contract (docs/scenarios.md) fixes for every Python target's app."""

# S2: a larger POST /user body gets 413.
MAX_ECHO_BODY_BYTES = 40_000_000
# S3: the records given to the page's member partial.
MEMBERS = [{"name": name} for name in ("Chris McCord", "Matt Sears", "David Stump", "Ricardo Thompson")]
