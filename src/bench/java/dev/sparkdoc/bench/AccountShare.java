package dev.sparkdoc.bench;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.RuleCatalog;
import dev.sparkdoc.signals.AppContext;
import dev.sparkdoc.signals.TimeSignals;
import dev.sparkdoc.source.eventlog.EventLogSource;
import java.nio.file.Path;

/**
 * What the time account costs within a triage: the log is read once, then the whole diagnosis
 * (every signal and rule, the account and its what-if included) and the account alone are timed,
 * each the median of a few runs after a warm-up. Prints "read_s diagnosis_s account_s".
 * The account is computed twice per triage (its facts, and the report's block), so its share of
 * a triage is 2 × account / (read + diagnosis).
 */
public final class AccountShare {

    public static void main(String[] args) throws Exception {
        long t0 = System.nanoTime();
        AppSnapshot snapshot = new EventLogSource(Path.of(args[0])).read();
        double read = (System.nanoTime() - t0) / 1e9;
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        double diagnosis = median(runs, () -> Diagnosis.of(snapshot, RuleCatalog.builtIn()));
        AppContext ctx = AppContext.of(snapshot);
        double account = median(runs, () -> TimeSignals.account(ctx).orElseThrow());
        System.out.printf("%.3f %.3f %.3f%n", read, diagnosis, account);
    }

    private static double median(int runs, Runnable work) {
        work.run(); // warm-up: the JIT, and the context's lazy indexes
        double[] t = new double[runs];
        for (int i = 0; i < runs; i++) {
            long s = System.nanoTime();
            work.run();
            t[i] = (System.nanoTime() - s) / 1e9;
        }
        java.util.Arrays.sort(t);
        return t[runs / 2];
    }
}
