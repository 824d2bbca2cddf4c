package dev.sparkdoc.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * A test that forks the CLI or another program (a JVM, python, a shell) and waits on it for
 * seconds. The quick loop ({@code mvn -Pquick test}) leaves it to {@code mvn verify}; a fork that
 * returns in milliseconds ({@code ps}, {@code tmux -V}) needs no tag.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Tag(ForkedProcess.TAG)
public @interface ForkedProcess {

    String TAG = "process";
}
