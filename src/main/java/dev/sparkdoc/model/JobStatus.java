package dev.sparkdoc.model;

public enum JobStatus { RUNNING, SUCCEEDED, FAILED, UNKNOWN }
