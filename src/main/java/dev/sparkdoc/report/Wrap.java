package dev.sparkdoc.report;

import java.util.ArrayList;
import java.util.List;

/** Word wrapping with a hanging indent, for reports that must stay readable at 80 columns. */
final class Wrap {

    private Wrap() {
    }

    static List<String> lines(String text, int width, String first, String rest) {
        List<String> out = new ArrayList<>();
        for (String paragraph : text.split("\n", -1)) {
            wrapParagraph(paragraph, width, out.isEmpty() ? first : rest, rest, out);
        }
        return out;
    }

    private static void wrapParagraph(String text, int width, String first, String rest, List<String> out) {
        StringBuilder line = new StringBuilder(first);
        boolean hasWord = false;
        for (String word : text.strip().split(" +")) {
            if (word.isEmpty()) {
                continue;
            }
            if (hasWord && line.length() + 1 + word.length() > width) {
                out.add(line.toString());
                line = new StringBuilder(rest);
                hasWord = false;
            }
            if (hasWord) {
                line.append(' ');
            }
            line.append(word);
            hasWord = true;
        }
        out.add(line.toString());
    }
}
