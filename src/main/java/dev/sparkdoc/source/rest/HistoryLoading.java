package dev.sparkdoc.source.rest;

import dev.sparkdoc.source.SourceFault;

/**
 * A History Server that cannot show an application yet. What Spark does (checked in Spark 4.0's
 * {@code HistoryServer}, {@code ApplicationCache}, {@code FsHistoryProvider} and the
 * {@code api/v1} resources):
 * <ul>
 *   <li>{@code FsHistoryProvider} lists new or grown event logs on a background scan every
 *       {@code spark.history.fs.update.interval} (10 s); right after a restart, a large log
 *       directory takes minutes to scan. Until then the REST API answers 404 {@code unknown app: <id>}
 *       ({@code OneApplicationResource}) or {@code no such app: <id>} ({@code UIRoot.withSparkUI}).</li>
 *   <li>The first request for an application's jobs, stages, … makes {@code ApplicationCache}
 *       replay its whole event log in the request thread (a Guava {@code LoadingCache} load, so
 *       every concurrent request for that app waits on the same load); an in-progress log is
 *       replayed again after it grows. For a big log the requests simply do not answer for
 *       minutes: no "loading" page exists in the REST API (the HTML {@code /history/<id>} servlet
 *       answers "Application … not found." only when there is no such log at all).</li>
 * </ul>
 * The replay continues on the server when sparkdoc gives up waiting, so asking again later works.
 */
final class HistoryLoading {

    private HistoryLoading() {
    }

    /** App-scoped requests timed out on a History Server: it is replaying the event log. */
    static RestFault replaying(AppChoice choice, RestFault timeout) {
        return new RestFault(SourceFault.LOADING, "History Server is still loading " + choice.app().id()
                + " (no answer within the timeout: it replays the app's event log on first access, minutes for a big log);"
                + " retrying is enough, or raise --timeout", timeout);
    }

    /** The History Server no longer lists the application: it is rescanning its log directory. */
    static RestFault unlisted(AppChoice choice, NotFoundException notFound) {
        return new RestFault(SourceFault.LOADING, "History Server is still loading " + choice.app().id()
                + " (it does not list it now: after a restart it rescans its log directory,"
                + " every spark.history.fs.update.interval); retrying is enough", notFound);
    }
}
