"""Moves old output folders aside instead of deleting them while timing.

Deleting tens of thousands of files makes the next builds slower than they
would be on a fresh checkout, and for minutes: ext4 without a journal, for
one, will not reuse an inode freed in the last minute or more, and scans
past every such inode for each file it creates. A full build is meant to
measure building into an empty folder, not the cleanup of the run before;
so the benchmark renames old folders into <out>/trash/ (instant, frees no
inode) and empties the trash only when all timing is done.

Emptying it leaves the same slowness behind for the next run: each time a
trash is emptied the moment is noted beside the size folders, and timing
does not start until the file system has had SETTLE seconds since.
"""
import itertools
import os
import shutil
import time

import memory

_counter = itertools.count()


def discard(path, out):
    """Moves `path` (if it exists) into <out>/trash/, and its files' pages
    out of memory (memory.py)."""
    if not os.path.lexists(path):
        return
    trash = os.path.join(out, "trash")
    os.makedirs(trash, exist_ok=True)
    while True:
        target = os.path.join(trash, f"{os.getpid()}-{next(_counter)}")
        if not os.path.lexists(target):
            break
    os.rename(path, target)
    memory.evict(target)


SETTLE = 300  # seconds; a 10,000-post build took 3-4 times as long one minute after a large delete
_EMPTIED = ".trash-emptied"


def empty(out):
    """Deletes <out>/trash/, and notes when (see settle)."""
    trash = os.path.join(out, "trash")
    if not os.path.lexists(trash):
        return
    shutil.rmtree(trash, ignore_errors=True)
    os.sync()
    with open(os.path.join(os.path.dirname(out), _EMPTIED), "w", encoding="utf-8") as f:
        f.write(f"{time.time()}\n")


def settle(root, seconds, log):
    """Waits until `seconds` have passed since a trash under `root` was last emptied."""
    try:
        with open(os.path.join(root, _EMPTIED), encoding="utf-8") as f:
            emptied = float(f.read())
    except (OSError, ValueError):
        return
    wait = emptied + seconds - time.time()
    if wait > 0:
        log(f"old outputs were deleted {seconds - wait:.0f} s ago: waiting {wait:.0f} s more before timing, "
            "so that no build pays for that delete (--settle)")
        time.sleep(wait)


def ensure_tree(tree, stamp, expected, write, out):
    """Makes `tree` hold what `write(folder)` writes, unless `stamp` already
    reads `expected`. The tree is written beside and renamed into place; the
    old one goes to the trash, emptied when timing is over."""
    if os.path.isfile(stamp) and open(stamp, encoding="utf-8").read() == expected:
        return tree
    os.makedirs(out, exist_ok=True)
    if os.path.exists(stamp):
        os.remove(stamp)
    partial = tree + ".partial"
    discard(partial, out)
    write(partial)
    discard(tree, out)
    os.rename(partial, tree)
    with open(stamp, "w", encoding="utf-8") as f:
        f.write(expected)
    return tree
