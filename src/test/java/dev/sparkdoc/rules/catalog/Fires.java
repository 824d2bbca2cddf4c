package dev.sparkdoc.rules.catalog;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Marks a test that shows the named rules firing on their symptom (checked by {@link CatalogCoverageTest}). */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
@interface Fires {
    String[] value();
}
