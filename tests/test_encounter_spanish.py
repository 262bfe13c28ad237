"""Every line an encounter file's check can give is Spanish under ``--lang es``
(rolecli.spanish's patterns), and English as it was under ``--lang en``: each
case breaks one piece of a sound file and gives the line each language prints,
in full; and no Spanish line has an English word left (test_languages' check).

The English words of each line are pinned here too: a message reworded in the
code must be reworded in the catalog, or its Spanish is lost without a word.
"""

from __future__ import annotations

import pytest

from test_encounter_file import SOUND
from test_languages import foreign

from rolecli.encounter import behaviour, file

# The same fight in Fate (caminantes): what a target gives (as_target), lists and choices.
FATE = """\
campaign = "caminantes"

[sides.a]
characters = ["Lucía"]
as_target = { defence = "Atletismo" }
behaviour = { verb = "attack", params = { skill = "Armas" } }

[sides.b]
characters = ["El Coronel"]
as_target = { defence = "Atletismo" }
behaviour = { verb = "attack", params = { skill = "Armas" } }
"""

ZOMBIS = '[sides.foes.stat_blocks.Zombi]\ncount = 2\nsheet = { hp = 8, traits = { Pelea = 1 } }\n'
FILES = {
    "dice": SOUND,
    "fate": FATE,
    "alone": SOUND[:SOUND.index("[sides.foes]")],  # the heroes' side only
    "bare": 'campaign = "demo"\n',  # no sides at all
    # no campaign named, out of a campaign's folder (and the tests' campaigns folder has no current one)
    "unplaced": SOUND.replace('campaign = "demo"\n', ""),
    "nobody": SOUND.replace(ZOMBIS, "").replace('characters = ["Esqueleto"]', "characters = []"),
}
# the heroes' behaviour in SOUND, whole
HEROES = ('verb = "check"\nparams = { expression = "1d20", bonus = "Fuerza+Pelea", target = 12 }\n'
          'on_success = { verb = "damage", params = { amount = "1d6" } }')
V = 'verb = "check"\nparams'  # the heroes' verb, before their parameters: a key goes in between

