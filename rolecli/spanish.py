"""The Spanish of rolecli's own words: its help pages (commands, options, the
words typer and click draw around them), click's and typer's messages, and the
errors rolecli raises. :func:`rolecli.i18n.say` reads it, only when Spanish is
to be printed (a quick roll never imports it).

:data:`TEXTS` maps each English text, as the code writes it, to its Spanish. A
text with ``{placeholders}`` is a pattern: each placeholder stands for any text
(a name, a number), copied as it is, except one whose name starts with
``message`` (``{message}``, ``{message_why}``), which is itself a message and is
translated in turn (``line 3: {message}`` in a batch).
"""

from __future__ import annotations

import functools
import re

TEXTS = {
    # --- help pages: typer's and click's words around them -----------------------------
    "Usage: ": "Uso: ",
    "Arguments": "Argumentos",
    "Options": "Opciones",
    "Commands": "Comandos",
    "[default: {}]": "[por defecto: {}]",
    "[env var: {}]": "[variable de entorno: {}]",
    "[required]": "[obligatorio]",
    "(deprecated) ": "(obsoleto) ",
    "Show this message and exit.": "Muestra este mensaje y sale.",
    "Install completion for the current shell.": "Instala el autocompletado para la shell actual.",
    "Show completion for the current shell, to copy it or customize the installation.":
        "Muestra el autocompletado para la shell actual, para copiarlo o adaptar la instalación.",
    # --- help pages: the root and the options every command has -------------------------
    "rolecli: dice, odds and campaigns for tabletop role-playing games.":
        "rolecli: dados, probabilidades y campañas para juegos de rol de mesa.",
    "The campaigns folder (else ROLECLI_CAMPAIGNS, ./campaigns, the user's data folder).":
        "La carpeta de campañas (si no, ROLECLI_CAMPAIGNS, ./campaigns o la carpeta de datos del usuario).",
    "Use this campaign instead of the current one.": "Usa esta campaña en vez de la actual.",
    "Language: es or en (else ROLECLI_LANG, then the locale).":
        "Idioma: es o en (si no, ROLECLI_LANG y después el locale).",
    "Language: es or en.": "Idioma: es o en.",
    "Print the version.": "Imprime la versión.",
    "Print JSON (one object per result).": "Imprime JSON (un objeto por resultado).",
    "Results only: no explanation lines (the dice read, notes).":
        "Solo resultados: ninguna línea de explicación (los dados leídos, notas).",
    "Seed for repeatable rolls.": "Semilla para tiradas repetibles.",
    "The dice rolled at the table, in order: a,b,c.": "Los dados tirados en la mesa, en orden: a,b,c.",
    "A rule option, key=value (repeatable).": "Una opción de reglas, clave=valor (repetible).",
    "Repeat N times (JSON lines with --json).": "Repite N veces (líneas JSON con --json).",
    "A value of the character's sheet or state, key=value (repeatable).":
        "Un valor de la hoja o del estado del personaje, clave=valor (repetible).",
    "Let a character the rules have taken out of play act anyway (logged as forced).":
        "Deja actuar a un personaje que las reglas han dejado fuera de juego (queda en el registro como forzado).",
    "The character acting (or hit).": "El personaje que actúa (o que recibe el golpe).",
    "The other character.": "El otro personaje.",
    "Characters (all of the campaign's when none are named).":
        "Personajes (todos los de la campaña si no se nombra ninguno).",
    # --- help pages: the core commands ------------------------------------------------------
    "Run many rolecli command lines in one process (one per line; # comments).":
        "Ejecuta muchas líneas de órdenes de rolecli en un proceso (una por línea; # comentarios).",
    "A file of rolecli command lines, or - for standard input.":
        "Un fichero de líneas de órdenes de rolecli, o - para la entrada estándar.",
    "Go on after a line with an error.": "Sigue tras una línea con un error.",
    "Create, list, show and choose campaigns.": "Crea, lista, muestra y elige campañas.",
    "Create a campaign (and make it current if there is none).":
        "Crea una campaña (y la hace la actual si no hay ninguna).",
    "Folder name of the campaign.": "Nombre de la carpeta de la campaña.",
    "Its rule system (see 'rolecli systems').": "Su sistema de reglas (ver 'rolecli systems').",
    "A title to show.": "Un título que mostrar.",
    "List the campaigns of the campaigns folder; * marks the current one.":
        "Lista las campañas de la carpeta de campañas; * marca la actual.",
    "Make a campaign the current one.": "Hace de una campaña la actual.",
    "Show a campaign: its system, rule options and characters.":
        "Muestra una campaña: su sistema, sus opciones de reglas y sus personajes.",
    "Open campaign.toml in $EDITOR; the edit is kept only if it is valid.":
        "Abre campaign.toml en $EDITOR; la edición se guarda solo si es válida.",
    "Show, set and unset the campaign's rule options (\\[rules] of campaign.toml).":
        "Muestra, fija y quita las opciones de reglas de la campaña (\\[rules] de campaign.toml).",
    "Every rule option in force: its value, whether campaign.toml sets it, what it changes.":
        "Cada opción de reglas en vigor: su valor, si la fija campaign.toml y qué cambia.",
    "Set a rule option in campaign.toml, checked as \\[rules] is; the file's comments stay, and undo puts it back.":
        "Fija una opción de reglas en campaign.toml, comprobada como \\[rules]; los comentarios del fichero "
        "se quedan, y undo la devuelve a como estaba.",
    "The rule option.": "La opción de reglas.",
    "Its value, as in \\[rules] or --rule: sotc, 3, true.": "Su valor, como en \\[rules] o --rule: sotc, 3, true.",
    "Remove a rule option from campaign.toml, so its default applies; undo puts it back.":
        "Quita una opción de reglas de campaign.toml, para que valga su valor por defecto; undo la devuelve.",
    "Add, show, edit, remove and rename a campaign's characters.":
        "Añade, muestra, edita, quita y renombra los personajes de una campaña.",
    "Add a character from the system's template (or a group of them with --count).":
        "Añade un personaje a partir de la plantilla del sistema (o un grupo con --count).",
    "The character's name.": "El nombre del personaje.",
    "Sheet values, key=value (skills.Alerta=3).": "Valores de la hoja, clave=valor (skills.Alerta=3).",
    "Make this many from one stat block: NAME 1, NAME 2...":
        "Crea tantos a partir de un mismo perfil: NOMBRE 1, NOMBRE 2...",
    "Show one character (or all), with whether it can act and its conditions.":
        "Muestra un personaje (o todos), con si puede actuar y sus condiciones.",
    "Change sheet values (comments and layout of campaign.toml are kept).":
        "Cambia valores de la hoja (se conservan los comentarios y la disposición de campaign.toml).",
    "Sheet values, key=value.": "Valores de la hoja, clave=valor.",
    "Open the campaign file in $EDITOR at this character's sheet.":
        "Abre el fichero de la campaña en $EDITOR, en la hoja de este personaje.",
    "Remove a character: its sheet (and the comments right above it) and its state; undo puts it back.":
        "Quita un personaje: su hoja (y los comentarios justo encima) y su estado; undo lo devuelve.",
    "Rename a character, in its sheet and its state (a name in use is refused).":
        "Renombra un personaje, en su hoja y en su estado (se rechaza un nombre ya en uso).",
    "Run a conflict: turns and rounds in the system's order, effects that expire.":
        "Dirige un conflicto: turnos y asaltos en el orden del sistema, efectos que caducan.",
    "Start a conflict: the order from the system's initiative, round 1, first turn.":
        "Empieza un conflicto: el orden según la iniciativa del sistema, asalto 1, primer turno.",
    "Who takes part (default: every character able to act).":
        "Quién participa (por defecto: todo personaje capaz de actuar).",
    "The kind of conflict, where the system's initiative has one.":
        "El tipo de conflicto, si la iniciativa del sistema los distingue.",
    "End this turn and start the next (a new round after the last turn).":
        "Termina este turno y empieza el siguiente (un asalto nuevo tras el último turno).",
    "Show the conflict: round, whose turn, the order, how each combatant stands, effects.":
        "Muestra el conflicto: asalto, a quién le toca, el orden, cómo está cada combatiente, efectos.",
    "A character joins the running conflict, last in this round's turns.":
        "Un personaje se une al conflicto en curso, el último en los turnos de este asalto.",
    "Who joins (last in this round).": "Quién se une (el último en este asalto).",
    "A character leaves the running conflict.": "Un personaje deja el conflicto en curso.",
    "Who leaves.": "Quién se va.",
    "End the conflict: the system's end-of-scene recovery for the participants; effects cleared.":
        "Termina el conflicto: la recuperación de fin de escena del sistema para los participantes; "
        "se borran los efectos.",
    "Effects that last between commands: add, list, remove.":
        "Efectos que duran entre órdenes: añadir, listar, quitar.",
    "Add an effect on a character (a condition, a note the table must not forget).":
        "Añade un efecto sobre un personaje (una condición, una nota que la mesa no debe olvidar).",
    "The character it lies on.": "El personaje sobre el que recae.",
    "What it is.": "Qué es.",
    "Lasts N ends of round (this one counts).": "Dura N finales de asalto (este cuenta).",
    "Lasts until that character's next turn.": "Dura hasta el siguiente turno de ese personaje.",
    "Lasts until the end of the scene (the default).": "Dura hasta el final de la escena (por defecto).",
    "List the effects in force.": "Lista los efectos en vigor.",
    "Only the effects on this character.": "Solo los efectos sobre este personaje.",
    "Remove effects by number.": "Quita efectos por número.",
    "The effects' numbers (#N).": "Los números de los efectos (#N).",
    "Encounters from a file: check, run on the campaign, simulate many times.":
        "Encuentros desde un fichero: comprobarlos, jugarlos en la campaña, simularlos muchas veces.",
    "Check an encounter file without playing it (exit 2 and one line naming file, line and key if it is wrong;\n"
    "a warning line for each participant already out, who would be left out of the fight).":
        "Comprueba un fichero de encuentro sin jugarlo (sale con 2 y una línea que nombra fichero, línea y clave "
        "si está mal;\nuna línea de aviso por cada participante ya fuera de combate, que quedaría fuera de la pelea).",
    "The encounter file (TOML).": "El fichero del encuentro (TOML).",
    "Play an encounter on its campaign, round by round, and record it as one change ('undo' takes it back).":
        "Juega un encuentro en su campaña, asalto a asalto, y lo anota como un solo cambio ('undo' lo deshace).",
    "Play it, but record nothing.": "Lo juega, pero no anota nada.",
    "Wait for Enter after each round (EOF: go on).": "Espera a Intro tras cada asalto (EOF: sigue).",
    "One line a verb: who, whom, and what came of it.": "Una línea por verbo: quién, a quién y en qué quedó.",
    "Play an encounter many times in memory (the campaign is only read): win rates, rounds, damage, who falls.":
        "Juega un encuentro muchas veces en memoria (la campaña solo se lee): tasas de victoria, asaltos, daño, "
        "quién cae.",
    "How many plays (default 1000; with --until-ci, the most it plays: default 100000).":
        "Cuántas partidas (por defecto 1000; con --until-ci, el máximo que juega: por defecto 100000).",
    "Processes sharing the trials out.": "Procesos entre los que se reparten las partidas.",
    "Stop once every side's 95% win-rate interval is narrower than this (0.05: five points).":
        "Para cuando el intervalo del 95% de la tasa de victoria de cada bando es más estrecho que esto "
        "(0.05: cinco puntos).",
    "The campaign's log of rolls and changes.": "El registro de tiradas y cambios de la campaña.",
    "Exact odds of dice expressions (a column each), or of a system's check.":
        "Probabilidades exactas de expresiones de dados (una columna cada una), o de una prueba de un sistema.",
    "Dice expressions (odds 3d6 4d6kh3, odds '1d20+5>=15'), or a system and a verb (odds fate check 3 "
    "--difficulty 2).":
        "Expresiones de dados (odds 3d6 4d6kh3, odds '1d20+5>=15'), o un sistema y un verbo (odds fate check 3 "
        "--difficulty 2).",
    "Only the chance of a total of at least N.": "Solo la probabilidad de un total de al menos N.",
    "Only the chance of a total of at most N.": "Solo la probabilidad de un total de como mucho N.",
    "Show every row, also those too unlikely to show a figure.":
        "Muestra todas las filas, también las demasiado improbables para mostrar una cifra.",
    "List the plugins (rule systems, house rules), install, uninstall, freeze or make one.":
        "Lista los plugins (sistemas de reglas, reglas de la casa); instala, desinstala, congela o crea uno.",
    "Install plugins into the Python environment rolecli runs in (rolecli itself is never changed).":
        "Instala plugins en el entorno de Python en que corre rolecli (rolecli mismo nunca cambia).",
    "Package names, folders, git URLs (git+https://...) or wheels, as pip takes them.":
        "Nombres de paquete, carpetas, URLs de git (git+https://...) o wheels, como los acepta pip.",
    "Install the plugins this file lists ('rolecli plugins freeze').":
        "Instala los plugins que lista este fichero ('rolecli plugins freeze').",
    "Install this folder editable (while you write the plugin).":
        "Instala esta carpeta como editable (mientras escribes el plugin).",
    "Upgrade the plugins named to their newest version.": "Actualiza los plugins nombrados a su versión más nueva.",
    "Uninstall plugins (never rolecli itself, nor a plugin that ships with it).":
        "Desinstala plugins (nunca rolecli mismo, ni un plugin que viene con él).",
    "Plugins, by distribution or entry-point name.": "Plugins, por nombre de distribución o de entry point.",
    "Print the installed plugins (those not shipped with rolecli) as requirement lines:\n"
    "'rolecli plugins freeze > plugins.txt', upgrade rolecli, 'rolecli plugins install -r plugins.txt'.":
        "Imprime los plugins instalados (los que no vienen con rolecli) como líneas de requisitos:\n"
        "'rolecli plugins freeze > plugins.txt', actualiza rolecli, 'rolecli plugins install -r plugins.txt'.",
    "Write a plugin package for a new rule system in ./rolecli-NAME: every hook with a\n"
    "trivial working rule, its tests and a README; it installs and passes its tests as written.":
        "Escribe un paquete de plugin para un sistema de reglas nuevo en ./rolecli-NAME: cada hook con una\n"
        "regla trivial que funciona, sus tests y un README; se instala y pasa sus tests tal como está escrito.",
    "The rule system's name: a lower-case word, such as 'blades'.":
        "El nombre del sistema de reglas: una palabra en minúsculas, como 'blades'.",
    "Roll dice expressions; a comparison or a success count succeeds (exit 0) or fails (exit 1) like a check.":
        "Tira expresiones de dados; una comparación o una cuenta de éxitos tiene éxito (sale con 0) o falla "
        "(sale con 1) como una prueba.",
    "Dice expressions, each its own result: 4d6kh3, 2d20kl1+5, '1d20+5>=15' (succeeds or fails), 3x3d6, "
    "@fireball, @attack Ana.":
        "Expresiones de dados, cada una con su resultado: 4d6kh3, 2d20kl1+5, '1d20+5>=15' (tiene éxito o falla), "
        "3x3d6, @bola_de_fuego, @ataque Ana.",
    "Roll the whole line N times (JSON lines with --json).": "Tira la línea entera N veces (líneas JSON con --json).",
    "List the installed rule systems, or describe one.": "Lista los sistemas de reglas instalados, o describe uno.",
    "Show this system's template, rule options and verbs.":
        "Muestra la plantilla, las opciones de reglas y los verbos de este sistema.",
    "Random tables: list, show, roll on and import them.": "Tablas aleatorias: listarlas, mostrarlas, tirar en ellas e importarlas.",
    "The tables of the current campaign, then those of your rolls file.":
        "Las tablas de la campaña actual y después las de tu fichero de tiradas.",
    "A table's rows, each with its exact chance.": "Las filas de una tabla, cada una con su probabilidad exacta.",
    "The table.": "La tabla.",
    "Roll on a table: its die picks a row, and the row's own rolls and tables are rolled too.":
        "Tira en una tabla: su dado elige una fila, y también se tiran las tiradas y tablas de la fila.",
    "Roll N times (JSON lines with --json).": "Tira N veces (líneas JSON con --json).",
    "Add a table to the current campaign's campaign.toml, from a CSV or a plain list.":
        "Añade una tabla al campaign.toml de la campaña actual, desde un CSV o una lista simple.",
    "The new table's name.": "El nombre de la tabla nueva.",
    "A CSV file (range,text or one text a row) or a text file (one row a line); - reads standard input.":
        "Un fichero CSV (rango,texto o un texto por fila) o un fichero de texto (una fila por línea); - lee la "
        "entrada estándar.",
    "The table's die (default: 1dN, N the rows' weight).": "El dado de la tabla (por defecto: 1dN, N el peso de las filas).",
    "Read FILE as CSV or as text (default: by its name: .csv is CSV).":
        "Lee FILE como CSV o como texto (por defecto, según su nombre: .csv es CSV).",
    "Undo the newest change of the campaign (the log keeps both).":
        "Deshace el cambio más reciente de la campaña (el registro guarda ambos).",
    # --- click's and typer's messages ----------------------------------------------------
    "{message} See '{command} --help'.": "{message} Consulta '{command} --help'.",
    "No such option: {option}": "no existe la opción {option}",
    "No such option: {option} (Possible options: {options})": "no existe la opción {option} (opciones posibles: {options})",
    "No such command {name}.": "no existe el comando {name}.",
    "No such command {name}. Did you mean {other}?": "no existe el comando {name}. ¿Querías decir {other}?",
    "Missing argument {name}.": "falta el argumento {name}.",
    "Missing option {name}.": "falta la opción {name}.",
    "Missing command.": "falta el comando.",
    "Missing parameter: {name}": "falta el parámetro {name}",
    "Option {option} requires an argument.": "la opción {option} necesita un argumento.",
    "Option {option} requires {n} arguments.": "la opción {option} necesita {n} argumentos.",
    "Option {option} does not take a value.": "la opción {option} no lleva valor.",
    "Got unexpected extra argument ({words})": "sobra un argumento ({words})",
    "Got unexpected extra arguments ({words})": "sobran argumentos ({words})",
    "Got unexpected extra argument(s) ({words})": "sobran argumentos ({words})",  # (typer's own click, 0.2x)
    "Invalid value for {name}: {message}": "valor no válido para {name}: {message}",
    "Invalid value: {message}": "valor no válido: {message}",
    "Input should be a valid integer, unable to parse string as an integer":
        "debe ser un número entero, y el texto no se lee como tal",
    "Input should be a valid number, unable to parse string as a number":
        "debe ser un número, y el texto no se lee como tal",
    "Input should be greater than or equal to {n}": "debe ser mayor o igual que {n}",
    "Input should be less than or equal to {n}": "debe ser menor o igual que {n}",
    "Value {value} is not a valid {kind}.": "el valor {value} no es un {kind} válido.",
    "{value} is not one of {choices}.": "{value} no es uno de {choices}.",
    "interrupted.": "interrumpido.",
    # --- the command line ------------------------------------------------------------------
    "line {n}: {message}": "línea {n}: {message}",
    "standard output is closed; give rolecli somewhere to write, such as >/dev/null.":
        "la salida estándar está cerrada; da a rolecli dónde escribir, como >/dev/null.",
    "cannot write the results: {reason}; what the command recorded in a campaign is kept ('rolecli log' shows it).":
        "no se pueden escribir los resultados: {reason}; lo que la orden anotó en una campaña se conserva "
        "('rolecli log' lo muestra).",
    "{word} is a verb of a rule system, and verbs come from the current campaign's system: campaign {campaign} "
    "plays {system}, which has no verb {verb}. Choose a campaign with 'rolecli campaign use NAME' or "
    "'rolecli -C NAME {verb2} ...', or roll it without one, with raw numbers: {quick}":
        "{word} es un verbo de un sistema de reglas, y los verbos vienen del sistema de la campaña actual: la "
        "campaña {campaign} juega a {system}, que no tiene el verbo {verb}. Elige una campaña con 'rolecli campaign "
        "use NAME' o 'rolecli -C NAME {verb2} ...', o tíralo sin ella, con números: {quick}",
    "{word} is a verb of a rule system, and verbs come from the current campaign's system: there is no current "
    "campaign. Choose a campaign with 'rolecli campaign use NAME' or 'rolecli -C NAME {verb} ...', or roll it "
    "without one, with raw numbers: {quick}":
        "{word} es un verbo de un sistema de reglas, y los verbos vienen del sistema de la campaña actual: no hay "
        "campaña actual. Elige una campaña con 'rolecli campaign use NAME' o 'rolecli -C NAME {verb} ...', o "
        "tíralo sin ella, con números: {quick}",
    "--lang {value} is not a language rolecli speaks; use es or en.":
        "--lang {value} no es un idioma que rolecli hable; usa es o en.",
    "ROLECLI_LANG={value} is not a language rolecli speaks; set it to es or en.":
        "ROLECLI_LANG={value} no es un idioma que rolecli hable; ponlo a es o en.",
    "{option} {value} is out of range {range}.": "{option} {value} está fuera del rango {range}.",
    "{name} = {value} is out of range {range}.": "{name} = {value} está fuera del rango {range}.",
    "{name} {value} is not one of: {choices}.": "{name} {value} no es uno de: {choices}.",
    "{name} = {value} is not one of: {choices}.": "{name} = {value} no es uno de: {choices}.",
    "{name} = {value} should be a whole number in {range}.": "{name} = {value} debería ser un número entero en {range}.",
    "{name} {value} should be a whole number in {range}.": "{name} {value} debería ser un número entero en {range}.",
    "{option} {value}: write key=value with a rule option of {system}. Options: {names}.":
        "{option} {value}: escribe clave=valor con una opción de reglas de {system}. Opciones: {names}.",
    "{name} should be a whole number from {low} to {high}.": "{name} debería ser un número entero de {low} a {high}.",
    "{name} should be a whole number from {low}": "{name} debería ser un número entero desde {low}",
    "{name} = {value} should be a whole number from {low}": "{name} = {value} debería ser un número entero desde {low}",
    "{name} = {value} is out of range {range}, the whole numbers (of 64 bits) a TOML file holds.":
        "{name} = {value} está fuera del rango {range}, los números enteros (de 64 bits) que guarda un fichero TOML.",
    "{name} = {value} should be a text in quotes.": "{name} = {value} debería ser un texto entre comillas.",
    "{name} = {value} should be the name of a rule system in quotes.":
        "{name} = {value} debería ser el nombre de un sistema de reglas entre comillas.",
    "{name} should be true or false.": "{name} debería ser true o false.",
    "{name} should be a table.": "{name} debería ser una tabla.",
    "{name} should be one of {choices}.": "{name} debería ser uno de {choices}.",
    "{name} should be a list of character names.": "{name} debería ser una lista de nombres de personajes.",
    "{name} should be a list of effects ([[scene.effects]]).": "{name} debería ser una lista de efectos ([[scene.effects]]).",
    "{name} should be a table holding conflict, effects and next_effect.":
        "{name} debería ser una tabla con conflict, effects y next_effect.",
    "{name} should hold one table per character, such as [characters.Ana].":
        "{name} debería tener una tabla por personaje, como [characters.Ana].",
    "{name} = {value} should be a table of sheet values, such as [characters.Ana].":
        "{name} = {value} debería ser una tabla de valores de la hoja, como [characters.Ana].",
    "{name} is {n} characters long; an effect's text is at most 500 characters, as 'effect add' takes it.":
        "{name} tiene {n} caracteres; el texto de un efecto tiene como mucho 500 caracteres, como lo acepta "
        "'effect add'.",
    "{name} is not a key of state.toml, which holds [characters.NAME] and [scene]; remove it (or move it to "
    "campaign.toml).":
        "{name} no es una clave de state.toml, que guarda [characters.NAME] y [scene]; quítala (o llévala a "
        "campaign.toml).",
    "{name} = {value} has {item}, which is not one of: {choices}.":
        "{name} = {value} tiene {item}, que no es uno de: {choices}.",
    # --- files ---------------------------------------------------------------------------------
    "{path} line {n}: {message}": "{path} línea {n}: {message}",
    "'rolecli {system} {verb}' is the quick roll, with raw numbers and no campaign; to roll for {who} of campaign "
    "{name}, leave out the system: {form}":
        "'rolecli {system} {verb}' es la tirada rápida, con números y sin campaña; para tirar por {who} de la "
        "campaña {name}, quita el sistema: {form}",
    "{key} is refused by {system} ({verb} against {target}): {message}":
        "{key}: {system} no lo admite ({verb} contra {target}): {message}",
    "{key} is refused by {system} ({verb}): {message}": "{key}: {system} no lo admite ({verb}): {message}",
    "{path} line {n}, column {c}: TOML syntax error: {message}.":
        "{path} línea {n}, columna {c}: error de sintaxis TOML: {message}.",
    # tomlkit's and Python's words, quoted by rolecli's messages about a file
    "expected ']' at the end of a table declaration": "se esperaba ']' al final de la declaración de una tabla",
    "invalid statement": "sentencia no válida",
    "invalid value": "valor no válido",
    "'utf-8' codec can't decode byte {byte} in position {n}: invalid start byte":
        "el códec 'utf-8' no puede decodificar el byte {byte} en la posición {n}: byte inicial no válido",
    "Expecting value: line {n} column {c} (char {i})": "se esperaba un valor: línea {n} columna {c} (carácter {i})",
    "Expecting property name enclosed in double quotes: line {n} column {c} (char {i})":
        "se esperaba un nombre de propiedad entre comillas dobles: línea {n} columna {c} (carácter {i})",
    "Exceeds the limit (4300 digits) for integer string conversion: value has {n} digits; use "
    "sys.set_int_max_str_digits() to increase the limit":
        "pasa del límite (4300 cifras) para convertir un texto en número entero: el valor tiene {n} cifras; "
        "sys.set_int_max_str_digits() aumenta el límite",
    "{message} The edit was not kept; it is saved in {path}.": "{message} La edición no se ha guardado; está en {path}.",
    "not UTF-8 text; save the file as UTF-8.": "no es texto UTF-8; guarda el fichero como UTF-8.",
    "arrays or inline tables nested more than 100 levels deep; no campaign value needs more than two.":
        "arrays o tablas en línea anidados más de 100 niveles; ningún valor de una campaña necesita más de dos.",
    "{path} is a device, not a file rolecli can read; give a plain file.":
        "{path} es un dispositivo, no un fichero que rolecli pueda leer; da un fichero normal.",
    "{path} is a folder, not a file rolecli can read; give a plain file.":
        "{path} es una carpeta, no un fichero que rolecli pueda leer; da un fichero normal.",
    "{path} is a named pipe, not a file rolecli can read; give a plain file.":
        "{path} es una tubería con nombre, no un fichero que rolecli pueda leer; da un fichero normal.",
    "{path} is a folder, not a plain file; remove it: rolecli makes the file again when it needs it.":
        "{path} es una carpeta, no un fichero normal; quítala: rolecli vuelve a crear el fichero cuando lo necesita.",
    "{path} is a named pipe, not a plain file; remove it: rolecli makes the file again when it needs it.":
        "{path} es una tubería con nombre, no un fichero normal; quítala: rolecli vuelve a crear el fichero cuando "
        "lo necesita.",
    "{path} is a folder, not a plain file; put the campaign's own file in its place.":
        "{path} es una carpeta, no un fichero normal; pon en su lugar el fichero de la campaña.",
    "{path} is a link; rolecli keeps a campaign's files as plain files in its folder: put the file itself in "
    "place of the link.":
        "{path} es un enlace; rolecli guarda los ficheros de una campaña como ficheros normales en su carpeta: pon "
        "el fichero mismo en lugar del enlace.",
    "{path} is a link to {target}, outside the campaigns folder {folder}; move the campaign into it, or point "
    "--campaigns at the folder that holds it.":
        "{path} es un enlace a {target}, fuera de la carpeta de campañas {folder}; mueve la campaña dentro, o "
        "apunta --campaigns a la carpeta que la contiene.",
    "{path} is not UTF-8 text; choose the campaign again with 'rolecli campaign use NAME'.":
        "{path} no es texto UTF-8; elige la campaña otra vez con 'rolecli campaign use NAME'.",
    "{path}: {message}": "{path}: {message}",
    "{path}: {size} bytes, over the limit of 1,000,000 for a table to import.":
        "{path}: {size} bytes, más del límite de 1,000,000 para una tabla que importar.",
    "{path}: {size} bytes, over the limit of 1,000,000 for an encounter file.":
        "{path}: {size} bytes, más del límite de 1,000,000 para un fichero de encuentro.",
    "standard input: more than 1,000,000 bytes, over the limit of 1,000,000 for a table to import.":
        "entrada estándar: más de 1,000,000 bytes, más del límite de 1,000,000 para una tabla que importar.",
    "{path}: no rows to import.": "{path}: no hay filas que importar.",
    "cannot read batch file {path}: {message_why}.": "no se puede leer el fichero de órdenes {path}: {message_why}.",
    "cannot read {path}: no such file.": "no se puede leer {path}: no existe el fichero.",
    "cannot write {path}: {message_why}.": "no se puede escribir {path}: {message_why}.",
    "No such file or directory": "no existe el fichero o el directorio",
    "Is a directory": "es un directorio",
    "Permission denied": "permiso denegado",
    "{path}: no such encounter file; give the path of a .toml file.":
        "{path}: no existe ese fichero de encuentro; da la ruta de un fichero .toml.",
    # --- campaigns -------------------------------------------------------------------------------
    "no current campaign: choose one with 'rolecli campaign use NAME' or pass --campaign NAME.":
        "no hay campaña actual: elige una con 'rolecli campaign use NAME' o pasa --campaign NAME.",
    "no campaign {name} in {folder}. Campaigns: {names}.": "no hay ninguna campaña {name} en {folder}. Campañas: {names}.",
    "no campaign {name} in {folder}. Did you mean {other}? Campaigns: {names}.":
        "no hay ninguna campaña {name} en {folder}. ¿Querías decir {other}? Campañas: {names}.",
    "campaign {name} already exists in {folder}; choose another name.":
        "la campaña {name} ya existe en {folder}; elige otro nombre.",
    "campaign {campaign} has no character {name}. Characters: {names}.":
        "la campaña {campaign} no tiene ningún personaje {name}. Personajes: {names}.",
    "campaign {campaign} has no character {name}. Did you mean {other}? Characters: {names}.":
        "la campaña {campaign} no tiene ningún personaje {name}. ¿Querías decir {other}? Personajes: {names}.",
    "campaign {campaign} already has a character {name}; choose another name or change that one's sheet.":
        "la campaña {campaign} ya tiene un personaje {name}; elige otro nombre o cambia la hoja de ese.",
    "campaign {campaign} already has a table {name}; choose another name, or remove that one from campaign.toml first.":
        "la campaña {campaign} ya tiene una tabla {name}; elige otro nombre, o quita antes esa de campaign.toml.",
    "nothing to undo in campaign {name}.": "no hay nada que deshacer en la campaña {name}.",
    "cannot undo #{n}: {message}": "no se puede deshacer #{n}: {message}",
    "cannot undo #{n} ({message_summary}): {name} is not a character in {path} but the log says it is after it, so it "
    "was changed since by hand; fix the file by hand instead.":
        "no se puede deshacer #{n} ({message_summary}): {name} no es un personaje de {path}, pero el registro dice que lo "
        "es después, así que se cambió a mano desde entonces; corrige el fichero a mano.",
    "{kind} name {name} cannot be empty.": "el nombre de {kind} {name} no puede estar vacío.",
    "a campaign name cannot be empty.": "el nombre de una campaña no puede estar vacío.",
    "a character name cannot be empty.": "el nombre de un personaje no puede estar vacío.",
    "{kind} name {name} starts or ends with a space; remove it.": "el nombre {name} ({kind}) empieza o acaba con un espacio; quítalo.",
    "{kind} name {name} is not valid UTF-8 text; type the name again in UTF-8.":
        "el nombre {name} ({kind}) no es texto UTF-8 válido; escríbelo otra vez en UTF-8.",
    "{kind} name {name} {message_why}; a {kind2} name is at most 64 characters, without '/', '\\', '..', "
    "control or invisible characters or a leading '.'.":
        "el nombre {name} ({kind}) {message_why}; un nombre tiene como mucho 64 caracteres, sin '/', '\\', '..', "
        "caracteres de control o invisibles ni un '.' al principio.",
    "contains '..'": "contiene '..'",
    "contains a path separator": "contiene un separador de rutas",
    "starts with '.'": "empieza por '.'",
    "is too long ({n} characters)": "es demasiado largo ({n} caracteres)",
    "contains a control character ({code})": "contiene un carácter de control ({code})",
    "contains an invisible or direction-changing character ({code})":
        "contiene un carácter invisible o que cambia la dirección del texto ({code})",
    "contains a line separator ({code})": "contiene un separador de líneas ({code})",
    "contains a paragraph separator ({code})": "contiene un separador de párrafos ({code})",
    "--campaigns names {path}, which is a file, not a folder of campaigns.":
        "--campaigns nombra {path}, que es un fichero, no una carpeta de campañas.",
    "ROLECLI_CAMPAIGNS names {path}, which is a file, not a folder of campaigns.":
        "ROLECLI_CAMPAIGNS nombra {path}, que es un fichero, no una carpeta de campañas.",
    "{path}: no rule system given: add a line such as system = \"dice\" before the first [table].":
        "{path}: no se indica sistema de reglas: añade una línea como system = \"dice\" antes de la primera [tabla].",
    "{name} is not a campaign setting. Settings: {names}.": "{name} no es un ajuste de campaña. Ajustes: {names}.",
    "{name} is not a key of the character template of {system}. Keys: {names}.":
        "{name} no es una clave de la plantilla de personaje de {system}. Claves: {names}.",
    "{name} is not a key of the character template of {system}. Did you mean {other}? Keys: {names}.":
        "{name} no es una clave de la plantilla de personaje de {system}. ¿Querías decir {other}? Claves: {names}.",
    "{name} is not a rule option of {system}. Options: {names}.":
        "{name} no es una opción de reglas de {system}. Opciones: {names}.",
    "unknown rule system {name}; installed systems: {names}.":
        "sistema de reglas desconocido {name}; sistemas instalados: {names}.",
    "{name}: write sheet values as key=value, such as hp=10 or skills.Alerta=3.":
        "{name}: escribe los valores de la hoja como clave=valor, como hp=10 o skills.Alerta=3.",
    "{name}: {key} takes a whole number in {range}.": "{name}: {key} lleva un número entero en {range}.",
    "{name}: {value} is not a TOML array of texts, such as [\"a\", \"b\"].":
        "{name}: {value} no es un array TOML de textos, como [\"a\", \"b\"].",
    "{name} is a table; set one entry at a time, such as {example}.":
        "{name} es una tabla; fija una entrada cada vez, como {example}.",
    "{name} has no trait {trait}. Traits: {names}.": "{name} no tiene el rasgo {trait}. Rasgos: {names}.",
    "{name} has no trait {trait}. Did you mean {other}? Traits: {names}.":
        "{name} no tiene el rasgo {trait}. ¿Querías decir {other}? Rasgos: {names}.",
    "empty trait name in {text}; write traits as Trait+Trait.":
        "nombre de rasgo vacío en {text}; escribe los rasgos como Rasgo+Rasgo.",
    "no campaigns in {folder}; create one with 'rolecli campaign new NAME --system SYSTEM'.":
        "no hay campañas en {folder}; crea una con 'rolecli campaign new NAME --system SYSTEM'.",
    "current campaign: {name}": "campaña actual: {name}",
    "no tables: add one to campaign.toml ([tables.NAME], see docs/tables.md) or import one with "
    "'rolecli table import NAME FILE'.":
        "no hay tablas: añade una a campaign.toml ([tables.NAME], ver docs/tables.md) o importa una con "
        "'rolecli table import NAME FILE'.",
    # --- more of the core's refusals -----------------------------------------------------------
    "cannot {verb} in {campaign} safely: the result would not be exactly what was asked; make the change by hand.":
        "no se puede {verb} en {campaign} con seguridad: el resultado no sería exactamente lo pedido; haz el cambio "
        "a mano.",
    "{campaign} changed while this command held the campaign (its newest entry is #{n}, not #{m}); nothing was "
    "written: run the command again.":
        "{campaign} cambió mientras esta orden tenía la campaña (su entrada más nueva es #{n}, no #{m}); no se "
        "escribió nada: ejecuta la orden otra vez.",
    "cannot {verb} in {campaign} ({message_why}); make the change by hand.":
        "no se puede {verb} en {campaign} ({message_why}); haz el cambio a mano.",
    "cannot {verb} in {campaign} without breaking it ({message_why}); make the change by hand.":
        "no se puede {verb} en {campaign} sin romperla ({message_why}); haz el cambio a mano.",
    "{message} The change is in the log (#{n}): the next rolecli command on this campaign finishes writing it.":
        "{message} El cambio está en el registro (#{n}): la próxima orden de rolecli sobre esta campaña termina "
        "de escribirlo.",
    "{path} is missing.": "falta {path}.",
    "{path} changed while it was open in the editor; the edit was not kept: it is saved in {saved} to merge by hand.":
        "{path} cambió mientras estaba abierto en el editor; la edición no se ha guardado: está en {saved} para "
        "mezclarla a mano.",
    "cannot {verb} {path}: it is not a plain file; remove it.": "no se puede {verb} {path}: no es un fichero normal; quítalo.",
    "cannot {verb} {path}: its folder is missing.": "no se puede {verb} {path}: falta su carpeta.",
    "cannot {verb} {path}: it is a link, and rolecli never writes through one; put the file itself in its place.":
        "no se puede {verb} {path}: es un enlace, y rolecli nunca escribe a través de uno; pon el fichero mismo en "
        "su lugar.",
    "the campaign is busy: another rolecli has held {path} for {n} s; try again when it ends.":
        "la campaña está ocupada: otro rolecli tiene {path} desde hace {n} s; inténtalo otra vez cuando termine.",
    "cannot lock {path}: {message_why}.": "no se puede bloquear {path}: {message_why}.",
    "cannot read {path}: {message_why}.": "no se puede leer {path}: {message_why}.",
    "cannot create {path}: {message_why}.": "no se puede crear {path}: {message_why}.",
    "{name}: a list holds an empty value (None), which a TOML file cannot store.":
        "{name}: una lista tiene un valor vacío (None), que un fichero TOML no puede guardar.",
    "{name}: sheet values must be a table of key = value.": "{name}: los valores de la hoja deben ser una tabla de clave = valor.",
    "{name} is already called {other}; give another name.": "{name} ya se llama {other}; da otro nombre.",
    "rule {name} is not set in {path}, so it has its default, {value}, already.":
        "la regla {name} no está fijada en {path}, así que ya tiene su valor por defecto, {value}.",
    "rule {name} is {value} already.": "la regla {name} ya es {value}.",
    "{name}: {key} is not a table, so it has no entries; write {example}=value.":
        "{name}: {key} no es una tabla, así que no tiene entradas; escribe {example}=valor.",
    "{name}: {key} takes true or false.": "{name}: {key} lleva true o false.",
    "{name}: cannot read the key; quote a name that holds dots, quotes or '=' as TOML does: "
    "skills.\"Armas cuerpo a cuerpo\"=4.":
        "{name}: no se puede leer la clave; pon entre comillas un nombre con puntos, comillas o '=' como hace TOML: "
        "skills.\"Armas cuerpo a cuerpo\"=4.",
    "standard input is closed; give batch a file of command lines, or lines on standard input.":
        "la entrada estándar está cerrada; da a batch un fichero de órdenes, o líneas por la entrada estándar.",
    "an effect's text is not valid UTF-8 text; type it again in UTF-8.":
        "el texto de un efecto no es texto UTF-8 válido; escríbelo otra vez en UTF-8.",
    "nobody named can act, so no conflict can start.": "nadie de los nombrados puede actuar, así que no puede empezar ningún conflicto.",
    "the initiative of {system} has no kind of conflict; drop --kind.":
        "la iniciativa de {system} no distingue tipos de conflicto; quita --kind.",
    "{n} rolls in one command, over the limit of {limit}; roll fewer (-n, Nx).":
        "{n} tiradas en una orden, más del límite de {limit}; tira menos (-n, Nx).",
    "this command would roll more than {n} dice in all, explosions and rerolls included (limit {limit}); roll fewer.":
        "esta orden tiraría más de {n} dados en total, explosiones y repeticiones incluidas (límite {limit}); tira "
        "menos.",
    "this command read more than {n} dice in all, explosions and rerolls included (limit {limit}); roll fewer.":
        "esta orden leyó más de {n} dados en total, explosiones y repeticiones incluidas (límite {limit}); tira menos.",
    "--until-ci {value} is out of range: give a width between 0 and 1, such as 0.05.":
        "--until-ci {value} está fuera de rango: da una anchura entre 0 y 1, como 0.05.",
    "{word} is neither a rule system nor a verb with odds of the current campaign's system {system} (verbs with "
    "odds: {verbs}); installed systems: {names}.":
        "{word} no es un sistema de reglas ni un verbo con probabilidades del sistema de la campaña actual {system} "
        "(verbos con probabilidades: {verbs}); sistemas instalados: {names}.",
    "the initiative of {system} gave nobody a turn.": "la iniciativa de {system} no dio turno a nadie.",
    "a conflict is running in campaign {campaign}, and an encounter is a conflict of its own: end it first with "
    "'rolecli conflict end'.":
        "hay un conflicto en curso en la campaña {campaign}, y un encuentro es un conflicto propio: termínalo antes "
        "con 'rolecli conflict end'.",
    "{command} failed (exit {code}); its messages are above.": "{command} falló (salida {code}); sus mensajes están arriba.",
    "-r {path}: no such file.": "-r {path}: no existe el fichero.",
    "name a plugin to uninstall (see 'rolecli plugins').": "nombra un plugin que desinstalar (ver 'rolecli plugins').",
    "'rolecli plugins uninstall' does not uninstall rolecli itself; use the tool that installed it (pip, pipx, uv).":
        "'rolecli plugins uninstall' no desinstala rolecli mismo; usa la herramienta que lo instaló (pip, pipx, uv).",
    "{name} ships with rolecli and cannot be uninstalled.": "{name} viene con rolecli y no se puede desinstalar.",
    "{name} is not an installed rolecli plugin; installed plugins: {names}.":
        "{name} no es un plugin de rolecli instalado; plugins instalados: {names}.",
    "system {system} gave no result for {verb}; the plugin does not implement it.":
        "el sistema {system} no dio resultado para {verb}; el plugin no lo implementa.",
    "system {system} cannot compute odds for {verb}.": "el sistema {system} no puede calcular probabilidades para {verb}.",
    "house rules {name} are not installed; installed house rules: {names} ('rolecli plugins' lists every plugin, "
    "and why one is skipped).":
        "las reglas de la casa {name} no están instaladas; reglas de la casa instaladas: {names} ('rolecli plugins' "
        "lista todos los plugins, y por qué se salta uno).",
    "house rules {name} are written for {system}, not for {other}.":
        "las reglas de la casa {name} están escritas para {system}, no para {other}.",
    "{name} cannot name a rule system: use a lower-case word, such as 'blades', that is no core command of rolecli.":
        "{name} no puede nombrar un sistema de reglas: usa una palabra en minúsculas, como 'blades', que no sea un "
        "comando de rolecli.",
    "{path} already exists; choose another name or remove it.": "{path} ya existe; elige otro nombre o quítalo.",
    "{name} cannot act: {why}. --force lets the game master override it.":
        "{name} no puede actuar: {why}. --force deja que el director de juego lo pase por alto.",
    "standard input is closed; give the file to import, or its rows on standard input.":
        "la entrada estándar está cerrada; da el fichero que importar, o sus filas por la entrada estándar.",
    "{path}: {n} rows, over the limit of {limit} rows per table.": "{path}: {n} filas, más del límite de {limit} filas por tabla.",
    "{path}: some rows have a range and some do not; give every row a range, or none.":
        "{path}: unas filas tienen rango y otras no; da un rango a todas las filas, o a ninguna.",
    "@{name} is both a named roll and a trait of {who}; rename the roll so that each name means one thing.":
        "@{name} es a la vez una tirada con nombre y un rasgo de {who}; renombra la tirada para que cada nombre "
        "signifique una sola cosa.",
    "an effect lasts until one of {choices}, not {value}.": "un efecto dura hasta uno de {choices}, no {value}.",
    "an effect of N rounds needs N of 1 or more, not {value}.": "un efecto de N asaltos necesita un N de 1 o más, no {value}.",
    "@{name} is neither a named roll nor a trait of {who}. Names: {names}.":
        "@{name} no es una tirada con nombre ni un rasgo de {who}. Nombres: {names}.",
    "@{name} is neither a named roll nor a trait of {who}. Did you mean {other}? Names: {names}.":
        "@{name} no es una tirada con nombre ni un rasgo de {who}. ¿Querías decir {other}? Nombres: {names}.",
    "odds of {what}: every repeat has the same odds; drop {drop}.":
        "probabilidades de {what}: cada repetición tiene las mismas; quita {drop}.",
    "{name} {value}: exact odds take a plain number here, not dice; give the number to reckon with (each of its "
    "values has its own odds).":
        "{name} {value}: las probabilidades exactas llevan aquí un número, no dados; da el número con el que contar "
        "(cada uno de sus valores tiene sus propias probabilidades).",
    "{message} (nothing was installed).": "{message} (no se instaló nada).",
    # --- the log -----------------------------------------------------------------------------------
    "{message}; fix or remove that line.": "{message}; corrige o quita esa línea.",
    "not a log entry ({message_why})": "no es una entrada del registro ({message_why})",
    "not an object": "no es un objeto",
    "nested too deeply": "anidada demasiado",
    "{name} should be an object": "{name} debería ser un objeto",
    "{name} should be an object with before and after": "{name} debería ser un objeto con before y after",
    "{name} should be an object with before and after tables": "{name} debería ser un objeto con tablas before y after",
    "{name} = {value} is not what state entries hold there": "{name} = {value} no es lo que guardan ahí las entradas de estado",
    "{name} = {value} should be one of: {choices}": "{name} = {value} debería ser uno de: {choices}",
    "{name} = {value} is not one of: {choices}": "{name} = {value} no es uno de: {choices}",
    "{name} = {value} is followed by {name2} = {value2} on line {n}, but entries are numbered in the order they "
    "were written; fix or remove the line out of order.":
        "{name} = {value} va seguido de {name2} = {value2} en la línea {n}, pero las entradas se numeran en el orden "
        "en que se escribieron; corrige o quita la línea fuera de orden.",
    # --- editors -------------------------------------------------------------------------------------
    "$EDITOR = {value} is not a command line ({why}); set it to the editor you use. Nothing was changed.":
        "$EDITOR = {value} no es una línea de órdenes ({why}); ponlo al editor que uses. No se ha cambiado nada.",
    "cannot run the editor {name} ({message_why}); set $EDITOR to the editor you use. Nothing was changed.":
        "no se puede ejecutar el editor {name} ({message_why}); pon en $EDITOR el editor que uses. No se ha "
        "cambiado nada.",
    "the editor {name} ended with exit code {code}; nothing was changed.":
        "el editor {name} terminó con el código de salida {code}; no se ha cambiado nada.",
    "the editor did not leave campaign.toml as a file ({message_why}); nothing was changed.":
        "el editor no dejó campaign.toml como fichero ({message_why}); no se ha cambiado nada.",
    "a folder, named pipe, socket or device in its place":
        "una carpeta, una tubería con nombre, un socket o un dispositivo en su lugar",
    "the editor left campaign.toml over the limit of {limit} bytes for a campaign file; nothing was changed.":
        "el editor dejó campaign.toml por encima del límite de {limit} bytes de un fichero de campaña; no se ha "
        "cambiado nada.",
    "{who}'s {key} is state that play keeps in state.toml ({value} now), not a sheet value: a sheet's {same} is only "
    "where play starts. Change it by playing (a verb such as damage, heal or recover), or take back the play that set "
    "it with 'rolecli undo'.":
        "{key} de {who} es estado que el juego guarda en state.toml (ahora {value}), no un valor de la hoja: en la "
        "hoja, {same} es solo donde empieza el juego. Cámbialo jugando (un verbo como damage, heal o recover), o "
        "deshaz la jugada que lo cambió con 'rolecli undo'.",
    # --- batch ----------------------------------------------------------------------------------------
    "batch cannot run batch": "batch no puede ejecutar batch",
    "the line is not UTF-8 text; save the batch file as UTF-8.":
        "la línea no es texto UTF-8; guarda el fichero de órdenes como UTF-8.",
    "the line is over 10,000 characters, too long for a command line.":
        "la línea pasa de 10,000 caracteres, demasiado larga para una línea de órdenes.",
    "No closing quotation": "falta cerrar las comillas",
    # --- conflicts and effects ----------------------------------------------------------------------
    "a conflict is already running; 'rolecli conflict end' ends it first.":
        "ya hay un conflicto en curso; 'rolecli conflict end' lo termina antes.",
    "no conflict is running; start one with 'rolecli conflict start [NAMES]'.":
        "no hay ningún conflicto en curso; empieza uno con 'rolecli conflict start [NAMES]'.",
    "{name} is already in the conflict.": "{name} ya está en el conflicto.",
    "{name} is not in the conflict; in it: {names}.": "{name} no está en el conflicto; están: {names}.",
    "an effect's text is 1 to 500 characters.": "el texto de un efecto tiene de 1 a 500 caracteres.",
    "give one of --rounds N, --until-turn and --scene.": "da una de --rounds N, --until-turn y --scene.",
    "no effect #{n}; effects in force: {names}.": "no hay efecto #{n}; efectos en vigor: {names}.",
    "event {name} is not one of: {names}.": "el evento {name} no es uno de: {names}.",
    # --- encounter files (rolecli.encounter.file; docs/encounters.md) ---------------------------------
    "{name} is not a key of an encounter file. Keys: {names}.":
        "{name} no es una clave de un fichero de encuentro. Claves: {names}.",
    "{name} is not a key of an encounter file. Did you mean {other}? Keys: {names}.":
        "{name} no es una clave de un fichero de encuentro. ¿Querías decir {other}? Claves: {names}.",
    "{name} is not a key here. Keys: {names}.": "{name} no es una clave válida aquí. Claves: {names}.",
    "{name} is not a key here. Did you mean {other}? Keys: {names}.":
        "{name} no es una clave válida aquí. ¿Querías decir {other}? Claves: {names}.",
    "{name} = {value} should be a campaign's name in quotes.":
        "{name} = {value} debería ser el nombre de una campaña entre comillas.",
    "campaign is not given: add campaign = \"NAME\", put the file in the campaign's folder, or pass -C NAME.":
        "falta campaign: añade campaign = \"NAME\", pon el fichero en la carpeta de la campaña, o pasa -C NAME.",
    "{name} = {value} should be a list of campaign characters' names, such as [\"Ana\", \"Bruno\"].":
        "{name} = {value} debería ser una lista de nombres de personajes de la campaña, como [\"Ana\", \"Bruno\"].",
    "{name} names {who}: {message}": "{name} nombra {who}: {message}",
    "{name} names {who}, who fights in a side: leave it out of present.":
        "{name} nombra {who}, que lucha en un bando: quítalo de present.",
    "{name} should hold two sides or more: an encounter needs two sides or more, such as [sides.heroes] and "
    "[sides.foes].":
        "{name} debería tener dos bandos o más: un encuentro necesita dos bandos o más, como [sides.heroes] y "
        "[sides.foes].",
    "{name} has nobody: give it characters = [...] or a [stat_blocks] table.":
        "{name} no tiene a nadie: dale characters = [...] o una tabla [stat_blocks].",
    "{name} has nobody able to act: {names}.": "{name} no tiene a nadie capaz de actuar: {names}.",
    "side {name} has nobody able to act: {names}.": "el bando {name} no tiene a nadie capaz de actuar: {names}.",
    "{name} makes {who}, the name of a character of campaign {campaign}; name the stat block otherwise.":
        "{name} crea {who}, que es el nombre de un personaje de la campaña {campaign}; da otro nombre al perfil.",
    "{name} a stat block name cannot be empty.": "{name}: el nombre de un perfil no puede estar vacío.",
    "{name} stat block name {value} starts or ends with a space; remove it.":
        "{name}: el nombre de perfil {value} empieza o acaba con un espacio; quítalo.",
    "{name} stat block name {value} {message_why}; a stat block name is at most 64 characters, without '/', '\\', "
    "'..', control or invisible characters or a leading '.'.":
        "{name}: el nombre de perfil {value} {message_why}; un nombre de perfil tiene como mucho 64 caracteres, sin "
        "'/', '\\', '..', caracteres de control o invisibles ni un '.' al principio.",
    "{name} is not a participant of the encounter. Participants: {names}.":
        "{name} no es un participante del encuentro. Participantes: {names}.",
    "{name} is not a participant of the encounter. Did you mean {other}? Participants: {names}.":
        "{name} no es un participante del encuentro. ¿Querías decir {other}? Participantes: {names}.",
    "{name} gives {who} no verb: add verb = \"...\" (one of {verbs}).":
        "{name} no da ningún verbo a {who}: añade verb = \"...\" (uno de {verbs}).",
    "{name} gives {who} no verb: add verb = \"...\" (one of {verbs}), played when no rule is, or end the rules with "
    "one whose when = \"always\" aimed at a foe or at self.":
        "{name} no da ningún verbo a {who}: añade verb = \"...\" (uno de {verbs}), que se juega cuando no se juega "
        "ninguna regla, o termina las reglas con una cuyo when = \"always\" apunte a un enemigo o a sí mismo (self).",
    "{name} is not a player's choice of {verbs}. Choices: none.":
        "{name} no es una elección del jugador en {verbs}. Elecciones: ninguna.",
    "{name} is not a player's choice of {verbs}. Choices: {names}.":
        "{name} no es una elección del jugador en {verbs}. Elecciones: {names}.",
    "{name} is not a player's choice of {verbs}. Did you mean {other}? Choices: {names}.":
        "{name} no es una elección del jugador en {verbs}. ¿Querías decir {other}? Elecciones: {names}.",
    "{name} = {value} should be one of {words} or a name.": "{name} = {value} debería ser uno de {words} o un nombre.",
    "{name} = {value} is neither one of {words} nor a participant of another side. Foes: {names}.":
        "{name} = {value} no es ni uno de {words} ni un participante de otro bando. Enemigos: {names}.",
    "{name} = {value} is neither one of {words} nor a participant of another side. Did you mean {other}? Foes: "
    "{names}.":
        "{name} = {value} no es ni uno de {words} ni un participante de otro bando. ¿Querías decir {other}? "
        "Enemigos: {names}.",
    "{name} = {value} should be a list of rules: [[...rules]] tables, each with when, verb, target and params.":
        "{name} = {value} debería ser una lista de reglas: tablas [[...rules]], cada una con when, verb, target y "
        "params.",
    "{name} = {value} is not a condition; conditions: {words}, self_below = N, ally_below = N (N a share of "
    "vitality in 0..1: ally_below = 0.5 holds while an ally has less than half its fight left).":
        "{name} = {value} no es una condición; condiciones: {words}, self_below = N, ally_below = N (N, una "
        "fracción de la vitalidad en 0..1: ally_below = 0.5 se cumple mientras a un aliado le quede menos de la "
        "mitad de sus fuerzas).",
    "{name} needs verb = \"...\": {message_what}.": "{name} necesita verb = \"...\": {message_what}.",
    "the verb the rule plays": "el verbo que juega la regla",
    "the verb applied to the target after a success": "el verbo que se aplica al objetivo tras un éxito",
    "the verb used to defend": "el verbo con el que se defiende",
    "the system's morale verb": "el verbo de moral del sistema",
    "{name} = {value} is not a verb of {system}. Did you mean {other}? Verbs: {names}.":
        "{name} = {value} no es un verbo de {system}. ¿Querías decir {other}? Verbos: {names}.",
    "{name} = {value} is not a verb that fits here; verbs that do: {names}.":
        "{name} = {value} no es un verbo que sirva aquí; verbos que sí: {names}.",
    "{name} is not a parameter of {verb}. Parameters: none.": "{name} no es un parámetro de {verb}. Parámetros: ninguno.",
    "{name} is not a parameter of {verb}. Parameters: {names}.": "{name} no es un parámetro de {verb}. Parámetros: {names}.",
    "{name} is not a parameter of {verb}. Did you mean {other}? Parameters: {names}.":
        "{name} no es un parámetro de {verb}. ¿Querías decir {other}? Parámetros: {names}.",
    "{name} gives {verb} no {param}, which it needs: add params.{param2}.":
        "{name} no le da a {verb} el parámetro {param}, que necesita: añade params.{param2}.",
    "{name} gives {verb} no {param}, which the rules take from its target and {who} does not give: add "
    "params.{param2}, or as_target.{param3} to {who2}'s side.":
        "{name} no le da a {verb} el parámetro {param}, que las reglas toman de su objetivo y {who} no da: añade "
        "params.{param2}, o as_target.{param3} al bando de {who2}.",
    "{name} is not a parameter any verb used against {who} takes from its target.":
        "{name} no es un parámetro que tome de su objetivo ningún verbo usado contra {who}.",
    "{name} = {value}: as_target takes plain values.": "{name} = {value}: as_target lleva valores simples.",
    "{name} = {value} is not a placeholder; placeholders: {names}.":
        "{name} = {value} no es un marcador; marcadores: {names}.",
    # the head is a message: a line of a file whose kind of value is "true or false" would else be
    # taken for a character's "{name}: {key} takes true or false."
    "{message_head} stands for names, and {param} takes {message_kind}.":
        "{message_head} representa nombres, y {param} lleva {message_kind}.",
    "{name} = {value} should be a whole number, or a dice expression in quotes.":
        "{name} = {value} debería ser un número entero, o una expresión de dados entre comillas.",
    "{name} = {value} should be a number, or a dice expression in quotes.":
        "{name} = {value} debería ser un número, o una expresión de dados entre comillas.",
    "{name} = {value} should be a number or traits in quotes.":
        "{name} = {value} debería ser un número o rasgos entre comillas.",
    "{name} = {value} should be a list of texts, such as [\"a\", \"b\"].":
        "{name} = {value} debería ser una lista de textos, como [\"a\", \"b\"].",
    "a whole number, or a dice expression in quotes": "un número entero, o una expresión de dados entre comillas",
    "a number, or a dice expression in quotes": "un número, o una expresión de dados entre comillas",
    "true or false": "true o false",
    "a text in quotes": "un texto entre comillas",
    "a number or traits in quotes": "un número o rasgos entre comillas",
    "a list of texts, such as [\"a\", \"b\"]": "una lista de textos, como [\"a\", \"b\"]",
    "{name} is given, but {system} has no initiative verb (the file's order is the order).":
        "hay {name}, pero {system} no tiene verbo de iniciativa (el orden es el del fichero).",
    "{name} = {value} should list sides of the encounter: {names}.":
        "{name} = {value} debería listar bandos del encuentro: {names}.",
    "{name} is not a parameter of any verb this encounter uses ({verbs}).":
        "{name} no es un parámetro de ningún verbo que use este encuentro ({verbs}).",
    # --- verbs, odds, tables, encounters, plugins -----------------------------------------------------
    "odds {system} needs one of its verbs with odds: {verbs}.":
        "odds {system} necesita uno de sus verbos con probabilidades: {verbs}.",
    "@{name}: no named roll {quoted} in campaign {campaign}; for a character's trait, name the character after "
    "the roll (rolecli roll @attack Ana). Named rolls: {names}.":
        "@{name}: no hay tirada con nombre {quoted} en la campaña {campaign}; para un rasgo de un personaje, nombra "
        "al personaje tras la tirada (rolecli roll @ataque Ana). Tiradas con nombre: {names}.",
    "@{name}: no named roll {quoted} in campaign {campaign}; for a character's trait, name the character after "
    "the roll (rolecli roll @attack Ana). Did you mean {other}? Named rolls: {names}.":
        "@{name}: no hay tirada con nombre {quoted} en la campaña {campaign}; para un rasgo de un personaje, nombra "
        "al personaje tras la tirada (rolecli roll @ataque Ana). ¿Querías decir {other}? Tiradas con nombre: {names}.",
    "no table {name} in campaign {campaign}. Tables: {names}.": "no hay tabla {name} en la campaña {campaign}. Tablas: {names}.",
    "{name} = {value} should draw 1 to 100 rows of a named table, as in {example}.":
        "{name} = {value} debería sacar de 1 a 100 filas de una tabla con nombre, como en {example}.",
    "{name} is not a usable table name: a name of at most 64 characters, without control characters, braces, "
    "brackets or '@'.":
        "{name} no es un nombre de tabla válido: un nombre de como mucho 64 caracteres, sin caracteres de control, "
        "llaves, corchetes ni '@'.",
    "{name} overlaps the row {row}; a total belongs to one row.": "{name} se solapa con la fila {row}; un total pertenece a una sola fila.",
    "{name} has {n} rows, over the limit of 10,000.": "{name} tiene {n} filas, más del límite de 10,000.",
    "{name} starts at {n}, but with no die the rows must cover 1, 2, 3… without a gap, and {gap} is missing; "
    "add it, or give the table a die.":
        "{name} empieza en {n}, pero sin dado las filas deben cubrir 1, 2, 3… sin huecos, y falta {gap}; añádela, "
        "o da un dado a la tabla.",
    "{name} draws on tables more than 10 deep ({chain}); a table that rolls on itself must reach a row that does "
    "not, sooner.":
        "{name} tira en tablas a más de 10 niveles ({chain}); una tabla que tira en sí misma debe llegar antes a "
        "una fila que no lo haga.",
    "{name} names {who} twice: a participant is in one side, once.":
        "{name} nombra {who} dos veces: un participante está en un solo bando, una vez.",
    "{name}.characters names {who}: {message}": "{name}.characters nombra {who}: {message}",
    "{name} is the only side: an encounter needs two sides or more, such as [sides.heroes] and [sides.foes].":
        "{name} es el único bando: un encuentro necesita dos bandos o más, como [sides.heroes] y [sides.foes].",
    "{name} = {value} is not a verb of {system}. Verbs: {names}.":
        "{name} = {value} no es un verbo de {system}. Verbos: {names}.",
    "name a plugin to install: a package name, a folder, a git URL (git+https://...), a wheel, or -r FILE.":
        "nombra un plugin que instalar: un nombre de paquete, una carpeta, una URL de git (git+https://...), un "
        "wheel, o -r FILE.",
    "The campaign's log of rolls and changes, or a session recap (--format markdown).":
        "El registro de tiradas y cambios de la campaña, o un resumen de la sesión (--format markdown).",
    "Re-apply what the last undo took back (until something else changes the campaign).":
        "Vuelve a aplicar lo que deshizo el último undo (hasta que otra cosa cambie la campaña).",
    "An interactive prompt with history and TAB completion ('exit' leaves); fed from a pipe, 'batch -'.":
        "Un intérprete interactivo con historial y completado con TAB ('exit' sale); alimentado por una tubería, "
        "'batch -'.",
    "Undo the newest change of the campaign (the log keeps both); --to SEQ: every change after entry SEQ.":
        "Deshace el cambio más reciente de la campaña (el registro guarda ambos); --to SEQ: todos los cambios "
        "posteriores a la entrada SEQ.",
    "How many entries, newest last (default 20, or every one with --since, --last or --format markdown).":
        "Cuántas entradas, la más reciente al final (por defecto 20, o todas con --since, --last o --format "
        "markdown).",
    "From log entry WHEN (12 or #12) or a date and time (2026-11-29, 2026-11-29T18:00) on.":
        "Desde la entrada WHEN del registro (12 o #12) o desde una fecha y hora (2026-11-29, 2026-11-29T18:00).",
    "Only the last SPAN of time: 90m, 3h, 2d, 1w.": "Solo el último SPAN de tiempo: 90m, 3h, 2d, 1w.",
    "text, or markdown: a session recap to paste into the group's notes.":
        "text, o markdown: un resumen de la sesión para pegar en las notas del grupo.",
    "Back to the campaign as it stood right after log entry SEQ, as one change.":
        "Vuelve a la campaña tal como estaba justo después de la entrada SEQ del registro, como un solo cambio.",
    "Processes sharing the trials out: a number, or auto (the default: one per core this machine gives rolecli, "
    "as many as the trials keep busy).":
        "Procesos entre los que se reparten las partidas: un número, o auto (por omisión: uno por núcleo que esta "
        "máquina da a rolecli, tantos como las partidas tengan ocupados).",
    "Stop once every side's 95% win-rate interval is narrower than this width (0.05: five points); alone, 0.04 "
    "(about ±2 points).":
        "Para cuando el intervalo del 95% de la tasa de victoria de cada bando es más estrecho que esta anchura "
        "(0.05: cinco puntos); sola, 0.04 (unos ±2 puntos).",
    "--workers {value}: this machine gives rolecli {cores} core(s), so {workers} worker(s) share the trials (the "
    "figures are the same whatever the workers).":
        "--workers {value}: esta máquina da a rolecli {cores} núcleo(s), así que {workers} proceso(s) se reparten "
        "las partidas (las cifras son las mismas con cualquier número de procesos).",
    "--workers {value} is out of range 1..64 (or auto: one per core the trials keep busy).":
        "--workers {value} está fuera del rango 1..64 (o auto: uno por núcleo que las partidas tengan ocupado).",
    "--workers {value} is not a number: give one from 1 to 64, or auto (one per core the trials keep busy).":
        "--workers {value} no es un número: da uno de 1 a 64, o auto (uno por núcleo que las partidas tengan ocupado).",
    "nothing to redo in campaign {name}: no undo to redo.":
        "nada que rehacer en la campaña {name}: no hay ningún undo que rehacer.",
    "nothing to redo in campaign {name}: every undo after #{seq} was redone already.":
        "nada que rehacer en la campaña {name}: cada undo posterior a #{seq} ya se rehízo.",
    "nothing to redo in campaign {name}: its newest change, #{seq} ({what}), is not an undo; redo re-applies what "
    "undo took back, until something else changes the campaign.":
        "nada que rehacer en la campaña {name}: su cambio más reciente, #{seq} ({what}), no es un undo; redo "
        "vuelve a aplicar lo que undo deshizo, hasta que otra cosa cambie la campaña.",
    "nothing to undo in campaign {name}: it is as it stood after #{seq} already.":
        "nada que deshacer en la campaña {name}: ya está como estaba tras #{seq}.",
    "undo --to {seq}: campaign {name} has no log entry #{number}; give the seq of an entry, 1..{newest} "
    "('rolecli log' lists them).":
        "undo --to {seq}: la campaña {name} no tiene la entrada #{number} en el registro; da el número de una "
        "entrada, 1..{newest} ('rolecli log' las lista).",
    "undo --to {seq}: campaign {name} has no log entries yet, so nothing to undo.":
        "undo --to {seq}: la campaña {name} aún no tiene entradas en el registro, así que no hay nada que deshacer.",
    "cannot undo back to #{seq}: #{other} ({what}) cannot be undone; undo to an entry after it, or change the files "
    "by hand.":
        "no se puede deshacer hasta #{seq}: #{other} ({what}) no se puede deshacer; deshaz hasta una entrada "
        "posterior, o cambia los ficheros a mano.",
}

