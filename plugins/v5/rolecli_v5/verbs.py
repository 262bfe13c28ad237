"""The verbs: a roll, a test, a contest, a conflict attack, damage, a spend and Rouse
checks, each turned into dice read, results and new state.

A verb that changes state makes its Outcome with the fields given by position, in the
contract's order (data, lines, success, changes, effects): keywords cost a dataclass's
``__init__`` half as much again, at every exchange."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rolecli.contract import Action, Character, Label, Outcome, Refused, keep_at_most, worked_out
from rolecli.names import closest, fold

from . import damage as D
from . import hunger as H
from . import labels as L
from .conditions import readings, state_values, weakening
from .conflict import (Contest, Hit, Reroll, Side, Stance, attacked, contest_hits, earlier_opponents, hints, hit_against,
                       roll, side, willpower)
from .degrees import OPPOSITE, WINS, contest_outcome, of_roll, outcome_against
from .labels import tr
from .pool import Pool, Roll
from .state import Work
from .trackers import levels_of
from .traits import parts, sphere

CONTEST_SIDES = (Label("Atacante", "Attacker"), Label("Defensor", "Defender"))
POOL = Label("Reserva", "Pool")
UNDEFENDED = Label(" (el objetivo no se defiende)", " (the target does not defend)")


def verdict(degree: str, margin: int | None, lang: str) -> str:
    """The degree in the book's words, its margin (unless None), and why."""
    said = L.degree(degree, lang)
    if degree in WINS and margin is not None:
        said += tr(lang, f", margen {margin}", f", margin {margin}")
    if degree == "messy_critical":
        said += tr(lang, " (un dado de Ansia muestra uno de los 10)", " (a Hunger die shows one of the 10s)")
    elif degree == "bestial_failure":
        said += tr(lang, " (un dado de Ansia muestra 1)", " (a Hunger die shows 1)")
    elif degree == "total_failure":
        said += tr(lang, " (ningún éxito)", " (no success at all)")
    return said


def name_of(character: Character | None, label: Label, lang: str) -> str:
    return character.name if character is not None else label(lang)


# --- rolls and tests ------------------------------------------------------------


def roll_verb(action: Action, ctx) -> Outcome:
    """A pool with no difficulty: its dice and successes."""
    p = action.params
    pool = Pool("", parts(None, p["pool"], "pool"), p.get("hunger") or 0, floor=0)
    dice = pool.roll(ctx.dice, ctx.lang)
    # every verb that rolls a pool keeps the actor's throw under "roll" (docs/systems/v5.md)
    data = {"roll": {"pool": pool.as_json(), **dice.as_json()}}
    if not ctx.explain:
        return Outcome(data=data, success=None)
    line = f"{pool.text(ctx.lang)}: {dice.text(ctx.lang)} → {L.successes(dice.successes, ctx.lang)}"
    if dice.critical:
        line += tr(ctx.lang, " (parejas de 10: crítico)", " (pairs of 10s: critical)")
    if dice.messy:  # The rulings: what the Hunger dice will mean once the roll is judged
        line += tr(ctx.lang, "; un dado de Ansia muestra uno de los 10: crítico conflictivo si gana",
                   "; a Hunger die shows one of the 10s: a messy critical if it wins")
    if dice.bestial:
        line += tr(ctx.lang, "; un dado de Ansia muestra 1: fallo bestial si falla",
                   "; a Hunger die shows 1: a bestial failure if it fails")
    return Outcome(data=data, lines=[line], success=None)


def actor_side(work: Work, ctx, action: Action, p: dict, who: Label) -> Side:
    """The acting side's pool, named after the character (or ``who`` on a quick roll)."""
    return side(work, ctx, action.actor, p["pool"], name_of(action.actor, who, ctx.lang), p, split=p.get("split"))


def against(work: Work, ctx, s: Side, character: Character | None, difficulty: int, *, social: bool = False,
            note: Label | None = None) -> tuple[Roll, Reroll | None, str, list[str]]:
    """003-R6: side ``s``'s (``character``'s) pool against a difficulty, with its Willpower
    reroll: (the dice after it, the reroll or None, win or lose, the lines)."""
    lang, lines = ctx.lang, []
    rolled, again = willpower(work, ctx, s, character, s.pool.roll(ctx.dice, lang), difficulty, lines, social=social)
    successes = rolled.successes
    outcome = outcome_against(successes, difficulty)
    if ctx.explain:
        said = verdict(of_roll(rolled, outcome), successes - difficulty, lang)
        lines += [s.line(rolled, lang),
                  tr(lang, "Dificultad", "Difficulty") + f" {difficulty}{note(lang) if note else ''}: {said}"]
        if outcome != "win":
            lines += hints(s, rolled, again, difficulty, lang)
    return rolled, again, outcome, lines


def check(action: Action, ctx) -> Outcome:
    """003-R6: a test against a difficulty; the rulings: dice, criticals, Hunger."""
    p = action.params
    work = Work()
    difficulty = int(p["difficulty"])
    s = actor_side(work, ctx, action, p, POOL)
    rolled, again, outcome, lines = against(work, ctx, s, action.actor, difficulty)
    data = {"roll": s.as_json(rolled, again), "difficulty": difficulty, "successes": rolled.successes,
            "margin": rolled.successes - difficulty, "outcome": outcome, "degree": of_roll(rolled, outcome)}
    return Outcome(data, lines, outcome == "win", work.changes())


