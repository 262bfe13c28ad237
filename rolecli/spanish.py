"""The Spanish of rolecli's own words: its help pages (commands, options, the
words typer and click draw around them), click's and typer's messages, and the
errors rolecli raises. :func:`rolecli.i18n.say` reads it, only when Spanish is
to be printed (a quick roll never imports it).

:data:`TEXTS` maps each English text, as the code writes it, to its Spanish. A
text with ``{placeholders}`` is a pattern: each placeholder stands for any text
(a name, a number), copied as it is, except ``{message}``, which is itself a
message and is translated in turn (``line 3: {message}`` in a batch).
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
    "Show, set and unset the campaign's rule options ([rules] of campaign.toml).":
        "Muestra, fija y quita las opciones de reglas de la campaña ([rules] de campaign.toml).",
    "Every rule option in force: its value, whether campaign.toml sets it, what it changes.":
        "Cada opción de reglas en vigor: su valor, si la fija campaign.toml y qué cambia.",
    "Set a rule option in campaign.toml, checked as [rules] is; the file's comments stay, and undo puts it back.":
        "Fija una opción de reglas en campaign.toml, comprobada como [rules]; los comentarios del fichero "
        "se quedan, y undo la devuelve a como estaba.",
    "The rule option.": "La opción de reglas.",
    "Its value, as in [rules] or --rule: sotc, 3, true.": "Su valor, como en [rules] o --rule: sotc, 3, true.",
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
    "Show the conflict: round, whose turn, the order, who cannot act, effects.":
        "Muestra el conflicto: asalto, a quién le toca, el orden, quién no puede actuar, efectos.",
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
}

_PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")


@functools.cache
def _patterns() -> list[tuple[re.Pattern, str]]:
    """The patterns of :data:`TEXTS`, the most specific (most literal text) first."""
    found = []
    for english, spanish in TEXTS.items():
        parts = _PLACEHOLDER.split(english)  # text, name, text, name, ..., text
        if len(parts) == 1:
            continue
        regex = "".join(re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)" for i, part in enumerate(parts))
        found.append((-sum(map(len, parts[::2])), re.compile(regex, re.S), spanish))
    return [(pattern, spanish) for _, pattern, spanish in sorted(found, key=lambda f: f[0])]


def translate(text: str) -> str:
    """``text`` in Spanish, or as it is when no entry matches it."""
    if text in TEXTS:
        return TEXTS[text]
    for pattern, spanish in _patterns():
        match = pattern.fullmatch(text)
        if match:
            values = {name: translate(value) if name == "message" else value
                      for name, value in match.groupdict().items()}
            return _PLACEHOLDER.sub(lambda m: values[m.group(1)], spanish)
    return text
