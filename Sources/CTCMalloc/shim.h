/* tcmalloc replaces malloc and free for the whole process once linked: the
 * executable imports this module for that alone. */
#include <gperftools/tcmalloc.h>
