package dev.sparkdoc.tui;

import dev.sparkdoc.rules.Finding;
import java.util.Optional;

/**
 * The heap key ({@code h}) of a driver-memory finding's detail: ask first (a full GC pauses the
 * driver), read only on {@code y}, and say in one line why not where it cannot act. The folding
 * of {@link Update} for this feature, kept here so the shared update stays small.
 */
final class DriverHeapKeys {

    /** The findings beside which the driver's heap says something: the driver-memory family (its rules file). */
    static final String FAMILY = "driver-memory";

    private DriverHeapKeys() {
    }

    static boolean applies(Finding f) {
        return f.family().equals(FAMILY);
    }

    /** The finding whose detail is open, when it is one of the driver-memory family. */
    static Optional<Finding> openFinding(UiState s) {
        return s.drill().filter(d -> d.pane() == Pane.FINDINGS).flatMap(d -> Rows.finding(s, d.key())).filter(DriverHeapKeys::applies);
    }

    /** True when pressing the key here would ask to read the heap: what the hint is shown for. */
    static boolean canAct(UiState s) {
        return openFinding(s).isPresent() && s.processes().driverJvm().attachable() && !(s.heap() instanceof DriverHeap.Reading);
    }

    static boolean asking(UiState s) {
        return s.heap() instanceof DriverHeap.Asking;
    }

    static Update.Step pressed(UiState s) {
        if (openFinding(s).isEmpty() || s.heap() instanceof DriverHeap.Reading) {
            // elsewhere the key means nothing; while jcmd runs, one read at a time
            return Update.Step.of(s);
        }
        DriverJvm driver = s.processes().driverJvm();
        if (!driver.attachable()) {
            return Update.Step.of(s.withHeap(new DriverHeap.Refused(driver.whyNot().orElse("the driver's JVM is not known here"))));
        }
        return Update.Step.of(s.withHeap(new DriverHeap.Asking(driver.pid().getAsLong(), s.heap())));
    }

    /** The answer to the confirmation: {@code y} reads; any other key is a no and sends nothing. */
    static Update.Step answer(UiState s, KeyInput key) {
        DriverHeap.Asking asking = (DriverHeap.Asking) s.heap();
        if (key.kind() == KeyInput.Kind.CHAR && !key.ctrl() && (key.ch() == 'y' || key.ch() == 'Y')) {
            return Update.Step.of(s.withHeap(new DriverHeap.Reading(asking.pid(), s.now())), new Effect.ReadHeap(asking.pid()));
        }
        // a histogram read before stays: it is kept until a new one replaces it
        return Update.Step.of(s.withHeap(asking.before() instanceof DriverHeap.Read ? asking.before()
                : new DriverHeap.Declined(asking.pid())));
    }

    static Update.Step read(UiState s, UiEvent.HeapRead r) {
        return Update.Step.of(s.withHeap(new DriverHeap.Read(r.histogram(), r.at())));
    }

    static Update.Step failed(UiState s, UiEvent.HeapFailed f) {
        return Update.Step.of(s.withHeap(new DriverHeap.Failed(f.pid(), f.why(), f.at())));
    }
}
