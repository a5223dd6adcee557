"""Runs one command and measures it: wall seconds, CPU seconds and peak
resident memory.

Wall time is taken here, around the whole child, with a monotonic clock;
peak RSS and user/system CPU come from GNU time (`/usr/bin/time -v`,
"Maximum resident set size"), which reads them from the kernel when the
child exits. System time tells file-system costs apart from the program's. The command's
own output is kept, for callers that read a summary line from it.
"""
import os
import statistics
import subprocess
import tempfile
import time
from dataclasses import dataclass

TIME = "/usr/bin/time"


@dataclass
class Sample:
    seconds: float
    peak_kib: int
    user: float
    system: float
    stdout: str


def run(argv, cwd=None):
    """Runs argv to completion; raises with its stderr when it fails."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
        start = time.perf_counter()
        done = subprocess.run([TIME, "-v", "-o", report.name, *argv], cwd=cwd,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        seconds = time.perf_counter() - start
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(argv)} exited {done.returncode}:\n{done.stderr.strip()}")
        fields = dict(line.strip().rsplit(": ", 1) for line in report if ": " in line)
    return Sample(seconds, int(fields["Maximum resident set size (kbytes)"]),
                  float(fields["User time (seconds)"]), float(fields["System time (seconds)"]), done.stdout)


@dataclass
class Summary:
    """RUNS samples of one measurement, as the report shows them."""
    seconds: float  # median wall time
    peak_mib: float  # the highest peak of the runs
    user: float  # median user CPU seconds
    system: float  # median system CPU seconds
    samples: list

    @staticmethod
    def of(samples):
        return Summary(statistics.median(s.seconds for s in samples),
                       max(s.peak_kib for s in samples) / 1024,
                       statistics.median(s.user for s in samples),
                       statistics.median(s.system for s in samples), samples)


def available():
    return os.access(TIME, os.X_OK)
