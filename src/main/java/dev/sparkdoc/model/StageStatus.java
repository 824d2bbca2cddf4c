package dev.sparkdoc.model;

public enum StageStatus { ACTIVE, COMPLETE, FAILED, PENDING, SKIPPED }
