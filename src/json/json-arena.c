/* json-arena.c -- cJSON's allocator: a per-thread bump arena for the trees of a request,
 * and the per-thread limit on the memory cJSON may take for one request.
 *
 * An answer is a few dozen small allocations that all die together when it has been
 * printed; malloc and free for each cost about as much as building the tree. While a
 * thread's arena is open (json_arena_begin .. json_arena_end), cJSON allocates from it by
 * bumping a pointer and its frees cost nothing; json_arena_end gives it all back at once.
 * Outside an open arena, and on threads that never open one, cJSON uses malloc and free.
 *
 * Layout. Each thread reserves one region of address space (JSON_ARENA_REGION bytes,
 * mapped MAP_NORESERVE: only the pages touched take memory) the first time it opens its
 * arena, and bumps through it from the start. Whether a pointer cJSON frees is the
 * arena's is one subtraction and one comparison, however large the tree: a walk over a
 * list of blocks made freeing a tree of n nodes cost n times the blocks. json_arena_end
 * rewinds the region and gives the pages past JSON_ARENA_KEEP back to the system
 * (madvise), so that a thread at rest holds no more than one usual answer. A tree that
 * outgrows the region, or a thread whose region could not be mapped, goes on with
 * malloc: slower, never wrong.
 *
 * The limit (json_arena_limit) counts what cJSON holds on the thread: the arena's bytes
 * in use, plus the live bytes cJSON malloc'd (malloc_usable_size of each, taken back when
 * freed) since the limit was set. An allocation past it fails, as if memory ran out, and
 * the thread remembers it (json_arena_exceeded) so that the caller can say why. */
#include "json/json.h"

#include <malloc.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#define JSON_ARENA_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define JSON_ARENA_ASAN 1
#endif
#endif
#ifdef JSON_ARENA_ASAN
#include <sanitizer/asan_interface.h>
#define JSON_ARENA_POISON(p, n) ASAN_POISON_MEMORY_REGION((p), (n))
#define JSON_ARENA_UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION((p), (n))
#else
#define JSON_ARENA_POISON(p, n) ((void)(p), (void)(n))
#define JSON_ARENA_UNPOISON(p, n) ((void)(p), (void)(n))
#endif

/* Address space reserved per thread: past it a tree goes on in malloc'd memory. */
#define JSON_ARENA_REGION ((size_t)64 << 20)
/* Bytes of the region that stay resident between requests (a usual answer's worth). */
#define JSON_ARENA_KEEP ((size_t)64 << 10)
#define JSON_ARENA_ALIGN 16
/* Once the limit has refused an allocation, what the thread may still take past it: room
 * for the problem that says so (a handful of nodes), not for going on. */
#define JSON_ARENA_RESERVE ((size_t)16 << 10)

/* Where the pointers below point before a region is mapped: an empty region, so that
 * their arithmetic stays within one object. */
static unsigned char json_arena_nothing;

/* This thread's region: [base, base + size), size 0 until it is mapped (so that no
 * pointer is in it). The arena's memory in use is [base, top); allocations bump top up to
 * stop, which the region's end and the limit's room put where they must. */
static _Thread_local unsigned char *json_arena_base = &json_arena_nothing;
static _Thread_local size_t json_arena_size;
static _Thread_local unsigned char *json_arena_top = &json_arena_nothing;
static _Thread_local unsigned char *json_arena_stop = &json_arena_nothing;
/* The end of what the last answer used, poisoned for AddressSanitizer at the next
 * json_arena_begin (its trees are dead by then). */
static _Thread_local unsigned char *json_arena_dirty = &json_arena_nothing;
static _Thread_local bool json_arena_open;
/* The region could not be mapped: this thread uses malloc. */
static _Thread_local bool json_arena_unmapped;
/* Something of the open arena went to malloc: its trees must be deleted for real. */
static _Thread_local bool json_arena_spilled;

/* The limit: the bytes json_arena_limit set (0: none), cap the bytes allowed now (the
 * limit, plus JSON_ARENA_RESERVE once it refused), heap the live bytes malloc'd since it
 * was set, and whether an allocation was refused. */
