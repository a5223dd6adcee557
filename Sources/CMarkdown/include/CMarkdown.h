#ifndef SITEGEN_CMARKDOWN_H
#define SITEGEN_CMARKDOWN_H

#include <stddef.h>

/// cmark with a bump arena of the calling thread instead of malloc: cmark
/// makes hundreds of small allocations for a post and frees them all at the
/// end, so forgetting them all at once costs far less than freeing each.
///
/// Parse, change the tree (nodes made with `sitegen_markdown_new_node`),
/// render, all on one thread: everything, the returned text included,
/// belongs to the arena and stays valid until the next parse on the same
/// thread; copy it before then and never free it. Aborts, as cmark does,
/// when memory runs out. `struct cmark_node` is cmark's own (opaque here).
struct cmark_node;

/// Forgets the thread's previous document and parses `markdown`.
struct cmark_node *sitegen_markdown_parse(const char *markdown, size_t length, int options);

/// A new node of `type` (a `cmark_node_type`), in the arena of the current document.
struct cmark_node *sitegen_markdown_new_node(int type);

/// The document as HTML, NUL-terminated, `*html_length` bytes.
const char *sitegen_markdown_render(struct cmark_node *document, int options, size_t *html_length);

#endif
