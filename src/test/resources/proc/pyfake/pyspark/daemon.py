"""A fake pyspark.daemon with the real one's process shape: it forks worker processes that share
its command line. Each worker allocates and touches FAKE_WORKER_MB MiB, prints "ready <pid>" and
sleeps. Everything exits when its parent goes away, so a killed test leaves nothing behind."""
import os
import signal
import sys
import time


def wait_for_parent(parent):
    while os.getppid() == parent:
        time.sleep(0.2)


def worker(mb):
    data = b"\x01" * (mb * 1024 * 1024)  # bytes(n * b"\x01") is memset: every page is touched
    sys.stdout.write("ready %d %d\n" % (os.getpid(), len(data)))
    sys.stdout.flush()
    wait_for_parent(os.getppid())
    os._exit(0)


def main():
    n = int(os.environ.get("FAKE_WORKERS", "3"))
    mb = int(os.environ.get("FAKE_WORKER_MB", "50"))
    children = []
    for _ in range(n):
        pid = os.fork()
        if pid == 0:
            worker(mb)
        children.append(pid)
    wait_for_parent(os.getppid())
    for pid in children:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass


if __name__ == "__main__":
    main()
