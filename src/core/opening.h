/* opening.h -- opening names by position: the lichess chess-openings data set (CC0, in
 * data/openings/) as a table sorted by Zobrist key, and the lookups over it.
 *
 * The table is generated at build time by tools/opening-table, which plays each named line
 * with fend's own SAN reader, so a key here is position.key (position.h) of the position
 * the line reaches: the pieces, the side to move, the castling rights and an en-passant
 * square that can be taken. Move counters do not count. Several lines may reach one
 * position (transpositions); the table holds one name per position: the line with the
 * fewest plies, and of lines as short, the first in the data set's order (A00 ... E99,
 * then the order of its files). Nothing here allocates; the table is constant. */
#ifndef FEN_OPENING_H
#define FEN_OPENING_H

#include <stddef.h>
#include <stdint.h>

struct opening {
	uint64_t key;       /* position.key of the position the line reaches */
	const char *eco;    /* "B20" */
	const char *name;   /* "Sicilian Defense" (UTF-8) */
	int ply;            /* plies of the line that names it, from the standard start */
};

/* The generated table (src/core/opening-data.c), sorted by key, one entry per key. */
extern const struct opening opening_table[];
extern const size_t opening_table_count;

/* The opening named for the position with this key, or NULL (binary search). */
const struct opening *opening_find(uint64_t key);

/* The opening of a line: keys[0..count) are the keys of its positions, oldest first; the
 * most recent that has a name gives it (the data set's advice), NULL when none has.
 * *at (when not NULL) receives that key's index, -1 when none. */
const struct opening *opening_of_line(const uint64_t *keys, int count, int *at);

/* Whether a game's tags agree with o, the opening found for it: 1 when the ECO tag (eco)
 * is o's code (any case) and the Opening tag (name) begins o's name (any case: "Sicilian
 * Defense" agrees with "Sicilian Defense: Najdorf Variation"), each when given; 0 when
 * one does not, or o is NULL; -1 when neither tag is given (NULL, empty or "?"). */
int opening_tags_agree(const struct opening *o, const char *eco, const char *name);

#endif
