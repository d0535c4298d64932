package showdown.report;

import java.util.List;

/**
 * One part of a report: a heading, a sentence saying what is shown, and its tables. The Markdown and
 * HTML writers render the same sections, so the two reports never disagree.
 *
 * @param id       a stable anchor made of [a-z0-9-]
 * @param heading  the section's heading
 * @param intro    what the tables show and how to read them (may be empty)
 * @param scenario the scenario the section is about, or null for run-wide sections
 * @param tables   its tables, in order
 */
public record Section(String id, String heading, String intro, String scenario, List<Table> tables) {
    public Section {
        tables = List.copyOf(tables);
    }
}
