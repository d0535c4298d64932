package showdown.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import showdown.harness.results.CaseResult;
import showdown.harness.results.RunResults;
import showdown.harness.results.TargetOutcome;

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
                + "1,2,false,2026-11-30T01:10:00Z,h1,,,,,,,");
    }

    @Test
    void quotesFieldsWithCommasQuotesAndLineBreaks() throws IOException {
        assertThat(CsvReport.quote("plain")).isEqualTo("plain");
        assertThat(CsvReport.quote("a,b")).isEqualTo("\"a,b\"");
        assertThat(CsvReport.quote("say \"hi\"")).isEqualTo("\"say \"\"hi\"\"\"");
        assertThat(CsvReport.quote("two\nlines")).isEqualTo("\"two\nlines\"");
        String evilRow = csv.lines().filter(l -> l.startsWith("evil,")).findFirst().orElseThrow();
        assertThat(evilRow).startsWith("evil,\"<script>alert(1)</script> & \"\"Co\"\"\",spock-scotty,");
        List<CSVRecord> evil = read(csv).stream().filter(r -> r.get(0).equals("evil")).toList();
        assertThat(evil).isNotEmpty().allSatisfy(r -> assertThat(r.get(1)).isEqualTo(SampleRun.HOSTILE));
    }

    @Test
    void aStandardCsvReaderGetsEveryCellBackWhenNamesHoldCommasQuotesAndLineBreaks() throws IOException {
        String target = "a,b \"c\"\r\nd";
        String display = "Display, \"quoted\"\nand broken\rtwice";
        String request = "GET /x,y/\"{id}\"\n";
        RunResults base = SampleRun.build();
        TargetOutcome t = base.targets().getFirst();
        RunResults run = base.withTargets(List.of(new TargetOutcome(target, display, t.language(), t.framework(),
                t.version(), t.category(), t.status(), null, null, null)))
                .withCases(List.of(
                        SampleRun.aCase(target, "mist", request, 2, 0, 10_000),
                        SampleRun.aCase(target, "sc,en\"ario\"\n", "POST /\"\"", 1, 1, 20_000)));

        List<CSVRecord> records = read(CsvReport.render(run));

        assertThat(records.getFirst().toList()).isEqualTo(CsvReport.HEADER);
        assertThat(records).hasSize(1 + run.cases().size());
        for (int i = 0; i < run.cases().size(); i++) {
            CaseResult c = run.cases().get(i);
            CSVRecord r = records.get(i + 1);
            assertThat(r.toList()).as("row %d", i).isEqualTo(CsvReport.row(c, display));
            assertThat(List.of(cell(r, "target"), cell(r, "display"), cell(r, "scenario"), cell(r, "request"),
                    cell(r, "path"))).containsExactly(target, display, c.scenario(), c.request(), c.path());
            assertThat(Long.parseLong(cell(r, "requests"))).isEqualTo(c.requests());
            assertThat(Double.parseDouble(cell(r, "latency_p99_us"))).isCloseTo(c.latency().p99Micros(),
                    org.assertj.core.data.Offset.offset(0.0005)); // 3 decimals

        }
    }

    @Test
    void aSearchCaseCarriesItsSustainableThroughputAtEachLatencyTargetAndOtherCasesLeaveItEmpty() {
        RunResults capacity = SustainableReportTest.capacityRun();
        CaseResult netty = capacity.cases().stream().filter(c -> c.target().equals("netty")).findFirst().orElseThrow();
        List<String> row = CsvReport.row(netty, "Netty");
        assertThat(row.subList(CsvReport.HEADER.indexOf("sustainable_per_s"), CsvReport.HEADER.size()))
                .containsExactly("5000;9000", "5000;9000", "5200;9300", "latency;latency", "p99 <= 10 ms;p99 <= 100 ms");
        List<String> plain = CsvReport.row(SampleRun.build().cases().get(0), "Netty");
        assertThat(plain.subList(CsvReport.HEADER.indexOf("sustainable_per_s"), CsvReport.HEADER.size()))
                .containsExactly("", "", "", "", "");
    }

    private static String cell(CSVRecord r, String column) {
        return r.get(CsvReport.HEADER.indexOf(column));
    }

    /** Reads results.csv with Commons CSV's RFC 4180 format, header row included. */
    private static List<CSVRecord> read(String text) throws IOException {
        try (CSVParser parser = CSVParser.parse(text, CSVFormat.RFC4180)) {
            return parser.getRecords();
        }
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
}
