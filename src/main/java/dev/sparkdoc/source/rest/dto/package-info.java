/**
 * Jackson-bound mirrors of the Spark REST objects sparkdoc reads ({@code status/api/v1/api.scala}).
 *
 * <p>Only the fields sparkdoc uses are declared; unknown ones are ignored ({@code Json.mapper()}),
 * because Spark adds fields in minor releases. Spark omits empty {@code Option} fields instead of
 * writing null, so a reference-typed component is {@code null} when the field was absent; the
 * mappers in {@code source.rest} turn those into {@code Optional}s before anything reaches the
 * model. Collections are normalised here: absent is empty, and a null element is dropped (a null
 * is an absent value; only taskSummary's position-aligned lists keep theirs). Dates stay strings
 * ({@code 2015-02-03T16:42:40.000GMT}) and are parsed by {@code RestDates}.
 */
package dev.sparkdoc.source.rest.dto;
