/* pgn_export.h -- the games the PGN reader reads, written back as export-format PGN: a
 * visitor for pgn_reader (pgn.h) that writes each game through fend's PGN writer
 * (pgn_write.h) once the game has ended, in whatever language or notation it was read
 * (SAN in a language san.h reads, figurines, UCI).
 *
 * A game is written as pgn_write.h says (the Seven Tag Roster, the other tags in ASCII
 * order, movetext in standard English SAN within 79 columns, NAGs as $n, comments,
 * variations, the result), followed by an empty line, so games follow one another
 * separated by it. Where the reader's game leaves room:
 *
 *   result   the result the reader gives the game (the movetext's termination marker,
 *            else the Result tag, else "*") is both the Result tag and the marker
 *   set-up   FEN, SetUp and Variant are written from the start position (pgn_write_tags);
 *            a game whose FEN or Variant could not be read keeps them as written
 *   tags     a repeated tag is written once, with its last value
 *   order    comments, NAGs and variations stay in the order they were read (a comment
 *            after a variation stays after it); empty variations (no move read in them)
 *            are left out, with the comments inside them
 *   problems a game with errors is written as far as it was read: every line of play up
 *            to its first error (the reader stops a line there), tags, comments and NAGs
 *            of what was read. The errors, and the warnings that say something of the
 *            input was left out (cut or dropped past a cap, a NAG with no move, a result
 *            inside a variation, a Result tag that the movetext contradicts), come first,
 *            as escape lines ("% fend: line 3, column 9: illegal_move Nf9: ...") that every
 *            PGN reader skips, at most PGN_GAME_ISSUES_MAX of them. A "game" that is not
 *            PGN at all (pgn_game_end's malformed) is only those lines.
 *
 * Memory: a game's tags and movetext are held until it ends (the Result tag comes first
 * but the result is only known at the end), in the struct itself; the reader's caps per
 * game bound them (PGN_EXPORT_TEXT_MAX below). Nothing allocates: the caller owns the
 * struct pgn_export (about 900 KiB, so put it on the heap; pages that a small game does
 * not reach are never touched). */
#ifndef FEN_PGN_EXPORT_H
#define FEN_PGN_EXPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "pgn.h"
#include "pgn_write.h"

/* The longest movetext of a game under the reader's caps (pgn.h), with its line breaks:
 *   moves       PGN_GAME_MOVES_MAX x 24 B: a move number of up to 10 bytes ("1000000..."),
 *               English SAN of up to 7 ("Qa1xb2+", "exd8=Q#"), the ( and ) of a
 *               variation it opens, two separators
 *   NAGs        PGN_GAME_NAGS_MAX x 5 B ("$255 ")
 *   comments    their text (at most PGN_GAME_COMMENTS_MAX in all, white space runs made
 *               one), and 3 B for the braces and separator of each: a line's first
 *               comment on a move or at its start may be empty and costs the reader's
 *               count nothing (2 x PGN_GAME_MOVES_MAX + 2 of those at most), every other
 *               one costs it a byte at least
 * 652 KB in all, below this. A game past it (there is none, but the bound is only as
 * good as the caps) is written without its movetext, with an escape line saying so. */
#define PGN_EXPORT_TEXT_MAX (768 * 1024)
/* Room for a game's escape lines: PGN_GAME_ISSUES_MAX of at most 400 bytes (a message,
 * its token, place and code, wrapped), and the line that counts the rest. */
#define PGN_EXPORT_NOTES_MAX ((PGN_GAME_ISSUES_MAX + 1) * 400)
/* Room for a game's tags, as the reader hands them over. */
#define PGN_EXPORT_TAGS_MAX (PGN_GAME_TAGS_MAX * (PGN_TAG_NAME_MAX + PGN_TAG_VALUE_MAX + 2))

/* What a game written (or not) amounts to, for the caller's status decisions. */
struct pgn_export_summary {
	int game;               /* its index, from 0 */
	bool malformed;         /* not PGN at all: only its escape lines were written */
	int errors;             /* errors the reader reported in it */
	unsigned line, column;  /* the first error's place, when errors > 0 */
};

/* The exporter's whole state. Fields are private: use the functions below. */
struct pgn_export {
	pgn_sink sink;
	void *context;
	enum fen_ep_style ep;
	enum fen_castling_style castling;
	bool pause;
	void (*observe)(void *context, const struct pgn_issue *issue);
	void *observe_context;
	bool failed;                    /* the sink said stop */
	bool ended;                     /* a game ended since pgn_export_take */
	struct pgn_export_summary summary;

	/* the game in progress */
	int tag_count;
	struct pgn_tag tags[PGN_GAME_TAGS_MAX];
	size_t tags_used;
	bool start_valid;
	struct position start;
	int listed, unlisted;           /* problems written as escape lines, and left out */
	size_t notes_used;
	bool cut;                       /* the movetext passed PGN_EXPORT_TEXT_MAX */
	int pending;                    /* depth of a variation with no move yet, or 0 */
	size_t pending_used;            /* the movetext's length before its '(' */
	struct pgn_writer pending_writer; /* and the writer's state then */
	struct pgn_writer writer;       /* writes the movetext into text */
	size_t text_used;
	char tag_text[PGN_EXPORT_TAGS_MAX];
	char notes[PGN_EXPORT_NOTES_MAX];
	char text[PGN_EXPORT_TEXT_MAX];
};

/* Pass it to pgn_reader_init with the struct pgn_export as the context. */
extern const struct pgn_visitor pgn_export_visitor;

/* Sets up e to write every game to sink (each game in a few calls, once it has ended).
 * ep and castling say how a FEN tag is written. With pause, the end of every game asks
 * the reader to pause (pgn_reader_feed returns), so the caller may act between games. */
void pgn_export_init(struct pgn_export *e, pgn_sink sink, void *context, enum fen_ep_style ep,
		     enum fen_castling_style castling, bool pause);

/* Optional: observe is called with every problem the reader reports, errors and
 * warnings alike, as it comes (for a caller that lists them elsewhere too). */
void pgn_export_observe(struct pgn_export *e, void (*observe)(void *context, const struct pgn_issue *issue),
			void *context);

/* True when a game ended (and was written) since the last call, with what the last such
 * game amounts to in *summary (may be NULL). With pause, that is once for every game. */
bool pgn_export_take(struct pgn_export *e, struct pgn_export_summary *summary);

/* True when the sink said stop: what was written since may be missing. */
static inline bool pgn_export_failed(const struct pgn_export *e) { return e->failed; }

#endif