_PLACEHOLDER = re.compile(r"\{([a-z_][a-z_0-9]*)\}")
# What a placeholder stands for: a message, any text; a value (a name, a number, a
# path), any text without ": " or the start of a sentence, so that a pattern about a
# value never swallows a prefix or a sentence of a longer message ("cannot undo #2:
# {message}", "{message} The edit was not kept; ...").
_MESSAGE, _VALUE = "(?P<{}>.+?)", "(?P<{}>(?:(?!: |\\. [A-Z]).)+?)"


@functools.cache
def _patterns() -> list[tuple[str, str, str]]:
    """The patterns of :data:`TEXTS`, the most specific (most literal text) first:
    each its longest literal piece (a text it matches must hold it: most patterns
    are passed over without compiling them), its regular expression, its Spanish."""
    found = []
    for english, spanish in TEXTS.items():
        parts = _PLACEHOLDER.split(english)  # text, name, text, name, ..., text
        if len(parts) == 1:
            continue
        regex = "".join(re.escape(part) if i % 2 == 0 else (_MESSAGE if part.startswith("message") else _VALUE)
                        .format(part) for i, part in enumerate(parts))
        found.append((-sum(map(len, parts[::2])), max(parts[::2], key=len), regex, spanish))
    return [(piece, regex, spanish) for _, piece, regex, spanish in sorted(found, key=lambda f: f[0])]


def translate(text: str) -> str:
    """``text`` in Spanish, or as it is when no entry matches it."""
    if text in TEXTS:
        return TEXTS[text]
    for piece, regex, spanish in _patterns():
        match = re.fullmatch(regex, text, re.S) if piece in text else None
        if match:
            values = {name: translate(value) if name.startswith("message") else value
                      for name, value in match.groupdict().items()}
            return _PLACEHOLDER.sub(lambda m: values[m.group(1)], spanish)
    return text
