package dev.sparkdoc.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * A test that runs a real Spark: a SparkSession in the test JVM, spark-submit, local-cluster or a
 * PySpark driver. Each costs seconds to start, so the quick loop ({@code mvn -Pquick test}) leaves
 * them to {@code mvn verify}.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Tag(RealSpark.TAG)
public @interface RealSpark {

    String TAG = "spark";
}
