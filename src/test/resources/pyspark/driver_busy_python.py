# A PySpark driver that, after one job, works for a while in Python alone (a loop over the
# collected rows) while the executors sit idle, then waits for the test. Its JVM only serves Py4J.
import time

from pyspark.sql import SparkSession

import scenario

spark = SparkSession.builder.appName("pyspark: a driver busy in Python").getOrCreate()
rows = spark.range(0, 1000, 1, 4).collect()
scenario.mark("collected")


def build_report(rows, seconds):
    total, end = 0.0, time.time() + seconds
    while time.time() < end:
        total += sum(r.id for r in rows) ** 0.5
    return total


build_report(rows, 50)
scenario.mark("reported")
scenario.hold()
spark.stop()
