package dev.sparkdoc.rules.catalog;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Marks a test that shows the named rules staying quiet on a near miss (checked by {@link CatalogCoverageTest}). */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
@interface NearMiss {
    String[] value();
}