def opponents(work: Work, ctx, action: Action, p: dict, defence: Any, ranged: bool = False) -> tuple[Side, Side]:
    """Both sides of a contest, their pools built from the verb's parameters (not rolled)."""
    a = actor_side(work, ctx, action, p, CONTEST_SIDES[0])
    d = side(work, ctx, action.target, defence, name_of(action.target, CONTEST_SIDES[1], ctx.lang), p, "target_",
             cover=p["cover"] if ranged else None, earlier=earlier_opponents(p.get("earlier"), ctx, action.target))
    return a, d


def _result_line(a: Side, d: Side, mine: int, theirs: int, outcome: str, lang: str) -> str:
    """Who won a contest, with ``mine`` successes for ``a`` and ``theirs`` for ``d``."""
    if outcome == "tie":
        return tr(lang, f"Empate a {mine}", f"Tie at {mine}")
    (win, most), (_, least) = ((a, mine), (d, theirs)) if outcome == "win" else ((d, theirs), (a, mine))
    margin = most - least
    return tr(lang, f"{win.who} gana por {margin} ({most} − {least})",
              f"{win.who} wins by {margin} ({most} − {least})")


def hunger_notes(a: Side, d: Side, mine: Roll, theirs: Roll, outcome: str, lang: str) -> list[str]:
    """What the Hunger did to either side of a contest (the rulings), ``a`` having rolled
    ``mine`` and ``d`` ``theirs``: a messy critical for a winner with a Hunger 10 among
    its 10s, a bestial failure for a loser with a Hunger 1; said in words, as a test says it."""
    notes = []
    for s, rolled, own in ((a, mine, outcome), (d, theirs, OPPOSITE[outcome])):
        said = of_roll(rolled, own)
        if said in ("messy_critical", "bestial_failure"):
            notes.append(f"{s.who}: {verdict(said, None, lang)}")
    return notes


def contest(action: Action, ctx) -> Outcome:
    """003-R4: both roll; more successes wins by the margin. Nobody wins a tie."""
    p = action.params
    lang = ctx.lang
    work = Work()
    a, d = opponents(work, ctx, action, p, p["opposition"])
    mine, theirs = roll(ctx, a, d)
    lines = []
    mine, again = willpower(work, ctx, a, action.actor, mine, theirs.successes + 1, lines)
    # the opposition only needs to hold
    theirs, their_again = willpower(work, ctx, d, action.target, theirs, mine.successes, lines)
    outcome = contest_outcome(mine.successes, theirs.successes)
    margin = mine.successes - theirs.successes
    if ctx.explain:
        lines += [a.line(mine, lang), d.line(theirs, lang), _result_line(a, d, mine.successes, theirs.successes,
                                                                         outcome, lang)]
        lines += hunger_notes(a, d, mine, theirs, outcome, lang)
    data = {"roll": a.as_json(mine, again), "opposition": d.as_json(theirs, their_again), "outcome": outcome,
            "margin": margin, "degree": of_roll(mine, outcome),
            "opposition_degree": of_roll(theirs, OPPOSITE[outcome])}
    return Outcome(data, lines, outcome == "win", work.changes())


# --- conflict attacks -------------------------------------------------------------


WEAPON_MAX = 10  # the sheet's range for a weapon's damage rating (system.TEMPLATE)


def weapon_rating(character: Character | None, text: Any, flag: str = "--weapon") -> int:
    """A weapon's damage rating: a number (0..10, as on a sheet), or a weapon of the
    character's sheet (looked up once per sheet)."""
    text = str(text if text is not None else "0").strip()
    if text.lstrip("+-").isdigit():
        rating = int(text)
        if not 0 <= rating <= WEAPON_MAX:
            raise Refused(Label(f"{flag} {rating} está fuera del rango 0..{WEAPON_MAX} (la puntuación de daño de un "
                                "arma, 003-R11).",
                                f"{flag} {rating} is out of range 0..{WEAPON_MAX} (a weapon's damage rating, 003-R11)."))
        return rating
    if character is None:
        raise Refused(Label(f"{flag} {text!r} nombra un arma, pero una tirada rápida no tiene personaje: da su "
                            "puntuación de daño.",
                            f"{flag} {text!r} names a weapon, but a quick roll has no character: give its damage rating."))
    return worked_out(character.sheet, ("weapon", text), _sheet_weapon, character, text)


def _sheet_weapon(character: Character, text: str) -> int:
    weapons = character.sheet.get("weapons") or {}
    for name, rating in weapons.items():
        if fold(name) == fold(text):
            return int(rating)
    raise Refused(Label(f"{character.name} no tiene el arma {text!r}." + closest(text, list(weapons), "Armas", "es"),
                        f"{character.name} has no weapon {text!r}." + closest(text, list(weapons), "Weapons")))


