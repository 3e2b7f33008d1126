/* bulk.h -- bulk validation's producer (bulk.c): the lines of an NDJSON body validated in
 * chunks, on every thread of the heavy pool, their records written in input order. */
#ifndef FEND_HTTP_BULK_H
#define FEND_HTTP_BULK_H

#include <stddef.h>

#include "http/stream.h"

/* A chunk: up to BULK_CHUNK_LINES lines, or BULK_CHUNK_BYTES bytes of them (then one
 * more line), validated by one thread. */
#define BULK_CHUNK_LINES 128
#define BULK_CHUNK_BYTES (32 * 1024)
/* Chunks in flight (read, being validated, or done and waiting for their turn); as many
 * chunks' records may wait to be sent besides: what a body holds in memory at most,
 * whatever its size. */
#define BULK_CHUNKS 8

struct bulk;

/* A producer whose lines default to options and style (the request's query), whose
 * helpers cap their trees at memory_limit bytes (0: none; see json_arena_limit). NULL
 * when out of memory. */
struct bulk *bulk_new(const struct fen_options *options, const struct json_fen_style *style, size_t memory_limit);

/* Emits the records of the next lines, in order (see struct stream_endpoint's produce). */
enum stream_step bulk_produce(struct bulk *bulk, struct stream_input *in, struct stream_output *out);

/* Frees the producer; chunks a helper still works on are freed by the helper. */
void bulk_free(struct bulk *bulk);

#endif
