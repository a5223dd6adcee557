#ifndef SITEGEN_CSYSTEM_H
#define SITEGEN_CSYSTEM_H

/// Atomically exchanges two paths (Linux renameat2 with RENAME_EXCHANGE).
/// Returns 0 on success, -1 with errno set otherwise (EINVAL or ENOSYS where
/// the kernel or file system does not support the exchange).
int sitegen_exchange_paths(const char *first, const char *second);

/// Writes every changed file and folder of the file system that holds the
/// folder `path` to the disk (Linux syncfs). Returns 0, or -1 with errno set.
int sitegen_sync_file_system(const char *path);

#endif
