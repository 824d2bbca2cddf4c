package dev.sparkdoc.bench;

import java.io.InputStream;
import java.util.ServiceLoader;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.SparkConf;
import org.apache.spark.deploy.history.EventLogFileReader;
import org.apache.spark.deploy.history.EventLogFileReader$;
import org.apache.spark.scheduler.ReplayListenerBus;
import org.apache.spark.scheduler.ReplayListenerBus$;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.status.AppHistoryServerPlugin;
import org.apache.spark.status.AppStatusListener;
import org.apache.spark.status.AppStatusStore;
import org.apache.spark.status.ElementTrackingStore;
import org.apache.spark.util.kvstore.InMemoryStore;
import scala.Option;
import scala.jdk.javaapi.CollectionConverters;

/**
 * What Spark's History Server does to open an application (FsHistoryProvider.rebuildAppStore):
 * every file of the log replayed through a {@link ReplayListenerBus} into an
 * {@link AppStatusListener} plus the plugins' listeners (the SQL tab's SQLAppStatusListener) over
 * an in-memory {@link ElementTrackingStore}, with the default retention limits
 * (spark.ui.retainedStages=1000, retainedTasks=100000, ...).
 *
 * <pre>java SparkReplay LOG_FILE_OR_ROLLING_FOLDER</pre>
 */
public final class SparkReplay {

    public static void main(String[] args) throws Exception {
        long t0 = System.nanoTime();
        SparkConf conf = new SparkConf();
        Configuration hadoop = new Configuration();
        org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(new java.io.File(args[0]).getAbsoluteFile().toURI());
        FileSystem fs = path.getFileSystem(hadoop);
        EventLogFileReader reader = EventLogFileReader$.MODULE$.apply(fs, path).get();

        ElementTrackingStore store = new ElementTrackingStore(new InMemoryStore(), conf);
        ReplayListenerBus bus = new ReplayListenerBus();
        bus.addListener(new AppStatusListener(store, conf, false, Option.empty(), Option.empty()));
        for (AppHistoryServerPlugin plugin : ServiceLoader.load(AppHistoryServerPlugin.class)) {
            for (SparkListener l : CollectionConverters.asJava(plugin.createListeners(conf, store))) {
                bus.addListener(l);
            }
        }
        long bytes = 0;
        for (FileStatus file : CollectionConverters.asJava(reader.listEventLogFiles())) {
            bytes += file.getLen();
            try (InputStream in = EventLogFileReader$.MODULE$.openEventLog(file.getPath(), fs)) {
                bus.replay(in, file.getPath().toString(), !reader.completed(), ReplayListenerBus$.MODULE$.SELECT_ALL_FILTER());
            }
        }
        AppStatusStore status = new AppStatusStore(store, Option.empty(), Option.empty());
        int stages = status.stageList(null, false, false, new double[0], null).size();
        int jobs = status.jobsList(null).size();
        int executors = status.executorList(false).size();
        System.out.printf("spark-replay: %d jobs, %d stages kept, %d executors, %,d bytes on disk, %.2f s%n",
                jobs, stages, executors, bytes, (System.nanoTime() - t0) / 1e9);
        store.close(false);
    }
}
