#ifndef SITEGEN_CMARKDOWN_H
#define SITEGEN_CMARKDOWN_H

#include <stddef.h>

/// Renders CommonMark to HTML with cmark, allocating from a bump arena of
/// the calling thread instead of malloc: cmark makes hundreds of small
/// allocations for a post and frees them all at the end, so forgetting them
/// all at once costs far less than freeing each.
///
/// The returned text (NUL-terminated, `*html_length` bytes) belongs to the
/// arena and stays valid until the next call on the same thread; copy it
/// before then and never free it. Aborts, as cmark does, when memory runs out.
const char *sitegen_markdown_to_html(const char *markdown, size_t length, int options,
                                     size_t *html_length);

#endif
