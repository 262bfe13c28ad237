"""The book's words, in its Spanish and in English: every term the v5 plugin prints."""

from __future__ import annotations

from rolecli.contract import Label as L


def tr(lang: str, es: str, en: str) -> str:
    """A one-off text in the reader's language, as ``Label(es, en)(lang)`` answers
    (English for any language but Spanish) without building the Label."""
    return es if lang == "es" else en


TRACKERS = {"health": L("Salud", "Health"), "willpower": L("Fuerza de Voluntad", "Willpower")}

DAMAGE_TYPES = {"superficial": L("superficial", "superficial"), "aggravated": L("agravado", "aggravated")}

# Results of a test or of one side of a contest, best first (the rulings).
DEGREES = {
    "messy_critical": L("crítico conflictivo", "messy critical"),
    "critical_win": L("victoria crítica", "critical win"),
    "win": L("victoria", "win"),
    "tie": L("empate", "tie"),
    "failure": L("fallo", "failure"),
    "total_failure": L("fallo total", "total failure"),
    "bestial_failure": L("fallo bestial", "bestial failure"),
}

CREATURES = {"mortal": L("mortal", "mortal"), "vampire": L("vampiro", "vampire")}

# What the damage comes from decides its type (003-R12).
SOURCES = {
    "nonlethal": L("puñetazos, patadas, armas no letales", "fists, kicks, non-lethal weapons"),
    "weapon": L("arma afilada, puntiaguda o de fuego", "blade, point or firearm"),
    "fire": L("fuego", "fire"),
    "sunlight": L("luz del sol", "sunlight"),
    "supernatural": L("garras o dientes sobrenaturales", "supernatural claws or teeth"),
    "social": L("vergüenza, ego magullado", "embarrassment, a bruised ego"),
    "secret": L("revela conocimiento secreto", "reveals secret knowledge"),
    "trusted": L("viene de un amigo o figura de confianza", "comes from a close friend or trusted figure"),
}

COVER = {
    "none": L("sin cobertura", "no cover"),
    "some": L("algo de cobertura", "some cover"),
    "good": L("buena cobertura", "good cover"),
    "strong": L("cobertura a prueba de balas", "bulletproof cover"),
}

# Declared actions, in the order they resolve (003-R10).
ACTIONS = {
    "surprise": L("con la sorpresa de su parte", "with surprise on its side"),
    "ongoing": L("cuerpo a cuerpo ya en curso", "close combat already under way"),
    "ranged": L("combate a distancia", "ranged combat"),
    "new": L("cuerpo a cuerpo recién iniciado", "newly started close combat"),
    "other": L("todo lo demás", "everything else"),
}

OUT = {
    "dead": L("fuera de combate: coma o muerte (Salud llena de daño agravado)",
              "out of the fight: coma or death (Health full of aggravated damage)"),
    "torpor": L("en Letargo (Salud llena de daño agravado)", "in torpor (Health full of aggravated damage)"),
    "ruined": L("se desmorona y pierde su prestigio (Fuerza de Voluntad llena de daño agravado en un conflicto "
                "social): destierro, Estatus o Méritos perdidos, quizá la muerte, lo que decida el Narrador",
                "crumbles and loses prestige (Willpower full of aggravated damage in a social conflict): exile, "
                "lost Status or Merits, perhaps death, as the Storyteller decides"),
    "incapacitated": L("incapacitado (mortal del Narrador con la Salud Impedida)",
                       "incapacitated (a Storyteller's mortal with Impaired Health)"),
}

IMPAIRED = {"health": L("Impedido (Salud)", "Impaired (Health)"),
            "willpower": L("Impedido (Fuerza de Voluntad)", "Impaired (Willpower)")}

HUNGER = L("Ansia", "Hunger")
REGULAR = L("normal", "regular")
ROUSE = L("control de Enardecimiento", "Rouse check")


def dice(n: int, lang: str) -> str:
    return tr(lang, f"{n} dado" + ("" if n == 1 else "s"), f"{n} " + ("die" if n == 1 else "dice"))


def successes(n: int, lang: str) -> str:
    return tr(lang, f"{n} éxito" + ("" if n == 1 else "s"), f"{n} success" + ("" if n == 1 else "es"))


def degree(key: str, lang: str) -> str:
    return DEGREES[key](lang)


def tracker(key: str, lang: str) -> str:
    return TRACKERS[key](lang)
