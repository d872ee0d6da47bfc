// A bump allocator per thread for cmark's trees (CMarkArena.h). Each allocation is preceded by a header that holds
// its size, so that `realloc` can copy; the newest allocation grows in place when its block has room (cmark's
// output buffer grows that way).
#include "CMarkArena.h"
#include <cmark.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SANITIZE_ADDRESS__)
#define ARENA_PASSTHROUGH 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ARENA_PASSTHROUGH 1
#endif
#endif

enum { FIRST_BLOCK = 64 * 1024, ALIGNMENT = 16 };

typedef struct block {
  struct block *older;  // the block made before this one
  size_t size;          // the bytes after this header
  size_t used;
  size_t pad;           // keeps the bytes 16-aligned
} block;

typedef struct {
  size_t size;  // what was asked for
  size_t pad;
} header;

typedef struct {
  block *newest;
  unsigned char *last;  // the newest allocation, which may grow in place
  int depth;
} arena;

static pthread_key_t arena_key;
static pthread_once_t arena_once = PTHREAD_ONCE_INIT;
static __thread arena *thread_arena;

static void free_blocks(block *from, block *keep) {
  while (from && from != keep) {
    block *older = from->older;
    free(from);
    from = older;
  }
}

static void destroy(void *value) {
  arena *a = value;
  free_blocks(a->newest, NULL);
  free(a);
}

static void make_key(void) { pthread_key_create(&arena_key, destroy); }

static unsigned char *bytes_of(block *b) { return (unsigned char *)(b + 1); }

static block *new_block(block *older, size_t size) {
  block *b = malloc(sizeof(block) + size);
  if (!b) abort();  // as cmark's own allocator does when memory runs out
  b->older = older;
  b->size = size;
  b->used = 0;
  return b;
}

static arena *current(void) {
  if (thread_arena) return thread_arena;
  pthread_once(&arena_once, make_key);
  arena *a = calloc(1, sizeof(arena));
  if (!a) abort();
  a->newest = new_block(NULL, FIRST_BLOCK);
  pthread_setspecific(arena_key, a);
  thread_arena = a;
  return a;
}

static size_t rounded(size_t size) { return (size + ALIGNMENT - 1) & ~(size_t)(ALIGNMENT - 1); }

static void *allocate(size_t size) {
  arena *a = current();
  if (size > SIZE_MAX / 2) abort();
  size_t need = sizeof(header) + rounded(size);
  block *b = a->newest;
  if (b->size - b->used < need) {
    // Each new block at least doubles the last (up to 16 MB), so that a long output costs few blocks.
    size_t make = b->size < 8 * 1024 * 1024 ? b->size * 2 : b->size;
    if (make < need) make = need;
    b = new_block(b, make);
    a->newest = b;
  }
  header *h = (header *)(bytes_of(b) + b->used);
  h->size = size;
  b->used += need;
  a->last = (unsigned char *)(h + 1);
  return h + 1;
}

static void *arena_calloc(size_t count, size_t size) {
  if (size && count > SIZE_MAX / size) abort();
  void *p = allocate(count * size);
  memset(p, 0, count * size);
  return p;
}

static void *arena_realloc(void *pointer, size_t size) {
  if (!pointer) return allocate(size);
  header *h = (header *)pointer - 1;
  if (size <= h->size) return pointer;
  arena *a = current();
  block *b = a->newest;
  if (pointer == a->last) {  // the newest allocation: grow it where it is when its block has room
    size_t start = (size_t)((unsigned char *)h - bytes_of(b));
    size_t need = sizeof(header) + rounded(size);
    if (b->size - start >= need) {
      b->used = start + need;
      h->size = size;
      return pointer;
    }
  }
  void *moved = allocate(size);
  memcpy(moved, pointer, h->size);
  return moved;
}

static void arena_free(void *pointer) { (void)pointer; }

static cmark_mem arena_mem = {arena_calloc, arena_realloc, arena_free};

void *alertkit_arena_enter(void) {
#ifdef ARENA_PASSTHROUGH
  return cmark_get_default_mem_allocator();
#else
  current()->depth += 1;
  return &arena_mem;
#endif
}

void alertkit_arena_leave(void) {
#ifndef ARENA_PASSTHROUGH
  arena *a = current();
  if (a->depth > 0) a->depth -= 1;
  if (a->depth > 0) return;
  block *first = a->newest;
  while (first->older) first = first->older;
  free_blocks(a->newest, first);
  first->used = 0;
  a->newest = first;
  a->last = NULL;
#endif
}

bool alertkit_arena_owns(const void *pointer) {
#ifdef ARENA_PASSTHROUGH
  (void)pointer;
  return false;
#else
  if (!thread_arena) return false;
  for (block *b = thread_arena->newest; b; b = b->older) {
    const unsigned char *start = bytes_of(b);
    if ((const unsigned char *)pointer >= start && (const unsigned char *)pointer < start + b->size) return true;
  }
  return false;
#endif
}

int alertkit_arena_blocks(void) {
  int count = 0;
  for (block *b = thread_arena ? thread_arena->newest : NULL; b; b = b->older) count += 1;
  return count;
}
