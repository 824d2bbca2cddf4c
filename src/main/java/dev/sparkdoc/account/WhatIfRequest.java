package dev.sparkdoc.account;

import java.util.Optional;

/**
 * {@code --what-if executors=N[,cores=C]}: the executors to replay the application on; without
 * {@code cores}, each as large as the application's own.
 */
public record WhatIfRequest(int executors, Optional<Integer> cores) {

    /** A bound on what a replay is asked: past it, the answer is the critical path anyway. */
    static final int MOST = 100_000;

    public WhatIfRequest {
        if (executors < 1 || executors > MOST || cores.map(c -> c < 1 || c > MOST).orElse(false)) {
            throw new IllegalArgumentException("executors and cores must be whole numbers from 1 to " + MOST);
        }
    }

    /**
     * Parses {@code executors=4} or {@code executors=4,cores=8}.
     *
     * @throws IllegalArgumentException with a one-line message naming the problem and the form
     */
    public static WhatIfRequest parse(String text) {
        Integer executors = null;
        Integer cores = null;
        for (String item : text.strip().split(",")) {
            String[] kv = item.strip().split("=", 2);
            if (kv.length != 2) {
                throw bad(text, "'" + item.strip() + "' is not key=value");
            }
            int value = number(text, kv[1].strip());
            switch (kv[0].strip()) {
                case "executors" -> executors = value;
                case "cores" -> cores = value;
                default -> throw bad(text, "unknown key '" + kv[0].strip() + "'");
            }
        }
        if (executors == null) {
            throw bad(text, "executors=N is required");
        }
        try {
            return new WhatIfRequest(executors, Optional.ofNullable(cores));
        } catch (IllegalArgumentException e) {
            throw bad(text, e.getMessage());
        }
    }

    private static int number(String text, String value) {
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw bad(text, "'" + value + "' is not a whole number");
        }
    }

    private static IllegalArgumentException bad(String text, String why) {
        return new IllegalArgumentException("'" + text + "': " + why + "; write executors=N or executors=N,cores=C");
    }
}
