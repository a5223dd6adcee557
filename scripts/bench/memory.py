"""Gives every full build the same memory to start from.

The benchmark keeps every old output until all timing is done (trash.py),
and each stays in the page cache: about 1.5 GB a build at 100,000 posts.
By the fifth such build free memory has run out, and the kernel reclaims
it while the build runs, on the same cores (here, 1–1.5 s more wall time
for a 100,000-post build with the cache full than with memory free). A
user's build does not start that way. So whatever trash.py moves aside
has its files' pages dropped from the page cache (after a sync, which
leaves them clean), as `vmtouch -e` would; everything else the kernel
holds, the build's inputs and the file system's own blocks, stays warm.
"""
import os


def evict(tree):
    """Drops the pages of every file under `tree` from the page cache."""
    os.sync()
    for folder, _, names in os.walk(tree):
        for name in names:
            path = os.path.join(folder, name)
            try:
                fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
            except OSError:
                continue  # a link or a file gone: nothing of ours is cached
            try:
                os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
            finally:
                os.close(fd)
