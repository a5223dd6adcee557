#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include "CSystem.h"

int sitegen_sync_file_system(const char *path) {
    int descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (descriptor < 0) return -1;
    int result = syncfs(descriptor);
    int saved = errno;
    close(descriptor);
    errno = saved;
    return result;
}
