/* messages_moves.c -- the texts of reading a move (messages.h's moves block): SAN's and
 * UCI's errors and warnings, the API's words about the moves of a request, and the words
 * they put together (pieces, notations), in English, Italian, Russian and Spanish. */
#include "messages.h"

#define AT(id) [(id) - MSG_MOVES_EMPTY]

/* { English, Italian, Russian, Spanish } of each id. */
const char *const msg_texts_moves[MSG_MOVES_NB - MSG_MOVES_EMPTY][MSG_LANG_NB] = {
	AT(MSG_MOVES_EMPTY) = { "the move is empty", "la mossa è vuota", "ход пуст", "la jugada está vacía" },
	AT(MSG_MOVES_NO_MOVE_BEFORE_SUFFIX) = {
		"no move before the suffix", "nessuna mossa prima del suffisso", "перед суффиксом нет хода",
		"ninguna jugada antes del sufijo",
	},
	AT(MSG_MOVES_PIECE_LETTER) = {
		"\"%c\" is no %s piece letter, and files are small letters (%c): \"%c\" is %s",
		"\"%c\" non è una lettera di pezzo nella notazione %s, e le colonne si scrivono in minuscolo (%c): \"%c\" è %s",
		"\"%c\" — не буква фигуры в %s нотации, а вертикали — строчные буквы (%c): \"%c\" — это %s",
		"\"%c\" no es una letra de pieza en la notación %s, y las columnas se escriben en minúscula (%c): \"%c\" es %s",
	},
	AT(MSG_MOVES_PAREN_UNOPENED) = {
		"')' without its '('", "')' senza la sua '('", "')' без парной '('", "')' sin su '('",
	},
	AT(MSG_MOVES_PAREN_NO_PROMOTION) = {
		"a ')' that closes no promotion piece", "una ')' che non chiude alcun pezzo di promozione",
		"')' не закрывает фигуру превращения", "un ')' que no cierra ninguna pieza de promoción",
	},
	AT(MSG_MOVES_PROMOTION_NO_PIECE) = {
		"'%c' names no piece to promote to", "'%c' non indica il pezzo della promozione",
		"после '%c' нет фигуры превращения", "'%c' no indica la pieza de la promoción",
	},
	AT(MSG_MOVES_PROMOTION_PAWN) = {
		"a pawn cannot promote to a pawn", "un pedone non può essere promosso a pedone",
		"пешка не может превратиться в пешку", "un peón no puede promocionar a peón",
	},
	AT(MSG_MOVES_PROMOTION_KING) = {
		"a pawn cannot promote to a king", "un pedone non può essere promosso a re",
		"пешка не может превратиться в короля", "un peón no puede promocionar a rey",
	},
	AT(MSG_MOVES_NO_DESTINATION) = {
		"no destination square", "manca la casa di arrivo", "нет поля назначения", "falta la casilla de destino",
	},
	AT(MSG_MOVES_NOT_A_SQUARE) = {
		"\"%.*s\" is not a square, expected a destination like e4",
		"\"%.*s\" non è una casa; serve una casa di arrivo come e4",
		"\"%.*s\" — не поле; ожидалось поле назначения, например e4",
		"\"%.*s\" no es una casilla; se esperaba un destino como e4",
	},
	AT(MSG_MOVES_COLON_CAPTURE) = {
		"':' for a capture is not SAN; write 'x'", "':' per una presa non è SAN; scrivi 'x'",
		"':' для взятия — не SAN; пишите 'x'", "':' para una captura no es SAN; escribe 'x'",
	},
	AT(MSG_MOVES_BEFORE_DESTINATION) = {
		"\"%.*s\" before the destination is not SAN", "\"%.*s\" prima della casa di arrivo non è SAN",
		"\"%.*s\" перед полем назначения — не SAN", "\"%.*s\" antes del destino no es SAN",
	},
	AT(MSG_MOVES_DASH_NEEDS_ORIGIN) = {
		"a '-' between squares needs the whole origin square, as in Ng1-f3",
		"un '-' tra le case richiede l'intera casa di partenza, come in Cg1-f3",
		"'-' между полями требует полного исходного поля, как в Кg1-f3",
		"un '-' entre casillas necesita la casilla de origen completa, como en Cg1-f3",
	},
	AT(MSG_MOVES_NO_CASTLING_KINGSIDE) = {
		"%s has lost the right to castle kingside", "%s ha perso il diritto all'arrocco corto",
		"%s потеряли право на короткую рокировку", "%s han perdido el derecho al enroque corto",
	},
	AT(MSG_MOVES_NO_CASTLING_QUEENSIDE) = {
		"%s has lost the right to castle queenside", "%s ha perso il diritto all'arrocco lungo",
		"%s потеряли право на длинную рокировку", "%s han perdido el derecho al enroque largo",
	},
	AT(MSG_MOVES_CASTLING_IN_CHECK) = {
		"%s: the king cannot castle out of check", "%s: il re non può arroccare per uscire dallo scacco",
		"%s: король не может рокироваться под шахом", "%s: el rey no puede enrocar para salir del jaque",
	},
	AT(MSG_MOVES_CASTLING_BLOCKED) = {
		"%s: pieces stand between the king and the rook", "%s: ci sono pezzi tra il re e la torre",
		"%s: между королём и ладьёй стоят фигуры", "%s: hay piezas entre el rey y la torre",
	},
	AT(MSG_MOVES_CASTLING_THROUGH_CHECK) = {
		"%s: the king would pass through or land on %s, which is attacked",
		"%s: il re passerebbe o arriverebbe in %s, che è attaccata",
		"%s: король прошёл бы через поле %s или встал бы на него, а оно атаковано",
		"%s: el rey pasaría por %s o llegaría a ella, y está atacada",
	},
	AT(MSG_MOVES_CASTLING_ILLEGAL) = {
		"%s is not legal here", "%s non è legale qui", "%s здесь невозможна", "%s no es legal aquí",
	},
	AT(MSG_MOVES_NO_PAWN_STRAIGHT) = {
		"%s can move straight to %s; a pawn capture names its file, as in %cx%s",
		"%s può andare dritto in %s; una presa di pedone indica la sua colonna, come in %cx%s",
		"%s не может пойти прямо на %s; при взятии пешкой указывается её вертикаль, как в %cx%s",
		"%s puede ir recto a %s; una captura de peón indica su columna, como en %cx%s",
	},
	AT(MSG_MOVES_NO_SUCH_PIECE) = {
		"%s can move to %s", "%s può andare in %s", "%s не может пойти на %s", "%s puede ir a %s",
	},
	AT(MSG_MOVES_OCCUPIED_WHITE) = {
		"%s is occupied by a white piece", "%s è occupata da un pezzo bianco", "поле %s занято белой фигурой",
		"%s está ocupada por una pieza blanca",
	},
	AT(MSG_MOVES_OCCUPIED_BLACK) = {
		"%s is occupied by a black piece", "%s è occupata da un pezzo nero", "поле %s занято чёрной фигурой",
		"%s está ocupada por una pieza negra",
	},
	AT(MSG_MOVES_KING_WOULD_BE_IN_CHECK) = {
		"the king would be in check on %s", "il re sarebbe sotto scacco in %s", "на %s король был бы под шахом",
		"el rey estaría en jaque en %s",
	},
	AT(MSG_MOVES_PINNED) = {
		"the %s on %s is pinned to its king", "%s in %s non può muoversi: inchiodatura sul proprio re",
		"%s на %s не может ходить: связка со своим королём",
		"%s en %s no puede moverse: hay una clavada contra su rey",
	},
	AT(MSG_MOVES_STILL_IN_CHECK) = {
		"the move does not get the king out of check", "la mossa non toglie il re dallo scacco",
		"ход не выводит короля из-под шаха", "la jugada no saca al rey del jaque",
	},
	AT(MSG_MOVES_EP_EXPOSES_KING) = {
		"the en-passant capture would expose the king along the rank",
		"la presa en passant scoprirebbe il re lungo la traversa",
		"взятие на проходе открыло бы короля по горизонтали",
		"la captura al paso dejaría al rey expuesto a lo largo de la fila",
	},
	AT(MSG_MOVES_NOT_LEGAL) = {
		"this is not a legal move here", "questa mossa non è legale qui", "здесь такой ход невозможен",
		"esta jugada no es legal aquí",
	},
	AT(MSG_MOVES_TOO_LONG) = {
		"%d bytes is too long for a move (at most %d)", "%d byte sono troppi per una mossa (al massimo %d)",
		"%d байт — слишком длинно для хода (не более %d)", "%d bytes es demasiado largo para una jugada (como máximo %d)",
	},
	AT(MSG_MOVES_CONTROL_CHARACTER) = {
		"control character 0x%02x in the move", "carattere di controllo 0x%02x nella mossa",
		"управляющий символ 0x%02x в ходе", "carácter de control 0x%02x en la jugada",
	},
	AT(MSG_MOVES_NULL_IN_CHECK) = {
		"%s is in check, and a side in check cannot pass: \"%.*s\" (a null move) is not playable here",
		"%s è sotto scacco, e chi è sotto scacco non può passare: \"%.*s\" (una mossa nulla) non si può giocare qui",
		"%s под шахом, а под шахом нельзя пропустить ход: \"%.*s\" (нулевой ход) здесь невозможен",
		"%s están en jaque, y quien está en jaque no puede pasar: \"%.*s\" (una jugada nula) no se puede jugar aquí",
	},
	AT(MSG_MOVES_PAWN_CAPTURE_FILE) = {
		"a pawn capture names the file the pawn comes from, as in %cx%s",
		"una presa di pedone indica la colonna da cui parte il pedone, come in %cx%s",
		"при взятии пешкой указывается вертикаль, с которой она идёт, как в %cx%s",
		"una captura de peón indica la columna de la que sale el peón, como en %cx%s",
	},
	AT(MSG_MOVES_PAWN_CAPTURE_FILE_EXAMPLE) = {
		"a pawn capture names the file the pawn comes from, as in exd5",
		"una presa di pedone indica la colonna da cui parte il pedone, come in exd5",
		"при взятии пешкой указывается вертикаль, с которой она идёт, как в exd5",
		"una captura de peón indica la columna de la que sale el peón, como en exd5",
	},
	AT(MSG_MOVES_HOLDS_NO_WHITE) = {
		"%.2s holds no white piece", "in %.2s non c'è un pezzo bianco", "на %.2s нет белой фигуры",
		"en %.2s no hay ninguna pieza blanca",
	},
	AT(MSG_MOVES_HOLDS_NO_BLACK) = {
		"%.2s holds no black piece", "in %.2s non c'è un pezzo nero", "на %.2s нет чёрной фигуры",
		"en %.2s no hay ninguna pieza negra",
	},
	AT(MSG_MOVES_HOLDS_OTHER) = {
		"%.2s holds a %s, not a %s", "in %.2s c'è un altro pezzo: %s, non %s", "на %.2s стоит %s, а не %s",
		"en %.2s hay otra pieza: %s, no %s",
	},
	AT(MSG_MOVES_AMBIGUOUS) = {
		"it fits %d moves: %s", "corrisponde a %d mosse: %s", "подходящих ходов: %d — %s",
		"corresponde a %d jugadas: %s",
	},
	AT(MSG_MOVES_PROMOTION_MISSING) = {
		"a pawn reaching the last rank must promote, as in %.*s=%s",
		"un pedone che arriva all'ultima traversa deve essere promosso, come in %.*s=%s",
		"пешка, дошедшая до последней горизонтали, должна превратиться, как в %.*s=%s",
		"un peón que llega a la última fila debe promocionar, como en %.*s=%s",
	},
	AT(MSG_MOVES_PROMOTION_NOT_LAST_RANK) = {
		"only a pawn reaching the last rank promotes", "solo un pedone che arriva all'ultima traversa è promosso",
		"превращается только пешка, дошедшая до последней горизонтали",
		"solo promociona un peón que llega a la última fila",
	},
	AT(MSG_MOVES_PROMOTION_ONLY_PAWN) = {
		"only a pawn promotes", "solo un pedone può essere promosso", "превращаться может только пешка",
		"solo un peón promociona",
	},
	AT(MSG_MOVES_EP_NOT_EP) = {
		"\"e.p.\" on a move that is not an en-passant capture",
		"\"e.p.\" su una mossa che non è una presa en passant",
		"\"e.p.\" у хода, который не является взятием на проходе",
		"\"e.p.\" en una jugada que no es una captura al paso",
	},
	AT(MSG_MOVES_UCI_EMPTY_NULL_IN_CHECK) = {
		"%s is in check, and a side in check cannot pass: \"0000\" (a null move) is not playable here",
		"%s è sotto scacco, e chi è sotto scacco non può passare: \"0000\" (una mossa nulla) non si può giocare qui",
		"%s под шахом, а под шахом нельзя пропустить ход: \"0000\" (нулевой ход) здесь невозможен",
		"%s están en jaque, y quien está en jaque no puede pasar: \"0000\" (una jugada nula) no se puede jugar aquí",
	},
	AT(MSG_MOVES_UCI_MALFORMED) = {
		"\"%.*s%s\" is not a move in UCI notation (such as e2e4 or e7e8q)",
		"\"%.*s%s\" non è una mossa in notazione UCI (come e2e4 o e7e8q)",
		"\"%.*s%s\" — не ход в нотации UCI (например, e2e4 или e7e8q)",
		"\"%.*s%s\" no es una jugada en notación UCI (como e2e4 o e7e8q)",
	},
	AT(MSG_MOVES_UCI_ILLEGAL) = {
		"%.*s is not a legal move here", "%.*s non è una mossa legale qui", "ход %.*s здесь невозможен",
		"%.*s no es una jugada legal aquí",
	},
	AT(MSG_MOVES_ANNOTATION) = {
		"the annotation \"%.*s\" is not part of the move; it is kept as NAG $%d",
		"la valutazione \"%.*s\" non fa parte della mossa; è conservata come NAG $%d",
		"оценка \"%.*s\" не входит в ход; она сохранена как NAG $%d",
		"la anotación \"%.*s\" no forma parte de la jugada; se conserva como NAG $%d",
	},
	AT(MSG_MOVES_GLYPH) = {
		"the glyph \"%.*s\" is not part of the move; it is kept as NAG %s",
		"il simbolo \"%.*s\" non fa parte della mossa; è conservato come NAG %s",
		"знак \"%.*s\" не входит в ход; он сохранён как NAG %s",
		"el signo \"%.*s\" no forma parte de la jugada; se conserva como NAG %s",
	},
	AT(MSG_MOVES_GLYPHS) = {
		"the glyphs \"%.*s\" are not part of the move; they are kept as NAGs %s",
		"i simboli \"%.*s\" non fanno parte della mossa; sono conservati come NAG %s",
		"знаки \"%.*s\" не входят в ход; они сохранены как NAG %s",
		"los signos \"%.*s\" no forman parte de la jugada; se conservan como NAG %s",
	},
	AT(MSG_MOVES_NULL_MOVE) = {
		"\"%.*s\" is a null move: %s passes without moving, which no rule of chess allows (PGN writes it %s)",
		"\"%.*s\" è una mossa nulla: %s passa senza muovere, cosa che nessuna regola degli scacchi consente (il PGN la scrive %s)",
		"\"%.*s\" — нулевой ход: %s пропускают ход, чего не допускает ни одно правило шахмат (в PGN он пишется %s)",
		"\"%.*s\" es una jugada nula: %s pasan sin mover, algo que ninguna regla del ajedrez permite (PGN la escribe %s)",
	},
	AT(MSG_MOVES_UCI_NULL_MOVE) = {
		"\"0000\" is a null move: %s passes without moving, which no rule of chess allows",
		"\"0000\" è una mossa nulla: %s passa senza muovere, cosa che nessuna regola degli scacchi consente",
		"\"0000\" — нулевой ход: %s пропускают ход, чего не допускает ни одно правило шахмат",
		"\"0000\" es una jugada nula: %s pasan sin mover, algo que ninguna regla del ajedrez permite",
	},
	AT(MSG_MOVES_CASTLING_ZEROS) = {
		"castling is written with the letter O, not zeros: %s", "l'arrocco si scrive con la lettera O, non con zeri: %s",
		"рокировка пишется буквой O, а не нулями: %s", "el enroque se escribe con la letra O, no con ceros: %s",
	},
	AT(MSG_MOVES_CASTLING_CASE) = {
		"castling is written with a capital O: %s", "l'arrocco si scrive con la O maiuscola: %s",
		"рокировка пишется заглавной буквой O: %s", "el enroque se escribe con O mayúscula: %s",
	},
	AT(MSG_MOVES_COORDINATE) = {
		"\"%.*s\" names both squares; SAN writes %s", "\"%.*s\" indica entrambe le case; la SAN scrive %s",
		"\"%.*s\" называет оба поля; в SAN пишется %s", "\"%.*s\" indica ambas casillas; SAN escribe %s",
	},
	AT(MSG_MOVES_PAWN_LETTER) = {
		"SAN writes pawn moves without a letter: %s", "la SAN scrive le mosse di pedone senza lettera: %s",
		"в SAN ходы пешки пишутся без буквы: %s", "SAN escribe las jugadas de peón sin letra: %s",
	},
	AT(MSG_MOVES_MISSING_CAPTURE) = {
		"the move captures, so SAN writes an 'x': %s", "la mossa è una presa, quindi la SAN scrive una 'x': %s",
		"ход со взятием, поэтому в SAN пишется 'x': %s", "la jugada captura, así que SAN escribe una 'x': %s",
	},
	AT(MSG_MOVES_FALSE_CAPTURE) = {
		"an 'x' on a move that captures nothing: %s", "una 'x' su una mossa che non prende nulla: %s",
		"'x' у хода без взятия: %s", "una 'x' en una jugada que no captura nada: %s",
	},
	AT(MSG_MOVES_OVER_DISAMBIGUATED) = {
		"more of the origin square than needed to tell the move apart: %s",
		"la casa di partenza è indicata più di quanto serva a distinguere la mossa: %s",
		"исходное поле указано подробнее, чем нужно, чтобы отличить ход: %s",
		"la casilla de origen se indica más de lo necesario para distinguir la jugada: %s",
	},
	AT(MSG_MOVES_PROMOTION_FORM) = {
		"a promotion is written with '=': %s", "la promozione si scrive con '=': %s",
		"превращение пишется через '=': %s", "la promoción se escribe con '=': %s",
	},
	AT(MSG_MOVES_LETTER_CASE) = {
		"pieces are capital letters and files small ones: %s",
		"i pezzi sono lettere maiuscole e le colonne minuscole: %s",
		"фигуры обозначаются заглавными буквами, вертикали — строчными: %s",
		"las piezas son letras mayúsculas y las columnas minúsculas: %s",
	},
	AT(MSG_MOVES_EP_SUFFIX) = {
		"SAN writes en passant like any pawn capture: %s",
		"la SAN scrive la presa en passant come ogni presa di pedone: %s",
		"в SAN взятие на проходе пишется как любое взятие пешкой: %s",
		"SAN escribe la captura al paso como cualquier captura de peón: %s",
	},
	AT(MSG_MOVES_MISSING_MATE) = {
		"the move mates, so SAN ends it with '#': %s", "la mossa dà scacco matto, quindi la SAN la chiude con '#': %s",
		"ход ставит мат, поэтому в SAN он заканчивается на '#': %s",
		"la jugada da jaque mate, así que SAN la termina con '#': %s",
	},
	AT(MSG_MOVES_MISSING_CHECK) = {
		"the move gives check, so SAN ends it with '+': %s", "la mossa dà scacco, quindi la SAN la chiude con '+': %s",
		"ход объявляет шах, поэтому в SAN он заканчивается на '+': %s",
		"la jugada da jaque, así que SAN la termina con '+': %s",
	},
	AT(MSG_MOVES_FALSE_CHECK) = {
		"'%c' on a move that gives no check: %s", "'%c' su una mossa che non dà scacco: %s",
		"'%c' у хода без шаха: %s", "'%c' en una jugada que no da jaque: %s",
	},
	AT(MSG_MOVES_CHECK_FOR_MATE) = {
		"'%c' on a move that mates, which SAN writes '#': %s",
		"'%c' su una mossa che dà scacco matto, che la SAN scrive '#': %s",
		"'%c' у хода, который ставит мат, а мат в SAN пишется '#': %s",
		"'%c' en una jugada que da jaque mate, que SAN escribe '#': %s",
	},
	AT(MSG_MOVES_MATE_FOR_CHECK) = {
		"'%c' on a move that checks but does not mate: %s", "'%c' su una mossa che dà scacco ma non matto: %s",
		"'%c' у хода, который объявляет шах, но не мат: %s", "'%c' en una jugada que da jaque pero no mate: %s",
	},
	AT(MSG_MOVES_BLANKS_AROUND) = {
		"blanks around the move are not part of it: %s", "gli spazi intorno alla mossa non ne fanno parte: %s",
		"пробелы вокруг хода не входят в него: %s", "los espacios alrededor de la jugada no forman parte de ella: %s",
	},
	AT(MSG_MOVES_BLANKS_BEFORE) = {
		"blanks before the move are not part of it: %s", "gli spazi prima della mossa non ne fanno parte: %s",
		"пробелы перед ходом не входят в него: %s", "los espacios antes de la jugada no forman parte de ella: %s",
	},
	AT(MSG_MOVES_BLANKS_AFTER) = {
		"blanks after the move are not part of it: %s", "gli spazi dopo la mossa non ne fanno parte: %s",
		"пробелы после хода не входят в него: %s", "los espacios después de la jugada no forman parte de ella: %s",
	},
	AT(MSG_MOVES_CYRILLIC_FILE) = {
		"\"%.2s\" is a Cyrillic letter that looks like the file %c, read as it: %s",
		"\"%.2s\" è una lettera cirillica simile alla colonna %c, letta come tale: %s",
		"\"%.2s\" — кириллическая буква, похожая на вертикаль %c, и прочитана как она: %s",
		"\"%.2s\" es una letra cirílica parecida a la columna %c, leída como tal: %s",
	},
	AT(MSG_MOVES_JSON_MOVE) = {
		"move %d, \"%.*s%s\": %s", "mossa %d, \"%.*s%s\": %s", "ход %d, \"%.*s%s\": %s", "jugada %d, \"%.*s%s\": %s",
	},
	AT(MSG_MOVES_JSON_NOT_UCI) = {
		"move %d, \"%.*s%s\", is not a move in UCI notation (such as e2e4 or e7e8q)",
		"mossa %d, \"%.*s%s\", non è una mossa in notazione UCI (come e2e4 o e7e8q)",
		"ход %d, \"%.*s%s\", — не ход в нотации UCI (например, e2e4 или e7e8q)",
		"jugada %d, \"%.*s%s\", no es una jugada en notación UCI (como e2e4 o e7e8q)",
	},
	AT(MSG_MOVES_JSON_NOT_LEGAL) = {
		"move %d, \"%.*s%s\", is not legal in this position", "mossa %d, \"%.*s%s\", non è legale in questa posizione",
		"ход %d, \"%.*s%s\", невозможен в этой позиции", "jugada %d, \"%.*s%s\", no es legal en esta posición",
	},
	AT(MSG_MOVES_DETECT_READING) = {
		"%s piece letters (%s%s%s%s)", "le lettere dei pezzi della notazione %s (%s%s%s%s)",
		"буквы фигур %s нотации (%s%s%s%s)", "las letras de pieza de la notación %s (%s%s%s%s)",
	},
	AT(MSG_MOVES_LANG_DETECTED) = {
		"the moves are in %s and were read so: \"%s\" is %s; give lang to choose",
		"le mosse usano %s e sono state lette così: \"%s\" è %s; indica lang per scegliere",
		"в ходах использованы %s, и они прочитаны так: \"%s\" — это %s; укажите lang, чтобы выбрать",
		"las jugadas usan %s y se leyeron así: \"%s\" es %s; indica lang para elegir",
	},
	AT(MSG_MOVES_LANG_HINT) = {
		"%s (no language reads every move: read in %s, the moves go to ply %d)",
		"%s (nessuna notazione legge tutte le mosse: con %s, le mosse arrivano alla semimossa %d)",
		"%s (ни одна нотация не читает все ходы: если читать %s, ходы доходят до полухода %d)",
		"%s (ninguna notación lee todas las jugadas: con %s, las jugadas llegan a la media jugada %d)",
	},
	AT(MSG_MOVES_AMBIGUOUS_LANGUAGE) = {
		"move %d, \"%s\", is %s in %s and %s in %s, and each reads every move: give lang",
		"mossa %d, \"%s\", è %s nella notazione %s e %s nella notazione %s, e ognuna legge tutte le mosse: indica lang",
		"ход %d, \"%s\", — это %s в %s нотации и %s в %s нотации, и каждая читает все ходы: укажите lang",
		"jugada %d, \"%s\", es %s en la notación %s y %s en la notación %s, y cada una lee todas las jugadas: indica lang",
	},
	AT(MSG_MOVES_W_ALIKE_SEP_ONE) = { "; ", "; la notazione ", "; в ", "; la notación " },
	AT(MSG_MOVES_W_ALIKE_SEP_MANY) = { "; ", "; le notazioni ", "; в ", "; las notaciones " },
	AT(MSG_MOVES_W_ALIKE_ONE) = {
		" reads them alike", " le legge allo stesso modo", " нотации они читаются так же", " las lee igual",
	},
	AT(MSG_MOVES_W_ALIKE_MANY) = {
		" read them alike", " le leggono allo stesso modo", " нотациях они читаются так же", " las leen igual",
	},
	AT(MSG_MOVES_W_PAWN) = { "pawn", "pedone", "пешка", "peón" },
	AT(MSG_MOVES_W_KNIGHT) = { "knight", "cavallo", "конь", "caballo" },
	AT(MSG_MOVES_W_BISHOP) = { "bishop", "alfiere", "слон", "alfil" },
	AT(MSG_MOVES_W_ROOK) = { "rook", "torre", "ладья", "torre" },
	AT(MSG_MOVES_W_QUEEN) = { "queen", "donna", "ферзь", "dama" },
	AT(MSG_MOVES_W_KING) = { "king", "re", "король", "rey" },
	AT(MSG_MOVES_W_THE_PAWN) = { "pawn", "il pedone", "пешка", "el peón" },
	AT(MSG_MOVES_W_THE_KNIGHT) = { "knight", "il cavallo", "конь", "el caballo" },
	AT(MSG_MOVES_W_THE_BISHOP) = { "bishop", "l'alfiere", "слон", "el alfil" },
	AT(MSG_MOVES_W_THE_ROOK) = { "rook", "la torre", "ладья", "la torre" },
	AT(MSG_MOVES_W_THE_QUEEN) = { "queen", "la donna", "ферзь", "la dama" },
	AT(MSG_MOVES_W_THE_KING) = { "king", "il re", "король", "el rey" },
	AT(MSG_MOVES_W_NO_WHITE_PAWN) = { "no white pawn", "nessun pedone bianco", "ни одна белая пешка", "ningún peón blanco" },
	AT(MSG_MOVES_W_NO_WHITE_KNIGHT) = { "no white knight", "nessun cavallo bianco", "ни один белый конь", "ningún caballo blanco" },
	AT(MSG_MOVES_W_NO_WHITE_BISHOP) = { "no white bishop", "nessun alfiere bianco", "ни один белый слон", "ningún alfil blanco" },
	AT(MSG_MOVES_W_NO_WHITE_ROOK) = { "no white rook", "nessuna torre bianca", "ни одна белая ладья", "ninguna torre blanca" },
	AT(MSG_MOVES_W_NO_WHITE_QUEEN) = { "no white queen", "nessuna donna bianca", "ни один белый ферзь", "ninguna dama blanca" },
	AT(MSG_MOVES_W_NO_WHITE_KING) = { "no white king", "nessun re bianco", "белый король", "ningún rey blanco" },
	AT(MSG_MOVES_W_NO_BLACK_PAWN) = { "no black pawn", "nessun pedone nero", "ни одна чёрная пешка", "ningún peón negro" },
	AT(MSG_MOVES_W_NO_BLACK_KNIGHT) = { "no black knight", "nessun cavallo nero", "ни один чёрный конь", "ningún caballo negro" },
	AT(MSG_MOVES_W_NO_BLACK_BISHOP) = { "no black bishop", "nessun alfiere nero", "ни один чёрный слон", "ningún alfil negro" },
	AT(MSG_MOVES_W_NO_BLACK_ROOK) = { "no black rook", "nessuna torre nera", "ни одна чёрная ладья", "ninguna torre negra" },
	AT(MSG_MOVES_W_NO_BLACK_QUEEN) = { "no black queen", "nessuna donna nera", "ни один чёрный ферзь", "ninguna dama negra" },
	AT(MSG_MOVES_W_NO_BLACK_KING) = { "no black king", "nessun re nero", "чёрный король", "ningún rey negro" },
	AT(MSG_MOVES_W_LANG_EN) = { "English", "inglese", "английской", "inglesa" },
	AT(MSG_MOVES_W_LANG_IT) = { "Italian", "italiana", "итальянской", "italiana" },
	AT(MSG_MOVES_W_LANG_ES) = { "Spanish", "spagnola", "испанской", "española" },
	AT(MSG_MOVES_W_LANG_FR) = { "French", "francese", "французской", "francesa" },
	AT(MSG_MOVES_W_LANG_DE) = { "German", "tedesca", "немецкой", "alemana" },
	AT(MSG_MOVES_W_LANG_NL) = { "Dutch", "olandese", "нидерландской", "neerlandesa" },
	AT(MSG_MOVES_W_LANG_RU) = { "Russian", "russa", "русской", "rusa" },
	AT(MSG_MOVES_W_LANG_FIGURINE) = { "figurine", "figurina", "фигурной", "de figurines" },
	AT(MSG_MOVES_W_PIECE_IN) = { "the %s in", "%s nella notazione", "%s в нотации", "%s en la notación" },
};
