package dev.sparkdoc.report;

import dev.sparkdoc.firstaid.Remedy;
import dev.sparkdoc.rules.Finding;
import java.util.ArrayList;
import java.util.List;

/**
 * Remedies as lines to copy: the text, then each config as {@code --conf key=value} and the code,
 * indented by two spaces. Shared by the triage report and 'rules show'.
 */
final class RemedyLines {

    private RemedyLines() {
    }

    static List<String> of(List<Remedy> remedies) {
        List<String> out = new ArrayList<>();
        for (Remedy r : remedies) {
            out.addAll(of(r.text(), r.conf(), r.code()));
        }
        return out;
    }

    static List<String> of(String text, java.util.Map<String, String> conf, java.util.Optional<String> code) {
        List<String> out = new ArrayList<>();
        out.add(text);
        conf.forEach((k, v) -> out.add("  --conf " + k + "=" + v));
        code.ifPresent(c -> c.lines().forEach(l -> out.add("  " + l)));
        return out;
    }
}