def check_attack(p: dict, defence: Any, target: Character | None) -> Any:
    """The defence pool, or None for a test against a difficulty; refuses what the book rules out."""
    if p["dodge"] and p["ranged"]:
        raise Refused(Label("--dodge es para el combate cuerpo a cuerpo (Pelea o Pelea con Armas, 003-R8); un ataque "
                            "a distancia ya se defiende con Destreza + Atletismo.",
                            "--dodge is for close combat (Brawl or Melee, 003-R8); a ranged attack is already "
                            "defended with Dexterity + Athletics."))
    if p["dodge"] and p["two_sided"]:
        raise Refused(Label("un defensor que esquiva no causa daño (003-R8): quita --two-sided o --dodge.",
                            "a dodging defender deals no damage (003-R8): drop --two-sided or --dodge."))
    if p["cover"] != "some" and not p["ranged"]:
        raise Refused(Label("--cover cuenta contra los disparos (003-R7): añade --ranged o quita --cover.",
                            "--cover counts against shots (003-R7): add --ranged, or drop --cover."))
    if p.get("audience") and not p["social"]:
        raise Refused(Label("--audience suma daño en un conflicto social (003-R11): añade --social o quita --audience.",
                            "--audience adds damage in a social conflict (003-R11): add --social, or drop --audience."))
    if p.get("difficulty") is not None:
        if defence is not None:
            raise Refused(Label("da una reserva de defensa o --difficulty (un objetivo que no se defiende), no las dos cosas.",
                                "give either a defence pool or --difficulty (a target that does not defend), not both."))
        if p["two_sided"] or p["dodge"]:
            raise Refused(Label("un objetivo que no se defiende (--difficulty) no puede esquivar ni devolver el golpe: "
                                "quita --two-sided/--dodge.",
                                "a target that does not defend (--difficulty) cannot dodge or hit back: "
                                "drop --two-sided/--dodge."))
        if p["cover"] != "some" or p.get("earlier"):
            raise Refused(Label("--cover (003-R7) y --earlier (003-R9) cambian una reserva de defensa, y un objetivo "
                                "que no se defiende (--difficulty) no tiene ninguna: en su lugar, el Narrador fija la "
                                "dificultad.",
                                "--cover (003-R7) and --earlier (003-R9) change a defence pool, and a target that does "
                                "not defend (--difficulty) has none: the Storyteller sets the difficulty instead."))
        return None
    if defence is None:
        if (p["dodge"] or p["ranged"]) and target is not None:
            return "Destreza+Atletismo"  # 003-R7, R8
        raise Refused(Label("un ataque necesita la reserva de defensa (un número, o Atributo+Habilidad del objetivo), "
                            "o --difficulty N contra un objetivo que no se defiende.",
                            "an attack needs the defence pool (a number, or the target's Attribute+Skill), "
                            "or --difficulty N against a target that does not defend."))
    return defence


@dataclass(frozen=True, slots=True)
class Blow:
    """What a hit by one side is on the other: who hits whom, where the damage comes
    from, the receiver's creature and so the damage's type (003-R12), and the
    tracker it marks; ``typed``, the hit's record of them, made with it (read at every
    hit dealt: an attribute of its own, not a cached property, whose value in the
    instance's dict is read by the slower, general look-up)."""

    by: str
    to: str
    source: str
    creature: str
    kind: str
    tracker: str
    typed: dict[str, str] = field(init=False, repr=False, compare=False)  # read-only: each hit's record is its own

    def __post_init__(self) -> None:
        object.__setattr__(self, "typed", {"source": self.source, "type": self.kind, "tracker": self.tracker})


KEPT = 4096  # what a Declared keeps by state at most (a fight goes through a few dozen states)