static _Thread_local size_t json_arena_limit_set;
static _Thread_local size_t json_arena_cap;
static _Thread_local size_t json_arena_heap;
static _Thread_local bool json_arena_refused;

/* Gives a thread's region back when it ends (MHD's threads end at shutdown). */
static pthread_key_t json_arena_key;
static pthread_once_t json_arena_key_once = PTHREAD_ONCE_INIT;

static void json_arena_thread_end(void *unused)
{
	(void)unused;
	json_arena_release();
}

static void json_arena_make_key(void)
{
	pthread_key_create(&json_arena_key, json_arena_thread_end);
}

/* True when p lies in this thread's region. */
static inline bool json_arena_holds(const void *p)
{
	return (uintptr_t)p - (uintptr_t)json_arena_base < json_arena_size;
}

size_t json_arena_used(void)
{
	return (size_t)(json_arena_top - json_arena_base) + json_arena_heap;
}

/* Puts stop where bumping must stop: the region's end, or sooner the limit's room.
 * Keeps top <= stop. Call after anything that moves top, the heap count or the limit. */
static void json_arena_set_stop(void)
{
	size_t room = json_arena_size - (size_t)(json_arena_top - json_arena_base), used;

	if (json_arena_cap) {
		used = json_arena_used();
		if (used >= json_arena_cap)
			room = 0;
		else if (json_arena_cap - used < room)
			room = json_arena_cap - used;
	}
	json_arena_stop = json_arena_top + room;
}

/* An allocation goes past the limit: it fails, and the reserve opens. Returns NULL. */
static void *json_arena_refuse(void)
{
	if (!json_arena_refused) {
		json_arena_refused = true;
		json_arena_cap += JSON_ARENA_RESERVE;
		json_arena_set_stop();
	}
	return NULL;
}

/* Maps this thread's region; on failure the thread goes on with malloc. */
static void json_arena_map(void)
{
	void *region = mmap(NULL, JSON_ARENA_REGION, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
			    -1, 0);

	if (region == MAP_FAILED) {
		json_arena_unmapped = true;
		return;
	}
	json_arena_base = json_arena_top = json_arena_dirty = region;
	json_arena_size = JSON_ARENA_REGION;
	json_arena_set_stop();
	/* Have the region unmapped when the thread ends. */
	pthread_once(&json_arena_key_once, json_arena_make_key);
	pthread_setspecific(json_arena_key, &json_arena_open);
}

/* malloc, counted while a limit is set; NULL (and refused set) past the limit. */
static void *json_arena_heap_alloc(size_t size)
{
	void *p;

	if (json_arena_cap) {
		size_t used = json_arena_used();
		if (used >= json_arena_cap || size > json_arena_cap - used)
			return json_arena_refuse();
	}
	p = malloc(size);
	if (p && json_arena_cap) {
		json_arena_heap += malloc_usable_size(p);
		/* The bump's stop matters only while the arena is open (a tree built on malloc,
		 * as the PGN builder's, allocates here a dozen times a ply). */
		if (json_arena_open)
			json_arena_set_stop();
	}
	return p;
}

/* What json_arena_malloc's fast path does not do: map the region, refuse past the
 * limit, go on in malloc past the region's end or outside an open arena. */
static void *json_arena_malloc_slow(size_t size)
{
	size_t need = size ? (size + JSON_ARENA_ALIGN - 1) & ~(size_t)(JSON_ARENA_ALIGN - 1) : JSON_ARENA_ALIGN;
	void *p;

	if (!json_arena_open)
		return json_arena_heap_alloc(size);
	if (!json_arena_size && !json_arena_unmapped)
		json_arena_map();
	if (need >= size && need <= (size_t)(json_arena_stop - json_arena_top)) {
		p = json_arena_top;
		json_arena_top += need;
		JSON_ARENA_UNPOISON(p, size);
		return p;
	}
	/* The region has the room but the limit does not. */
	if (json_arena_cap && need >= size && need <= json_arena_size - (size_t)(json_arena_top - json_arena_base))
		return json_arena_refuse();
	p = json_arena_heap_alloc(size);
	if (p)
		json_arena_spilled = true;
	return p;
}

