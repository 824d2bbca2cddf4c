# A join on a skewed key: 8,000 of 9,600 rows have key 0, so one of the 8 reduce tasks reads ~40x the
# median's rows. Each joined row then costs 1 ms in the JVM (java.lang.Thread.sleep through
# java_method, so the hot task's time does not depend on the machine's speed and no Python UDF is
# involved): the hot task runs ~8 s, the others ~0.2 s.
from pyspark.sql import SparkSession
from pyspark.sql.functions import col, expr, when

import scenario

spark = SparkSession.builder.appName("pyspark: skewed join").getOrCreate()

events = spark.range(0, 9600).select(when(col("id") < 8000, 0).otherwise(col("id") % 16 + 1).alias("key"), col("id"))
keys = spark.range(0, 17).select(col("id").alias("key"), (col("id") + 1).alias("weight"))
# the expression reads both sides, so it runs after the join, in the reduce tasks
joined = events.join(keys, "key").select(
    (col("id") + col("weight")).alias("v"), expr("java_method('java.lang.Thread', 'sleep', weight - weight + 1L)").alias("paced"))
spark.sparkContext.setJobDescription("skewed join")
# count() alone would prune the expression away: filter on its result
assert joined.where(col("paced") == "null").count() == 9600
scenario.mark("done")
scenario.hold()
spark.stop()
