/* messages_http.c -- the texts of the API's own problems (messages.h's API block): what
 * is wrong with a request's body, its options and its picture options (render_options.c),
 * and the server's refusals (no such resource, busy, too long), in English, Italian,
 * Russian and Spanish. */
#include "messages.h"

#define AT(id) [(id) - MSG_API_BODY_EMPTY]

/* { English, Italian, Russian, Spanish } of each id. */
const char *const msg_texts_api[MSG_API_NB - MSG_API_BODY_EMPTY][MSG_LANG_NB] = {
	/* the request body (body.c, json-request.c) */
	AT(MSG_API_BODY_EMPTY) = {
		"the request body is empty", "il corpo della richiesta è vuoto", "тело запроса пусто",
		"el cuerpo de la petición está vacío",
	},
	AT(MSG_API_BODY_NOT_OBJECT) = {
		"the request body must be a JSON object, not %s",
		"il corpo della richiesta deve essere un oggetto JSON, non %s",
		"тело запроса должно быть JSON-объектом, а не %s",
		"el cuerpo de la petición debe ser un objeto JSON, no %s",
	},
	AT(MSG_API_W_AN_ARRAY) = { "an array", "un array", "массивом", "un array" },
	AT(MSG_API_W_NULL) = { "null", "null", "null", "null" },
	AT(MSG_API_W_A_STRING) = { "a string", "una stringa", "строкой", "una cadena" },
	AT(MSG_API_W_A_NUMBER) = { "a number", "un numero", "числом", "un número" },
	AT(MSG_API_W_A_BOOLEAN) = { "a boolean", "un booleano", "логическим значением", "un booleano" },
	AT(MSG_API_BODY_NUL) = {
		"the request body contains a NUL byte", "il corpo della richiesta contiene un byte NUL",
		"тело запроса содержит байт NUL", "el cuerpo de la petición contiene un byte NUL",
	},
	AT(MSG_API_BODY_NOT_UTF8) = {
		"the request body is not UTF-8 (byte %zu)", "il corpo della richiesta non è UTF-8 (byte %zu)",
		"тело запроса не в UTF-8 (байт %zu)", "el cuerpo de la petición no es UTF-8 (byte %zu)",
	},
	AT(MSG_API_BODY_NUL_ESCAPE) = {
		"a string in the request body contains \\u0000 (NUL), which is not accepted",
		"una stringa del corpo della richiesta contiene \\u0000 (NUL), che non è accettato",
		"строка в теле запроса содержит \\u0000 (NUL), а он не допускается",
		"una cadena del cuerpo de la petición contiene \\u0000 (NUL), que no se admite",
	},
	AT(MSG_API_BODY_SYNTAX) = {
		"the request body is not valid JSON (the error is at byte %zu)",
		"il corpo della richiesta non è JSON valido (l'errore è al byte %zu)",
		"тело запроса — некорректный JSON (ошибка в байте %zu)",
		"el cuerpo de la petición no es JSON válido (el error está en el byte %zu)",
	},
	/* a line of a bulk request (json-bulk.c) */
	AT(MSG_API_LINE_NUL) = {
		"the line contains a NUL byte", "la riga contiene un byte NUL", "строка содержит байт NUL",
		"la línea contiene un byte NUL",
	},
	AT(MSG_API_LINE_NOT_UTF8) = {
		"the line is not UTF-8 (byte %zu)", "la riga non è UTF-8 (byte %zu)", "строка не в UTF-8 (байт %zu)",
		"la línea no es UTF-8 (byte %zu)",
	},
	AT(MSG_API_LINE_NUL_ESCAPE) = {
		"a string in the line contains \\u0000 (NUL), which is not accepted",
		"una stringa della riga contiene \\u0000 (NUL), che non è accettato",
		"строка JSON в этой строке содержит \\u0000 (NUL), а он не допускается",
		"una cadena de la línea contiene \\u0000 (NUL), que no se admite",
	},
	AT(MSG_API_LINE_SYNTAX) = {
		"the line is not valid JSON (the error is at byte %zu)",
		"la riga non è JSON valido (l'errore è al byte %zu)",
		"строка — некорректный JSON (ошибка в байте %zu)",
		"la línea no es JSON válido (el error está en el byte %zu)",
	},
	AT(MSG_API_LINE_NOT_FEN) = {
		"a line must be a JSON string (the FEN) or an object like the /validate body",
		"una riga deve essere una stringa JSON (il FEN) o un oggetto come il corpo di /validate",
		"строка должна быть JSON-строкой (FEN) или объектом, как тело /validate",
		"una línea debe ser una cadena JSON (el FEN) o un objeto como el cuerpo de /validate",
	},
	/* options of a request */
	AT(MSG_API_MUST_BE_STRING) = {
		"%s must be a string", "%s deve essere una stringa", "%s должен быть строкой", "%s debe ser una cadena",
	},
	AT(MSG_API_MUST_BE_BOOL) = {
		"%s must be true or false", "%s deve essere true o false", "%s должен быть true или false",
		"%s debe ser true o false",
	},
	AT(MSG_API_MODE) = {
		"mode must be \"strict\" or \"lenient\"", "mode deve essere \"strict\" o \"lenient\"",
		"mode должен быть \"strict\" или \"lenient\"", "mode debe ser \"strict\" o \"lenient\"",
	},
	AT(MSG_API_EP) = {
		"ep must be \"fen\", \"xfen\" or \"legal\"", "ep deve essere \"fen\", \"xfen\" o \"legal\"",
		"ep должен быть \"fen\", \"xfen\" или \"legal\"", "ep debe ser \"fen\", \"xfen\" o \"legal\"",
	},
	AT(MSG_API_CASTLING) = {
		"castling must be \"standard\" or \"shredder\"", "castling deve essere \"standard\" o \"shredder\"",
		"castling должен быть \"standard\" или \"shredder\"", "castling debe ser \"standard\" o \"shredder\"",
	},
	AT(MSG_API_LANG_MESSAGES) = {
		"lang must be \"en\", \"it\", \"ru\" or \"es\": here it is the language of messages",
		"lang deve essere \"en\", \"it\", \"ru\" o \"es\": qui è la lingua dei messaggi",
		"lang должен быть \"en\", \"it\", \"ru\" или \"es\": здесь это язык сообщений",
		"lang debe ser \"en\", \"it\", \"ru\" o \"es\": aquí es el idioma de los mensajes",
	},
	AT(MSG_API_LANG_SAN) = {
		"lang must be \"en\", \"it\", \"es\", \"fr\", \"de\", \"nl\", \"ru\" or \"figurine\"",
		"lang deve essere \"en\", \"it\", \"es\", \"fr\", \"de\", \"nl\", \"ru\" o \"figurine\"",
		"lang должен быть \"en\", \"it\", \"es\", \"fr\", \"de\", \"nl\", \"ru\" или \"figurine\"",
		"lang debe ser \"en\", \"it\", \"es\", \"fr\", \"de\", \"nl\", \"ru\" o \"figurine\"",
	},
	AT(MSG_API_LANG_PGN) = {
		"lang must be en, it, es, fr, de, nl, ru or figurine",
		"lang deve essere en, it, es, fr, de, nl, ru o figurine",
		"lang должен быть en, it, es, fr, de, nl, ru или figurine",
		"lang debe ser en, it, es, fr, de, nl, ru o figurine",
	},
	AT(MSG_API_FORMAT) = {
		"format must be \"svg\", \"png\", \"gif\", \"json\", \"ascii\" or \"unicode\"",
		"format deve essere \"svg\", \"png\", \"gif\", \"json\", \"ascii\" o \"unicode\"",
		"format должен быть \"svg\", \"png\", \"gif\", \"json\", \"ascii\" или \"unicode\"",
		"format debe ser \"svg\", \"png\", \"gif\", \"json\", \"ascii\" o \"unicode\"",
	},
	AT(MSG_API_RENDER_NOT_ACCEPTABLE) = {
		"/render answers image/svg+xml, image/png, image/gif, application/json or text/plain; "
		"Accept takes none of them (or give a format parameter)",
		"/render risponde image/svg+xml, image/png, image/gif, application/json o text/plain; "
		"Accept non ne accetta nessuno (oppure indica il parametro format)",
		"/render отвечает в image/svg+xml, image/png, image/gif, application/json или text/plain; "
		"Accept не принимает ни один из них (или укажите параметр format)",
		"/render responde image/svg+xml, image/png, image/gif, application/json o text/plain; "
		"Accept no admite ninguno (o indique el parámetro format)",
	},
	AT(MSG_API_MOVES_STRINGS) = {
		"%s must be an array of strings such as \"e2e4\" or \"Nf3\"",
		"%s deve essere un array di stringhe come \"e2e4\" o \"Nf3\"",
		"%s должен быть массивом строк вида \"e2e4\" или \"Nf3\"",
		"%s debe ser un array de cadenas como \"e2e4\" o \"Nf3\"",
	},
	AT(MSG_API_MOVES_AT_MOST) = {
		"%s may list at most %d moves", "%s può elencare al massimo %d mosse",
		"%s может содержать не больше %d ходов", "%s puede enumerar como máximo %d jugadas",
	},
	AT(MSG_API_CASTLING_DESTS) = {
		"castling_dests must be \"both\", \"king_to_rook\" or \"king_to_target\"",
		"castling_dests deve essere \"both\", \"king_to_rook\" o \"king_to_target\"",
		"castling_dests должен быть \"both\", \"king_to_rook\" или \"king_to_target\"",
		"castling_dests debe ser \"both\", \"king_to_rook\" o \"king_to_target\"",
	},
	AT(MSG_API_EXPECTED) = {
		"expected must be a valid FEN: the position the FEN is compared with",
		"expected deve essere un FEN valido: la posizione con cui si confronta il FEN",
		"expected должен быть корректным FEN: позицией, с которой сравнивается FEN",
		"expected debe ser un FEN válido: la posición con la que se compara el FEN",
	},
	AT(MSG_API_FROM) = {
		"from must be \"descriptive\", \"san\" or \"uci\"", "from deve essere \"descriptive\", \"san\" o \"uci\"",
		"from должен быть \"descriptive\", \"san\" или \"uci\"", "from debe ser \"descriptive\", \"san\" o \"uci\"",
	},
	AT(MSG_API_TO) = {
		"to must be \"pgn\"", "to deve essere \"pgn\"", "to должен быть \"pgn\"", "to debe ser \"pgn\"",
	},
	AT(MSG_API_LANG_DESCRIPTIVE) = {
		"lang must be \"en\" or \"es\" for descriptive notation",
		"lang deve essere \"en\" o \"es\" per la notazione descrittiva",
		"для описательной нотации lang должен быть \"en\" или \"es\"",
		"lang debe ser \"en\" o \"es\" para la notación descriptiva",
	},
	AT(MSG_API_LANG_CONVERT_SAN) = {
		"lang must be one of en, it, es, fr, de, nl, ru, figurine for SAN",
		"lang deve essere uno tra en, it, es, fr, de, nl, ru, figurine per la SAN",
		"для SAN lang должен быть одним из en, it, es, fr, de, nl, ru, figurine",
		"lang debe ser uno de en, it, es, fr, de, nl, ru, figurine para la SAN",
	},
	AT(MSG_API_SAN_LANG) = {
		"san_lang must be one of en, it, es, fr, de, nl, ru, figurine",
		"san_lang deve essere uno tra en, it, es, fr, de, nl, ru, figurine",
		"san_lang должен быть одним из en, it, es, fr, de, nl, ru, figurine",
		"san_lang debe ser uno de en, it, es, fr, de, nl, ru, figurine",
	},
	AT(MSG_API_CONVERT_TAGS) = {
		"tags must be an object of at most 32 string values, such as {\"White\": \"Guevara\"}",
		"tags deve essere un oggetto di al massimo 32 valori stringa, come {\"White\": \"Guevara\"}",
		"tags должен быть объектом не больше чем из 32 строковых значений, например {\"White\": \"Guevara\"}",
		"tags debe ser un objeto de como máximo 32 valores de cadena, como {\"White\": \"Guevara\"}",
	},
	AT(MSG_API_TAG_NAME) = {
		"a tag name may hold only letters, digits and '_' (as PGN requires)",
		"il nome di un tag può contenere solo lettere, cifre e '_' (come richiede il PGN)",
		"имя тега может содержать только буквы, цифры и '_' (как требует PGN)",
		"el nombre de una etiqueta solo puede contener letras, dígitos y '_' (como exige el PGN)",
	},
	AT(MSG_API_MOVE_AND_MOVES) = {
		"give either move or moves, not both", "indica move oppure moves, non entrambi",
		"укажите move или moves, но не оба", "indique move o moves, no ambos",
	},
	AT(MSG_API_MOVE_REQUIRED) = {
		"move (one move) or moves (a list of them) is required",
		"è obbligatorio move (una mossa) o moves (un elenco di mosse)",
		"нужен move (один ход) или moves (список ходов)",
		"es obligatorio move (una jugada) o moves (una lista de jugadas)",
	},
	AT(MSG_API_MOVE_STRING) = {
		"move must be a string such as \"e2e4\" or \"Nf3\"", "move deve essere una stringa come \"e2e4\" o \"Nf3\"",
		"move должен быть строкой вида \"e2e4\" или \"Nf3\"", "move debe ser una cadena como \"e2e4\" o \"Nf3\"",
	},
	AT(MSG_API_NOTATION) = {
		"notation must be \"auto\", \"uci\", \"san\" or \"descriptive\"",
		"notation deve essere \"auto\", \"uci\", \"san\" o \"descriptive\"",
		"notation должен быть \"auto\", \"uci\", \"san\" или \"descriptive\"",
		"notation debe ser \"auto\", \"uci\", \"san\" o \"descriptive\"",
	},
	AT(MSG_API_TAGS_OBJECT) = {
		"tags must be an object such as {\"White\": \"Carlsen\"}",
		"tags deve essere un oggetto come {\"White\": \"Carlsen\"}",
		"tags должен быть объектом вида {\"White\": \"Carlsen\"}",
		"tags debe ser un objeto como {\"White\": \"Carlsen\"}",
	},
	AT(MSG_API_TAGS_AT_MOST) = {
		"tags may hold at most 64 tags", "tags può contenere al massimo 64 tag",
		"tags может содержать не больше 64 тегов", "tags puede contener como máximo 64 etiquetas",
	},
	AT(MSG_API_TAG_EACH) = {
		"each tag is a name of letters, digits and '_' with a string value",
		"ogni tag è un nome di lettere, cifre e '_' con un valore stringa",
		"каждый тег — имя из букв, цифр и '_' со строковым значением",
		"cada etiqueta es un nombre de letras, dígitos y '_' con un valor de cadena",
	},
	AT(MSG_API_GAME_MOVES_STRINGS) = {
		"moves must be strings of UCI moves", "moves deve contenere stringhe di mosse UCI",
		"moves должен состоять из строк с ходами UCI", "moves debe contener cadenas de jugadas UCI",
	},
	AT(MSG_API_GAME_PLIES) = {
		"a game GIF shows at most %d plies", "una GIF di partita mostra al massimo %d semimosse",
		"GIF партии показывает не больше %d полуходов", "un GIF de partida muestra como máximo %d medias jugadas",
	},
	AT(MSG_API_DELAY) = {
		"%s (milliseconds) %s", "%s (millisecondi) %s", "%s (миллисекунды): %s", "%s (milisegundos) %s",
	},
	AT(MSG_API_PGN_OR_MOVES) = {
		"give pgn alone, or fen and moves, not both", "indica solo pgn, oppure fen e moves, non entrambi",
		"укажите либо только pgn, либо fen и moves, но не всё вместе",
		"indique solo pgn, o fen y moves, no ambos",
	},
	/* the server's refusals (router.c, server.c, budget.c, stream.c, endpoint-render.c, ...) */
	AT(MSG_API_NOT_FOUND) = {
		"there is no resource at %s%s", "non c'è alcuna risorsa in %s%s", "по адресу %s%s нет ресурса",
		"no hay ningún recurso en %s%s",
	},
	AT(MSG_API_METHOD_NOT_ALLOWED) = {
		"%s allows only %s", "%s accetta solo %s", "%s допускает только %s", "%s solo admite %s",
	},
	AT(MSG_API_NO_FILE) = {
		"there is no such file in the web page", "la pagina web non contiene questo file",
		"на веб-странице нет такого файла", "la página web no contiene ese archivo",
	},
	AT(MSG_API_STARTING) = {
		"fend is starting or shutting down", "fend si sta avviando o arrestando",
		"fend запускается или останавливается", "fend se está iniciando o deteniendo",
	},
	AT(MSG_API_STOPPING) = {
		"the server is stopping", "il server si sta arrestando", "сервер останавливается",
		"el servidor se está deteniendo",
	},
	AT(MSG_API_BUSY) = {
		"all %u heavy threads are working and %u more requests wait for them (--heavy-threads, "
		"--heavy-queue): try again shortly",
		"tutti i %u thread pesanti sono occupati e altre %u richieste li attendono (--heavy-threads, "
		"--heavy-queue): riprova tra poco",
		"все %u тяжёлых потоков заняты, и ещё %u запросов ждут их (--heavy-threads, "
		"--heavy-queue): повторите попытку чуть позже",
		"los %u hilos pesados están ocupados y otras %u peticiones los esperan (--heavy-threads, "
		"--heavy-queue): inténtelo de nuevo en breve",
	},
	AT(MSG_API_CLIENT_CLOSED) = {
		"the client closed the connection", "il client ha chiuso la connessione", "клиент закрыл соединение",
		"el cliente cerró la conexión",
	},
	AT(MSG_API_DEADLINE) = {
		"the request needed more than the %u.%03u s of work one request may take (--request-deadline)",
		"la richiesta ha richiesto più dei %u.%03u s di lavoro concessi a una richiesta (--request-deadline)",
		"запросу понадобилось больше %u.%03u с работы, отведённых одному запросу (--request-deadline)",
		"la petición necesitó más de los %u.%03u s de trabajo que puede ocupar una petición (--request-deadline)",
	},
	AT(MSG_API_SPOOL_BUSY) = {
		"the spool holds other uploads up to its limit of %zu bytes (--max-spool): try again shortly",
		"lo spool contiene altri caricamenti fino al suo limite di %zu byte (--max-spool): riprova tra poco",
		"спул занят другими загрузками до предела в %zu байт (--max-spool): повторите попытку чуть позже",
		"el spool contiene otras subidas hasta su límite de %zu bytes (--max-spool): inténtelo de nuevo en breve",
	},
	AT(MSG_API_SPOOL_FAILED) = {
		"the request body could not be stored for streaming (%s)",
		"non è stato possibile salvare il corpo della richiesta per lo streaming (%s)",
		"не удалось сохранить тело запроса для потоковой обработки (%s)",
		"no se pudo guardar el cuerpo de la petición para el streaming (%s)",
	},
	AT(MSG_API_PICTURE_TOO_LARGE) = {
		"the picture would draw %llu pixels, more than the %zu one request may draw (--max-render-pixels): "
		"ask for a smaller size, or fewer arrows and circles",
		"l'immagine disegnerebbe %llu pixel, più dei %zu concessi a una richiesta (--max-render-pixels): "
		"chiedi una dimensione minore, o meno frecce e cerchi",
		"картинка заняла бы %llu пикселей, больше %zu, отведённых одному запросу (--max-render-pixels): "
		"запросите меньший размер или меньше стрелок и кругов",
		"la imagen dibujaría %llu píxeles, más de los %zu que puede dibujar una petición (--max-render-pixels): "
		"pida un tamaño menor, o menos flechas y círculos",
	},
	AT(MSG_API_ANIMATION_TOO_LARGE) = {
		"the animation would draw %llu pixels, more than the %zu one request may draw (--max-render-pixels): "
		"ask for a smaller size, fewer plies, or fewer arrows and circles",
		"l'animazione disegnerebbe %llu pixel, più dei %zu concessi a una richiesta (--max-render-pixels): "
		"chiedi una dimensione minore, meno semimosse, o meno frecce e cerchi",
		"анимация заняла бы %llu пикселей, больше %zu, отведённых одному запросу (--max-render-pixels): "
		"запросите меньший размер, меньше полуходов или меньше стрелок и кругов",
		"la animación dibujaría %llu píxeles, más de los %zu que puede dibujar una petición (--max-render-pixels): "
		"pida un tamaño menor, menos medias jugadas, o menos flechas y círculos",
	},
	/* the game a GIF draws (render_game.c) */
	AT(MSG_API_G_INVALID_FEN) = {
		"the game's FEN tag is not a legal position", "il tag FEN della partita non è una posizione legale",
		"тег FEN партии — не легальная позиция", "la etiqueta FEN de la partida no es una posición legal",
	},
	AT(MSG_API_G_TOO_LONG) = {
		"the game has more than %d moves", "la partita ha più di %d mosse", "в партии больше %d ходов",
		"la partida tiene más de %d jugadas",
	},
	AT(MSG_API_G_NO_GAME) = {
		"the PGN holds no game (no tag and no move)", "il PGN non contiene alcuna partita (né tag né mosse)",
		"в PGN нет партии (ни тегов, ни ходов)", "el PGN no contiene ninguna partida (ni etiquetas ni jugadas)",
	},
	/* picture options (render_options.c) */
	AT(MSG_API_R_ORIENTATION) = {
		"orientation must be \"white\", \"black\" or \"auto\"",
		"orientation deve essere \"white\", \"black\" o \"auto\"",
		"orientation должен быть \"white\", \"black\" или \"auto\"",
		"orientation debe ser \"white\", \"black\" o \"auto\"",
	},
	AT(MSG_API_R_THEME) = {
		"theme must be \"brown\", \"blue\", \"green\" or \"contrast\"",
		"theme deve essere \"brown\", \"blue\", \"green\" o \"contrast\"",
		"theme должен быть \"brown\", \"blue\", \"green\" или \"contrast\"",
		"theme debe ser \"brown\", \"blue\", \"green\" o \"contrast\"",
	},
	AT(MSG_API_R_NUMBER) = {
		"must be a whole number from %ld to %ld", "deve essere un numero intero da %ld a %ld",
		"должно быть целым числом от %ld до %ld", "debe ser un número entero de %ld a %ld",
	},
	AT(MSG_API_R_BOOL) = {
		"must be true, false, 1 or 0", "deve essere true, false, 1 o 0", "должно быть true, false, 1 или 0",
		"debe ser true, false, 1 o 0",
	},
	AT(MSG_API_R_LAST_MOVE) = {
		"last_move must be a move in UCI (e2e4, e7e8q) or SAN (Nf3, exd5, O-O)",
		"last_move deve essere una mossa in UCI (e2e4, e7e8q) o in SAN (Nf3, exd5, O-O)",
		"last_move должен быть ходом в UCI (e2e4, e7e8q) или SAN (Nf3, exd5, O-O)",
		"last_move debe ser una jugada en UCI (e2e4, e7e8q) o en SAN (Nf3, exd5, O-O)",
	},
	AT(MSG_API_R_NO_KING_CASTLED) = {
		"last_move %s: no king stands where it castled to",
		"last_move %s: nessun re si trova dove ha arroccato",
		"last_move %s: на поле рокировки нет короля",
		"last_move %s: ningún rey está donde enrocó",
	},
	AT(MSG_API_R_TOO_SHORT) = {
		"last_move %s is too short", "last_move %s è troppo corta", "last_move %s слишком короткий",
		"last_move %s es demasiado corta",
	},
	AT(MSG_API_R_NEITHER) = {
		"last_move %s is neither UCI nor SAN", "last_move %s non è né UCI né SAN",
		"last_move %s — ни UCI, ни SAN", "last_move %s no es ni UCI ni SAN",
	},
	AT(MSG_API_R_NO_ORIGIN) = {
		"last_move %s: %s; give it in UCI (g1f3) or with its origin square (Ng1f3)",
		"last_move %s: %s; indicala in UCI (g1f3) o con la casa di partenza (Ng1f3)",
		"last_move %s: %s; укажите его в UCI (g1f3) или с исходным полем (Ng1f3)",
		"last_move %s: %s; indíquela en UCI (g1f3) o con su casilla de origen (Ng1f3)",
	},
	AT(MSG_API_R_W_MANY_SQUARES) = {
		"pieces on more than one square could have made it", "potrebbero averla giocata pezzi su più case",
		"его могли сделать фигуры с разных полей", "podrían haberla hecho piezas de más de una casilla",
	},
	AT(MSG_API_R_W_NO_PIECE) = {
		"no piece could have made it", "nessun pezzo potrebbe averla giocata",
		"ни одна фигура не могла его сделать", "ninguna pieza podría haberla hecho",
	},
	AT(MSG_API_R_ARROW_COLOR) = {
		"arrow %.*s: the colour letter must be G, R, Y or B",
		"freccia %.*s: la lettera del colore deve essere G, R, Y o B",
		"стрелка %.*s: буква цвета должна быть G, R, Y или B",
		"flecha %.*s: la letra del color debe ser G, R, Y o B",
	},
	AT(MSG_API_R_ARROW) = {
		"arrow %.*s: an arrow is an optional colour letter and two different squares, such as Ge2e4",
		"freccia %.*s: una freccia è una lettera di colore facoltativa e due case diverse, come Ge2e4",
		"стрелка %.*s: стрелка — необязательная буква цвета и два разных поля, например Ge2e4",
		"flecha %.*s: una flecha es una letra de color opcional y dos casillas distintas, como Ge2e4",
	},
	AT(MSG_API_R_ARROWS_MAX) = {
		"at most %d arrows", "al massimo %d frecce", "не больше %d стрелок", "como máximo %d flechas",
	},
	AT(MSG_API_R_CIRCLE_COLOR) = {
		"circle %.*s: the colour letter must be G, R, Y or B",
		"cerchio %.*s: la lettera del colore deve essere G, R, Y o B",
		"круг %.*s: буква цвета должна быть G, R, Y или B",
		"círculo %.*s: la letra del color debe ser G, R, Y o B",
	},
	AT(MSG_API_R_CIRCLE) = {
		"circle %.*s: a circle is an optional colour letter and a square, such as Re4",
		"cerchio %.*s: un cerchio è una lettera di colore facoltativa e una casa, come Re4",
		"круг %.*s: круг — необязательная буква цвета и поле, например Re4",
		"círculo %.*s: un círculo es una letra de color opcional y una casilla, como Re4",
	},
	AT(MSG_API_R_CIRCLES_MAX) = {
		"at most %d circles", "al massimo %d cerchi", "не больше %d кругов", "como máximo %d círculos",
	},
	AT(MSG_API_R_FILL) = {
		"square %.*s: a fill is a square, ':' and a colour, such as e4:#ff000080",
		"casa %.*s: un riempimento è una casa, ':' e un colore, come e4:#ff000080",
		"поле %.*s: заливка — это поле, ':' и цвет, например e4:#ff000080",
		"casilla %.*s: un relleno es una casilla, ':' y un color, como e4:#ff000080",
	},
	AT(MSG_API_R_FILL_COLOR) = {
		"square %.*s: the colour must be #rgb, #rgba, #rrggbb or #rrggbbaa",
		"casa %.*s: il colore deve essere #rgb, #rgba, #rrggbb o #rrggbbaa",
		"поле %.*s: цвет должен быть #rgb, #rgba, #rrggbb или #rrggbbaa",
		"casilla %.*s: el color debe ser #rgb, #rgba, #rrggbb o #rrggbbaa",
	},
	AT(MSG_API_R_FILLS_MAX) = {
		"at most %d square fills", "al massimo %d case riempite", "не больше %d залитых полей",
		"como máximo %d casillas rellenas",
	},
};