class Declared:
    """An attack as its parameters, the two sheets and the rule options decide it
    before any die (003-R4…R13): refused here when the book rules it out; its
    weapons, the tracker it hurts, each side's :class:`Stance` and what a hit by
    each side is on the other (:class:`Blow`). A fight makes the same few attacks
    again and again: :func:`declared` keeps each one, and each keeps by state
    what its sides (:class:`Side`) and its hits come to.

    (It holds 27 attributes, where 29 are the most whose reads Python 3.11 keeps on its fast path: a 30th
    would slow every read of an attack's declaration; give the class slots first.)"""

    def __init__(self, action: Action, options, lang: str) -> None:
        p, actor, target = action.params, action.actor, action.target
        # what it is declared from; ``table``, the options as given, matched by identity first: an
        # encounter hands every call one table, never changed in place (Context.options)
        self.params, self.options, self.table = dict(p), dict(options), options
        self.defence = check_attack(p, p.get("defence"), target)
        self.weapon = weapon_rating(actor, p["weapon"])
        self.target_weapon = weapon_rating(target, p["target_weapon"], "--target-weapon")
        self.audience = int(p["audience"]) if p["social"] else 0
        key = D.tracker_for(p["tracker"], p["source"], p["social"])  # one tracker for the whole conflict
        sources = {"attacker": D.source_for(p["source"], key, self.weapon, ranged=p["ranged"]),
                   "defender": D.source_for(p["target_source"], key, self.target_weapon, ranged=p["ranged"])}
        self.difficulty = int(p["difficulty"]) if self.defence is None else None
        cover = p["cover"] if p["ranged"] else None
        # 003-R9: the earlier opponents given, if any: read at every attack, looked up here once (icount v5
        # 3.672M -> 3.667M a trial)
        self.earlier = p.get("earlier")
        self.tie_weapon = bool(options["tie_weapon"])
        # its record's keys in the order scripts read them, with what the declaration fixes filled in: each
        # attack fills in a copy of the rest (a dict copied whole costs half of one built key by key, or of
        # the flags merged into a display of the others, at every exchange)
        flags = {"two_sided": p["two_sided"], "ranged": p["ranged"], "dodge": p["dodge"], "social": p["social"]}
        if self.defence is None:
            self.record = {**flags, "mode": "test", "roll": None, "opposition": None, "difficulty": self.difficulty,
                           "margin": None, "outcome": None, "degree": None, "hits": None}
        else:
            self.record = {**flags, "mode": "contest", "roll": None, "opposition": None, "difficulty": None,
                           "margin": None, "cover": cover, "opposition_degree": None, "outcome": None,
                           "degree": None, "hits": None}
        names = {"attacker": name_of(actor, CONTEST_SIDES[0], lang), "defender": name_of(target, CONTEST_SIDES[1], lang)}
        self.stances = {"attacker": Stance.of(p, p["pool"], names["attacker"], split=p.get("split"))}
        if self.defence is not None:
            self.stances["defender"] = Stance.of(p, self.defence, names["defender"], "target_", cover=cover)
        # whether either side is declared with a Willpower reroll: the default declares none, and
        # then no roll of this attack is weighed for one
        self.rerolling = any(stance.policy != "none" for stance in self.stances.values())
        creatures = {"attacker": D.creature_of(target, p["target_creature"]),
                     "defender": D.creature_of(actor, p["creature"])}
        other = {"attacker": "defender", "defender": "attacker"}
        self.blows = {by: Blow(names[by], names[other[by]], sources[by], creatures[by],
                               D.damage_type(sources[by], creatures[by]), key) for by in sources}
        self.sides: dict[tuple, Side] = {}
        self.opposed: dict[tuple, Contest] = {}
        self.hits: dict[tuple, tuple[dict, list[str], dict]] = {}
        self.contests: dict[tuple[str, int], tuple[Hit, ...]] = {}  # by outcome and margin: a few dozen at most
        # what a contest comes to where no reroll changed a state (:meth:`settled`), by outcome, by what its hits
        # read of the states they hurt (D.hurt_fields of this tracker) and whether its lines are written: a win's
        # by the defender's, a loss's by the attacker's, a tie's by both
        self.tracker = key
        self.outcomes: dict[tuple, dict] = {}
        self.tables: dict[tuple, dict[str, dict]] = {}  # the three of a contest, by both hurt sides' and explain
        # what it is declared against, which :func:`declared` matches: the target's sheet kept while this is, so
        # that no other sheet can take its id, which it keys on where the action has no plan
        self.actor_sheet, self.lang = actor.sheet if actor is not None else None, lang
        self.target_sheet, self.target_name = (target.sheet, target.name) if target is not None else (None, None)
        # 003-R9: what it leaves on its target in a conflict, the same at every attack (its target, names, language)
        self.mark = attacked(target.name, names["attacker"], lang) if target is not None else None
        # what its contests read of each side's state, the key of its sides, numbered: the key of its contests
        self.readings = readings(self._read_tracker(actor, target))

    def _read_tracker(self, actor: Character | None, target: Character | None) -> str | None:
        """The tracker its hits mark where no side's pool is weakened by the other tracker's
        Impairment (:func:`conditions.weakening`): with Hunger and ``ruined``, all of a state its
        contests read (:func:`conditions.side_values`); else ``None``."""
        for role, character in (("attacker", actor), ("defender", target)):
            stance = self.stances.get(role)
            if stance is None or character is None:
                continue
            try:
                terms = parts(character, stance.text, stance.what)
            except Refused:  # (refused as its pool is made, in the order an attack makes its sides)
                return None
            if any(key != self.tracker for key in weakening(sphere(terms), self.options["impairment"])):
                return None
        return self.tracker

    def side(self, role: str, character: Character | None, earlier: int = 0, values: tuple | None = None) -> Side:
        """The ``attacker`` or ``defender`` side, its pool as ``character``'s state has it
        as the attack begins (before anything the attack does changes it): kept for each
        state it is read in, as a Side never changes (its dice are the attack's own).
        ``values``: what its contests read of the state, or its number (:attr:`readings`), where the caller has it."""
        if character is None:
            state = None
        else:
            state = character.state
            if values is None:
                values = state_values(state)  # all a pool reads of a state
        made = self.sides.get((role, earlier, values))
        if made is None:
            stance = self.stances[role]
            made = keep_at_most(self.sides, (role, earlier, values),
                                Side(stance.who, stance.pool(character, state, self.options, earlier), stance.policy,
                                     D.hurt_fields(state, self.tracker)), KEPT)
        return made

    def contest(self, key: tuple, actor: Character | None, target: Character | None) -> Contest:
        """Its two sides (:meth:`side`) as ``actor``'s and ``target``'s states have them as the
        attack begins, the defender's pool ``earlier`` dice less (003-R9), facing each other:
        kept in :attr:`opposed` by ``key`` (``earlier``, ``explain``, then the number of what each side
        reads of its state: :attr:`readings`), for the states they are read in, as their sides are, and for
        ``explain`` (whether the attack's lines are written: ``ctx.explain``), which its
        :attr:`~Contest.settled` tables are kept for (looked up by the margin alone at every attack, no
        key of the margin and ``explain`` built and hashed: icount v5 3.677M -> 3.672M a trial). The
        attack looks ``key`` up itself: this is its miss path (a call fewer at every attack)."""
        earlier, explain, mine, theirs = key
        # (its sides kept by the numbers of its key, no field of a state read again: icount v5 N=400 2.0473M ->
        # 2.0318M a trial, -0.76%; N=1000 -0.47%)
        first, second = self.side("attacker", actor, 0, mine), self.side("defender", target, earlier, theirs)
        # (its tables shared by the contests whose hurt sides differ in nothing a hit reads, such as a vampire's
        # Hunger: an outcome settled half as often; icount v5 N=400 2.7973M -> 2.7789M a trial, -0.66%; what a
        # hit reads read as each side is made, not at every contest: N=400 2.5817M -> 2.5695M, -0.47%; the three
        # found at once where both sides are read alike: N=400 2.5630M -> 2.5547M, -0.32%, N=1000 -0.21%)
        ours, others = first.hurt, second.hurt
        tables = self.tables.get((ours, others, explain))
        if tables is None:
            tables = keep_at_most(self.tables, (ours, others, explain), {
                "win": self._outcomes(("win", others, explain)), "lose": self._outcomes(("lose", ours, explain)),
                "tie": self._outcomes(("tie", ours, others, explain))}, KEPT)
        return keep_at_most(self.opposed, key, Contest(first, second, self.lang, tables), KEPT)

    def _outcomes(self, key: tuple) -> dict:
        """The table of what contests come to (:attr:`~Contest.settled`) for ``key`` (:attr:`outcomes`)."""
        found = self.outcomes.get(key)
        if found is None:
            found = keep_at_most(self.outcomes, key, {}, KEPT)
        return found

    def contest_hits(self, outcome: str, margin: int) -> tuple[Hit, ...]:
        """Who hurts whom after a contest with this outcome and margin (:func:`contest_hits`,
        by this attack's options and weapons), worked out and kept in :attr:`contests`,
        which the attack looks up first: this is its miss path (the key looked up once)."""
        p = self.params
        found = self.contests[outcome, margin] = contest_hits(
            outcome, margin, two_sided=p["two_sided"], dodge=p["dodge"], weapon=self.weapon,
            target_weapon=self.target_weapon, audience=self.audience, tie_weapon=self.tie_weapon)
        return found

    def settled(self, opposed: Contest, outcome: str, margin: int, ctx, actor: Character | None,
                target: Character | None) -> tuple[dict, list[str], dict]:
        """What a contest of ``opposed`` (:meth:`contest`, kept for the states ``actor`` and
        ``target`` are in) comes to with this outcome and margin where no reroll has changed a
        state: the attack's record with its margin, outcome and hits filled in (the dice left to
        fill in), the hits' lines and the changes (:meth:`deal` on a new :class:`Work`). It reads
        nothing but the states of the sides its hits hurt, so it is worked out once for each
        outcome and margin and kept by the margin in the contest's :attr:`~Contest.settled`
        for that outcome (a contest's are for one ``ctx.explain``), which the attack looks up first: a win's
        shared by every contest against a defender whose state is the same in what a hit reads
        (:func:`damage.hurt_fields`), a loss's likewise by the attacker's, a tie's by both
        (:meth:`contest`). This is its miss path (no hit's key built and
        looked up, no mark set, no change gathered, no record filled in at every attack, no call
        where it is kept: icount v5 3.873M -> 3.766M a trial; kept by the state of the side it
        hurts, so that the contests of another state of the side it spares find it (one attack in
        twenty misses it): 3.687M -> 3.631M, its record filled in with it).
        Shared: to be read only, as a kept hit's record is (the core hands house rules a copy of
        an outcome's data and changes)."""
        hits = self.contests.get((outcome, margin))
        if hits is None:
            hits = self.contest_hits(outcome, margin)
        work, lines = Work(actor, target), []
        dealt = self.deal(work, ctx, hits, lines, (target, opposed.second.hurt), (actor, opposed.first.hurt))
        record = self.record.copy()
        record["margin"], record["outcome"], record["hits"] = margin, outcome, dealt
        return keep_at_most(opposed.settled[outcome], margin, (record, lines, work.changes()), KEPT)

    def deal(self, work: Work, ctx, hits: tuple[Hit, ...], lines: list[str],
             by_attacker: tuple[Character | None, tuple | None],
             by_defender: tuple[Character | None, tuple | None]) -> list[dict]:
        """Each hit's record, its lines added to ``lines``, and its marks on the state of the
        side it hurts (:func:`_deal`): ``by_attacker``, who a hit by the attacker hurts, and what
        a hit reads of its state as its side was made (:attr:`Side.hurt`; ``None``: not read), and
        ``by_defender`` likewise. Each worked out once for each hit on what the receiver's state
        holds of it (:func:`damage.hurt_fields`), as :func:`_deal` reads nothing else, and kept
        with what it wrote into the state, written again (icount v5 N=400 2.5695M -> 2.5608M a
        trial, -0.34%; N=1000 -0.20%). The records and the lines are the kept ones, shared: to
        be read only (as a pool's and a hit's records are; the core hands house rules a copy)."""
        dealt = []
        for hit in hits:  # (a loop here, not a call for each hit: most attacks deal one)
            receiver, hurt = by_attacker if hit.by == "attacker" else by_defender
            if receiver is None:
                found = _deal(None, None, ctx, hit, self.blows[hit.by], self.params)
            else:
                name = receiver.name
                if hurt is None or name in work.states or name in work.set:  # (changed since: a Willpower spent,
                    hurt = D.hurt_fields(work.seen(receiver), self.tracker)   # a tie's first hit)
                key = (hit.key, ctx.explain, hurt)
                found = self.hits.get(key)
                if found is None:
                    state = work.seen(receiver)
                    marked = dict(state)
                    record, said = _deal(receiver, marked, ctx, hit, self.blows[hit.by], self.params)
                    found = keep_at_most(self.hits, key, (record, said, {k: v for k, v in marked.items()
                                                                         if k not in state or state[k] != v}), KEPT)
                work.mark(receiver, found[2])
            dealt.append(found[0])
            lines += found[1]
        return dealt


