package dev.sparkdoc.tui;

import dev.sparkdoc.firstaid.Remedy;
import dev.sparkdoc.rules.Finding;
import java.util.ArrayList;
import java.util.List;

/** A fix's config as the exact {@code --conf} lines spark-submit takes. */
final class Remedies {

    private Remedies() {
    }

    static List<String> confLines(Remedy remedy) {
        List<String> out = new ArrayList<>();
        remedy.conf().forEach((k, v) -> out.add("--conf " + k + "=" + v));
        return out;
    }
}
