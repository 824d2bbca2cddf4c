package dev.sparkdoc.cli;

import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Converters for the numeric options that have a floor ({@code --top}, {@code --limit},
 * {@code --timeout}, {@code --interval}): a value below it is refused at parse time, as a wrong
 * word is, with one line that {@link UsageErrorHandler} completes with the option's name:
 * {@code sparkdoc: --top must be at least 1 (got 0)}, exit 2.
 */
final class NumberOptions {

    private NumberOptions() {
    }

    /** A value under an option's floor; the message lacks the option's name, which the parser knows. */
    static final class BelowMinimum extends RuntimeException {
        BelowMinimum(String minimum, String given) {
            super("must be at least " + minimum + " (got " + given + ")");
        }
    }

    /** A count: how many findings, classes, applications; a timeout in whole seconds. */
    static final class AtLeastOne implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            int n;
            try {
                n = Integer.parseInt(value.strip());
            } catch (NumberFormatException e) {
                throw new TypeConversionException("'" + value + "' is not a whole number");
            }
            if (n < 1) {
                throw new BelowMinimum("1", value);
            }
            return n;
        }
    }

    /** A process id: a pid of 0 or below names a process group or every process to kill(2), never one JVM. */
    static final class ProcessId implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            long pid;
            try {
                pid = Long.parseLong(value.strip());
            } catch (NumberFormatException e) {
                throw new TypeConversionException("'" + value + "' is not a process id");
            }
            if (pid < 1) {
                throw new BelowMinimum("1", value);
            }
            return pid;
        }
    }

    /** attach's pace: half a second at least, as the config file's interval: (a driver must not be read flat out). */
    static final class IntervalSeconds implements ITypeConverter<Double> {
        static final double MINIMUM = 0.5;

        @Override
        public Double convert(String value) {
            double seconds;
            try {
                seconds = Double.parseDouble(value.strip());
            } catch (NumberFormatException e) {
                throw new TypeConversionException("'" + value + "' is not a number of seconds");
            }
            if (!(seconds >= MINIMUM) || Double.isInfinite(seconds)) {
                throw new BelowMinimum(String.format(Locale.ROOT, "%.1f seconds", MINIMUM), value);
            }
            return seconds;
        }
    }
}
