/* messages.c -- the catalogue of messages (messages.h): each message's format in
 * English, Italian, Russian and Spanish, and the language tags. */
#include "messages.h"

#include <strings.h>

/* { English, Italian, Russian, Spanish } of each id. */
static const char *const msg_texts[MSG_CORE_NB][MSG_LANG_NB] = {
	[MSG_FEN_BAD_WHITESPACE] = {
		"%s %s; fields are separated by exactly one space",
		"%s %s; i campi sono separati da un solo spazio",
		"%s %s; поля FEN разделяются ровно одним пробелом",
		"%s %s; los campos se separan con exactamente un espacio",
	},
	[MSG_FEN_TOO_MANY_FIELDS] = {
		"text after the sixth field (the move number): \"%.*s\"; a FEN has six fields",
		"testo dopo il sesto campo (il numero di mossa): \"%.*s\"; un FEN ha sei campi",
		"текст после шестого поля (номера хода): \"%.*s\"; в FEN шесть полей",
		"texto tras el sexto campo (el número de jugada): \"%.*s\"; un FEN tiene seis campos",
	},
	[MSG_FEN_EMPTY] = {
		"the FEN is empty",
		"il FEN è vuoto",
		"FEN пуст",
		"el FEN está vacío",
	},
	[MSG_FEN_WHITESPACE_NORMALIZED] = {
		"spaces, tabs or underscores between fields were read as single spaces",
		"spazi, tabulazioni o trattini bassi tra i campi sono stati letti come spazi singoli",
		"пробелы, табуляции или подчёркивания между полями прочитаны как одиночные пробелы",
		"los espacios, tabuladores o guiones bajos entre campos se leyeron como espacios simples",
	},
	[MSG_FEN_TOO_FEW_FIELDS] = {
		"the FEN ends after %d %s; the %s field and those after it are missing (a FEN has six fields)",
		"il FEN finisce dopo %d %s; mancano il campo %s e quelli successivi (un FEN ha sei campi)",
		"в FEN только %d %s; поле %s и следующие за ним отсутствуют (в FEN шесть полей)",
		"el FEN termina tras %d %s; faltan el campo %s y los siguientes (un FEN tiene seis campos)",
	},
	[MSG_FEN_BAD_PIECE] = {
		"'%c' in rank %d is not a piece; pieces are KQRBNP (White) and kqrbnp (Black)",
		"'%c' nella traversa %d non è un pezzo; i pezzi sono KQRBNP (Bianco) e kqrbnp (Nero)",
		"'%c' на %d-й горизонтали — не фигура; фигуры: KQRBNP (белые) и kqrbnp (чёрные)",
		"'%c' en la fila %d no es una pieza; las piezas son KQRBNP (blancas) y kqrbnp (negras)",
	},
	[MSG_FEN_BAD_PIECE_UNICODE] = {
		"'%.*s' (U+%04X) in rank %d is not a piece; pieces are KQRBNP (White) and kqrbnp (Black)",
		"'%.*s' (U+%04X) nella traversa %d non è un pezzo; i pezzi sono KQRBNP (Bianco) e kqrbnp (Nero)",
		"'%.*s' (U+%04X) на %d-й горизонтали — не фигура; фигуры: KQRBNP (белые) и kqrbnp (чёрные)",
		"'%.*s' (U+%04X) en la fila %d no es una pieza; las piezas son KQRBNP (blancas) y kqrbnp (negras)",
	},
	[MSG_FEN_BAD_PIECE_BYTE] = {
		"byte 0x%02X in rank %d is not a piece; pieces are KQRBNP (White) and kqrbnp (Black)",
		"il byte 0x%02X nella traversa %d non è un pezzo; i pezzi sono KQRBNP (Bianco) e kqrbnp (Nero)",
		"байт 0x%02X на %d-й горизонтали — не фигура; фигуры: KQRBNP (белые) и kqrbnp (чёрные)",
		"el byte 0x%02X en la fila %d no es una pieza; las piezas son KQRBNP (blancas) y kqrbnp (negras)",
	},
	[MSG_FEN_RANK_TOO_LONG] = {
		"rank %d (\"%.*s\") describes %d squares; a rank has exactly 8",
		"la traversa %d (\"%.*s\") descrive %d case; una traversa ne ha esattamente 8",
		"на %d-й горизонтали (\"%.*s\") полей: %d; на горизонтали ровно 8 полей",
		"la fila %d (\"%.*s\") describe %d casillas; una fila tiene exactamente 8",
	},
	[MSG_FEN_RANK_TOO_SHORT] = {
		"rank %d (\"%.*s\") describes %d %s; a rank has exactly 8",
		"la traversa %d (\"%.*s\") descrive %d %s; una traversa ne ha esattamente 8",
		"%d-я горизонталь (\"%.*s\") описывает %d %s; на горизонтали ровно 8 полей",
		"la fila %d (\"%.*s\") describe %d %s; una fila tiene exactamente 8",
	},
	[MSG_FEN_TOO_MANY_RANKS] = {
		"the board has more than 8 ranks: \"%.*s\" follows the 8th '/'-separated part",
		"la scacchiera ha più di 8 traverse: \"%.*s\" segue l'ottava parte separata da '/'",
		"на доске больше 8 горизонталей: \"%.*s\" идёт после 8-й части, отделённой '/'",
		"el tablero tiene más de 8 filas: \"%.*s\" sigue a la octava parte separada por '/'",
	},
	[MSG_FEN_CONSECUTIVE_DIGITS] = {
		"two digits in a row (\"%.2s\") in rank %d; write empty squares as one digit",
		"due cifre di seguito (\"%.2s\") nella traversa %d; le case vuote si scrivono con una sola cifra",
		"две цифры подряд (\"%.2s\") на %d-й горизонтали; пустые поля записываются одной цифрой",
		"dos cifras seguidas (\"%.2s\") en la fila %d; las casillas vacías se escriben con una sola cifra",
	},
	[MSG_FEN_BAD_DIGIT] = {
		"'%c' in rank %d: empty squares are counted with the digits 1 to 8",
		"'%c' nella traversa %d: le case vuote si contano con le cifre da 1 a 8",
		"'%c' на %d-й горизонтали: пустые поля считаются цифрами от 1 до 8",
		"'%c' en la fila %d: las casillas vacías se cuentan con las cifras del 1 al 8",
	},
	[MSG_FEN_TOO_FEW_RANKS] = {
		"the board has %d %s; it needs 8, separated by '/'",
		"la scacchiera ha %d %s; ne servono 8, separate da '/'",
		"на доске %d %s; нужно 8, разделённых '/'",
		"el tablero tiene %d %s; necesita 8, separadas por '/'",
	},
	[MSG_FEN_TURN_CASE] = {
		"side to move '%c' was read as '%c'",
		"il tratto '%c' è stato letto come '%c'",
		"очередь хода '%c' прочитана как '%c'",
		"el turno '%c' se leyó como '%c'",
	},
	[MSG_FEN_BAD_TURN] = {
		"side to move is \"%.*s\"; it must be 'w' (White) or 'b' (Black)",
		"il tratto è \"%.*s\"; deve essere 'w' (Bianco) o 'b' (Nero)",
		"очередь хода — \"%.*s\"; должно быть 'w' (белые) или 'b' (чёрные)",
		"el turno es \"%.*s\"; debe ser 'w' (blancas) o 'b' (negras)",
	},
	[MSG_FEN_CASTLING_DASH_ALONE] = {
		"'-' means no castling rights and must stand alone",
		"'-' significa nessun diritto di arrocco e deve stare da solo",
		"'-' означает, что прав на рокировку нет, и должен стоять один",
		"'-' significa que no hay derechos de enroque y debe ir solo",
	},
	[MSG_FEN_BAD_CASTLING] = {
		"'%c' is not a castling right; use '-' or K, Q, k, q (or file letters A-H, a-h in Chess960)",
		"'%c' non è un diritto di arrocco; usare '-' o K, Q, k, q (o le lettere di colonna A-H, a-h in Chess960)",
		"'%c' — не право рокировки; используйте '-' или K, Q, k, q (или буквы вертикалей A-H, a-h в Chess960)",
		"'%c' no es un derecho de enroque; use '-' o K, Q, k, q (o letras de columna A-H, a-h en Chess960)",
	},
	[MSG_FEN_CASTLING_DASH] = {
		"'%.*s' (U+%04X) is not '-': write no castling rights as '-', the ASCII hyphen-minus",
		"'%.*s' (U+%04X) non è '-': senza diritti di arrocco si scrive '-', il trattino ASCII",
		"'%.*s' (U+%04X) — не '-': отсутствие прав на рокировку записывается как '-', дефис-минус ASCII",
		"'%.*s' (U+%04X) no es '-': sin derechos de enroque se escribe '-', el guion ASCII",
	},
	[MSG_FEN_BAD_CASTLING_UNICODE] = {
		"'%.*s' (U+%04X) is not a castling right; use '-' or K, Q, k, q (or file letters A-H, a-h in Chess960)",
		"'%.*s' (U+%04X) non è un diritto di arrocco; usare '-' o K, Q, k, q (o le lettere di colonna A-H, a-h in Chess960)",
		"'%.*s' (U+%04X) — не право рокировки; используйте '-' или K, Q, k, q (или буквы вертикалей A-H, a-h в Chess960)",
		"'%.*s' (U+%04X) no es un derecho de enroque; use '-' o K, Q, k, q (o letras de columna A-H, a-h en Chess960)",
	},
	[MSG_FEN_BAD_CASTLING_BYTE] = {
		"byte 0x%02X is not a castling right; use '-' or K, Q, k, q (or file letters A-H, a-h in Chess960)",
		"il byte 0x%02X non è un diritto di arrocco; usare '-' o K, Q, k, q (o le lettere di colonna A-H, a-h in Chess960)",
		"байт 0x%02X — не право рокировки; используйте '-' или K, Q, k, q (или буквы вертикалей A-H, a-h в Chess960)",
		"el byte 0x%02X no es un derecho de enroque; use '-' o K, Q, k, q (o letras de columna A-H, a-h en Chess960)",
	},
	[MSG_FEN_CASTLING_TOO_LONG] = {
		"too many castling letters",
		"troppe lettere di arrocco",
		"слишком много букв рокировки",
		"demasiadas letras de enroque",
	},
	[MSG_FEN_EP_CASE] = {
		"en-passant square \"%.2s\" was read as \"%s\"",
		"la casa en passant \"%.2s\" è stata letta come \"%s\"",
		"поле взятия на проходе \"%.2s\" прочитано как \"%s\"",
		"la casilla de captura al paso \"%.2s\" se leyó como \"%s\"",
	},
	[MSG_FEN_EP_DASH] = {
		"en-passant field is \"%.*s\" (U+%04X), not '-': write no en-passant square as '-', the ASCII hyphen-minus",
		"il campo en passant è \"%.*s\" (U+%04X), non '-': senza casa en passant si scrive '-', il trattino ASCII",
		"в поле взятия на проходе \"%.*s\" (U+%04X), а не '-': отсутствие поля взятия на проходе записывается как '-', дефис-минус ASCII",
		"el campo de captura al paso es \"%.*s\" (U+%04X), no '-': sin casilla de captura al paso se escribe '-', el guion ASCII",
	},
	[MSG_FEN_BAD_EP] = {
		"en-passant field is \"%.*s\"; it must be '-' or a square such as e3 or d6",
		"il campo en passant è \"%.*s\"; deve essere '-' o una casa come e3 o d6",
		"в поле взятия на проходе \"%.*s\"; должно быть '-' или поле вроде e3 или d6",
		"el campo de captura al paso es \"%.*s\"; debe ser '-' o una casilla como e3 o d6",
	},
	[MSG_FEN_NOT_A_NUMBER] = {
		"%s is \"%.*s\"; it must be a whole number",
		"%s è \"%.*s\"; deve essere un numero intero",
		"%s — \"%.*s\"; это должно быть целое число",
		"%s es \"%.*s\"; debe ser un número entero",
	},
	[MSG_FEN_NEGATIVE_NUMBER] = {
		"%s is %.*s; it cannot be negative",
		"%s è %.*s; non può essere negativo",
		"%s — %.*s; он не может быть отрицательным",
		"%s es %.*s; no puede ser negativo",
	},
	[MSG_FEN_NUMBER_SIGN] = {
		"%s is \"%.*s\"; write it as digits only, without a sign",
		"%s è \"%.*s\"; va scritto solo con cifre, senza segno",
		"%s — \"%.*s\"; записывайте его только цифрами, без знака",
		"%s es \"%.*s\"; escríbalo solo con cifras, sin signo",
	},
	[MSG_FEN_NUMBER_TOO_LARGE] = {
		"%s %.*s is larger than %d",
		"%s %.*s supera %d",
		"%s %.*s больше %d",
		"%s %.*s es mayor que %d",
	},
	[MSG_FEN_LEADING_ZEROS] = {
		"%s \"%.*s\" has leading zeros; written as %s",
		"%s \"%.*s\" ha zeri iniziali; scritto come %s",
		"%s \"%.*s\" с ведущими нулями; записан как %s",
		"%s \"%.*s\" tiene ceros a la izquierda; escrito como %s",
	},
	[MSG_FEN_FULLMOVE_CORRECTED] = {
		"move number 0 was read as 1; moves are numbered from 1",
		"il numero di mossa 0 è stato letto come 1; le mosse si numerano da 1",
		"номер хода 0 прочитан как 1; ходы нумеруются с 1",
		"el número de jugada 0 se leyó como 1; las jugadas se numeran desde 1",
	},
	[MSG_FEN_FULLMOVE_ZERO] = {
		"move number is 0; moves are numbered from 1",
		"il numero di mossa è 0; le mosse si numerano da 1",
		"номер хода — 0; ходы нумеруются с 1",
		"el número de jugada es 0; las jugadas se numeran desde 1",
	},
	[MSG_FEN_FIELD_DEFAULTED] = {
		"the %s field is missing; \"%s\" is assumed",
		"manca il campo %s; si assume \"%s\"",
		"поле %s отсутствует; принято \"%s\"",
		"falta el campo %s; se supone \"%s\"",
	},
	[MSG_FEN_MISSING_KING] = {
		"%s has no king; each side needs exactly one",
		"%s non ha il re; ogni giocatore ne deve avere esattamente uno",
		"%s без короля; у каждой стороны должен быть ровно один",
		"%s no tienen rey; cada bando necesita exactamente uno",
	},
	[MSG_FEN_TOO_MANY_KINGS] = {
		"%s has %d kings; each side needs exactly one",
		"%s ha %d re; ogni giocatore ne deve avere esattamente uno",
		"%s: королей %d; у каждой стороны должен быть ровно один",
		"%s tienen %d reyes; cada bando necesita exactamente uno",
	},
	[MSG_FEN_PAWN_ON_BACK_RANK] = {
		"%s pawn on %s: pawns never stand on the first or last rank",
		"pedone %s su %s: i pedoni non stanno mai sulla prima o sull'ultima traversa",
		"пешка %s на %s: пешки никогда не стоят на первой или последней горизонтали",
		"peón %s en %s: los peones nunca están en la primera ni en la última fila",
	},
	[MSG_FEN_TOO_MANY_PAWNS] = {
		"%s has %d pawns; a side starts with 8 and never gains any",
		"%s ha %d pedoni; ogni giocatore parte con 8 e non ne guadagna mai",
		"%s: пешек %d; у каждой стороны в начале 8 пешек, и новые не появляются",
		"%s tienen %d peones; cada bando empieza con 8 y nunca gana más",
	},
	[MSG_FEN_TOO_MANY_PIECES] = {
		"%s has %d pieces and pawns; a side starts with 16 and never gains any",
		"%s ha %d tra pezzi e pedoni; ogni giocatore parte con 16 e non ne guadagna mai",
		"%s: фигур и пешек %d; у каждой стороны в начале 16, и новые не появляются",
		"%s tienen %d piezas y peones; cada bando empieza con 16 y nunca gana más",
	},
	[MSG_FEN_TOO_MANY_PROMOTED] = {
		"%s has %d pawns and %d promoted %s (%d queens, %d rooks, %d knights, %d light- and %d dark-squared "
		"bishops); only %d %s can have promoted",
		"%s ha %d pedoni e %d %s (donne: %d, torri: %d, cavalli: %d, alfieri campochiaro: %d, alfieri "
		"camposcuro: %d); i pedoni promossi possono essere al massimo %d%.0s",
		"%s: пешек %d и %d %s (ферзей: %d, ладей: %d, коней: %d, белопольных слонов: %d, чернопольных: %d); "
		"превратиться могли не больше %d%.0s",
		"%s tienen %d peones y %d %s (damas: %d, torres: %d, caballos: %d, alfiles de casillas claras: %d, "
		"de casillas oscuras: %d); como máximo pueden haber coronado %d%.0s",
	},
	[MSG_FEN_OPPONENT_IN_CHECK] = {
		"%s is to move but %s's king on %s is in check: %s's king could be captured",
		"%s ha il tratto ma il re %s su %s è sotto scacco: il re %s potrebbe essere catturato",
		"очередь хода: %s, но король %s на %s под шахом: короля %s можно взять",
		"juegan %s pero el rey %s en %s está en jaque: el rey %s podría ser capturado",
	},
	[MSG_FEN_TOO_MANY_CHECKERS] = {
		"%s's king on %s is attacked by %d pieces; one move can give check with at most two",
		"il re %s su %s è attaccato da %d pezzi; una mossa può dare scacco con al massimo due",
		"король %s на %s атакован фигурами: %d; один ход может дать шах не более чем двумя",
		"el rey %s en %s está atacado por %d piezas; una jugada puede dar jaque con dos como máximo",
	},
	[MSG_FEN_DOUBLE_CHECK_LINE] = {
		"%s's king on %s is checked by two pieces on one line through it; no move gives such a double check",
		"il re %s su %s riceve scacco da due pezzi sulla stessa linea; nessuna mossa dà un simile scacco doppio",
		"королю %s на %s шах дают две фигуры на одной линии; такого двойного шаха не даёт ни один ход",
		"el rey %s en %s recibe jaque de dos piezas en una misma línea; ninguna jugada da un jaque doble así",
	},
	[MSG_FEN_DOUBLE_CHECK_PIECES] = {
		"%s's king on %s is checked by a %s and a %s; a double check needs a bishop, rook or queen uncovered "
		"by the other piece's move",
		"il re %s su %s riceve scacco da un %s e un %s; uno scacco doppio richiede un alfiere, una torre o una "
		"donna scoperti dalla mossa dell'altro pezzo",
		"королю %s на %s шах дают %s и %s; для двойного шаха нужен слон, ладья или ферзь, открытый ходом "
		"другой фигуры",
		"el rey %s en %s recibe jaque de un %s y un %s; un jaque doble necesita un alfil, una torre o una dama "
		"descubiertos por la jugada de la otra pieza",
	},
	[MSG_FEN_EP_WRONG_RANK] = {
		"en-passant square %s is not on the %s rank, where a %s pawn moving two squares passes with %s to move",
		"la casa en passant %s non è sulla %s traversa, dove passa un pedone %s che avanza di due case con %s "
		"al tratto",
		"поле взятия на проходе %s не на %s горизонтали, через которую проходит пешка %s, идущая на два "
		"поля, когда ходят %s",
		"la casilla de captura al paso %s no está en la %s fila, por donde pasa un peón %s que avanza dos "
		"casillas cuando juegan %s",
	},
	[MSG_FEN_EP_WITHOUT_PAWN] = {
		"en-passant square %s needs the %s pawn that just moved two squares on %s, and there is none",
		"la casa en passant %s richiede su %s il pedone %s appena avanzato di due case, e non c'è",
		"для поля взятия на проходе %s нужна пешка %s, только что пошедшая на два поля на %s, а её нет",
		"la casilla de captura al paso %s necesita el peón %s que acaba de avanzar dos casillas hasta %s, "
		"y no está",
	},
	[MSG_FEN_EP_BLOCKED] = {
		"en-passant square %s: %s and %s must be empty after a pawn moved two squares past them",
		"casa en passant %s: %s e %s devono essere vuote dopo che un pedone le ha attraversate avanzando di "
		"due case",
		"поле взятия на проходе %s: %s и %s должны быть пусты после хода пешки через них на два поля",
		"casilla de captura al paso %s: %s y %s deben estar vacías tras avanzar un peón dos casillas a "
		"través de ellas",
	},
	[MSG_FEN_EP_WITH_HALFMOVE] = {
		"en-passant square %s with half-move clock %u: the double pawn move that makes it resets the clock to 0",
		"casa en passant %s con contatore delle semimosse %u: la spinta di due case che la crea azzera il "
		"contatore",
		"поле взятия на проходе %s при счётчике полуходов %u: ход пешки на два поля, который его создаёт, "
		"обнуляет счётчик",
		"casilla de captura al paso %s con contador de medias jugadas %u: el avance doble de peón que la "
		"crea pone el contador a 0",
	},
	[MSG_FEN_EP_DROPPED] = {
		"%s; it was dropped",
		"%s; è stata eliminata",
		"%s; оно удалено",
		"%s; se eliminó",
	},
	[MSG_FEN_EP_IMPOSSIBLE_CHECK] = {
		"en-passant square %s says %s's last move was a double pawn push, but that push could not have given "
		"the check %s's king is in",
		"la casa en passant %s dice che l'ultima mossa %s è stata una spinta di pedone di due case, ma quella "
		"spinta non può aver dato lo scacco al re %s",
		"поле взятия на проходе %s означает, что последним ходом %s был ход пешки на два поля, но этот ход "
		"не мог дать шах королю %s",
		"la casilla de captura al paso %s indica que la última jugada %s fue un avance doble de peón, pero "
		"ese avance no pudo dar el jaque que recibe el rey %s",
	},
	[MSG_FEN_CASTLING_NO_KING] = {
		"castling right '%c' needs %s's king on %s, and it is not there",
		"il diritto di arrocco '%c' richiede il re %s su %s, e non c'è",
		"для права рокировки '%c' нужен король %s на %s, а его там нет",
		"el derecho de enroque '%c' necesita el rey %s en %s, y no está",
	},
	[MSG_FEN_CASTLING_NO_KING_960] = {
		"castling right '%c' needs %s's king on its back rank between two files, and it is not there",
		"il diritto di arrocco '%c' richiede il re %s sulla sua prima traversa tra due colonne, e non c'è",
		"для права рокировки '%c' нужен король %s на своей первой горизонтали между двумя вертикалями, "
		"а его там нет",
		"el derecho de enroque '%c' necesita el rey %s en su primera fila entre dos columnas, y no está",
	},
	[MSG_FEN_CASTLING_NO_ROOK_ON] = {
		"castling right '%c' needs a %s rook on %s, and there is none",
		"il diritto di arrocco '%c' richiede una torre %s su %s, e non c'è",
		"для права рокировки '%c' нужна ладья %s на %s, а её нет",
		"el derecho de enroque '%c' necesita una torre %s en %s, y no la hay",
	},
	[MSG_FEN_CASTLING_NO_ROOK_KINGSIDE] = {
		"castling right '%c' needs a %s rook on the king's h-file side, and there is none",
		"il diritto di arrocco '%c' richiede una torre %s dal lato del re verso la colonna h, e non c'è",
		"для права рокировки '%c' нужна ладья %s со стороны вертикали h от короля, а её нет",
		"el derecho de enroque '%c' necesita una torre %s del lado de la columna h respecto al rey, y no la hay",
	},
	[MSG_FEN_CASTLING_NO_ROOK_QUEENSIDE] = {
		"castling right '%c' needs a %s rook on the king's a-file side, and there is none",
		"il diritto di arrocco '%c' richiede una torre %s dal lato del re verso la colonna a, e non c'è",
		"для права рокировки '%c' нужна ладья %s со стороны вертикали a от короля, а её нет",
		"el derecho de enroque '%c' necesita una torre %s del lado de la columna a respecto al rey, y no la hay",
	},
	[MSG_FEN_CASTLING_REPEATS_KINGSIDE] = {
		"castling right '%c' repeats '%c': %s can castle kingside only once",
		"il diritto di arrocco '%c' ripete '%c': %s può arroccare corto una sola volta",
		"право рокировки '%c' повторяет '%c': %s могут сделать короткую рокировку только один раз",
		"el derecho de enroque '%c' repite '%c': %s solo pueden enrocar corto una vez",
	},
	[MSG_FEN_CASTLING_REPEATS_QUEENSIDE] = {
		"castling right '%c' repeats '%c': %s can castle queenside only once",
		"il diritto di arrocco '%c' ripete '%c': %s può arroccare lungo una sola volta",
		"право рокировки '%c' повторяет '%c': %s могут сделать длинную рокировку только один раз",
		"el derecho de enroque '%c' repite '%c': %s solo pueden enrocar largo una vez",
	},
	[MSG_FEN_CASTLING_REPEAT_DROPPED] = {
		"%s; the repeat was dropped",
		"%s; la ripetizione è stata eliminata",
		"%s; повтор удалён",
		"%s; se eliminó la repetición",
	},
	[MSG_FEN_CASTLING_RIGHT_DROPPED] = {
		"%s; the right was dropped",
		"%s; il diritto è stato eliminato",
		"%s; право удалено",
		"%s; se eliminó el derecho",
	},
	[MSG_FEN_CASTLING_TWICE_DROPPED] = {
		"castling right '%c' appears twice; the repeat was dropped",
		"il diritto di arrocco '%c' compare due volte; la ripetizione è stata eliminata",
		"право рокировки '%c' указано дважды; повтор удалён",
		"el derecho de enroque '%c' aparece dos veces; se eliminó la repetición",
	},
	[MSG_FEN_CASTLING_TWICE] = {
		"castling right '%c' appears twice",
		"il diritto di arrocco '%c' compare due volte",
		"право рокировки '%c' указано дважды",
		"el derecho de enroque '%c' aparece dos veces",
	},
	[MSG_FEN_CASTLING_REORDERED] = {
		"castling rights \"%.*s\" were put in order: White's before Black's, kingside before queenside",
		"i diritti di arrocco \"%.*s\" sono stati messi in ordine: prima quelli del Bianco, poi quelli del "
		"Nero, il corto prima del lungo",
		"права рокировки \"%.*s\" упорядочены: сначала белых, потом чёрных, короткая перед длинной",
		"los derechos de enroque \"%.*s\" se ordenaron: los de las blancas antes que los de las negras, el "
		"corto antes que el largo",
	},
	[MSG_FEN_CASTLING_ORDER] = {
		"castling right '%c' is out of order in \"%.*s\": write White's before Black's, kingside before "
		"queenside (KQkq)",
		"il diritto di arrocco '%c' è fuori ordine in \"%.*s\": prima quelli del Bianco, poi quelli del Nero, "
		"il corto prima del lungo (KQkq)",
		"право рокировки '%c' стоит не на своём месте в \"%.*s\": сначала права белых, потом чёрных, "
		"короткая перед длинной (KQkq)",
		"el derecho de enroque '%c' está fuera de orden en \"%.*s\": escriba los de las blancas antes que los "
		"de las negras, el corto antes que el largo (KQkq)",
	},
	[MSG_FEN_CASTLING_INFERRED] = {
		"the castling field is missing; \"%s\" was inferred from kings and rooks on their starting squares",
		"manca il campo dell'arrocco; \"%s\" è stato dedotto da re e torri sulle case di partenza",
		"поле рокировки отсутствует; \"%s\" выведено по королям и ладьям на исходных полях",
		"falta el campo de enroque; \"%s\" se dedujo de los reyes y torres en sus casillas iniciales",
	},
	[MSG_FEN_CHESS960_ASSUMED] = {
		"castling rights \"%.*s\" only make sense in Chess960, so the position is read as Chess960",
		"i diritti di arrocco \"%.*s\" hanno senso solo in Chess960, quindi la posizione è letta come Chess960",
		"права рокировки \"%.*s\" имеют смысл только в Chess960, поэтому позиция прочитана как Chess960",
		"los derechos de enroque \"%.*s\" solo tienen sentido en Chess960, así que la posición se lee como "
		"Chess960",
	},
	[MSG_FEN_CASTLING_NEEDS_CHESS960] = {
		"castling rights \"%.*s\" fit only Chess960; in standard chess, %s",
		"i diritti di arrocco \"%.*s\" valgono solo in Chess960; negli scacchi classici, %s",
		"права рокировки \"%.*s\" подходят только для Chess960; в классических шахматах %s",
		"los derechos de enroque \"%.*s\" solo valen en Chess960; en ajedrez clásico, %s",
	},
	[MSG_FEN_HALFMOVE_EXCEEDS_PLIES] = {
		"half-move clock %u is more than the %llu plies played by move %u",
		"il contatore delle semimosse %u supera le %llu semimosse giocate fino alla mossa %u",
		"счётчик полуходов %u больше числа полуходов (%llu), сыгранных к ходу %u",
		"el contador de medias jugadas %u supera las %llu medias jugadas disputadas hasta la jugada %u",
	},
	[MSG_FEN_TOO_LONG] = {
		"the FEN is %zu bytes long; no FEN needs more than %d",
		"il FEN è lungo %zu byte; nessun FEN ne richiede più di %d",
		"длина FEN в байтах: %zu; ни одному FEN не нужно больше %d",
		"el FEN mide %zu bytes; ningún FEN necesita más de %d",
	},
	[MSG_FEN_TOO_MANY_PROBLEMS] = {
		"more than %d problems: only the first %d are listed; fix them and validate again",
		"più di %d problemi: sono elencati solo i primi %d; correggerli e validare di nuovo",
		"проблем больше %d: показаны только первые %d; исправьте их и проверьте снова",
		"más de %d problemas: solo se listan los primeros %d; corríjalos y valide de nuevo",
	},
	[MSG_HINT_CHESS960_VALID] = {
		"this looks like a Chess960 position: send chess960: true (fen --chess960) and the FEN is valid",
		"sembra una posizione Chess960: con chess960: true (fen --chess960) il FEN è valido",
		"похоже на позицию Chess960: с chess960: true (fen --chess960) FEN корректен",
		"parece una posición de Chess960: con chess960: true (fen --chess960) el FEN es válido",
	},
	[MSG_HINT_CHESS960_RIGHTS] = {
		"these castling rights are Chess960 rights: send chess960: true (fen --chess960) if this is a "
		"Chess960 position; the FEN has other problems too",
		"questi diritti di arrocco sono diritti Chess960: inviare chess960: true (fen --chess960) se è una "
		"posizione Chess960; il FEN ha anche altri problemi",
		"эти права рокировки — права Chess960: отправьте chess960: true (fen --chess960), если это позиция "
		"Chess960; в FEN есть и другие проблемы",
		"estos derechos de enroque son de Chess960: envíe chess960: true (fen --chess960) si es una posición "
		"de Chess960; el FEN tiene también otros problemas",
	},
	[MSG_HINT_CHESS960_SOME] = {
		"read as Chess960, %d of the %d castling rights standard chess refuses are sound: send chess960: true "
		"(fen --chess960) if this is a Chess960 position",
		"letti come Chess960, %d dei %d diritti di arrocco rifiutati dagli scacchi classici sono validi: "
		"inviare chess960: true (fen --chess960) se è una posizione Chess960",
		"при чтении как Chess960 верны %d из %d прав рокировки, отвергнутых классическими шахматами: "
		"отправьте chess960: true (fen --chess960), если это позиция Chess960",
		"leídos como Chess960, %d de los %d derechos de enroque que el ajedrez clásico rechaza son válidos: "
		"envíe chess960: true (fen --chess960) si es una posición de Chess960",
	},
	[MSG_HINT_LENIENT] = {
		"lenient mode reads this FEN%s: send mode: lenient (fen --lenient); it reads \"%s\"%s",
		"la modalità permissiva legge questo FEN%s: inviare mode: lenient (fen --lenient); lo legge come "
		"\"%s\"%s",
		"нестрогий режим читает этот FEN%s: отправьте mode: lenient (fen --lenient); он читается как "
		"\"%s\"%s",
		"el modo permisivo lee este FEN%s: envíe mode: lenient (fen --lenient); lo lee como \"%s\"%s",
	},
	[MSG_TITLE_MALFORMED_JSON] = { "Malformed JSON", "JSON non valido", "Некорректный JSON", "JSON mal formado" },
	[MSG_TITLE_MISSING_FIELD] = { "Missing field", "Campo mancante", "Отсутствует поле", "Falta un campo" },
	[MSG_TITLE_INVALID_FIELD] = { "Invalid field", "Campo non valido", "Недопустимое значение поля", "Campo no válido" },
	[MSG_TITLE_NOT_FOUND] = { "Not found", "Non trovato", "Не найдено", "No encontrado" },
	[MSG_TITLE_METHOD_NOT_ALLOWED] = { "Method not allowed", "Metodo non consentito", "Метод не разрешён", "Método no permitido" },
	[MSG_TITLE_PAYLOAD_TOO_LARGE] = { "Payload too large", "Corpo della richiesta troppo grande", "Слишком большое тело запроса", "Cuerpo de la petición demasiado grande" },
	[MSG_TITLE_UNSUPPORTED_MEDIA_TYPE] = { "Unsupported media type", "Tipo di contenuto non supportato", "Неподдерживаемый тип содержимого", "Tipo de contenido no admitido" },
	[MSG_TITLE_INVALID_FEN] = { "Invalid FEN", "FEN non valido", "Недопустимый FEN", "FEN no válido" },
	[MSG_TITLE_ILLEGAL_MOVE] = { "Illegal move", "Mossa illegale", "Недопустимый ход", "Jugada ilegal" },
	[MSG_TITLE_AMBIGUOUS_MOVE] = { "Ambiguous move", "Mossa ambigua", "Неоднозначный ход", "Jugada ambigua" },
	[MSG_TITLE_NON_STANDARD_SAN] = { "Not standard SAN", "SAN non standard", "Нестандартная запись SAN", "SAN no estándar" },
	[MSG_TITLE_MALFORMED_PGN] = { "Malformed PGN", "PGN non valido", "Некорректный PGN", "PGN mal formado" },
	[MSG_TITLE_INTERNAL_ERROR] = { "Internal server error", "Errore interno del server", "Внутренняя ошибка сервера", "Error interno del servidor" },
	[MSG_TITLE_SERVICE_UNAVAILABLE] = { "Service unavailable", "Servizio non disponibile", "Сервис недоступен", "Servicio no disponible" },
	[MSG_TITLE_UNREADABLE_GAME] = { "Unreadable game", "Partita illeggibile", "Нечитаемая партия", "Partida ilegible" },
	[MSG_TITLE_INVALID_FRAMING] = { "Invalid message framing", "Delimitazione del messaggio non valida", "Недопустимое разбиение сообщения", "Delimitación del mensaje no válida" },
	[MSG_TITLE_NOT_ACCEPTABLE] = { "Not acceptable", "Non accettabile", "Неприемлемо", "No aceptable" },
	[MSG_TITLE_UNKNOWN_PARAMETER] = { "Unknown parameter", "Parametro sconosciuto", "Неизвестный параметр", "Parámetro desconocido" },
	[MSG_TITLE_RENDER_TOO_LARGE] = { "Render too large", "Immagine troppo grande", "Слишком большое изображение", "Imagen demasiado grande" },
	[MSG_TITLE_BUSY] = { "Busy", "Occupato", "Сервер занят", "Ocupado" },
	[MSG_TITLE_DEADLINE_EXCEEDED] = { "Deadline exceeded", "Tempo limite superato", "Превышен лимит времени", "Tiempo límite superado" },
	[MSG_TITLE_URI_TOO_LONG] = { "URI too long", "URI troppo lungo", "Слишком длинный URI", "URI demasiado largo" },
	[MSG_TITLE_HEADERS_TOO_LARGE] = { "Request header fields too large", "Intestazioni della richiesta troppo grandi", "Слишком большие заголовки запроса", "Cabeceras de la petición demasiado grandes" },
	[MSG_TITLE_AMBIGUOUS_LANGUAGE] = { "Ambiguous language", "Lingua ambigua", "Неоднозначный язык", "Idioma ambiguo" },
	[MSG_HTTP_BODY_TOO_LARGE] = {
		"the request body is larger than the limit of %zu bytes",
		"il corpo della richiesta supera il limite di %zu byte",
		"тело запроса больше предела в %zu байт",
		"el cuerpo de la petición supera el límite de %zu bytes",
	},
	[MSG_HTTP_BODY_MEMORY] = {
		"the request body's JSON needs more than %zu bytes of memory",
		"il JSON del corpo della richiesta richiede più di %zu byte di memoria",
		"JSON тела запроса требует больше %zu байт памяти",
		"el JSON del cuerpo de la petición necesita más de %zu bytes de memoria",
	},
	[MSG_HTTP_BODY_NOT_JSON] = {
		"the request body must be JSON, sent with Content-Type: application/json",
		"il corpo della richiesta deve essere JSON, inviato con Content-Type: application/json",
		"тело запроса должно быть JSON с Content-Type: application/json",
		"el cuerpo de la petición debe ser JSON, enviado con Content-Type: application/json",
	},
	[MSG_HTTP_BODY_TYPE] = {
		"the request body must be sent with Content-Type: %s%s",
		"il corpo della richiesta va inviato con Content-Type: %s%s",
		"тело запроса нужно отправлять с Content-Type: %s%s",
		"el cuerpo de la petición debe enviarse con Content-Type: %s%s",
	},
	[MSG_HTTP_REQUIRED] = {
		"%s is required",
		"%s è obbligatorio",
		"%s — обязательный параметр",
		"%s es obligatorio",
	},
	[MSG_HTTP_BOOLEAN] = {
		"%s must be true, false, 1 or 0",
		"%s deve essere true, false, 1 o 0",
		"%s должен быть true, false, 1 или 0",
		"%s debe ser true, false, 1 o 0",
	},
	[MSG_HTTP_EMPTY_MEMBER] = {
		"%s %s takes no member with an empty name",
		"%s %s non accetta membri dal nome vuoto",
		"%s %s не принимает поле тела с пустым именем",
		"%s %s no admite miembros con nombre vacío",
	},
	[MSG_HTTP_EMPTY_PARAMETER] = {
		"%s %s takes no query parameter with an empty name",
		"%s %s non accetta parametri di query dal nome vuoto",
		"%s %s не принимает параметр запроса с пустым именем",
		"%s %s no admite parámetros de consulta con nombre vacío",
	},
	[MSG_HTTP_NOT_A_MEMBER] = {
		"`%s` is not a member of the JSON body of %s %s",
		"`%s` non è un membro del corpo JSON di %s %s",
		"`%s` — не поле JSON-тела %s %s",
		"`%s` no es un miembro del cuerpo JSON de %s %s",
	},
	[MSG_HTTP_QUERY_WITH_BODY] = {
		"`%s` is given in the query, but %s %s with a JSON body reads its options from the body only",
		"`%s` è nella query, ma %s %s con un corpo JSON legge le opzioni solo dal corpo",
		"`%s` передан в строке запроса, но %s %s с JSON-телом читает параметры только из тела",
		"`%s` va en la consulta, pero %s %s con un cuerpo JSON lee sus opciones solo del cuerpo",
	},
	[MSG_HTTP_NOT_A_PARAMETER] = {
		"`%s` is not a query parameter of %s %s",
		"`%s` non è un parametro di query di %s %s",
		"`%s` — не параметр запроса %s %s",
		"`%s` no es un parámetro de consulta de %s %s",
	},
	[MSG_HTTP_MAKE_IT_A_MEMBER] = {
		": make it a member of the body",
		": va messo nel corpo",
		": передайте его в теле",
		": póngalo en el cuerpo",
	},
	[MSG_HTTP_DID_YOU_MEAN] = {
		"; did you mean %s`%s`?",
		"; forse intendevi %s`%s`?",
		"; возможно, имелось в виду %s`%s`?",
		"; ¿quiso decir %s`%s`?",
	},
	[MSG_W_JSON_OR] = {
		"application/json or ",
		"application/json o ",
		"application/json или ",
		"application/json o ",
	},
	[MSG_W_THE_MEMBER] = {
		"the member ",
		"il membro ",
		"поле ",
		"el miembro ",
	},
	[MSG_AS_IS] = { "%s", "%s", "%s", "%s" },
	[MSG_W_WHITE] = { "White", "il Bianco", "белые", "las blancas" },
	[MSG_W_BLACK] = { "Black", "il Nero", "чёрные", "las negras" },
	[MSG_W_OF_WHITE] = { "White", "del Bianco", "белых", "de las blancas" },
	[MSG_W_OF_BLACK] = { "Black", "del Nero", "чёрных", "de las negras" },
	[MSG_W_PAWN] = { "pawn", "pedone", "пешка", "peón" },
	[MSG_W_KNIGHT] = { "knight", "cavallo", "конь", "caballo" },
	[MSG_W_KING] = { "king", "re", "король", "rey" },
	[MSG_W_HALFMOVE_CLOCK] = {
		"half-move clock", "il contatore delle semimosse", "счётчик полуходов", "el contador de medias jugadas",
	},
	[MSG_W_MOVE_NUMBER] = { "move number", "il numero di mossa", "номер хода", "el número de jugada" },
	[MSG_W_RANK_6TH] = { "6th", "sesta", "6-й", "sexta" },
	[MSG_W_RANK_3RD] = { "3rd", "terza", "3-й", "tercera" },
	[MSG_W_BEFORE_FIRST] = {
		"before the first field", "prima del primo campo", "перед первым полем", "antes del primer campo",
	},
	[MSG_W_AFTER_LAST] = {
		"after the last field", "dopo l'ultimo campo", "после последнего поля", "tras el último campo",
	},
	[MSG_W_BETWEEN] = { "between fields", "tra i campi", "между полями", "entre campos" },
	[MSG_W_AND] = { " and ", " e ", " и ", " y " },
	[MSG_W_FILLING_IN] = { " (filling in ", " (completando ", " (дополнив ", " (completando " },
	[MSG_W_NOT_LEGAL] = {
		", though not as a legal position", ", anche se non come posizione legale",
		", хотя и не как легальную позицию", ", aunque no como posición legal",
	},
	[MSG_W_REPAIR_WHITESPACE] = {
		"normalizing whitespace", "normalizzando gli spazi", "нормализовав пробелы", "normalizando los espacios",
	},
	[MSG_W_REPAIR_CASE] = {
		"lower-casing letters", "mettendo le lettere in minuscolo", "переведя буквы в нижний регистр",
		"pasando letras a minúsculas",
	},
	[MSG_W_REPAIR_CASTLING_DROPPED] = {
		"dropping castling rights", "eliminando diritti di arrocco", "удалив права рокировки",
		"eliminando derechos de enroque",
	},
	[MSG_W_REPAIR_CASTLING_REORDERED] = {
		"reordering the castling rights", "riordinando i diritti di arrocco", "упорядочив права рокировки",
		"reordenando los derechos de enroque",
	},
	[MSG_W_REPAIR_CASTLING_REWRITTEN] = {
		"dropping repeated castling rights", "eliminando diritti di arrocco ripetuti",
		"удалив повторённые права рокировки", "eliminando derechos de enroque repetidos",
	},
	[MSG_W_REPAIR_CHESS960] = {
		"reading the castling rights as Chess960", "leggendo i diritti di arrocco come Chess960",
		"прочитав права рокировки как Chess960", "leyendo los derechos de enroque como Chess960",
	},
	[MSG_W_REPAIR_EN_PASSANT] = {
		"dropping the en-passant square", "eliminando la casa en passant", "удалив поле взятия на проходе",
		"eliminando la casilla de captura al paso",
	},
	[MSG_W_REPAIR_FULLMOVE] = {
		"reading move number 0 as 1", "leggendo il numero di mossa 0 come 1", "прочитав номер хода 0 как 1",
		"leyendo el número de jugada 0 como 1",
	},
	[MSG_N_FIELD] = { "field", "campo", "поле", "campo" },
	[MSG_N_FIELD_FEW] = { "fields", "campi", "поля", "campos" },
	[MSG_N_FIELD_MANY] = { "fields", "campi", "полей", "campos" },
	[MSG_N_SQUARE] = { "square", "casa", "поле", "casilla" },
	[MSG_N_SQUARE_FEW] = { "squares", "case", "поля", "casillas" },
	[MSG_N_SQUARE_MANY] = { "squares", "case", "полей", "casillas" },
	[MSG_N_RANK] = { "rank", "traversa", "горизонталь", "fila" },
	[MSG_N_RANK_FEW] = { "ranks", "traverse", "горизонтали", "filas" },
	[MSG_N_RANK_MANY] = { "ranks", "traverse", "горизонталей", "filas" },
	[MSG_N_PROMOTED] = { "piece", "pezzo promosso", "превращённая фигура", "pieza coronada" },
	[MSG_N_PROMOTED_FEW] = { "pieces", "pezzi promossi", "превращённые фигуры", "piezas coronadas" },
	[MSG_N_PROMOTED_MANY] = { "pieces", "pezzi promossi", "превращённых фигур", "piezas coronadas" },
	[MSG_N_PAWN] = { "pawn", "pedone", "пешка", "peón" },
	[MSG_N_PAWN_FEW] = { "pawns", "pedoni", "пешки", "peones" },
	[MSG_N_PAWN_MANY] = { "pawns", "pedoni", "пешек", "peones" },
	[MSG_N_SPACE] = { "space", "spazio", "пробел", "espacio" },
	[MSG_N_SPACE_FEW] = { "spaces", "spazi", "пробела", "espacios" },
	[MSG_N_SPACE_MANY] = { "spaces", "spazi", "пробелов", "espacios" },
	[MSG_N_TAB] = { "tab", "tabulazione", "табуляция", "tabulador" },
	[MSG_N_TAB_FEW] = { "tabs", "tabulazioni", "табуляции", "tabuladores" },
	[MSG_N_TAB_MANY] = { "tabs", "tabulazioni", "табуляций", "tabuladores" },
	[MSG_N_CR] = { "carriage return", "ritorno carrello", "возврат каретки", "retorno de carro" },
	[MSG_N_CR_FEW] = { "carriage returns", "ritorni carrello", "возврата каретки", "retornos de carro" },
	[MSG_N_CR_MANY] = { "carriage returns", "ritorni carrello", "возвратов каретки", "retornos de carro" },
	[MSG_N_NEWLINE] = { "newline", "a capo", "перевод строки", "salto de línea" },
	[MSG_N_NEWLINE_FEW] = { "newlines", "a capo", "перевода строки", "saltos de línea" },
	[MSG_N_NEWLINE_MANY] = { "newlines", "a capo", "переводов строки", "saltos de línea" },
};

