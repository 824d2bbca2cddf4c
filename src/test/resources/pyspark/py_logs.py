# A Python UDF that prints, and one that raises, on a local-cluster's real executor: the print
# and the traceback land in that executor's stderr (PythonWorkerFactory copies the Python
# workers' stdout and stderr there), which sparkdoc logs and the live view's logs read.
from pyspark.sql import SparkSession
from pyspark.sql.functions import udf

import scenario

spark = SparkSession.builder.appName("pyspark: executor logs").getOrCreate()


def shout(x):
    print("hello from the Python UDF %d" % x, flush=True)
    return x


def divide(x):
    return 10 // (x - 2)


rows = spark.range(0, 3, 1, 1)
rows.select(udf(shout, "long")("id")).collect()
scenario.fails(lambda: rows.select(udf(divide, "long")("id")).collect())
scenario.hold()
spark.stop()