# (what is wrong, the file (FILES, else a sample campaign's encounter.toml), the piece replaced (None: the
# file as it is), by what; the line in Spanish; in English)
CASES = [
    ('top key', 'dice', 'title = "Prueba"', '[fin]',
     'fight.toml línea 1: fin no es una clave de un fichero de encuentro. Claves: title, campaign, present, scene, '
     'initiative, end, sides, participants.',
     'fight.toml line 1: fin is not a key of an encounter file. Keys: title, campaign, present, scene, initiative, '
     'end, sides, participants.'),
    ('top key, a hint', 'dice', 'title = "Prueba"', 'titel = "Prueba"',
     "fight.toml línea 1: titel no es una clave de un fichero de encuentro. ¿Querías decir 'title'? Claves: title, "
     'campaign, present, scene, initiative, end, sides, participants.',
     "fight.toml line 1: titel is not a key of an encounter file. Did you mean 'title'? Keys: title, campaign, "
     'present, scene, initiative, end, sides, participants.'),
    ('key of a table', 'dice', 'count = 2', 'xx = 2',
     'fight.toml línea 17: sides.foes.stat_blocks.Zombi.xx no es una clave válida aquí. Claves: sheet, count, '
     'behaviour, as_target.',
     'fight.toml line 17: sides.foes.stat_blocks.Zombi.xx is not a key here. Keys: sheet, count, behaviour, as_target.'),
    ('key of a table, a hint', 'dice', 'count = 2', 'cuont = 2',
     "fight.toml línea 17: sides.foes.stat_blocks.Zombi.cuont no es una clave válida aquí. ¿Querías decir 'count'? "
     'Claves: sheet, count, behaviour, as_target.',
     "fight.toml line 17: sides.foes.stat_blocks.Zombi.cuont is not a key here. Did you mean 'count'? Keys: sheet, "
     'count, behaviour, as_target.'),
    ('not a table', 'dice', 'campaign = "demo"', 'campaign = "demo"\nend = 3',
     'fight.toml línea 3: end = 3 debería ser una tabla.',
     'fight.toml line 3: end = 3 should be a table.'),
    ('campaign not a name', 'dice', 'campaign = "demo"', 'campaign = 3',
     'fight.toml línea 2: campaign = 3 debería ser el nombre de una campaña entre comillas.',
     "fight.toml line 2: campaign = 3 should be a campaign's name in quotes."),
    ('title not a text', 'dice', 'title = "Prueba"', 'title = 3',
     'fight.toml línea 1: title = 3 debería ser un texto entre comillas.',
     'fight.toml line 1: title = 3 should be a text in quotes.'),
    ('no such campaign', 'dice', 'campaign = "demo"', 'campaign = "dem"',
     "no hay ninguna campaña 'dem' en campaigns. ¿Querías decir 'demo'? Campañas: aaa, caminantes, demo, giro, middle, "
     'v5.',
     "no campaign 'dem' in campaigns. Did you mean 'demo'? Campaigns: aaa, caminantes, demo, giro, middle, v5."),
    ('characters not a list', 'dice', 'characters = ["Ana", "Bruno"]', 'characters = "Ana"',
     'fight.toml línea 5: sides.heroes.characters = "Ana" debería ser una lista de nombres de personajes de la '
     'campaña, como ["Ana", "Bruno"].',
     'fight.toml line 5: sides.heroes.characters = "Ana" should be a list of campaign characters\' names, such as '
     '["Ana", "Bruno"].'),
    ('no such character', 'dice', 'characters = ["Ana", "Bruno"]', 'characters = ["Anna", "Bruno"]',
     "fight.toml línea 5: sides.heroes.characters nombra 'Anna': la campaña 'demo' no tiene ningún personaje 'Anna'. "
     "¿Querías decir 'Ana'? Personajes: Ana, Bruno, Esqueleto.",
     "fight.toml line 5: sides.heroes.characters names 'Anna': campaign 'demo' has no character 'Anna'. Did you mean "
     "'Ana'? Characters: Ana, Bruno, Esqueleto."),
    ('a participant twice', 'dice', 'characters = ["Ana", "Bruno"]', 'characters = ["Ana", "ana"]',
     "fight.toml línea 5: sides.heroes.characters nombra 'Ana' dos veces: un participante está en un solo bando, una "
     'vez.',
     "fight.toml line 5: sides.heroes.characters names 'Ana' twice: a participant is in one side, once."),
    ('one side', 'alone', None, None,
     'fight.toml línea 4: sides.heroes es el único bando: un encuentro necesita dos bandos o más, como [sides.heroes] '
     'y [sides.foes].',
     'fight.toml line 4: sides.heroes is the only side: an encounter needs two sides or more, such as [sides.heroes] '
     'and [sides.foes].'),
    ('no sides', 'bare', None, None,
     'fight.toml: sides debería tener dos bandos o más: un encuentro necesita dos bandos o más, como [sides.heroes] y '
     '[sides.foes].',
     'fight.toml: sides should hold two sides or more: an encounter needs two sides or more, such as [sides.heroes] '
     'and [sides.foes].'),
    ('a side with nobody', 'nobody', None, None,
     'fight.toml línea 12: sides.foes no tiene a nadie: dale characters = [...] o una tabla [stat_blocks].',
     'fight.toml line 12: sides.foes has nobody: give it characters = [...] or a [stat_blocks] table.'),
    ('stat block name', 'dice', '[sides.foes.stat_blocks.Zombi]', '[sides.foes.stat_blocks."a/b"]',
     'fight.toml línea 16: sides.foes.stat_blocks."a/b": el nombre de perfil \'a/b\' contiene un separador de rutas; '
     "un nombre de perfil tiene como mucho 64 caracteres, sin '/', '\\', '..', caracteres de control o invisibles ni "
     "un '.' al principio.",
     'fight.toml line 16: sides.foes.stat_blocks."a/b" stat block name \'a/b\' contains a path separator; a stat '
     "block name is at most 64 characters, without '/', '\\', '..', control or invisible characters or a leading '.'."),
    ('stat block name, a space', 'dice', '[sides.foes.stat_blocks.Zombi]', '[sides.foes.stat_blocks." Zombi"]',
     'fight.toml línea 16: sides.foes.stat_blocks." Zombi": el nombre de perfil \' Zombi\' empieza o acaba con un '
     'espacio; quítalo.',
     'fight.toml line 16: sides.foes.stat_blocks." Zombi" stat block name \' Zombi\' starts or ends with a space; '
     'remove it.'),
    ('stat block name, empty', 'dice', '[sides.foes.stat_blocks.Zombi]', '[sides.foes.stat_blocks.""]',
     'fight.toml línea 16: sides.foes.stat_blocks."": el nombre de un perfil no puede estar vacío.',
     'fight.toml line 16: sides.foes.stat_blocks."" a stat block name cannot be empty.'),
    ('count', 'dice', 'count = 2', 'count = 0',
     'fight.toml línea 17: sides.foes.stat_blocks.Zombi.count = 0 debería ser un número entero en 1..100.',
     'fight.toml line 17: sides.foes.stat_blocks.Zombi.count = 0 should be a whole number in 1..100.'),
    ('sheet value', 'dice', 'hp = 8', 'hp = 0',
     'fight.toml línea 18: sides.foes.stat_blocks.Zombi.sheet.hp = 0 está fuera del rango 1..1000000.',
     'fight.toml line 18: sides.foes.stat_blocks.Zombi.sheet.hp = 0 is out of range 1..1000000.'),
    ('sheet key', 'dice', 'hp = 8', 'pv = 8',
     'fight.toml línea 18: sides.foes.stat_blocks.Zombi.sheet.pv no es una clave de la plantilla de personaje de '
     "'dice'. ¿Querías decir 'hp'? Claves: hp, initiative, traits, damage.",
     "fight.toml line 18: sides.foes.stat_blocks.Zombi.sheet.pv is not a key of the character template of 'dice'. Did "
     "you mean 'hp'? Keys: hp, initiative, traits, damage."),
    ('a block named as a character', 'dice',
     '[sides.foes.stat_blocks.Zombi]\ncount = 2',
     '[sides.foes.stat_blocks.Ana]',
     "fight.toml línea 16: sides.foes.stat_blocks.Ana crea 'Ana', que es el nombre de un personaje de la campaña "
     "'demo'; da otro nombre al perfil.",
     "fight.toml line 16: sides.foes.stat_blocks.Ana makes 'Ana', the name of a character of campaign 'demo'; name "
     'the stat block otherwise.'),
    ('present fights', 'dice', 'campaign = "demo"', 'campaign = "demo"\npresent = ["Ana"]',
     "fight.toml línea 3: present nombra 'Ana', que lucha en un bando: quítalo de present.",
     "fight.toml line 3: present names 'Ana', who fights in a side: leave it out of present."),
    ('present not a list', 'dice', 'campaign = "demo"', 'campaign = "demo"\npresent = "Ana"',
     'fight.toml línea 3: present = "Ana" debería ser una lista de nombres de personajes de la campaña, como ["Ana", '
     '"Bruno"].',
     'fight.toml line 3: present = "Ana" should be a list of campaign characters\' names, such as ["Ana", "Bruno"].'),
    ('present names no character', 'dice', 'campaign = "demo"', 'campaign = "demo"\npresent = ["Anna"]',
     "fight.toml línea 3: present nombra 'Anna': la campaña 'demo' no tiene ningún personaje 'Anna'. ¿Querías "
     "decir 'Ana'? Personajes: Ana, Bruno, Esqueleto.",
     "fight.toml line 3: present names 'Anna': campaign 'demo' has no character 'Anna'. Did you mean 'Ana'? "
     'Characters: Ana, Bruno, Esqueleto.'),
    ('no such participant', 'dice',
     '[sides.foes.stat_blocks.Zombi]',
     '[participants.Brunno]\nbehaviour = { target = "weakest" }\n\n[sides.foes.stat_blocks.Zombi]',
     "fight.toml línea 16: participants.Brunno no es un participante del encuentro. ¿Querías decir 'Bruno'? "
     'Participantes: Ana, Bruno, Esqueleto, Zombi 1, Zombi 2.',
     "fight.toml line 16: participants.Brunno is not a participant of the encounter. Did you mean 'Bruno'? "
     'Participants: Ana, Bruno, Esqueleto, Zombi 1, Zombi 2.'),
    ('no such participant, no hint', 'dice',
     '[sides.foes.stat_blocks.Zombi]',
     '[participants.Zzz]\nbehaviour = { target = "weakest" }\n\n[sides.foes.stat_blocks.Zombi]',
     'fight.toml línea 16: participants.Zzz no es un participante del encuentro. Participantes: Ana, Bruno, Esqueleto, '
     'Zombi 1, Zombi 2.',
     'fight.toml line 16: participants.Zzz is not a participant of the encounter. Participants: Ana, Bruno, '
     'Esqueleto, Zombi 1, Zombi 2.'),
    ('no verb', 'dice',
     HEROES,
     '',
     'fight.toml línea 7: sides.heroes.behaviour no da ningún verbo a Ana: añade verb = "..." (uno de check).',
     'fight.toml line 7: sides.heroes.behaviour gives Ana no verb: add verb = "..." (one of check).'),
    ('no sure rule', 'dice',
     HEROES,
     'rules = [{ when = "hurt", verb = "check", params = { expression = "1d20", target = 12 } }]',
     'fight.toml línea 8: sides.heroes.behaviour.rules no da ningún verbo a Ana: añade verb = "..." (uno de check), '
     'que se juega cuando no se juega ninguna regla, o termina las reglas con una cuyo when = "always" apunte a un '
     'enemigo o a sí mismo (self).',
     'fight.toml line 8: sides.heroes.behaviour.rules gives Ana no verb: add verb = "..." (one of check), played when '
     'no rule is, or end the rules with one whose when = "always" aimed at a foe or at self.'),
    ('a choice no verb takes', 'dice', 'verb = "check"\nparams', 'verb = "check"\nchoices = { under = true }\nparams',
     'fight.toml línea 9: sides.heroes.behaviour.choices.under no es una elección del jugador en check/damage. '
     'Elecciones: ninguna.',
     "fight.toml line 9: sides.heroes.behaviour.choices.under is not a player's choice of check/damage. Choices: none."),
    ('a choice, a hint', 'fate',
     'params = { skill = "Armas" } }\n\n[sides.b]',
     'params = { skill = "Armas" }, choices = { rerol = "never" } }\n\n[sides.b]',
     'fight.toml línea 6: sides.a.behaviour.choices.rerol no es una elección del jugador en attack. ¿Querías decir '
     "'reroll'? Elecciones: bargain, concede, consequences, reply, reroll.",
     "fight.toml line 6: sides.a.behaviour.choices.rerol is not a player's choice of attack. Did you mean 'reroll'? "
     'Choices: bargain, concede, consequences, reply, reroll.'),
    ('a choice, no hint', 'fate', 'params = { skill = "Armas" } }\n\n[sides.b]',
     'params = { skill = "Armas" }, choices = { zzz = "never" } }\n\n[sides.b]',
     'fight.toml línea 6: sides.a.behaviour.choices.zzz no es una elección del jugador en attack. Elecciones: '
     'bargain, concede, consequences, reply, reroll.',
     "fight.toml line 6: sides.a.behaviour.choices.zzz is not a player's choice of attack. Choices: bargain, "
     'concede, consequences, reply, reroll.'),
    ('target not a word', 'dice', 'verb = "check"\nparams', 'verb = "check"\ntarget = 3\nparams',
     'fight.toml línea 9: sides.heroes.behaviour.target = 3 debería ser uno de nearest, weakest, random, self, '
     'nearest_ally, weakest_ally, random_ally o un nombre.',
     'fight.toml line 9: sides.heroes.behaviour.target = 3 should be one of nearest, weakest, random, self, '
     'nearest_ally, weakest_ally, random_ally or a name.'),
    ('target, a hint', 'dice', 'verb = "check"\nparams', 'verb = "check"\ntarget = "weakst"\nparams',
     'fight.toml línea 9: sides.heroes.behaviour.target = "weakst" no es ni uno de nearest, weakest, random, self, '
     'nearest_ally, weakest_ally, random_ally ni un participante de otro bando. Enemigos: Esqueleto, Zombi 1, Zombi 2.',
     'fight.toml line 9: sides.heroes.behaviour.target = "weakst" is neither one of nearest, weakest, random, self, '
     'nearest_ally, weakest_ally, random_ally nor a participant of another side. Foes: Esqueleto, Zombi 1, Zombi 2.'),
    ('target not a foe', 'dice', 'verb = "check"\nparams', 'verb = "check"\ntarget = "Ana"\nparams',
     'fight.toml línea 9: sides.heroes.behaviour.target = "Ana" no es ni uno de nearest, weakest, random, self, '
     'nearest_ally, weakest_ally, random_ally ni un participante de otro bando. Enemigos: Esqueleto, Zombi 1, Zombi 2.',
     'fight.toml line 9: sides.heroes.behaviour.target = "Ana" is neither one of nearest, weakest, random, self, '
     'nearest_ally, weakest_ally, random_ally nor a participant of another side. Foes: Esqueleto, Zombi 1, Zombi 2.'),
    ('rules not a list', 'dice', 'verb = "check"\nparams', 'verb = "check"\nrules = 3\nparams',
     'fight.toml línea 9: sides.heroes.behaviour.rules = 3 debería ser una lista de reglas: tablas [[...rules]], cada '
     'una con when, verb, target y params.',
     'fight.toml line 9: sides.heroes.behaviour.rules = 3 should be a list of rules: [[...rules]] tables, each with '
     'when, verb, target and params.'),
    ('not a condition', 'dice',
     'verb = "check"\nparams',
     'verb = "check"\nrules = [{ when = "sometimes", verb = "check" }]\nparams',
     'fight.toml línea 9: sides.heroes.behaviour.rules[1].when = "sometimes" no es una condición; condiciones: never, '
     'hurt, outnumbered, always, self_below = N, ally_below = N (N, una fracción de la vitalidad en 0..1: ally_below = '
     '0.5 se cumple mientras a un aliado le quede menos de la mitad de sus fuerzas).',
     'fight.toml line 9: sides.heroes.behaviour.rules[1].when = "sometimes" is not a condition; conditions: never, '
     'hurt, outnumbered, always, self_below = N, ally_below = N (N a share of vitality in 0..1: ally_below = 0.5 holds '
     'while an ally has less than half its fight left).'),
    ('a rule with no verb', 'dice', 'verb = "check"\nparams', 'verb = "check"\nrules = [{ when = "hurt" }]\nparams',
     'fight.toml línea 9: sides.heroes.behaviour.rules[1] necesita verb = "...": el verbo que juega la regla.',
     'fight.toml line 9: sides.heroes.behaviour.rules[1] needs verb = "...": the verb the rule plays.'),
    ('on_success with no verb', 'dice',
     'on_success = { verb = "damage", params = { amount = "1d6" } }',
     'on_success = { params = { amount = "1d6" } }',
     'fight.toml línea 10: sides.heroes.behaviour.on_success necesita verb = "...": el verbo que se aplica al objetivo '
     'tras un éxito.',
     'fight.toml line 10: sides.heroes.behaviour.on_success needs verb = "...": the verb applied to the target after '
     'a success.'),
    ('defend with no verb', 'dice', 'verb = "check"\nparams', 'verb = "check"\ndefend = { when = "hurt" }\nparams',
     'fight.toml línea 9: sides.heroes.behaviour.defend necesita verb = "...": el verbo con el que se defiende.',
     'fight.toml line 9: sides.heroes.behaviour.defend needs verb = "...": the verb used to defend.'),
    ('defend when', 'dice',
     'verb = "check"\nparams',
     'verb = "check"\ndefend = { verb = "check", when = "sometimes" }\nparams',
     'fight.toml línea 9: sides.heroes.behaviour.defend.when = "sometimes" debería ser uno de: never, hurt, '
     'outnumbered, always.',
     'fight.toml line 9: sides.heroes.behaviour.defend.when = "sometimes" should be one of: never, hurt, outnumbered, '
     'always.'),
    ('not a verb', 'dice', 'verb = "check"\nparams', 'verb = "zzz"\nparams',
     'fight.toml línea 8: sides.heroes.behaviour.verb = "zzz" no es un verbo de \'dice\'. Verbos: roll, check, damage, '
     'heal, recover, initiative.',
     'fight.toml line 8: sides.heroes.behaviour.verb = "zzz" is not a verb of \'dice\'. Verbs: roll, check, damage, '
     'heal, recover, initiative.'),
    ('not a verb, a hint', 'dice', 'verb = "check"\nparams', 'verb = "chek"\nparams',
     'fight.toml línea 8: sides.heroes.behaviour.verb = "chek" no es un verbo de \'dice\'. ¿Querías decir \'check\'? '
     'Verbos: roll, check, damage, heal, recover, initiative.',
     'fight.toml line 8: sides.heroes.behaviour.verb = "chek" is not a verb of \'dice\'. Did you mean \'check\'? '
     'Verbs: roll, check, damage, heal, recover, initiative.'),
    ('a verb that does not fit', 'dice', 'verb = "check"\nparams', 'verb = "damage"\nparams',
     'fight.toml línea 8: sides.heroes.behaviour.verb = "damage" no es un verbo que sirva aquí; verbos que sí: check.',
     'fight.toml line 8: sides.heroes.behaviour.verb = "damage" is not a verb that fits here; verbs that do: check.'),
    ('not a parameter', 'dice', 'target = 12 }', 'target = 12, aim = 3 }',
     'fight.toml línea 9: sides.heroes.behaviour.params.aim no es un parámetro de check. Parámetros: expression, '
     'bonus, target, under.',
     'fight.toml line 9: sides.heroes.behaviour.params.aim is not a parameter of check. Parameters: expression, '
     'bonus, target, under.'),
    ('not a parameter, a hint', 'dice', 'target = 12 }', 'target = 12, targte = 3 }',
     "fight.toml línea 9: sides.heroes.behaviour.params.targte no es un parámetro de check. ¿Querías decir 'target'? "
     'Parámetros: expression, bonus, target, under.',
     "fight.toml line 9: sides.heroes.behaviour.params.targte is not a parameter of check. Did you mean 'target'? "
     'Parameters: expression, bonus, target, under.'),
    ('no parameter at all', 'dice', 'campaign = "demo"', 'campaign = "demo"\n[initiative]\nx = 1',
     'fight.toml línea 4: initiative.x no es un parámetro de initiative. Parámetros: ninguno.',
     'fight.toml line 4: initiative.x is not a parameter of initiative. Parameters: none.'),
    ('a parameter missing', 'dice', 'expression = "1d20", bonus = "Fuerza+Pelea"', 'bonus = "Fuerza+Pelea"',
     'fight.toml línea 7: sides.heroes.behaviour no le da a check el parámetro expression, que necesita: añade '
     'params.expression.',
     'fight.toml line 7: sides.heroes.behaviour gives check no expression, which it needs: add params.expression.'),
    ('not a placeholder', 'dice', 'bonus = "Fuerza+Pelea"', 'bonus = "$zz"',
     'fight.toml línea 9: sides.heroes.behaviour.params.bonus = "$zz" no es un marcador; marcadores: $actor, $target, '
     '$side, $foes.',
     'fight.toml line 9: sides.heroes.behaviour.params.bonus = "$zz" is not a placeholder; placeholders: $actor, '
     '$target, $side, $foes.'),
    ('a placeholder for a rating', 'dice', 'bonus = "Fuerza+Pelea"', 'bonus = "$foes"',
     'fight.toml línea 9: sides.heroes.behaviour.params.bonus = "$foes" representa nombres, y bonus lleva un número o '
     'rasgos entre comillas.',
     'fight.toml line 9: sides.heroes.behaviour.params.bonus = "$foes" stands for names, and bonus takes a number or '
     'traits in quotes.'),
    ('a placeholder for a number', 'dice', 'target = 12 }', 'target = "$target" }',
     'fight.toml línea 9: sides.heroes.behaviour.params.target = "$target" representa nombres, y target lleva un '
     'número entero, o una expresión de dados entre comillas.',
     'fight.toml line 9: sides.heroes.behaviour.params.target = "$target" stands for names, and target takes a whole '
     'number, or a dice expression in quotes.'),
    ('a placeholder for true or false', 'dice', 'target = 12 }', 'target = 12, under = "$actor" }',
     'fight.toml línea 9: sides.heroes.behaviour.params.under = "$actor" representa nombres, y under lleva true o '
     'false.',
     'fight.toml line 9: sides.heroes.behaviour.params.under = "$actor" stands for names, and under takes true or '
     'false.'),
    ('a placeholder for a choice', 'fate',
     'params = { skill = "Armas" } }\n\n[sides.b]',
     'params = { skill = "Armas", track = "$side" } }\n\n[sides.b]',
     'fight.toml línea 6: sides.a.behaviour.params.track = "$side" representa nombres, y track lleva un texto entre '
     'comillas.',
     'fight.toml line 6: sides.a.behaviour.params.track = "$side" stands for names, and track takes a text in quotes.'),
    ('a placeholder for a fraction', 'aaa', 'd4m", resist = "str" }', 'd4m", resist = "str", load = "$actor" }',
     'fight.toml línea 21: participants."Mad Dog".behaviour.params.load = "$actor" representa nombres, y load lleva '
     'un número, o una expresión de dados entre comillas.',
     'fight.toml line 21: participants."Mad Dog".behaviour.params.load = "$actor" stands for names, and load takes '
     'a number, or a dice expression in quotes.'),
    ('not a whole number', 'dice', 'target = 12 }', 'target = 1.5 }',
     'fight.toml línea 9: sides.heroes.behaviour.params.target = 1.5 debería ser un número entero, o una expresión de '
     'dados entre comillas.',
     'fight.toml line 9: sides.heroes.behaviour.params.target = 1.5 should be a whole number, or a dice expression in '
     'quotes.'),
    ('not true or false', 'dice', 'target = 12 }', 'target = 12, under = "yes" }',
     'fight.toml línea 9: sides.heroes.behaviour.params.under = "yes" debería ser true o false.',
     'fight.toml line 9: sides.heroes.behaviour.params.under = "yes" should be true or false.'),
    ('not a text', 'dice', 'expression = "1d20", bonus = "Fuerza+Pelea"', 'expression = 3, bonus = "Fuerza+Pelea"',
     'fight.toml línea 9: sides.heroes.behaviour.params.expression = 3 debería ser un texto entre comillas.',
     'fight.toml line 9: sides.heroes.behaviour.params.expression = 3 should be a text in quotes.'),
    ('not a rating', 'dice', 'bonus = "Fuerza+Pelea"', 'bonus = true',
     'fight.toml línea 9: sides.heroes.behaviour.params.bonus = true debería ser un número o rasgos entre comillas.',
     'fight.toml line 9: sides.heroes.behaviour.params.bonus = true should be a number or traits in quotes.'),
    ('not a list', 'fate',
     'params = { skill = "Armas" } }\n\n[sides.b]',
     'params = { skill = "Armas", invoke = 3 } }\n\n[sides.b]',
     'fight.toml línea 6: sides.a.behaviour.params.invoke = 3 debería ser una lista de textos, como ["a", "b"].',
     'fight.toml line 6: sides.a.behaviour.params.invoke = 3 should be a list of texts, such as ["a", "b"].'),
    ('not a number', 'aaa', 'd4m", resist = "str" }', 'd4m", resist = "str", load = true }',
     'fight.toml línea 21: participants."Mad Dog".behaviour.params.load = true debería ser un número, o una expresión '
     'de dados entre comillas.',
     'fight.toml line 21: participants."Mad Dog".behaviour.params.load = true should be a number, or a dice '
     'expression in quotes.'),
    ('not one of the choices', 'fate',
     'params = { skill = "Armas" } }\n\n[sides.b]',
     'params = { skill = "Armas", track = "vida" } }\n\n[sides.b]',
     'fight.toml línea 6: sides.a.behaviour.params.track = "vida": --track \'vida\' no es uno de: salud, compostura.',
     'fight.toml line 6: sides.a.behaviour.params.track = "vida": --track \'vida\' is not one of: salud, compostura.'),
    ('not a dice expression', 'dice', 'target = 12 }', 'target = "twelve" }',
     'fight.toml línea 9: sides.heroes.behaviour.params.target = "twelve" no es ni un número ni una expresión de '
     "dados: 't' inesperado en la posición 1 de 'twelve'; una expresión de dados usa números, dados como 2d6, d%, dF, "
     'modificadores como kh3 o !, + - * / y paréntesis.',
     'fight.toml line 9: sides.heroes.behaviour.params.target = "twelve" is neither a number nor a dice expression: '
     "unexpected 't' at position 1 of 'twelve'; a dice expression uses numbers, dice like 2d6, d%, dF, modifiers like "
     'kh3 or !, + - * / and parentheses.'),
    ('dice out of range', 'dice', 'amount = "1d6"', 'amount = "1d6-10"',
     'fight.toml línea 10: sides.heroes.behaviour.on_success.params.amount = "1d6-10" puede dar -9..-4, fuera del '
     'rango de amount, 0..1000000.',
     'fight.toml line 10: sides.heroes.behaviour.on_success.params.amount = "1d6-10" can roll -9..-4, outside '
     "amount's range 0..1000000."),
    ('refused by the rules', 'dice', 'bonus = "Fuerza+Pelea"', 'bonus = "Fuerza+Magia"',
     "fight.toml línea 9: sides.heroes.behaviour.params.bonus: 'dice' no lo admite (check contra Esqueleto): Ana no "
     "tiene el rasgo 'Magia'. Rasgos: Fuerza, Pelea, Sigilo, hp, initiative.",
     "fight.toml line 9: sides.heroes.behaviour.params.bonus is refused by 'dice' (check against Esqueleto): Ana has "
     "no trait 'Magia'. Traits: Fuerza, Pelea, Sigilo, hp, initiative."),
    ('as_target missing', 'fate',
     'as_target = { defence = "Atletismo" }\nbehaviour = { verb = "attack", params = { skill = "Armas" } }\n\n[sides.b]',
     'behaviour = { verb = "attack", params = { skill = "Armas" } }\n\n[sides.b]',
     'fight.toml línea 10: sides.b.behaviour no le da a attack el parámetro defence, que las reglas toman de su '
     'objetivo y Lucía no da: añade params.defence, o as_target.defence al bando de Lucía.',
     'fight.toml line 10: sides.b.behaviour gives attack no defence, which the rules take from its target and Lucía '
     "does not give: add params.defence, or as_target.defence to Lucía's side."),
    ('as_target no verb takes', 'fate',
     'as_target = { defence = "Atletismo" }\nbehaviour = { verb = "attack", params = { skill = "Armas" } }\n\n[sides.b]',
     'as_target = { defence = "Atletismo", defense = "Atletismo" }\nbehaviour = { verb = "attack", params = { skill = "Armas" } }\n\n[sides.b]',
     'fight.toml línea 5: sides.a.as_target.defense no es un parámetro que tome de su objetivo ningún verbo usado '
     'contra Lucía.',
     'fight.toml line 5: sides.a.as_target.defense is not a parameter any verb used against Lucía takes from its '
     'target.'),
    ('as_target a placeholder', 'fate',
     'as_target = { defence = "Atletismo" }\nbehaviour = { verb = "attack", params = { skill = "Armas" } }\n\n[sides.b]',
     'as_target = { defence = "$actor" }\nbehaviour = { verb = "attack", params = { skill = "Armas" } }\n\n[sides.b]',
     'fight.toml línea 5: sides.a.as_target.defence = "$actor": as_target lleva valores simples.',
     'fight.toml line 5: sides.a.as_target.defence = "$actor": as_target takes plain values.'),
    ('rounds', 'dice', 'campaign = "demo"', 'campaign = "demo"\n[end]\nrounds = 0',
     'fight.toml línea 4: end.rounds = 0 debería ser un número entero en 1..1000.',
     'fight.toml line 4: end.rounds = 0 should be a whole number in 1..1000.'),
    ('recover', 'dice', 'campaign = "demo"', 'campaign = "demo"\n[end]\nrecover = 3',
     'fight.toml línea 4: end.recover = 3 debería ser true o false.',
     'fight.toml line 4: end.recover = 3 should be true or false.'),
    ('morale sides', 'dice',
     'campaign = "demo"',
     'campaign = "demo"\n[end]\nmorale = { verb = "check", params = { expression = "1d20", target = 9 }, sides = ["villains"] }',
     'fight.toml línea 4: end.morale.sides = ["villains"] debería listar bandos del encuentro: heroes, foes.',
     'fight.toml line 4: end.morale.sides = ["villains"] should list sides of the encounter: heroes, foes.'),
    ('morale with no verb', 'dice',
     'campaign = "demo"',
     'campaign = "demo"\n[end]\nmorale = { params = { expression = "1d20", target = 9 } }',
     'fight.toml línea 4: end.morale necesita verb = "...": el verbo de moral del sistema.',
     'fight.toml line 4: end.morale needs verb = "...": the system\'s morale verb.'),
    ('scene', 'dice', 'campaign = "demo"', 'campaign = "demo"\n[scene]\ncover = "good"',
     'fight.toml línea 4: scene.cover no es un parámetro de ningún verbo que use este encuentro (check, damage, '
     'initiative).',
     'fight.toml line 4: scene.cover is not a parameter of any verb this encounter uses (check, damage, initiative).'),
    ('syntax', 'dice', '[sides.heroes]\n', '[sides.heroes\n',
     "fight.toml línea 4, columna 14: error de sintaxis TOML: se esperaba ']' al final de la declaración de una tabla.",
     "fight.toml line 4, column 14: TOML syntax error: expected ']' at the end of a table declaration."),
]


