/* attacks.c -- builds the read-only attack tables once, before main() runs.
 * Leapers are tabulated directly; sliders use magic bitboards whose multipliers
 * were found by tools/find-magics.c and are embedded below. */
#include "attacks.h"

#include "bitboard.h"

bitboard attacks_pawn_table[COLOR_NB][SQUARE_NB];
bitboard attacks_knight_table[SQUARE_NB];
bitboard attacks_king_table[SQUARE_NB];
struct attacks_magic attacks_rook_magics[SQUARE_NB];
struct attacks_magic attacks_bishop_magics[SQUARE_NB];
bitboard attacks_between_table[SQUARE_NB][SQUARE_NB];
bitboard attacks_line_table[SQUARE_NB][SQUARE_NB];

static bitboard attacks_rook_slots[102400];
static bitboard attacks_bishop_slots[5248];

static const int attacks_rook_directions[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
static const int attacks_bishop_directions[4][2] = { { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } };

static const bitboard attacks_rook_magic_numbers[SQUARE_NB] = {
	0x1080004008801020ULL,	0x0840092002C03000ULL,
	0x1900200010400900ULL,	0x0880100008000480ULL,
	0x4200100420080200ULL,	0x8100020100080400ULL,
	0x0200040110886200ULL,	0x0200008040220411ULL,
	0x0404800084400220ULL,	0x0000401000402000ULL,
	0x0086001081220440ULL,	0x0408800800100280ULL,
	0x000A001201040820ULL,	0x8848800200840080ULL,
	0x4001000100040200ULL,	0x0442000102105084ULL,
	0x9080010020804100ULL,	0x0040404000201009ULL,
	0x0000808010002009ULL,	0x2200090021D00100ULL,
	0x0008008008040080ULL,	0x0004004002010040ULL,
	0x0011040008015042ULL,	0x00000A0001768104ULL,
	0x0000800080204009ULL,	0x2010004140002001ULL,
	0x9800200280100080ULL,	0x1000100080080080ULL,
	0x0442000A00049020ULL,	0x2100040080020080ULL,
	0x0800120400900148ULL,	0x0010040A00128541ULL,
	0x2800804000800030ULL,	0x1010002000400041ULL,
	0x4000200011004100ULL,	0x0610008410800800ULL,
	0x0400802402800800ULL,	0xC100020080800400ULL,
	0x0002000802000401ULL,	0x0182085882000401ULL,
	0x0220204000808000ULL,	0x2860100040024022ULL,
	0x0001002004110040ULL,	0x99101042000A0020ULL,
	0x0004080004008080ULL,	0x0010040002008080ULL,
	0x2012004881020004ULL,	0x8300842444820011ULL,
	0x0088403882010200ULL,	0x0820400080210100ULL,
	0x0110910040A00300ULL,	0x0801100280080480ULL,
	0x0242009008200600ULL,	0x1002000489500200ULL,
	0x0040800200010080ULL,	0x0091800041000080ULL,
	0x0000209300488001ULL,	0x04C1002414824001ULL,
	0x020020000B001041ULL,	0x7000100004200901ULL,
	0x8002002004100802ULL,	0x30010002084C0007ULL,
	0x0888221800813004ULL,	0x4000002840840112ULL,
};
static const bitboard attacks_bishop_magic_numbers[SQUARE_NB] = {
	0x8210103483004200ULL,	0x0008022802002820ULL,
	0x0404810401000010ULL,	0x4004043280808044ULL,
	0x0181104004600101ULL,	0x8802021104000000ULL,
	0x000111011041A000ULL,	0x4000420890211000ULL,
	0x3200109001080880ULL,	0x0002E0810A0A0840ULL,
	0x2040840802004228ULL,	0x9200110408800000ULL,
	0x0000C45040020100ULL,	0x0200088824401000ULL,
	0x0000110690104804ULL,	0x04010A4400A41006ULL,
	0x01C100D03001A100ULL,	0x9820220481020A00ULL,
	0x520D263000420040ULL,	0x0180810802004102ULL,
	0x0002001016100000ULL,	0x0200800808010828ULL,
	0x0002402C88081800ULL,	0x4018400A82009080ULL,
	0x441005010A200402ULL,	0x4024041143880802ULL,
	0x0200280210004940ULL,	0xA201004024004200ULL,
	0x8000840184802000ULL,	0x0800820080880C00ULL,
	0x1008004821040202ULL,	0x0000921019820280ULL,
	0x0102084100045001ULL,	0xA590820820200802ULL,
	0x0104020200010409ULL,	0x0000A00800210106ULL,
	0x0001020401020102ULL,	0x0508080021011000ULL,
	0x0058162850140100ULL,	0x0002040020004212ULL,
	0x000801108A001000ULL,	0x0A408090100008C2ULL,
	0x0000101804002800ULL,	0x0000004200821800ULL,
	0x0020049008800401ULL,	0x02C8015004080480ULL,
	0x8804014414000110ULL,	0x0008011042000080ULL,
	0x04010C8290400010ULL,	0x0382048208232402ULL,
	0x1000202108080140ULL,	0x008000120A020100ULL,
	0x108C0011A2020004ULL,	0x010004200421100EULL,
	0x8820200409105000ULL,	0x0108300400802840ULL,
	0x0402008049282000ULL,	0x0000002402080480ULL,
	0x08001C0422017001ULL,	0x000200001420A801ULL,
	0x2010C20011020204ULL,	0x3000308461444500ULL,
	0x1000040404C80200ULL,	0x0825011019060080ULL,
};

/* Walks from sq along each direction until the board edge or the first occupied square. */
static bitboard attacks_slide(int sq, bitboard occupied, const int directions[4][2])
{
	bitboard out = 0;

	for (int d = 0; d < 4; d++) {
		int file = square_file(sq) + directions[d][0];
		int rank = square_rank(sq) + directions[d][1];
		while (file >= 0 && file < 8 && rank >= 0 && rank < 8) {
			bitboard b = bb_square(square_make(file, rank));
			out |= b;
			if (occupied & b)
				break;
			file += directions[d][0];
			rank += directions[d][1];
		}
	}
	return out;
}

/* Squares reached by one step of each (file, rank) offset that stays on the board. */
static bitboard attacks_step(int sq, const int offsets[][2], int n)
{
	bitboard out = 0;

	for (int i = 0; i < n; i++) {
		int file = square_file(sq) + offsets[i][0];
		int rank = square_rank(sq) + offsets[i][1];
		if (file >= 0 && file < 8 && rank >= 0 && rank < 8)
			out |= bb_square(square_make(file, rank));
	}
	return out;
}

/* Fills one slider's magic entries and their slots, enumerating every blocker subset. */
static void attacks_init_magics(struct attacks_magic magics[SQUARE_NB], bitboard *slots,
				const bitboard numbers[SQUARE_NB], const int directions[4][2])
{
	bitboard *next = slots;

	for (int sq = 0; sq < SQUARE_NB; sq++) {
		bitboard edges = ((BB_RANK_1 | BB_RANK_8) & ~bb_rank(square_rank(sq))) |
				 ((BB_FILE_A | BB_FILE_H) & ~bb_file(square_file(sq)));
		struct attacks_magic *m = &magics[sq];
		bitboard subset = 0;

		m->mask = attacks_slide(sq, 0, directions) & ~edges;
		m->magic = numbers[sq];
		m->shift = 64 - (unsigned)bb_count(m->mask);
		m->table = next;
		do {
			next[(subset * m->magic) >> m->shift] = attacks_slide(sq, subset, directions);
			subset = (subset - m->mask) & m->mask;
		} while (subset);
		next += 1ULL << (64 - m->shift);
	}
}

bitboard attacks_of(enum piece_type type, int sq, bitboard occupied)
{
	switch (type) {
	case KNIGHT: return attacks_knight(sq);
	case BISHOP: return attacks_bishop(sq, occupied);
	case ROOK: return attacks_rook(sq, occupied);
	case QUEEN: return attacks_queen(sq, occupied);
	case KING: return attacks_king(sq);
	default: return 0;
	}
}

__attribute__((constructor)) void attacks_init(void)
{
	static const int knight[8][2] = { { 1, 2 }, { 2, 1 }, { 2, -1 }, { 1, -2 },
					  { -1, -2 }, { -2, -1 }, { -2, 1 }, { -1, 2 } };
	static const int king[8][2] = { { 1, 0 }, { 1, 1 }, { 0, 1 }, { -1, 1 },
					{ -1, 0 }, { -1, -1 }, { 0, -1 }, { 1, -1 } };
	static const int white_pawn[2][2] = { { -1, 1 }, { 1, 1 } };
	static const int black_pawn[2][2] = { { -1, -1 }, { 1, -1 } };
	static bool done;

	if (done)
		return;
	done = true;
	for (int sq = 0; sq < SQUARE_NB; sq++) {
		attacks_knight_table[sq] = attacks_step(sq, knight, 8);
		attacks_king_table[sq] = attacks_step(sq, king, 8);
		attacks_pawn_table[WHITE][sq] = attacks_step(sq, white_pawn, 2);
		attacks_pawn_table[BLACK][sq] = attacks_step(sq, black_pawn, 2);
	}
	attacks_init_magics(attacks_rook_magics, attacks_rook_slots,
			    attacks_rook_magic_numbers, attacks_rook_directions);
	attacks_init_magics(attacks_bishop_magics, attacks_bishop_slots,
			    attacks_bishop_magic_numbers, attacks_bishop_directions);
	for (int a = 0; a < SQUARE_NB; a++) {
		for (int b = 0; b < SQUARE_NB; b++) {
			bitboard ab = bb_square(a) | bb_square(b);
			if (a == b)
				continue;
			if (attacks_rook(a, 0) & bb_square(b)) {
				attacks_line_table[a][b] = (attacks_rook(a, 0) & attacks_rook(b, 0)) | ab;
				attacks_between_table[a][b] = attacks_rook(a, ab) & attacks_rook(b, ab);
			} else if (attacks_bishop(a, 0) & bb_square(b)) {
				attacks_line_table[a][b] = (attacks_bishop(a, 0) & attacks_bishop(b, 0)) | ab;
				attacks_between_table[a][b] = attacks_bishop(a, ab) & attacks_bishop(b, ab);
			}
		}
	}
}
