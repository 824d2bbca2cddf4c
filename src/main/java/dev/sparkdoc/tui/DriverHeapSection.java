package dev.sparkdoc.tui;

import dev.sparkdoc.facts.ByteFormat;
import dev.sparkdoc.model.HeapHistogram;
import dev.sparkdoc.report.HeapText;
import dev.sparkdoc.report.SafeText;
import dev.sparkdoc.rules.Finding;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The driver's heap beside a driver-memory finding: the key's hint where it can act, the
 * confirmation, "reading…", then the top classes by bytes with what the largest Spark-typical
 * one means (the words {@code sparkdoc driver heap} prints), or one line saying why not.
 */
final class DriverHeapSection {

    private static final String TITLE = "Driver heap";
    private static final int COUNT = 11;
    private static final int BYTES = 10;
    private static final int SHARE = 6;

    private DriverHeapSection() {
    }

    /** How many classes: five on a 24-row screen, so the first fix still shows below them; up to ten on a tall one. */
    static int topCount(int bodyRows) {
        return Math.max(3, Math.min(10, bodyRows - 14));
    }

    /** True when the section lists classes: the detail then scrolls to keep them in view. */
    static boolean showsClasses(UiState s, Finding x) {
        return DriverHeapKeys.applies(x) && s.heap() instanceof DriverHeap.Read;
    }

    static List<Line> lines(UiState s, Finding x, int width, int bodyRows) {
        List<Line> out = new ArrayList<>();
        if (!DriverHeapKeys.applies(x)) {
            return out;
        }
        boolean canAct = DriverHeapKeys.canAct(s);
        String again = canAct ? " (h asks again)" : "";
        DriverHeap heap = s.heap();
        if (heap instanceof DriverHeap.Read r) {
            // the footer says "h driver heap" where it can read again: the header keeps to one row
            out.addAll(histogram(r, width, topCount(bodyRows)));
        } else if (heap instanceof DriverHeap.Reading r) {
            out.addAll(Line.wrap(TITLE + ": reading the heap of pid " + r.pid() + "… " + Fmt.age(r.since(), s.now())
                    + " (jcmd GC.class_histogram; the driver pauses for a full GC)", width, Tone.ACCENT, -1));
        } else if (heap instanceof DriverHeap.Failed f) {
            out.addAll(Line.wrap(TITLE + ": not read: " + f.why() + again, width, Tone.ALERT, -1));
        } else if (heap instanceof DriverHeap.Refused r) {
            out.addAll(Line.wrap(TITLE + ": h cannot read it: " + r.why(), width, Tone.DIM, -1));
        } else if (heap instanceof DriverHeap.Declined d) {
            out.addAll(Line.wrap(TITLE + ": not read; nothing was done to pid " + d.pid() + again, width, Tone.DIM, -1));
        } else if (canAct) {
            // None, or Asking under the confirmation: the hint only where the key can act
            out.addAll(Line.wrap(TITLE + ": h lists its top classes by bytes (pid " + s.processes().driverJvm().pid().getAsLong()
                    + "; asks first: it pauses)", width, Tone.DIM, -1));
        }
        return out;
    }

    private static List<Line> histogram(DriverHeap.Read r, int width, int top) {
        HeapHistogram h = r.histogram();
        List<Line> out = new ArrayList<>();
        out.addAll(Line.wrap(String.format(Locale.ROOT, "%s, pid %d, %s, after a full GC: %s in %,d objects", TITLE, h.pid(),
                Fmt.clock(r.at()), ByteFormat.compact(h.totalBytes()), h.totalInstances()), width, Tone.BOLD, -1));
        String head = String.format(Locale.ROOT, "  %" + COUNT + "s %" + BYTES + "s %" + SHARE + "s  ", "COUNT", "BYTES", "SHARE");
        out.add(Line.of(head + "CLASS", Tone.DIM));
        int room = Math.max(8, width - SafeText.width(head));
        for (HeapHistogram.Entry e : h.entries().subList(0, Math.min(top, h.entries().size()))) {
            out.add(Line.of(String.format(Locale.ROOT, "  %," + COUNT + "d %" + BYTES + "s %" + (SHARE - 1) + ".1f%%  ", e.instances(),
                    ByteFormat.compact(e.bytes()), h.percentOf(e)) + shortName(SafeText.line(HeapText.javaName(e.className())), room), Tone.NORMAL));
        }
        HeapText.hint(h, top).ifPresent(hint -> out.addAll(Line.wrap(hint, width, Tone.WARNING, -1)));
        return out;
    }

    /**
     * A class name that fits {@code room}: the package's first words shortened to their initial
     * ({@code o.a.s.sql.catalyst.expressions.GenericRowWithSchema}), so the class itself is never cut.
     */
    static String shortName(String name, int room) {
        String[] parts = name.split("\\.");
        int i = 0;
        String out = name;
        while (SafeText.width(out) > room && i < parts.length - 1) {
            parts[i] = parts[i].isEmpty() ? parts[i] : parts[i].substring(0, 1);
            i++;
            out = String.join(".", parts);
        }
        return SafeText.width(out) <= room ? out : "…" + out.substring(Math.max(0, out.length() - room + 1));
    }

    /** The confirmation over the detail: what it does to the driver, and y or anything else. */
    static void confirmation(UiState s, Frame f) {
        long pid = ((DriverHeap.Asking) s.heap()).pid();
        Overlay.box(f, "Read the driver's heap?", List.of(
                Line.of("jcmd " + pid + " GC.class_histogram runs a full GC: the driver JVM", Tone.NORMAL),
                Line.of("(pid " + pid + ") pauses, for a moment on a small heap and", Tone.NORMAL),
                Line.of("seconds on a large one; scheduling waits meanwhile.", Tone.NORMAL),
                Line.of("", Tone.NORMAL),
                Line.of("Go on? [y/N]", Tone.BOLD)), "y reads it · any other key: no");
    }
}
