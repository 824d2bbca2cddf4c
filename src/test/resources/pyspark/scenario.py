"""What the PySpark scenarios share with the test that runs them (dev.sparkdoc.spark.PySparkApp)."""
import os
import time

GATE = os.environ["SPARKDOC_GATE"]


def mark(name):
    """Leaves a file the test waits for."""
    open(os.path.join(GATE, name), "w").close()


def fails(action):
    """Runs the Spark action whose failure is the scenario, and marks "failed" when it fails."""
    try:
        action()
    except Exception:
        mark("failed")


def released():
    return os.path.exists(os.path.join(GATE, "release"))


def hold(limit_seconds=600):
    """Keeps the application, and its UI, up until the test releases it (or a generous limit passes)."""
    mark("holding")
    end = time.time() + limit_seconds
    while not released() and time.time() < end:
        time.sleep(0.05)
