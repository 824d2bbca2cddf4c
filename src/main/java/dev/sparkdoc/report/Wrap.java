package dev.sparkdoc.report;

import java.util.ArrayList;
import java.util.List;

/** Word wrapping with a hanging indent, for reports that must stay readable at 80 columns. */
final class Wrap {

    private Wrap() {
    }

    /** Foreign text is cleaned ({@link SafeText}) and capped here, before it is styled. */
    static List<String> lines(String text, int width, String first, String rest) {
        List<String> out = new ArrayList<>();
        String safe = SafeText.clean(SafeText.capped(text)).replace('\t', ' ');
        for (String paragraph : safe.split("\n", -1)) {
            wrapParagraph(paragraph, width, out.isEmpty() ? first : rest, rest, out);
        }
        return out;
    }

    private static void wrapParagraph(String text, int width, String first, String rest, List<String> out) {
        StringBuilder line = new StringBuilder(first);
        int columns = SafeText.width(first);
        boolean hasWord = false;
        for (String word : text.strip().split(" +")) {
            if (word.isEmpty()) {
                continue;
            }
            int wordColumns = SafeText.width(word);
            if (hasWord && columns + 1 + wordColumns > width) {
                out.add(line.toString());
                line = new StringBuilder(rest);
                columns = SafeText.width(rest);
                hasWord = false;
            }
            if (hasWord) {
                line.append(' ');
                columns++;
            }
            line.append(word);
            columns += wordColumns;
            hasWord = true;
        }
        out.add(line.toString());
    }
}
