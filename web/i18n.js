// i18n.js -- the page's words in English, Italian, Russian and Spanish: one table, a key
// per text, every key in every language (tests/web/i18n.mjs checks). The language is
// navigator.language's when the page has it, else English; the switch in the header
// changes it and it is remembered. {name} in a text is filled from the values given.

export const LANGS = ["en", "it", "ru", "es"];

export const WORDS = {
  "ui.language": { en: "Language", it: "Lingua", ru: "Язык", es: "Idioma" },
  "white": { en: "White", it: "Bianco", ru: "Белые", es: "Blancas" },
  "black": { en: "Black", it: "Nero", ru: "Чёрные", es: "Negras" },
  "cancel": { en: "Cancel", it: "Annulla", ru: "Отмена", es: "Cancelar" },
  "copied": { en: "Copied.", it: "Copiato.", ru: "Скопировано.", es: "Copiado." },
  "board.play": { en: "Chess board: choose a piece, then its target square", it: "Scacchiera: scegli un pezzo, poi la casa di arrivo", ru: "Доска: выберите фигуру, затем поле, куда она идёт", es: "Tablero: elige una pieza y luego su casilla de destino" },
  "board.editor": { en: "Board editor", it: "Editor della scacchiera", ru: "Редактор позиции", es: "Editor del tablero" },
  "tabs.label": { en: "What to do with the position", it: "Cosa fare con la posizione", ru: "Что делать с позицией", es: "Qué hacer con la posición" },
  "tab.play": { en: "Play", it: "Gioca", ru: "Игра", es: "Jugar" },
  "tab.editor": { en: "Board editor", it: "Editor", ru: "Редактор", es: "Editor" },
  "tab.pgn": { en: "PGN viewer", it: "Visualizzatore PGN", ru: "Просмотр PGN", es: "Visor PGN" },
  "tab.desc": { en: "Descriptive notation", it: "Notazione descrittiva", ru: "Описательная нотация", es: "Notación descriptiva" },
  "tab.challenge": { en: "FEN challenge", it: "Sfida FEN", ru: "Задача FEN", es: "Desafío FEN" },
  "play.undo": { en: "↶ Undo", it: "↶ Annulla", ru: "↶ Назад", es: "↶ Deshacer" },
  "play.redo": { en: "Redo ↷", it: "Ripeti ↷", ru: "Вперёд ↷", es: "Rehacer ↷" },
  "play.flip": { en: "⇅ Flip", it: "⇅ Ruota", ru: "⇅ Перевернуть", es: "⇅ Girar" },
  "play.restart": { en: "Restart", it: "Ricomincia", ru: "Сначала", es: "Reiniciar" },
  "play.type": { en: "Type a move (SAN or UCI)", it: "Scrivi una mossa (SAN o UCI)", ru: "Введите ход (SAN или UCI)", es: "Escribe una jugada (SAN o UCI)" },
  "play.play": { en: "Play", it: "Gioca", ru: "Сыграть", es: "Jugar" },
  "play.letters": { en: "Piece letters", it: "Lettere dei pezzi", ru: "Буквы фигур", es: "Letras de las piezas" },
  "play.moves": { en: "Moves played", it: "Mosse giocate", ru: "Сыгранные ходы", es: "Jugadas hechas" },
  "play.fen": { en: "Position (FEN)", it: "Posizione (FEN)", ru: "Позиция (FEN)", es: "Posición (FEN)" },
  "play.copyfen": { en: "Copy FEN", it: "Copia FEN", ru: "Копировать FEN", es: "Copiar FEN" },
  "play.copypgn": { en: "Copy PGN", it: "Copia PGN", ru: "Копировать PGN", es: "Copiar PGN" },
  "play.permalink": { en: "Permalink", it: "Link permanente", ru: "Постоянная ссылка", es: "Enlace permanente" },
  "play.image": { en: "Board image (SVG)", it: "Immagine (SVG)", ru: "Картинка (SVG)", es: "Imagen (SVG)" },
  "play.opening": { en: "Opening: {name} ({eco})", it: "Apertura: {name} ({eco})", ru: "Дебют: {name} ({eco})", es: "Apertura: {name} ({eco})" },
  "play.first": { en: "Play a move first", it: "Prima gioca una mossa", ru: "Сначала сделайте ход", es: "Primero haz una jugada" },
  "play.readas": { en: "“{given}” read as “{became}”: {message}", it: "“{given}” letta come “{became}”: {message}", ru: "«{given}» прочитано как «{became}»: {message}", es: "“{given}” leída como “{became}”: {message}" },
  "square": { en: "{square}, {piece}", it: "{square}, {piece}", ru: "{square}, {piece}", es: "{square}, {piece}" },
  "square.target": { en: "{square}, {piece}, legal target", it: "{square}, {piece}, casa di arrivo legale", ru: "{square}, {piece}, сюда можно пойти", es: "{square}, {piece}, casilla de destino legal" },
  "where.line": { en: "line {line}, column {column}", it: "riga {line}, colonna {column}", ru: "строка {line}, столбец {column}", es: "línea {line}, columna {column}" },
  "fend.noanswer": { en: "fend did not answer: {message}", it: "fend non ha risposto: {message}", ru: "fend не ответил: {message}", es: "fend no respondió: {message}" },
  "fen.errorat": { en: "error at byte {byte}: {message}", it: "errore al byte {byte}: {message}", ru: "ошибка в байте {byte}: {message}", es: "error en el byte {byte}: {message}" },
  "fen.repairat": { en: "warning at byte {byte}: {message}", it: "avviso al byte {byte}: {message}", ru: "предупреждение в байте {byte}: {message}", es: "aviso en el byte {byte}: {message}" },
  "editor.place": { en: "Place {piece}", it: "Metti {piece}", ru: "Поставить: {piece}", es: "Poner {piece}" },
  "editor.remove": { en: "Remove pieces", it: "Togli i pezzi", ru: "Убрать фигуры", es: "Quitar piezas" },
  "editor.noep": { en: "none (-)", it: "nessuna (-)", ru: "нет (-)", es: "ninguna (-)" },
  "pgn.alt.after": { en: "The position after {move}: {fen}", it: "La posizione dopo {move}: {fen}", ru: "Позиция после {move}: {fen}", es: "La posición tras {move}: {fen}" },
  "pgn.alt.start": { en: "The starting position: {fen}", it: "La posizione iniziale: {fen}", ru: "Начальная позиция: {fen}", es: "La posición inicial: {fen}" },
  "editor.help": { en: "Choose a piece in the palette, then click squares to place it (click again to remove it), or drag pieces. The FEN box follows every change.", it: "Scegli un pezzo nella tavolozza, poi clicca le case per metterlo (di nuovo per toglierlo), o trascina i pezzi. Il riquadro FEN segue ogni modifica.", ru: "Выберите фигуру в палитре и щёлкайте по полям, чтобы её поставить (повторный щелчок убирает), или перетаскивайте фигуры. Поле FEN следует за каждым изменением.", es: "Elige una pieza en la paleta y haz clic en las casillas para ponerla (otra vez para quitarla), o arrastra las piezas. La casilla FEN sigue cada cambio." },
  "editor.palette": { en: "Pieces to place", it: "Pezzi da mettere", ru: "Фигуры для расстановки", es: "Piezas para colocar" },
  "editor.turn": { en: "Side to move", it: "Tratto a", ru: "Очередь хода", es: "Turno de" },
  "editor.castling": { en: "Castling rights", it: "Diritti di arrocco", ru: "Право рокировки", es: "Derechos de enroque" },
  "editor.wk": { en: "White O-O", it: "Bianco O-O", ru: "Белые O-O", es: "Blancas O-O" },
  "editor.wq": { en: "White O-O-O", it: "Bianco O-O-O", ru: "Белые O-O-O", es: "Blancas O-O-O" },
  "editor.bk": { en: "Black O-O", it: "Nero O-O", ru: "Чёрные O-O", es: "Negras O-O" },
  "editor.bq": { en: "Black O-O-O", it: "Nero O-O-O", ru: "Чёрные O-O-O", es: "Negras O-O-O" },
  "editor.ep": { en: "En-passant square", it: "Casa en passant", ru: "Поле взятия на проходе", es: "Casilla al paso" },
  "editor.halfmove": { en: "Half-move clock", it: "Contatore delle semimosse", ru: "Счётчик полуходов", es: "Contador de medias jugadas" },
  "editor.fullmove": { en: "Move number", it: "Numero della mossa", ru: "Номер хода", es: "Número de jugada" },
  "editor.clear": { en: "Clear board", it: "Svuota", ru: "Очистить", es: "Vaciar" },
  "editor.start": { en: "Start position", it: "Posizione iniziale", ru: "Начальная позиция", es: "Posición inicial" },
  "editor.play": { en: "Play this position", it: "Gioca questa posizione", ru: "Играть эту позицию", es: "Jugar esta posición" },
  "pgn.step": { en: "Step through the game", it: "Scorri la partita", ru: "Ходы партии", es: "Recorrer la partida" },
  "pgn.first": { en: "First position", it: "Posizione iniziale", ru: "Начальная позиция", es: "Posición inicial" },
  "pgn.prev": { en: "Previous ply", it: "Semimossa precedente", ru: "Предыдущий полуход", es: "Media jugada anterior" },
  "pgn.next": { en: "Next ply", it: "Semimossa successiva", ru: "Следующий полуход", es: "Media jugada siguiente" },
  "pgn.last": { en: "Last position", it: "Posizione finale", ru: "Последняя позиция", es: "Posición final" },
  "pgn.moves": { en: "Moves, comments and variations", it: "Mosse, commenti e varianti", ru: "Ходы, комментарии и варианты", es: "Jugadas, comentarios y variantes" },
  "pgn.fen": { en: "FEN of this ply", it: "FEN di questa semimossa", ru: "FEN этого полухода", es: "FEN de esta media jugada" },
  "pgn.edit": { en: "Open in editor", it: "Apri nell'editor", ru: "Открыть в редакторе", es: "Abrir en el editor" },
  "pgn.challenge": { en: "FEN challenge on this ply", it: "Sfida FEN su questa mossa", ru: "Задача FEN на этой позиции", es: "Desafío FEN con esta posición" },
  "pgn.paste": { en: "Paste a PGN (one game or many), or open a file", it: "Incolla un PGN (una o più partite), o apri un file", ru: "Вставьте PGN (одну или несколько партий) или откройте файл", es: "Pega un PGN (una o varias partidas) o abre un archivo" },
  "pgn.read": { en: "Read PGN", it: "Leggi PGN", ru: "Прочитать PGN", es: "Leer PGN" },
  "pgn.example": { en: "Example game", it: "Partita d'esempio", ru: "Пример партии", es: "Partida de ejemplo" },
  "pgn.file": { en: "Open file", it: "Apri file", ru: "Открыть файл", es: "Abrir archivo" },
  "pgn.problems": { en: "Problems in the PGN", it: "Problemi nel PGN", ru: "Ошибки в PGN", es: "Problemas en el PGN" },
  "pgn.game": { en: "Game", it: "Partita", ru: "Партия", es: "Partida" },
  "pgn.clock": { en: "Clock", it: "Orologio", ru: "Часы", es: "Reloj" },
  "pgn.eval": { en: "Evaluation", it: "Valutazione", ru: "Оценка", es: "Evaluación" },
  "pgn.graph": { en: "Evaluation over the game", it: "Valutazione lungo la partita", ru: "Оценка по ходу партии", es: "Evaluación a lo largo de la partida" },
  "desc.input": { en: "An old game in descriptive notation (move numbers, commas and a closing remark are fine)", it: "Una vecchia partita in notazione descrittiva (numeri di mossa, virgole e un commento finale vanno bene)", ru: "Старая партия в описательной нотации (номера ходов, запятые и заключительная фраза допускаются)", es: "Una partida antigua en notación descriptiva (números de jugada, comas y un comentario final valen)" },
  "desc.lang": { en: "Language", it: "Lingua", ru: "Язык", es: "Idioma" },
  "desc.detect": { en: "Detect", it: "Riconosci", ru: "Определить", es: "Detectar" },
  "desc.found": { en: "Read as {lang}.", it: "Letta in {lang}.", ru: "Нотация: {lang}.", es: "Leída en {lang}." },
  "desc.es": { en: "Spanish", it: "spagnolo", ru: "испанская", es: "español" },
  "desc.en": { en: "English", it: "inglese", ru: "английская", es: "inglés" },
  "desc.convert": { en: "Convert to PGN", it: "Converti in PGN", ru: "Перевести в PGN", es: "Convertir a PGN" },
  "desc.notes": { en: "Notes on the conversion", it: "Note sulla conversione", ru: "Замечания к переводу", es: "Notas de la conversión" },
  "desc.view": { en: "Open in the PGN viewer", it: "Apri nel visualizzatore PGN", ru: "Открыть в просмотре PGN", es: "Abrir en el visor PGN" },
  "ch.help": { en: "Write the FEN of the position on the board: all six fields. Each attempt is checked field by field.", it: "Scrivi la FEN della posizione sulla scacchiera: tutti e sei i campi. Ogni tentativo è verificato campo per campo.", ru: "Запишите FEN позиции на доске — все шесть полей. Каждая попытка проверяется по полям.", es: "Escribe el FEN de la posición del tablero: los seis campos. Cada intento se comprueba campo por campo." },
  "ch.pick": { en: "Position", it: "Posizione", ru: "Позиция", es: "Posición" },
  "ch.your": { en: "Your FEN", it: "La tua FEN", ru: "Ваш FEN", es: "Tu FEN" },
  "ch.check": { en: "Check", it: "Verifica", ru: "Проверить", es: "Comprobar" },
  "ch.fields": { en: "The six fields", it: "I sei campi", ru: "Шесть полей", es: "Los seis campos" },
  "ch.squares": { en: "Squares that differ", it: "Case diverse", ru: "Поля с отличиями", es: "Casillas distintas" },
  "ch.reveal": { en: "Show the answer", it: "Mostra la soluzione", ru: "Показать ответ", es: "Ver la solución" },
  "ch.right": { en: "Right: this is the position's FEN.", it: "Esatto: è la FEN della posizione.", ru: "Верно: это FEN позиции.", es: "Correcto: es el FEN de la posición." },
  "ch.wrong": { en: "Not yet: {n} of the six fields differ.", it: "Non ancora: {n} dei sei campi sono diversi.", ru: "Пока нет: отличаются полей — {n} из шести.", es: "Todavía no: {n} de los seis campos no coinciden." },
  "ch.square": { en: "{square}: the board has {expected}, you wrote {given}", it: "{square}: sulla scacchiera c'è {expected}, hai scritto {given}", ru: "{square}: на доске {expected}, у вас {given}", es: "{square}: en el tablero hay {expected}, escribiste {given}" },
  "ch.ok": { en: "right", it: "giusto", ru: "верно", es: "bien" },
  "ch.ko": { en: "wrong", it: "sbagliato", ru: "неверно", es: "mal" },
  "ch.no1": { en: "FEN Challenge No. 1: the position of a game (the document's example game, after 9. Rxa7)", it: "FEN Challenge n°1: la posizione di una partita (la partita d'esempio del documento, dopo 9. Txa7)", ru: "Задача FEN № 1: позиция из партии (пример из документа, после 9. Лxa7)", es: "Desafío FEN n.º 1: la posición de una partida (la partida de ejemplo del documento, tras 9. Txa7)" },
  "ch.no2": { en: "FEN Challenge No. 2: from the moves (the mini-template game, after 8. Nd5#)", it: "FEN Challenge n°2: dalle mosse (la partita del mini-template, dopo 8. Cd5#)", ru: "Задача FEN № 2: по ходам (партия из шаблона, после 8. Кd5#)", es: "Desafío FEN n.º 2: a partir de las jugadas (la partida de la plantilla, tras 8. Cd5#)" },
  "ch.e4": { en: "After 1. e4 (the document's commented FEN)", it: "Dopo 1. e4 (la FEN commentata del documento)", ru: "После 1. e4 (разобранный FEN из документа)", es: "Tras 1. e4 (el FEN comentado del documento)" },
  "ch.kd7": { en: "After 1. e4 d5 2. Nf3 Kd7", it: "Dopo 1. e4 d5 2. Cf3 Rd7", ru: "После 1. e4 d5 2. Кf3 Крd7", es: "Tras 1. e4 d5 2. Cf3 Rd7" },
  "ch.ply": { en: "A PGN ply: {move}", it: "Una mossa del PGN: {move}", ru: "Позиция из PGN: {move}", es: "Una jugada del PGN: {move}" },
  "ch.moves": { en: "The moves: {moves}", it: "Le mosse: {moves}", ru: "Ходы: {moves}", es: "Las jugadas: {moves}" },
  "ch.board": { en: "The position to write in FEN", it: "La posizione da scrivere in FEN", ru: "Позиция, которую нужно записать в FEN", es: "La posición que hay que escribir en FEN" },
  "ch.yours": { en: "you wrote {value}", it: "hai scritto {value}", ru: "у вас {value}", es: "escribiste {value}" },
  "ch.missing": { en: "missing", it: "mancante", ru: "нет", es: "falta" },
  "ch.ranks": { en: "Rank {rank} does not add up to eight squares.", it: "La traversa {rank} non fa otto case.", ru: "В горизонтали {rank} не восемь полей.", es: "La fila {rank} no suma ocho casillas." },
  "field.board": { en: "Piece placement", it: "Disposizione dei pezzi", ru: "Положение фигур", es: "Posición de las piezas" },
  "field.turn": { en: "Side to move", it: "Lato al tratto", ru: "Активная сторона", es: "Turno" },
  "field.castling": { en: "Castling rights", it: "Diritti di arrocco", ru: "Возможность рокировки", es: "Derechos de enroque" },
  "field.en_passant": { en: "En passant", it: "En passant", ru: "Взятие на проходе", es: "Captura al paso" },
  "field.halfmove": { en: "Halfmove clock", it: "Contatore di semimosse", ru: "Счётчик полуходов", es: "Contador de medias jugadas" },
  "field.fullmove": { en: "Move number", it: "Numero di mosse", ru: "Номер хода", es: "Número de jugada" },
  "meaning.board": { en: "Each rank from the 8th to the 1st, separated by \"/\"; on each rank the squares from file a to file h. White's pieces in capitals (KQRBNP), Black's in lower case (kqrbnp); a digit from 1 to 8 counts the empty squares. White has {white} pieces, Black {black}.", it: "Ogni traversa, dalla ottava alla prima, separate da \"/\"; per ciascuna traversa le case dalla colonna \"a\" alla \"h\". I pezzi del Bianco con le iniziali (inglesi) in maiuscolo (KQRBNP), quelli del Nero in minuscolo (kqrbnp); le cifre da 1 a 8 indicano il numero di case vuote. Il Bianco ha {white} pezzi, il Nero {black}.", ru: "По горизонталям сверху вниз, с восьмой по первую, данные каждой горизонтали разделяются косой чертой /; на горизонтали слева направо. Белые фигуры — заглавными буквами (K, Q, R, B, N, P), чёрные — строчными (k, q, r, b, n, p); цифра задаёт количество пустых полей. Фигур у белых: {white}, у чёрных: {black}.", es: "Cada fila de la 8.ª a la 1.ª, separadas por \"/\"; en cada fila, las casillas de la columna a a la h. Las piezas blancas en mayúsculas (KQRBNP), las negras en minúsculas (kqrbnp), con las iniciales inglesas; una cifra del 1 al 8 cuenta las casillas vacías. Las blancas tienen {white} piezas; las negras, {black}." },
  "meaning.turn.w": { en: "White to move", it: "Muove il Bianco", ru: "Следующий ход принадлежит белым", es: "Juegan las blancas" },
  "meaning.turn.b": { en: "Black to move", it: "Muove il Nero", ru: "Следующий ход принадлежит чёрным", es: "Juegan las negras" },
  "meaning.turn.other": { en: "w (White) or b (Black)", it: "w (Bianco) o b (Nero)", ru: "w (белые) или b (чёрные)", es: "w (blancas) o b (negras)" },
  "meaning.castling.none": { en: "No castling rights: neither side can castle", it: "Nessuno dei due giocatori può arroccare", ru: "Рокировка невозможна", es: "Ningún bando puede enrocar" },
  "meaning.castling.wk": { en: "White can castle kingside (O-O)", it: "Il Bianco può arroccare corto", ru: "Белые: рокировка в сторону королевского фланга (короткая)", es: "Las blancas pueden enrocar corto" },
  "meaning.castling.wq": { en: "White can castle queenside (O-O-O)", it: "Il Bianco può arroccare lungo", ru: "Белые: рокировка в сторону ферзевого фланга (длинная)", es: "Las blancas pueden enrocar largo" },
  "meaning.castling.bk": { en: "Black can castle kingside (O-O)", it: "Il Nero può arroccare corto", ru: "Чёрные: рокировка в сторону королевского фланга (короткая)", es: "Las negras pueden enrocar corto" },
  "meaning.castling.bq": { en: "Black can castle queenside (O-O-O)", it: "Il Nero può arroccare lungo", ru: "Чёрные: рокировка в сторону ферзевого фланга (длинная)", es: "Las negras pueden enrocar largo" },
  "meaning.castling.wfile": { en: "White can castle with the rook on the {file}-file", it: "Il Bianco può arroccare con la torre della colonna {file}", ru: "Белые: рокировка с ладьёй на вертикали {file}", es: "Las blancas pueden enrocar con la torre de la columna {file}" },
  "meaning.castling.bfile": { en: "Black can castle with the rook on the {file}-file", it: "Il Nero può arroccare con la torre della colonna {file}", ru: "Чёрные: рокировка с ладьёй на вертикали {file}", es: "Las negras pueden enrocar con la torre de la columna {file}" },
  "meaning.ep.none": { en: "No en passant square: no en passant capture is possible", it: "Non è possibile effettuare alcuna cattura en passant", ru: "Не было предыдущего хода пешкой на два поля: взятие на проходе невозможно", es: "No hay casilla al paso: no es posible ninguna captura al paso" },
  "meaning.ep.square": { en: "A pawn has just moved two squares: {square} is the square behind it, where it can be taken en passant", it: "Un pedone ha appena effettuato la sua prima mossa di due case: {square} è la casa \"alle spalle\" del pedone, dove si può catturarlo en passant", ru: "Пешка только что пошла на два поля: {square} — проходимое поле, на котором её можно взять на проходе", es: "Un peón acaba de avanzar dos casillas: {square} es la casilla que ha saltado, donde se puede capturar al paso" },
  "meaning.halfmove": { en: "{n} halfmoves since the last capture or pawn move; used for the 50-move rule (at 100 a draw can be claimed)", it: "{n} semimosse dall'ultima spinta di pedone o dall'ultima cattura; è usato per determinare se si può chiedere patta per la regola delle cinquanta mosse (a 100)", ru: "Число полуходов, прошедших с последнего хода пешки или взятия фигуры: {n}; используется для определения применения правила 50 ходов (при 100 можно потребовать ничью)", es: "{n} medias jugadas desde la última captura o jugada de peón; sirve para la regla de las cincuenta jugadas (a 100 se pueden reclamar tablas)" },
  "meaning.fullmove": { en: "Move {n}: it starts at 1 and goes up by one after each Black move", it: "Mossa {n}: il numero complessivo di mosse della partita; inizia da 1 ed aumenta di una unità dopo ogni mossa del Nero", ru: "Ход {n}: счётчик увеличивается на 1 после каждого хода чёрных (по умолчанию 1)", es: "Jugada {n}: empieza en 1 y aumenta en uno tras cada jugada de las negras" },
  "meaning.missing": { en: "missing", it: "mancante", ru: "нет", es: "falta" },
  "meaning.unread": { en: "not read", it: "non letto", ru: "не прочитано", es: "no leído" },
  // the promotion picker
  "piece.q": { en: "Queen", it: "Donna", ru: "Ферзь", es: "Dama" },
  "piece.r": { en: "Rook", it: "Torre", ru: "Ладья", es: "Torre" },
  "piece.b": { en: "Bishop", it: "Alfiere", ru: "Слон", es: "Alfil" },
  "piece.n": { en: "Knight", it: "Cavallo", ru: "Конь", es: "Caballo" },
  "piece.white.k": { en: "white king", it: "re bianco", ru: "белый король", es: "rey blanco" },
  "piece.white.q": { en: "white queen", it: "donna bianca", ru: "белый ферзь", es: "dama blanca" },
  "piece.white.r": { en: "white rook", it: "torre bianca", ru: "белая ладья", es: "torre blanca" },
  "piece.white.b": { en: "white bishop", it: "alfiere bianco", ru: "белый слон", es: "alfil blanco" },
  "piece.white.n": { en: "white knight", it: "cavallo bianco", ru: "белый конь", es: "caballo blanco" },
  "piece.white.p": { en: "white pawn", it: "pedone bianco", ru: "белая пешка", es: "peón blanco" },
  "piece.black.k": { en: "black king", it: "re nero", ru: "чёрный король", es: "rey negro" },
  "piece.black.q": { en: "black queen", it: "donna nera", ru: "чёрный ферзь", es: "dama negra" },
  "piece.black.r": { en: "black rook", it: "torre nera", ru: "чёрная ладья", es: "torre negra" },
  "piece.black.b": { en: "black bishop", it: "alfiere nero", ru: "чёрный слон", es: "alfil negro" },
  "piece.black.n": { en: "black knight", it: "cavallo nero", ru: "чёрный конь", es: "caballo negro" },
  "piece.black.p": { en: "black pawn", it: "pedone nero", ru: "чёрная пешка", es: "peón negro" },
  "piece.none": { en: "nothing", it: "niente", ru: "пусто", es: "nada" },
  "promo.title": { en: "Promote the pawn to", it: "Promuovi il pedone a", ru: "Превратить пешку в", es: "Coronar el peón en" },
  "copy.this": { en: "Copy this:", it: "Copia questo:", ru: "Скопируйте:", es: "Copia esto:" },
  "fen.whole": { en: "whole FEN", it: "tutta la FEN", ru: "весь FEN", es: "todo el FEN" },
  "fen.byte": { en: "byte", it: "byte", ru: "байт", es: "byte" },
  "problem.error": { en: "Error", it: "Errore", ru: "Ошибка", es: "Error" },
  "problem.repaired": { en: "Repaired", it: "Corretto", ru: "Исправлено", es: "Corregido" },
  "problem.note": { en: "Note", it: "Nota", ru: "Примечание", es: "Nota" },
  "pgn.nogame": { en: "No game in this PGN.", it: "Nessuna partita in questo PGN.", ru: "В этом PGN нет партий.", es: "No hay ninguna partida en este PGN." },
  "fen.title": { en: "FEN", it: "FEN", ru: "FEN", es: "FEN" },
  "fen.label": { en: "Type or paste a FEN (Forsyth–Edwards Notation): it is checked as you type.", it: "Scrivi o incolla una FEN (Forsyth–Edwards Notation): è verificata mentre scrivi.", ru: "Введите или вставьте FEN (нотация Форсайта — Эдвардса): он проверяется по мере ввода.", es: "Escribe o pega un FEN (notación Forsyth–Edwards): se comprueba mientras escribes." },
  "fen.lenient": { en: "Lenient (accept and repair sloppy FENs)", it: "Tollerante (accetta e ripara FEN imprecise)", ru: "Мягкий режим (принимать и исправлять неточные FEN)", es: "Tolerante (acepta y repara FEN descuidados)" },
  "fen.marked": { en: "The FEN with its problems underlined", it: "La FEN con i problemi sottolineati", ru: "FEN с подчёркнутыми ошибками", es: "El FEN con sus problemas subrayados" },
  "fen.problems": { en: "Problems in the FEN", it: "Problemi nella FEN", ru: "Ошибки в FEN", es: "Problemas en el FEN" },
  "fen.readsas": { en: "fend reads it as", it: "fend la legge come", ru: "fend читает это как", es: "fend lo lee como" },
  "fen.fields": { en: "The six fields", it: "I sei campi", ru: "Шесть полей", es: "Los seis campos" },
  "fen.field": { en: "Field", it: "Campo", ru: "Поле", es: "Campo" },
  "fen.value": { en: "Value", it: "Valore", ru: "Значение", es: "Valor" },
  "fen.meaning": { en: "Meaning", it: "Significato", ru: "Значение поля", es: "Significado" },
  "fen.empty": { en: "Type a FEN, or use the editor to write one.", it: "Scrivi una FEN, o usa l'editor per comporla.", ru: "Введите FEN или составьте его в редакторе.", es: "Escribe un FEN, o usa el editor para componerlo." },
  "fen.valid": { en: "Valid position", it: "Posizione valida", ru: "Позиция корректна", es: "Posición válida" },
  "fen.repairs": { en: ", after {n} repair(s)", it: ", dopo {n} correzioni", ru: ", после исправлений: {n}", es: ", tras {n} correcciones" },
  "fen.invalid": { en: "Not a valid FEN: {n} error(s).", it: "FEN non valida: {n} errori.", ru: "Некорректный FEN: ошибок — {n}.", es: "FEN no válido: {n} errores." },
  "status.tomove": { en: "{side} to move", it: "Muove il {side}", ru: "Ход: {side}", es: "Juegan {side}" },
  "status.incheck": { en: ", in check", it: ", sotto scacco", ru: ", шах", es: ", en jaque" },
  "status.mate": { en: "Checkmate: {winner} wins ({result}).", it: "Scacco matto: vince il {winner} ({result}).", ru: "Мат: победа — {winner} ({result}).", es: "Jaque mate: ganan {winner} ({result})." },
  "status.stalemate": { en: "Stalemate: {side} has no legal move and is not in check. Draw.", it: "Stallo: il {side} non ha mosse legali e non è sotto scacco. Patta.", ru: "Пат: {side} не имеют ходов и не под шахом. Ничья.", es: "Ahogado: {side} no tienen jugada legal y no están en jaque. Tablas." },
  "status.fivefold": { en: "Draw by fivefold repetition.", it: "Patta per quintupla ripetizione.", ru: "Ничья: пятикратное повторение.", es: "Tablas por quíntuple repetición." },
  "status.seventyfive": { en: "Draw by the seventy-five-move rule.", it: "Patta per la regola delle settantacinque mosse.", ru: "Ничья по правилу 75 ходов.", es: "Tablas por la regla de las setenta y cinco jugadas." },
  "status.insufficient": { en: "Draw: neither side has enough material to checkmate.", it: "Patta: nessuno dei due ha materiale sufficiente per dare matto.", ru: "Ничья: ни у кого нет материала для мата.", es: "Tablas: ningún bando tiene material para dar mate." },
  "status.threefold": { en: "A draw can be claimed by threefold repetition.", it: "Si può chiedere la patta per triplice ripetizione.", ru: "Можно потребовать ничью из-за троекратного повторения.", es: "Se pueden reclamar tablas por triple repetición." },
  "status.repeated": { en: "This position has occurred {n} times.", it: "Questa posizione si è presentata {n} volte.", ru: "Эта позиция встречалась {n} раза.", es: "Esta posición se ha dado {n} veces." },
  "status.fifty": { en: "A draw can be claimed under the fifty-move rule.", it: "Si può chiedere la patta per la regola delle cinquanta mosse.", ru: "Можно потребовать ничью по правилу 50 ходов.", es: "Se pueden reclamar tablas por la regla de las cincuenta jugadas." },
  "footer.api": { en: "fend answers every request on this page; its API is described in", it: "fend risponde a ogni richiesta di questa pagina; la sua API è descritta in", ru: "На все запросы этой страницы отвечает fend; его API описан в", es: "fend responde a cada petición de esta página; su API se describe en" },
  "footer.client": { en: "The client module the page uses is", it: "Il modulo client usato dalla pagina è", ru: "Клиентский модуль страницы —", es: "El módulo cliente que usa la página es" },
};