def _text(campaigns, base: str, old: str | None, new: str | None) -> str:
    text = FILES.get(base) or (campaigns / base / "encounter.toml").read_text(encoding="utf-8")
    if old is None:
        return text
    assert text.count(old) == 1, old
    return text.replace(old, new)


def _said(cli, tmp_path, text: str, lang: str, *args: str) -> tuple[int, str, str]:
    path = tmp_path / "fight.toml"
    path.write_text(text, encoding="utf-8")
    command = args[0] if args else "check"
    result = cli("--lang", lang, "encounter", command, path, *args[1:])
    return result.code, result.out, result.err


@pytest.mark.parametrize("base, old, new, spanish, english", [case[1:] for case in CASES],
                         ids=[case[0] for case in CASES])
def test_each_line_in_spanish_and_english(cli, campaigns, tmp_path, base, old, new, spanish, english):
    text = _text(campaigns, base, old, new)
    assert _said(cli, tmp_path, text, "es") == (2, "", f"rolecli: {spanish}\n")
    assert _said(cli, tmp_path, text, "en") == (2, "", f"rolecli: {english}\n")


@pytest.mark.parametrize("command", ["run", "simulate"])
@pytest.mark.parametrize("case", ["top key, a hint", "target, a hint", "refused by the rules"])
def test_run_and_simulate_say_the_same_lines(cli, campaigns, tmp_path, command, case):
    base, old, new, spanish, english = next(c[1:] for c in CASES if c[0] == case)
    text = _text(campaigns, base, old, new)
    assert _said(cli, tmp_path, text, "es", command) == (2, "", f"rolecli: {spanish}\n")
    assert _said(cli, tmp_path, text, "en", command) == (2, "", f"rolecli: {english}\n")


