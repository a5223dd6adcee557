#ifndef SITEGEN_CMICROHTTPD_SHIM_H
#define SITEGEN_CMICROHTTPD_SHIM_H

#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <fcntl.h>
#include <errno.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <linux/openat2.h>
#include <microhttpd.h>

/* MHD_start_daemon is variadic, which Swift cannot call: every option goes
   in one MHD_OPTION_ARRAY instead. The daemon never binds a socket itself
   (HTTPServer passes a bound one with MHD_OPTION_LISTEN_SOCKET). */
static inline struct MHD_Daemon *sitegen_mhd_start(unsigned int flags,
                                                   MHD_AccessHandlerCallback handler,
                                                   void *handler_context,
                                                   const struct MHD_OptionItem *options) {
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_context,
                            MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

/* Options taking a function and its context put the function in `value`
   as an integer; these keep that cast out of Swift. */
static inline struct MHD_OptionItem sitegen_mhd_notify_completed(MHD_RequestCompletedCallback callback,
                                                                  void *context) {
    struct MHD_OptionItem item = { MHD_OPTION_NOTIFY_COMPLETED, (intptr_t) callback, context };
    return item;
}

typedef void *(*sitegen_mhd_uri_logger)(void *context, const char *uri, struct MHD_Connection *connection);

static inline struct MHD_OptionItem sitegen_mhd_uri_log(sitegen_mhd_uri_logger callback, void *context) {
    struct MHD_OptionItem item = { MHD_OPTION_URI_LOG_CALLBACK, (intptr_t) callback, context };
    return item;
}

static const ssize_t sitegen_mhd_end_of_stream = MHD_CONTENT_READER_END_OF_STREAM;

/* Opens `path` (relative) below the folder `dirfd` for reading, resolving
   symbolic links but failing with EXDEV if any step would leave the folder
   (openat2 with RESOLVE_BENEATH, Linux 5.6+; ENOSYS or EPERM where the
   kernel or a seccomp filter lacks it). O_NONBLOCK keeps a FIFO from
   blocking the server; it changes nothing for regular files. */
static inline int sitegen_open_beneath(int dirfd, const char *path) {
    struct open_how how = {
        .flags = O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK,
        .mode = 0,
        .resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS,
    };
    return (int) syscall(SYS_openat2, dirfd, path, &how, sizeof how);
}

#endif
