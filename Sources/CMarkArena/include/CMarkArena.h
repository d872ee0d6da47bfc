#ifndef ALERTKIT_CMARK_ARENA_H
#define ALERTKIT_CMARK_ARENA_H

#include <stdbool.h>

/// The calling thread's arena, as a `cmark_mem *` (cmark's allocator: calloc, realloc, free) for one rendering:
/// the nodes of a tree, their strings and the rendered output come from a few large blocks instead of an allocation
/// each, and `free` does nothing. Every `alertkit_arena_enter` is matched by an `alertkit_arena_leave`; renderings
/// may nest. Under AddressSanitizer it is the C library's allocator, so that the sanitizer sees every node.
void *alertkit_arena_enter(void);

/// Ends the rendering begun by the matching `alertkit_arena_enter`. When the thread has no rendering left open,
/// everything the arena handed out is taken back at once (its first block is kept for the next rendering).
void alertkit_arena_leave(void);

/// Whether `pointer` is memory the calling thread's arena handed out (else it is the C library's, for `free`).
bool alertkit_arena_owns(const void *pointer);

/// How many blocks the calling thread's arena holds (1 between renderings, once it was used; 0 before).
int alertkit_arena_blocks(void);

#endif
