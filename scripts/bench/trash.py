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


def empty(out):
    shutil.rmtree(os.path.join(out, "trash"), ignore_errors=True)


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