static const char *const msg_lang_names[MSG_LANG_NB] = { "en", "it", "ru", "es" };

const char *msg_text(enum msg_id id, enum msg_lang lang)
{
	const char *const *row;
	const char *text;

	if (id < 0 || id >= MSG_NB)
		return "";
	if (lang < 0 || lang >= MSG_LANG_NB)
		lang = MSG_EN;
	if (id < MSG_CORE_NB)
		row = msg_texts[id];
	else if (id >= MSG_GAMES_TAG_TRUNCATED && id < MSG_GAMES_NB)
		row = msg_texts_games[id - MSG_GAMES_TAG_TRUNCATED];
	else if (id >= MSG_MOVES_EMPTY && id < MSG_MOVES_NB)
		row = msg_texts_moves[id - MSG_MOVES_EMPTY];
	else if (id >= MSG_API_BODY_EMPTY && id < MSG_API_NB)
		row = msg_texts_api[id - MSG_API_BODY_EMPTY];
	else
		return "";
	text = row[lang];
	return text ? text : row[MSG_EN] ? row[MSG_EN] : "";
}

const char *msg_noun(enum msg_id one, long n, enum msg_lang lang)
{
	int form;

	if (n < 0)
		n = -n;
	if (lang == MSG_RU)
		form = n % 10 == 1 && n % 100 != 11 ? 0 :
		       n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? 1 : 2;
	else
		form = n == 1 ? 0 : 2;
	return msg_text((enum msg_id)(one + form), lang);
}

const char *msg_lang_name(enum msg_lang lang)
{
	return lang >= 0 && lang < MSG_LANG_NB ? msg_lang_names[lang] : "en";
}

bool msg_lang_parse(const char *name, size_t length, enum msg_lang *out)
{
	for (int l = 0; l < MSG_LANG_NB; l++) {
		if (length == 2 && !strncasecmp(name, msg_lang_names[l], 2)) {
			*out = (enum msg_lang)l;
			return true;
		}
	}
	return false;
}