# Lines of the campaign the file plays on, and of the commands' options.
MORE = [
    ("no campaign", "unplaced", ["check"],
     "fight.toml: falta campaign: añade campaign = \"NAME\", pon el fichero en la carpeta de la campaña, o pasa -C "
     "NAME.",
     "fight.toml: campaign is not given: add campaign = \"NAME\", put the file in the campaign's folder, or pass -C "
     "NAME."),
    ("trials", "dice", ["simulate", "--trials", "0"],
     "--trials 0 está fuera del rango 1..1000000.",
     "--trials 0 is out of range 1..1000000."),
    ("until-ci", "dice", ["simulate", "--until-ci", "2"],
     "--until-ci 2 está fuera de rango: da una anchura entre 0 y 1, como 0.05.",
     "--until-ci 2 is out of range: give a width between 0 and 1, such as 0.05."),
    ("workers", "dice", ["simulate", "--workers", "x"],
     "--workers 'x' no es un número: da uno de 1 a 64, o auto (uno por núcleo que las partidas tengan ocupado).",
     "--workers 'x' is not a number: give one from 1 to 64, or auto (one per core the trials keep busy)."),
    ("workers out of range", "dice", ["simulate", "--workers", "99"],
     "--workers 99 está fuera del rango 1..64 (o auto: uno por núcleo que las partidas tengan ocupado).",
     "--workers 99 is out of range 1..64 (or auto: one per core the trials keep busy)."),
]


