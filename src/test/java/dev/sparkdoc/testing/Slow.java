package dev.sparkdoc.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * A test that needs no Spark, terminal or fork but still takes seconds: it waits out timeouts and
 * back-offs on purpose, or reads inputs of hundreds of megabytes. The quick loop
 * ({@code mvn -Pquick test}) leaves it to {@code mvn verify}.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Tag(Slow.TAG)
public @interface Slow {

    String TAG = "slow";
}
