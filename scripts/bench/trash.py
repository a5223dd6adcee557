"""Moves old output folders aside instead of deleting them while timing.

Deleting tens of thousands of files makes the next builds slower than they
would be on a fresh checkout, and for minutes: ext4 without a journal, for
one, will not reuse an inode freed in the last minute or more, and scans
past every such inode for each file it creates. A full build is meant to
measure building into an empty folder, not the cleanup of the run before;
so the benchmark renames old folders into <out>/trash/ (instant, frees no
inode) and empties the trash only when all timing is done.
"""
import itertools
import os
import shutil

_counter = itertools.count()


def discard(path, out):
    """Moves `path` (if it exists) into <out>/trash/."""
    if not os.path.lexists(path):
        return
    trash = os.path.join(out, "trash")
    os.makedirs(trash, exist_ok=True)
    while True:
        target = os.path.join(trash, f"{os.getpid()}-{next(_counter)}")
        if not os.path.lexists(target):
            break
    os.rename(path, target)


def empty(out):
    shutil.rmtree(os.path.join(out, "trash"), ignore_errors=True)