def declared(action: Action, ctx) -> Declared:
    """The attack's :class:`Declared`. Where the action has a plan
    (:attr:`~rolecli.contract.Action.plan`: an encounter's), declared anew and kept by
    the plan and the actor's sheet (a side's plan is its every fighter's), where
    :func:`attack` looks it up first, matched on what a plan does not promise: the
    target's sheet and name (which names its side), the language (which names a side
    with no character) and the rule options' table (an encounter hands every call one):
    this is its miss path. Otherwise kept on the actor's sheet for its target and the
    language, then matched whole on its parameters and the rule options: a fight
    declares the same few against each target, and comparing two dicts costs less than
    hashing every value. A quick roll, with no sheet, declares anew."""
    actor, target, options = action.actor, action.target, ctx.options
    if actor is None:
        return Declared(action, options, ctx.lang)
    called, lang = action.plan, ctx.lang
    if called is not None:
        by_sheet = _PLANNED.get(called)
        if by_sheet is None:
            by_sheet = keep_at_most(_PLANNED, called, {}, KEPT)
        # (by the sheet's id: the declaration holds the sheet, so that no other takes its id)
        return keep_at_most(by_sheet, id(actor.sheet), Declared(action, options, lang), 64)
    known = worked_out(actor.sheet, ("attacks", id(target.sheet) if target is not None else None,
                                     target and target.name, lang), list)
    p = action.params
    for plan in known:
        if plan.params == p and plan.options == options:
            return plan
    return _keep_declared(known, Declared(action, options, lang))


