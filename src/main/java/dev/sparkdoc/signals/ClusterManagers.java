package dev.sparkdoc.signals;

import java.util.Locale;
import java.util.Optional;

/** Which cluster manager ran an application, from {@code spark.master}: the fleet store's column. */
public final class ClusterManagers {

    private ClusterManagers() {
    }

    /** "yarn", "k8s", "standalone", "local", "mesos"; empty when the application does not say. */
    public static Optional<String> of(AppContext ctx) {
        return SparkMaster.of(ctx).map(m -> name(m.url()));
    }

    static String name(String master) {
        String m = master.strip().toLowerCase(Locale.ROOT);
        if (m.startsWith("yarn")) {
            return "yarn";
        }
        if (m.startsWith("k8s://")) {
            return "k8s";
        }
        if (m.startsWith("mesos://")) {
            return "mesos";
        }
        // local-cluster[...] starts a standalone master and workers: a cluster, as SparkMaster says
        if (m.startsWith("spark://") || m.startsWith("local-cluster")) {
            return "standalone";
        }
        return m.startsWith("local") ? "local" : m;
    }
}
