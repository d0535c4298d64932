package showdown.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** results.csv: one row per measured case, RFC 4180 quoting. */
class CsvReportTest {

    final String csv = CsvReport.render(SampleRun.build());

    @Test
    void hasAHeaderAndOneRowPerMeasuredCase() {
        List<String> lines = List.of(csv.split("\r\n"));
        assertThat(csv).endsWith("\r\n");
        assertThat(lines.get(0)).isEqualTo(String.join(",", CsvReport.HEADER));
        assertThat(lines).hasSize(1 + 46); // 23 cases × 2 repetitions
        assertThat(lines.get(1)).isEqualTo("netty,Netty,spock-scotty,GET /echo/hello-world,GET,/echo/hello-world,"
                + "400,1,1,0,5,500000,100000,60000000,"
                + "4000,400,20000,4000,4800,6000,12000,16000,18000,"
                + "0,0,0,0,0,0,200:500000,"
                + "7.5,2.5,20,104857600,94371840,"
                + "1,2,false,2026-11-30T01:10:00Z");
    }

    @Test
    void quotesFieldsWithCommasQuotesAndLineBreaks() {
        assertThat(CsvReport.quote("plain")).isEqualTo("plain");
        assertThat(CsvReport.quote("a,b")).isEqualTo("\"a,b\"");
        assertThat(CsvReport.quote("say \"hi\"")).isEqualTo("\"say \"\"hi\"\"\"");
        assertThat(CsvReport.quote("two\nlines")).isEqualTo("\"two\nlines\"");
        String evilRow = csv.lines().filter(l -> l.startsWith("evil,")).findFirst().orElseThrow();
        assertThat(evilRow).startsWith("evil,\"<script>alert(1)</script> & \"\"Co\"\"\",spock-scotty,");
        assertThat(parse(evilRow).get(1)).isEqualTo(SampleRun.HOSTILE);
        assertThat(parse(evilRow)).hasSize(CsvReport.HEADER.size());
    }

    @Test
    void numbersArePlainDecimalsAndMissingValuesAreEmpty() {
        assertThat(CsvReport.number(12_345_678.0)).isEqualTo("12345678");
        assertThat(CsvReport.number(0.1 + 0.2)).isEqualTo("0.3");
        assertThat(CsvReport.number(2.5)).isEqualTo("2.5");
        assertThat(CsvReport.number(1e-7)).isEqualTo("0");
        assertThat(CsvReport.number(null)).isEmpty();
        assertThat(CsvReport.number(42L)).isEqualTo("42");
    }

    /** A minimal RFC 4180 reader for one line, to check that quoting round-trips. */
    static List<String> parse(String line) {
        List<String> fields = new ArrayList<>();
        StringBuilder f = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    f.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    f.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                fields.add(f.toString());
                f.setLength(0);
            } else {
                f.append(c);
            }
        }
        fields.add(f.toString());
        return fields;
    }
}