_PLANNED: dict[Any, dict[int, Declared]] = {}  # by an encounter's plan, then by the actor's sheet (KEPT plans at most)


def _keep_declared(known: list, plan: Declared) -> Declared:
    if len(known) >= 64:  # (parameters swept by a script: never a fight's few)
        known.clear()
    # the newest first: a simulation's trials declare anew, on the characters themselves, what its rehearsal
    # declared on copies of them, which no trial matches (icount v5 3.356M -> 3.353M a trial)
    known.insert(0, plan)
    return plan


def _deal(receiver: Character | None, state: dict | None, ctx, hit: Hit, blow: Blow,
          p: dict) -> tuple[dict, list[str]]:
    """One hit's marks on the receiver's tracker, in its ``state`` (003-R13…R16;
    ``None``: a quick roll's receiver, with no tracker)."""
    lang = ctx.lang
    data = {"to": blow.to, **hit.as_json(), **blow.typed}
    if state is None:
        data["levels"] = levels = levels_of(hit.dealt, blow.kind, not p["unhalved"])
        if not ctx.explain:
            return data, []
        plural = "" if levels == 1 else "s"
        return data, [_hit_line(hit, blow, lang) + tr(lang, f": {levels} nivel{'es' if plural else ''} a marcar",
                                                      f": {levels} level{plural} to mark")]
    marked, more = D.hit(receiver, state, hit.dealt, blow.kind, blow.tracker, lang, halve=not p["unhalved"],
                         social=p["social"], explain=ctx.explain)
    data.update(marked)
    if not ctx.explain:
        return data, []
    return data, [_hit_line(hit, blow, lang)] + more


def _hit_line(hit: Hit, blow: Blow, lang: str) -> str:
    """``Leah → Gancho: margin 2 + weapon 2 = 4 superficial damage (blade... against a vampire)``."""
    terms = tr(lang, f"margen {hit.margin}", f"margin {hit.margin}")
    if hit.weapon:
        terms += tr(lang, f" + arma {hit.weapon}", f" + weapon {hit.weapon}")
    if hit.audience:
        terms += tr(lang, f" + público {hit.audience}", f" + audience {hit.audience}")
    if hit.dealt != hit.margin + hit.weapon + hit.audience:
        terms += tr(lang, ", al menos 1", ", at least 1")
    source, creature, kind = blow.source, blow.creature, blow.kind
    why = tr(lang, f"{L.SOURCES[source]('es')} contra un {L.CREATURES[creature]('es')}",
             f"{L.SOURCES[source]('en')} against a {L.CREATURES[creature]('en')}")
    return f"{blow.by} → {blow.to}: {terms} = " + tr(lang, f"{hit.dealt} de daño {L.DAMAGE_TYPES[kind]('es')}",
                                                   f"{hit.dealt} {L.DAMAGE_TYPES[kind]('en')} damage") + f" ({why})"


