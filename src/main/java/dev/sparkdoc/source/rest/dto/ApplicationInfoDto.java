package dev.sparkdoc.source.rest.dto;

import java.util.List;

/** {@code ApplicationInfo}: one application with its attempts, newest first. */
public record ApplicationInfoDto(String id, String name, List<AttemptDto> attempts) {

    public ApplicationInfoDto {
        attempts = Lists.orEmpty(attempts);
    }

    /**
     * {@code ApplicationAttemptInfo}. {@code attemptId} is absent for a live driver UI and for
     * logs without an attempt id (client and local mode).
     */
    public record AttemptDto(
            String attemptId,
            String startTime,
            String endTime,
            String lastUpdated,
            long duration,
            String sparkUser,
            boolean completed,
            String appSparkVersion,
            long startTimeEpoch,
            long endTimeEpoch,
            long lastUpdatedEpoch) {
    }
}
