package dev.sparkdoc.fleet;

import java.util.regex.Pattern;

/**
 * {@code --name GLOB}: an application name matched whole, {@code *} any run of characters,
 * {@code ?} one; case-sensitive, as Spark's names are.
 */
public record NameGlob(String glob, Pattern pattern) {

    public static final NameGlob ANY = of("*");

    public static NameGlob of(String glob) {
        StringBuilder regex = new StringBuilder();
        for (char c : glob.toCharArray()) {
            switch (c) {
                case '*' -> regex.append(".*");
                case '?' -> regex.append('.');
                default -> regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return new NameGlob(glob, Pattern.compile(regex.toString(), Pattern.DOTALL));
    }

    /** A log that could not be read has no name: only the glob {@code *} (no --name) keeps it. */
    public boolean matches(String name) {
        if (glob.equals("*")) {
            return true;
        }
        return name != null && pattern.matcher(name).matches();
    }
}