/* cJSON's malloc: a bump of top while the arena is open and the allocation fits. */
static void *json_arena_malloc(size_t size)
{
	size_t need = (size + JSON_ARENA_ALIGN - 1) & ~(size_t)(JSON_ARENA_ALIGN - 1);
	unsigned char *p = json_arena_top;

	/* need - 1 wraps for 0 (size 0, or a size so large that need wrapped): slow path. */
	if (json_arena_open && need - 1 < (size_t)(json_arena_stop - p)) {
		json_arena_top = p + need;
		JSON_ARENA_UNPOISON(p, size);
		return p;
	}
	return json_arena_malloc_slow(size);
}

/* cJSON's free: nothing for the arena's memory (json_arena_end gives it back); free
 * for the rest, taken off the limit's count. */
static void json_arena_free(void *p)
{
	if (json_arena_holds(p))
		return;
	if (p && json_arena_cap) {
		size_t n = malloc_usable_size(p);
		json_arena_heap -= n < json_arena_heap ? n : json_arena_heap;
		if (json_arena_open)
			json_arena_set_stop();
	}
	free(p);
}

void json_arena_delete(cJSON *tree)
{
	/* A tree of the open arena goes with it at json_arena_end: walking it only to call
	 * a free that does nothing would cost a fifth of a large answer. Once something of
	 * the arena went to malloc, a tree may hold malloc'd parts: delete it for real. */
	if (tree && json_arena_open && !json_arena_spilled && json_arena_holds(tree))
		return;
	cJSON_Delete(tree);
}

cJSON *json_arena_copy_out(const cJSON *tree)
{
	bool open = json_arena_open;
	cJSON *copy;

	json_arena_open = false;
	copy = cJSON_Duplicate(tree, true);
	json_arena_open = open;
	return copy;
}

void json_arena_install(void)
{
	cJSON_Hooks hooks = { json_arena_malloc, json_arena_free };

	cJSON_InitHooks(&hooks);
}

void json_arena_begin(void)
{
	/* What the last answer left is dead: AddressSanitizer reports any use of it. */
	if (json_arena_dirty > json_arena_top)
		JSON_ARENA_POISON(json_arena_top, (size_t)(json_arena_dirty - json_arena_top));
	json_arena_dirty = json_arena_top;
	json_arena_open = true;
	json_arena_spilled = false;
	/* The heap count may have moved while the arena was closed. */
	json_arena_set_stop();
}

void json_arena_end(void)
{
	size_t used = (size_t)(json_arena_top - json_arena_base);

	json_arena_open = false;
	json_arena_spilled = false;
	if (!json_arena_size)
		return;
	/* Pages past the usual answer's go back to the system; the region stays mapped, so
	 * a tree of the arena deleted after the end (before the next begin) frees nothing
	 * and reads mapped memory. */
	if (used > JSON_ARENA_KEEP) {
		size_t page = (size_t)sysconf(_SC_PAGESIZE);
		size_t from = (JSON_ARENA_KEEP + page - 1) & ~(page - 1);
		if (used > from)
			madvise(json_arena_base + from, (used - from + page - 1) & ~(page - 1), MADV_DONTNEED);
	}
	if (json_arena_top > json_arena_dirty)
		json_arena_dirty = json_arena_top;
	json_arena_top = json_arena_base;
	json_arena_set_stop();
}

void json_arena_release(void)
{
	json_arena_end();
	if (json_arena_size) {
		/* AddressSanitizer's shadow of the region must not outlive it. */
		JSON_ARENA_UNPOISON(json_arena_base, json_arena_size);
		munmap(json_arena_base, json_arena_size);
	}
	json_arena_base = json_arena_top = json_arena_stop = json_arena_dirty = &json_arena_nothing;
	json_arena_size = 0;
	json_arena_unmapped = false;
}

void json_arena_limit(size_t bytes)
{
	json_arena_limit_set = json_arena_cap = bytes;
	json_arena_heap = 0;
	json_arena_refused = false;
	json_arena_set_stop();
}

bool json_arena_exceeded(void)
{
	return json_arena_refused;
}

size_t json_arena_limit_bytes(void)
{
	return json_arena_limit_set;
}