@pytest.mark.parametrize("base, args, spanish, english", [case[1:] for case in MORE], ids=[case[0] for case in MORE])
def test_more_lines(cli, tmp_path, base, args, spanish, english):
    text = FILES[base]
    assert _said(cli, tmp_path, text, "es", *args) == (2, "", f"rolecli: {spanish}\n")
    assert _said(cli, tmp_path, text, "en", *args) == (2, "", f"rolecli: {english}\n")


# The file as read: each way it cannot be (what the test writes at fight.toml), and its line in each language.
UNREADABLE = [
    ("missing", None,
     "fight.toml: no existe ese fichero de encuentro; da la ruta de un fichero .toml.",
     "fight.toml: no such encounter file; give the path of a .toml file."),
    ("a folder", "folder",
     "fight.toml es una carpeta, no un fichero que rolecli pueda leer; da un fichero normal.",
     "fight.toml is a folder, not a file rolecli can read; give a plain file."),
    ("not UTF-8", b'title = "\xff"\n',
     "fight.toml línea 1: no es texto UTF-8; guarda el fichero como UTF-8.",
     "fight.toml line 1: not UTF-8 text; save the file as UTF-8."),
    ("too big", b"#" * 1_000_001,
     "fight.toml: 1,000,001 bytes, más del límite de 1,000,000 para un fichero de encuentro.",
     "fight.toml: 1,000,001 bytes, over the limit of 1,000,000 for an encounter file."),
]


