#ifndef SITEGEN_CSYSTEM_H
#define SITEGEN_CSYSTEM_H

/// Atomically exchanges two paths (Linux renameat2 with RENAME_EXCHANGE).
/// Returns 0 on success, -1 with errno set otherwise (EINVAL or ENOSYS where
/// the kernel or file system does not support the exchange).
int sitegen_exchange_paths(const char *first, const char *second);

#endif