def attack(action: Action, ctx) -> Outcome:
    """One conflict roll (003-R4…R13): a contest against the defence pool, or a
    test against a difficulty when the target does not defend; the margin plus
    the weapon is the damage, typed and marked on the loser's tracker. Where no one
    reads its data (``ctx.record`` false), it gives none."""
    actor, target = action.actor, action.target
    # its declaration looked up here by its plan and the actor's sheet, declared its miss path (a frame and a walk of
    # the plan's declarations fewer at every attack: icount v5 N=400 2.0053M -> 1.9903M a trial, -0.75%; N=1000 -0.81%)
    try:
        plan = _PLANNED[action.plan][id(actor.sheet)]
    except (KeyError, AttributeError):  # no plan, one or a sheet met first, or no actor (a quick roll's)
        plan = None
    if plan is None or not (plan.target_sheet is (target.sheet if target is not None else None)
                            and plan.target_name == (target and target.name) and plan.lang == ctx.lang
                            and plan.table is ctx.options):
        plan = declared(action, ctx)
    # 003-R9: in a conflict, the next attacker on the target this turn has one die less against it
    left = [plan.mark] if plan.mark is not None and ctx.conflict is not None else []
    if plan.defence is None:  # 003-R6: a target that does not defend
        work = Work(actor, target)  # (its changes name the attacker first)
        a = plan.side("attacker", actor)
        difficulty = plan.difficulty
        mine, again, outcome, lines = against(work, ctx, a, actor, difficulty, social=action.params["social"],
                                              note=UNDEFENDED)
        hit = hit_against(mine.successes, difficulty, plan.weapon, plan.audience)
        dealt = plan.deal(work, ctx, (hit,) if hit else (), lines, (target, None), (actor, None))
        data = {}
        if ctx.record:  # (all of it recorded only: Context.record)
            data = plan.record.copy()
            data["margin"], data["outcome"], data["hits"] = mine.successes - difficulty, outcome, dealt
            data["roll"], data["degree"] = a.as_json(mine, again), of_roll(mine, outcome)
        return Outcome(data, lines, outcome == "win", work.changes(), left)
    # its contest looked up here, Declared.contest its miss path (a call fewer at every attack: icount v5 N=400
    # 2.7642M -> 2.7522M a trial, -0.43%), by the numbers of the two states, each found by the state itself
    # (Readings: a state found is this one, held there), no call on the way (N=400 2.0560M -> 2.0473M, -0.42%)
    earlier, seen = earlier_opponents(plan.earlier, ctx, target), plan.readings.seen
    try:
        key = (earlier, ctx.explain, seen[id(actor.state)][1], seen[id(target.state)][1])
    except (KeyError, AttributeError):  # a state met first, or a side with no character (a quick roll's)
        key = (earlier, ctx.explain, *plan.readings.of(actor, target))
    opposed = plan.opposed.get(key)
    if opposed is None:
        opposed = plan.contest(key, actor, target)
    if not (plan.rerolling or ctx.explain or ctx.record):
        # nothing read but what the dice come to (no reroll, no line, no record: a simulation's trials): no Roll
        # made (icount v5 2.846M -> 2.736M a trial, -3.9%), each side's dice tallied here, a face's worth looked
        # up, its outcome and margin by the tallies (Contest.outcome: N=400 2.3868M -> 2.3705M, -0.68%; here,
        # not in a call), what the contest comes to given at once (N=400 2.6191M -> 2.6083M, -0.41%)
        faces = ctx.dice.roll_many(10, opposed.whys)
        second, worth = opposed.second_from, opposed.worth
        ours = theirs = 0
        for d in faces[:second]:
            ours += worth[d]
        worth = opposed.their_worth
        for d in faces[second:]:
            theirs += worth[d]
        found = opposed.outcomes[ours][theirs]
        if found is None:
            found = opposed.outcome(ours, theirs)
        outcome, margin = found
        found = opposed.settled[outcome].get(margin)
        if found is None:
            found = plan.settled(opposed, outcome, margin, ctx, actor, target)
        return Outcome({}, [], outcome == "win", found[2], left)
    a, d = opposed.first, opposed.second
    mine, theirs = opposed.roll(ctx.dice)
    lines = []
    again = their_again = None
    if plan.rerolling:  # the attacker may reroll, then the defender (003-R4)
        work = Work(actor, target)  # (its changes name the attacker first)
        p = action.params
        social = p["social"]
        mine, again = willpower(work, ctx, a, actor, mine, theirs.successes + 1, lines, social=social)
        theirs, their_again = willpower(work, ctx, d, target, theirs,
                                        mine.successes + (1 if p["two_sided"] else 0), lines, social=social)
    ours, others = mine.successes, theirs.successes  # after the rerolls
    outcome, margin = contest_outcome(ours, others), ours - others
    if ctx.explain:
        lang = ctx.lang
        lines += [a.line(mine, lang), d.line(theirs, lang),
                  _result_line(a, d, ours, others, outcome, lang) + _why_no_damage(action.params, outcome, lang)]
        lines += hunger_notes(a, d, mine, theirs, outcome, lang)
    if again is None and their_again is None:  # no state changed yet: what the contest comes to is kept
        found = opposed.settled[outcome].get(margin)
        if found is None:
            found = plan.settled(opposed, outcome, margin, ctx, actor, target)
        record, said, changes = found
        # all of it recorded only, the sides' dice and degrees (icount v5 3.053M -> 2.884M a trial) and
        # what happened alike: none made where no one reads it (Context.record: a simulation's trials with
        # no house rule; icount, with an initiative's order alone: 2.8624M -> 2.8495M over 400 trials)
        data = record.copy() if ctx.record else {}  # (its margin, outcome and hits filled in)
        lines += said
    else:
        hits = plan.contests.get((outcome, margin))  # (worked out once for each: contest_hits)
        if hits is None:
            hits = plan.contest_hits(outcome, margin)
        dealt = plan.deal(work, ctx, hits, lines, (target, d.hurt), (actor, a.hurt))
        changes = work.changes()
        data = {}
        if ctx.record:
            data = plan.record.copy()
            data["margin"], data["outcome"], data["hits"] = margin, outcome, dealt
    if ctx.record:
        data["roll"], data["opposition"] = a.as_json(mine, again), d.as_json(theirs, their_again)
        data["opposition_degree"], data["degree"] = of_roll(theirs, OPPOSITE[outcome]), of_roll(mine, outcome)
    return Outcome(data, lines, outcome == "win", changes, left)