@pytest.mark.parametrize("content, spanish, english", [case[1:] for case in UNREADABLE],
                         ids=[case[0] for case in UNREADABLE])
def test_a_file_that_cannot_be_read(cli, tmp_path, content, spanish, english):
    path = tmp_path / "fight.toml"
    if content == "folder":
        path.mkdir()
    elif content is not None:
        path.write_bytes(content)
    for lang, line in (("es", spanish), ("en", english)):
        result = cli("--lang", lang, "encounter", "check", path)
        assert (result.code, result.out, result.err) == (2, "", f"rolecli: {line}\n"), lang


def test_a_conflict_already_running(cli, tmp_path):
    assert cli("-C", "demo", "conflict", "start").code == 0
    assert _said(cli, tmp_path, SOUND, "es", "run") == (
        2, "", "rolecli: hay un conflicto en curso en la campaña 'demo', y un encuentro es un conflicto propio: "
               "termínalo antes con 'rolecli conflict end'.\n")
    assert _said(cli, tmp_path, SOUND, "en", "run") == (
        2, "", "rolecli: a conflict is running in campaign 'demo', and an encounter is a conflict of its own: end it "
               "first with 'rolecli conflict end'.\n")


def test_a_side_with_nobody_able_to_act(cli, tmp_path):
    assert cli("-C", "demo", "damage", "Esqueleto", "6").code == 0
    text = FILES["nobody"].replace("characters = []", 'characters = ["Esqueleto"]')
    assert _said(cli, tmp_path, text, "en") == (
        2, "", "rolecli: fight.toml line 12: sides.foes has nobody able to act: Esqueleto down (0 HP).\n")
    code, out, err = _said(cli, tmp_path, text, "es")
    # the core's words around the system's own, each in Spanish
    assert (code, out) == (2, "") and err.startswith(
        "rolecli: fight.toml línea 12: sides.foes no tiene a nadie capaz de actuar: Esqueleto "), err
    assert "down" not in err and "HP" not in err, err


