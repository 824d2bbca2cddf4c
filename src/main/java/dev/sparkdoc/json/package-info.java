/**
 * The Jackson settings shared by readers and writers: lenient on Spark's unknown fields, ISO
 * dates, indented, and escapes that keep a {@code cat} of the output from driving the terminal.
 * Cross-cutting: it depends on no other sparkdoc package.
 */
package dev.sparkdoc.json;
