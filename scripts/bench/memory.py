"""Gives every full build the same memory to start from.

The benchmark keeps every old output until all timing is done (trash.py),
and each stays in the page cache: 1.3 GB a build at 100,000 posts. By the
fifth such build free memory has run out, and the kernel reclaims it while
the build runs, on the same cores (here, 1–1.5 s more wall time for a
100,000-post build with the cache full than with memory free). A user's
build does not start that way. So before each full build the page cache
is emptied (after a sync, which leaves only clean pages in it; needs root)
and the build's own inputs are read back in: the binary and its libraries
(by running it once) and every file it reads, so the build stays warm.
"""
import os
import subprocess

DROP_CACHES = "/proc/sys/vm/drop_caches"


def available():
    """True when this process may empty the page cache (root)."""
    return os.access(DROP_CACHES, os.W_OK)


def settle(warm_command, inputs):
    """Empties the page cache, then runs `warm_command` and reads every file
    under `inputs` (files or folders) back into it. Does nothing without root."""
    if not available():
        return
    os.sync()
    with open(DROP_CACHES, "w", encoding="ascii") as f:
        f.write("1\n")
    subprocess.run(warm_command, check=True, stdout=subprocess.DEVNULL)
    for path in inputs:
        if os.path.isfile(path):
            _read(path)
        for folder, _, names in os.walk(path):
            for name in names:
                _read(os.path.join(folder, name))


def _read(path):
    with open(path, "rb") as f:
        while f.read(1 << 20):
            pass