def test_what_no_shipped_system_makes_the_file_say():
    """Every shipped system has an initiative verb, and a side that cannot act is
    found before the play (rehearse): their lines, from the catalog alone."""
    from rolecli.spanish import translate

    assert translate("fight.toml line 4: initiative is given, but 'solo' has no initiative verb (the file's order "
                     "is the order).") == ("fight.toml línea 4: hay initiative, pero 'solo' no tiene verbo de "
                                           "iniciativa (el orden es el del fichero).")
    assert translate("side 'foes' has nobody able to act: Esqueleto (0 HP).") == \
        "el bando 'foes' no tiene a nadie capaz de actuar: Esqueleto (0 HP)."


# The format's own keys and words, which a Spanish line names as the file writes them (when, verb, target...).
FORMAT = set(file.TOP + file.SIDE + file.BLOCK + file.BEHAVIOUR + file.RULE + file.DEFEND + file.END + file.MORALE
             + behaviour.TARGETS + behaviour.ALLY_TARGETS + behaviour.WHEN)


def test_no_spanish_line_has_english_left():
    lines = {case[0]: case[4] for case in CASES} | {case[0]: case[3] for case in MORE} \
        | {case[0]: case[2] for case in UNREADABLE}
    left = {name: words for name, line in lines.items() if (words := [w for w in foreign(line, "es")
                                                                          if w not in FORMAT])}
    assert not left, left
