package dev.sparkdoc.source.rest;

import java.util.Optional;

/** The {@code {app}} part of REST paths: {@code applications/<id>[/<attempt>]}. */
record AppRef(String appId, Optional<String> attemptId) {
}