const STORE = "fend-lang";
// In a page, the language to start in from the first word and the first request on;
// elsewhere (Node reading the table), English.
let current = typeof document === "undefined" ? "en" : initialLang();

/** The language to start in: the one saved, else navigator.language's, else English. */
export function initialLang() {
  let saved = null;
  try {
    saved = localStorage.getItem(STORE);
  } catch {
    saved = null;
  }
  if (LANGS.includes(saved)) return saved;
  const nav = typeof navigator === "undefined" ? {} : navigator;
  for (const tag of nav.languages || [nav.language || "en"]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGS.includes(base)) return base;
  }
  return "en";
}

export function lang() {
  return current;
}

/** The text of key in the current language, {name}s filled from vars. */
export function t(key, vars = {}) {
  const entry = WORDS[key];
  const text = entry ? entry[current] || entry.en : key;
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in vars ? String(vars[name]) : m));
}

/** Sets the language and rewrites every [data-i18n] text and [data-i18n-aria] label. */
export function setLang(code, root = document) {
  current = LANGS.includes(code) ? code : "en";
  try {
    localStorage.setItem(STORE, current);
  } catch {
    /* private mode: not remembered */
  }
  root.documentElement.lang = current;
  for (const e of root.querySelectorAll("[data-i18n]")) e.textContent = t(e.dataset.i18n);
  for (const e of root.querySelectorAll("[data-i18n-aria]")) e.setAttribute("aria-label", t(e.dataset.i18nAria));
}
