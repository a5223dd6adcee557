#include <cmark.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "CMarkdown.h"

/* A thread's arena is a list of chunks, newest first; blocks are carved from
 * the newest. Each block is preceded by its size, so that realloc can copy
 * it; the newest block grows in place and is given back when freed, which
 * is how cmark's buffers mostly behave. Everything else is released at the
 * next reset. */

enum { HEADER = 16, CHUNK_BYTES = 256 * 1024 };

typedef struct chunk {
    struct chunk *next;
    size_t size, used;
    _Alignas(16) unsigned char data[];
} chunk;

typedef struct {
    chunk *newest;
    unsigned char *last_block;
} arena;

static _Thread_local arena local;

/* A thread that ends gives its chunks back. */
static pthread_key_t release_key;
static pthread_once_t release_key_once = PTHREAD_ONCE_INIT;

static void release_chunks(void *owner) {
    arena *ended = owner;
    for (chunk *current = ended->newest; current;) {
        chunk *next = current->next;
        free(current);
        current = next;
    }
    ended->newest = NULL;
    ended->last_block = NULL;
}

static void make_release_key(void) { pthread_key_create(&release_key, release_chunks); }

static size_t rounded(size_t size) { return (size + 15) & ~(size_t)15; }

/* cmark does not check what its allocator returns; its own one aborts too. */
static void out_of_memory(void) {
    fputs("sitegen: out of memory while rendering Markdown\n", stderr);
    abort();
}

static void *arena_allocate(size_t size) {
    if (size > SIZE_MAX - 2 * HEADER) out_of_memory();
    size_t need = HEADER + rounded(size ? size : 1);
    chunk *current = local.newest;
    if (!current || current->size - current->used < need) {
        size_t bytes = need > CHUNK_BYTES ? need : CHUNK_BYTES;
        chunk *fresh = malloc(sizeof(chunk) + bytes);
        if (!fresh) out_of_memory();
        if (!current) {
            pthread_once(&release_key_once, make_release_key);
            pthread_setspecific(release_key, &local);
        }
        fresh->next = current;
        fresh->size = bytes;
        fresh->used = 0;
        local.newest = current = fresh;
    }
    unsigned char *block = current->data + current->used;
    memcpy(block, &size, sizeof size);
    current->used += need;
    local.last_block = block + HEADER;
    return local.last_block;
}

static void *arena_calloc(size_t count, size_t size) {
    if (size && count > SIZE_MAX / size) out_of_memory();
    void *block = arena_allocate(count * size);
    memset(block, 0, count * size);
    return block;
}

static void *arena_realloc(void *old, size_t size) {
    if (!old) return arena_allocate(size);
    unsigned char *block = old;
    size_t had;
    memcpy(&had, block - HEADER, sizeof had);
    if (block == local.last_block) {
        chunk *current = local.newest;
        size_t start = (size_t)(block - current->data);
        size_t need = rounded(size ? size : 1);
        if (need <= current->size - start) {
            current->used = start + need;
            memcpy(block - HEADER, &size, sizeof size);
            return block;
        }
    }
    void *moved = arena_allocate(size);
    memcpy(moved, old, had < size ? had : size);
    return moved;
}

static void arena_free(void *block) {
    if (block && block == local.last_block) {
        local.newest->used = (size_t)((unsigned char *)block - HEADER - local.newest->data);
        local.last_block = NULL;
    }
}

static cmark_mem arena_mem = {arena_calloc, arena_realloc, arena_free};

/* Forgets every block; keeps one chunk of the usual size for the next
 * document and returns the rest (the ones a long document needed). */
static void arena_reset(void) {
    chunk *kept = NULL;
    for (chunk *current = local.newest; current;) {
        chunk *next = current->next;
        if (!kept && current->size == CHUNK_BYTES) {
            kept = current;
        } else {
            free(current);
        }
        current = next;
    }
    if (kept) {
        kept->next = NULL;
        kept->used = 0;
    }
    local.newest = kept;
    local.last_block = NULL;
}

struct cmark_node *sitegen_markdown_parse(const char *markdown, size_t length, int options) {
    arena_reset();
    cmark_parser *parser = cmark_parser_new_with_mem(options, &arena_mem);
    cmark_parser_feed(parser, markdown, length);
    /* Parser and document go at the next reset. */
    return cmark_parser_finish(parser);
}

struct cmark_node *sitegen_markdown_new_node(int type) {
    return cmark_node_new_with_mem((cmark_node_type)type, &arena_mem);
}

const char *sitegen_markdown_render(struct cmark_node *document, int options, size_t *html_length) {
    /* The renderer takes its buffer from the document's allocator: the arena. */
    char *html = cmark_render_html(document, options);
    *html_length = strlen(html);
    return html;
}