def _why_no_damage(p: dict, outcome: str, lang: str) -> str:
    if outcome == "win":
        return ""
    if p["dodge"] and outcome == "lose":
        return tr(lang, ": esquiva y no causa daño, sea cual sea el margen (003-R8)",
                  ": it dodges and deals no damage, whatever the margin (003-R8)")
    if not p["two_sided"] and outcome == "tie":  # The rulings (GAP-7)
        return tr(lang, ": conflicto unilateral, un empate no causa daño",
                  ": a one-sided conflict, a tie deals no damage")
    if not p["two_sided"]:
        return tr(lang, ": conflicto unilateral, solo el atacante puede causar daño",
                  ": a one-sided conflict, only the attacker can deal damage")
    if outcome == "tie":
        return tr(lang, ": conflicto bilateral, cada parte causa daño con margen 1",
                  ": a two-sided conflict, each side deals damage with a margin of 1")
    return ""


# --- damage, spending, Hunger --------------------------------------------------------


def damage_verb(character: Character, action: Action, ctx) -> Outcome:
    """003-R12…R16 on one character: type by source and creature, halving, marks."""
    p = action.params
    work = Work()
    state = work.state(character)
    key = D.tracker_for(p["tracker"], p["source"], p["social"])
    source = D.source_for(p["source"], key, 0)
    kind = D.damage_type(source, D.creature_of(character))
    if p["type"] != "auto":  # the Storyteller states the type: the source only says what hit
        kind, source = p["type"], source if p["source"] != "auto" else None
    data, lines = D.hit(character, state, int(p["amount"]), kind, key, ctx.lang, halve=not p["unhalved"],
                        social=p["social"], explain=ctx.explain)
    return Outcome({"source": source, **data}, lines, None, work.changes())


def spend_verb(character: Character, action: Action, ctx) -> Outcome:
    p = action.params
    work = Work()
    data, lines = D.spend(character, work.state(character), int(p["points"]), p["tracker"], ctx.lang,
                          social=p["social"], explain=ctx.explain)
    return Outcome(data, lines, None, work.changes())


def rouse_verb(action: Action, ctx) -> Outcome:
    """Rouse checks (the rulings): one die each, Hunger +1 on 1–5."""
    p = action.params
    lang = ctx.lang
    character = action.actor
    if character is not None and not H.is_vampire(character):
        raise Refused(Label(f"{character.name} es mortal: solo los vampiros Enardecen la Sangre.",
                            f"{character.name} is mortal: only vampires Rouse the Blood."))
    work = Work()
    state = work.state(character) if character is not None else {}
    hunger = int(p["hunger"]) if p.get("hunger") is not None else (H.level(character, state) if character else H.START)
    start, dice, lines, frenzy = hunger, [], [], False
    who = character.name if character is not None else ""
    for n in range(int(p["checks"])):
        if hunger >= H.MAX:
            if not p["forced"]:
                if n == 0:
                    H.check_can_rouse(who or tr(lang, "El vampiro", "The vampire"), hunger)
                lines.append(tr(lang, f"Ansia {H.MAX}: no quedan controles voluntarios",
                                f"Hunger {H.MAX}: no more checks can be made on purpose"))
                break
            frenzy = True
            lines.append(tr(lang, f"Ansia {H.MAX}: en vez del control, prueba de Frenesí de hambre a dificultad "
                                  f"{H.FRENZY_DIFFICULTY}", f"Hunger {H.MAX}: instead of the check, a hunger frenzy "
                                  f"test at difficulty {H.FRENZY_DIFFICULTY}"))
            break
        die, after = H.rouse(ctx.dice, hunger, f"{n + 1}/{p['checks']}", lang)
        dice.append(die)
        lines.append(f"{L.ROUSE(lang)} {n + 1}: d10 = {die} "
                     + (tr(lang, f"(1–5): Ansia {hunger} → {after}", f"(1–5): Hunger {hunger} → {after}") if after > hunger
                        else tr(lang, f"(6+): el Ansia se queda en {hunger}", f"(6+): Hunger stays at {hunger}")))
        hunger = after
    if character is not None:
        state["hunger"] = hunger
    data = {"checks": dice, "hunger_before": start, "hunger": hunger, "gained": hunger - start,
            "frenzy_test": frenzy, "frenzy_difficulty": H.FRENZY_DIFFICULTY if frenzy else None}
    return Outcome(data, lines, hunger == start and not frenzy, work.changes())
