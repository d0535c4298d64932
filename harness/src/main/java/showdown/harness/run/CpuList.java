package showdown.harness.run;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import showdown.harness.plan.PlanException;

/** CPU ids in the kernel's list form, as taskset and /proc write them: {@code 0-3,6,8-9}. */
public final class CpuList {
    private CpuList() {
    }

    /** Parses {@code 0-3,6}; the result is sorted and free of duplicates. */
    public static List<Integer> parse(String text, String what) {
        TreeSet<Integer> cpus = new TreeSet<>();
        if (text == null || text.isBlank()) {
            throw new PlanException(what + ": empty CPU list");
        }
        for (String part : text.trim().split(",")) {
            String p = part.trim();
            try {
                int dash = p.indexOf('-');
                if (dash < 0) {
                    cpus.add(nonNegative(Integer.parseInt(p), what));
                } else {
                    int from = nonNegative(Integer.parseInt(p.substring(0, dash)), what);
                    int to = nonNegative(Integer.parseInt(p.substring(dash + 1)), what);
                    if (to < from) {
                        throw new PlanException(what + ": range '" + p + "' runs backwards");
                    }
                    for (int c = from; c <= to; c++) {
                        cpus.add(c);
                    }
                }
            } catch (NumberFormatException e) {
                throw new PlanException(what + ": '" + text + "' is not a CPU list (examples: 0, 0-3, 0,2,4)");
            }
        }
        return new ArrayList<>(cpus);
    }

    private static int nonNegative(int cpu, String what) {
        if (cpu < 0) {
            throw new PlanException(what + ": CPU ids are not negative");
        }
        return cpu;
    }

    /** Formats sorted ids with ranges: {@code [0,1,2,5]} gives {@code 0-2,5}. */
    public static String format(List<Integer> cpus) {
        List<Integer> sorted = new ArrayList<>(new TreeSet<>(cpus));
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < sorted.size()) {
            int j = i;
            while (j + 1 < sorted.size() && sorted.get(j + 1) == sorted.get(j) + 1) {
                j++;
            }
            if (out.length() > 0) {
                out.append(',');
            }
            out.append(sorted.get(i));
            if (j > i) {
                out.append('-').append(sorted.get(j));
            }
            i = j + 1;
        }
        return out.toString();
    }
}
