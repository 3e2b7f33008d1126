/* json-arena.c -- a per-thread bump allocator for cJSON's nodes and strings. An answer is
 * a few dozen small allocations that all die together when it has been printed; malloc
 * and free for each cost about as much as building the tree. While a thread's arena is
 * open (json_arena_begin .. json_arena_end), cJSON allocates from it by bumping a
 * pointer and its frees cost nothing; json_arena_end gives it all back at once. Outside
 * an open arena, and on threads that never open one, cJSON uses malloc and free. */
#include "json/json.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

/* The first block of a thread's arena, kept between requests; larger answers chain more
 * blocks, given back by json_arena_end. */
#define JSON_ARENA_BLOCK (64 * 1024)
#define JSON_ARENA_ALIGN 16

struct json_arena_block {
	struct json_arena_block *next;
	size_t size;   /* bytes of data */
	size_t used;
	_Alignas(JSON_ARENA_ALIGN) unsigned char data[];
};

/* This thread's arena: blocks (the newest first), and whether it is open. */
static _Thread_local struct json_arena_block *json_arena_blocks;
static _Thread_local bool json_arena_open;

/* Gives a thread's blocks back when it ends (MHD's threads end at shutdown). */
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

/* True when p lies in one of this thread's blocks. */
static bool json_arena_holds(const void *p)
{
	for (const struct json_arena_block *b = json_arena_blocks; b; b = b->next)
		if ((const unsigned char *)p >= b->data && (const unsigned char *)p < b->data + b->size)
			return true;
	return false;
}

static void *json_arena_malloc(size_t size)
{
	struct json_arena_block *b = json_arena_blocks;
	size_t need = (size + JSON_ARENA_ALIGN - 1) & ~(size_t)(JSON_ARENA_ALIGN - 1);
	void *p;

	if (!json_arena_open)
		return malloc(size);
	if (!b || b->size - b->used < need) {
		size_t data = need > JSON_ARENA_BLOCK ? need : JSON_ARENA_BLOCK;
		b = malloc(sizeof *b + data);
		if (!b)
			return NULL;
		b->size = data;
		b->used = 0;
		b->next = json_arena_blocks;
		/* The thread's first block: have it freed when the thread ends. */
		if (!json_arena_blocks) {
			pthread_once(&json_arena_key_once, json_arena_make_key);
			pthread_setspecific(json_arena_key, &json_arena_open);
		}
		json_arena_blocks = b;
	}
	p = b->data + b->used;
	b->used += need;
	return p;
}

static void json_arena_free(void *p)
{
	/* Memory of the arena comes back with json_arena_end; anything else was malloc'd. */
	if (p && !json_arena_holds(p))
		free(p);
}

void json_arena_delete(cJSON *tree)
{
	/* A tree of the open arena goes with it at json_arena_end: walking it only to call
	 * a free that does nothing would cost a fifth of a large answer. */
	if (tree && json_arena_open && json_arena_holds(tree))
		return;
	cJSON_Delete(tree);
}

void json_arena_install(void)
{
	cJSON_Hooks hooks = { json_arena_malloc, json_arena_free };

	cJSON_InitHooks(&hooks);
}

void json_arena_begin(void)
{
	json_arena_open = true;
}

void json_arena_end(void)
{
	struct json_arena_block *b = json_arena_blocks;

	json_arena_open = false;
	if (!b)
		return;
	/* Keep the oldest block (the usual size) for the next answer. */
	while (b->next) {
		struct json_arena_block *next = b->next;
		free(b);
		b = next;
	}
	b->used = 0;
	json_arena_blocks = b;
}

void json_arena_release(void)
{
	json_arena_end();
	free(json_arena_blocks);
	json_arena_blocks = NULL;
}
