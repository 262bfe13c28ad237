"""What a fighter reads, and what is worked out once from a sheet (issue 20): the
values typed for the action over the state over the sheet over the template's
defaults; a sheet's values and capabilities are read once for every fighter and
LD of it, and nothing one question asked leaks into the next. And how a scene
finds the campaign's other characters: by name, and who covers or rides."""

from __future__ import annotations

import pytest

import rolecli_middle
from rolecli.contract import Character, Refused
from rolecli.testing import character, context
from rolecli_middle import capability as C
from rolecli_middle import states as S
from rolecli_middle.sheet import Fighter, Scene, Weapon
from rolecli_middle.template import DEFAULTS

INFO = rolecli_middle.INFO


def changes_of(scene: Scene) -> dict:
    """What the scene's action changed, as its outcome gives it (its last step)."""
    return scene.outcome([], {}, None).changes


def test_the_changes_are_what_changed_of_the_fighters_whose_state_changed():
    aldara, bruno, novato = (character(INFO, n, {}, {"paradas": 1}) for n in ("Aldara", "Bruno", "Novato"))
    scene = Scene(context(INFO, characters=[aldara, bruno, novato]))
    scene.fighter(aldara).set("paradas", 1)  # set as it was: copied, not changed
    scene.fighter(bruno).set("paradas", 2)
    scene.fighter(novato)  # looked at only
    changes = changes_of(scene)
    assert list(changes) == ["Bruno"] and changes["Bruno"] == {"paradas": 2}  # the core keeps the rest


def test_given_over_state_over_sheet_over_the_template():
    ch = character(INFO, "Aldara", {"vida": 7, "vigor": 2}, {"vida_perdida": 2})
    f = Fighter(ch, {"vigor": 5, "armadura": None})
    assert (f.sheet["vigor"], f.sheet["vida"], f.now["vida_perdida"], f.sheet["armadura"]) == (5, 7, 2, 0)
    assert "vida" not in f.now and "vida_perdida" not in f.sheet  # the state's fields apart from the sheet's
    quick = Fighter(None, {"vida": 4})
    assert (quick.sheet["vida"], quick.sheet["vigor"], quick.now["paradas"]) == (4, DEFAULTS["vigor"], 0)


def test_a_value_the_sheet_leaves_out_is_the_templates():
    ch = character(INFO, "Aldara")
    del ch.sheet["arma_bonus"]
    ch.sheet["vigor"] = None  # as a hand-edited sheet may leave it
    f = Fighter(ch)
    assert (f.sheet["arma_bonus"], f.sheet["vigor"]) == (DEFAULTS["arma_bonus"], DEFAULTS["vigor"])


def test_a_sheet_is_read_once_for_all_its_fighters_and_a_new_sheet_anew():
    ch = character(INFO, "Aldara", {"vida": 7})
    assert Fighter(ch).sheet["vida"] == 7
    ch.sheet["vida"] = 8  # no hook changes a sheet in play: what its first fighter read holds for the next
    assert Fighter(ch).sheet["vida"] == 7
    other = character(INFO, "Aldara", {"vida": 9})
    assert Fighter(other).sheet["vida"] == 9 and Fighter(ch).sheet["vida"] == 7


def test_a_value_set_changes_the_fighters_state_not_the_characters():
    ch = character(INFO, "Aldara", {}, {"paradas": 1})
    f = Fighter(ch)
    f.set("paradas", 0)
    assert f.now["paradas"] == 0 and ch.state["paradas"] == 1 and f.moved() == {"paradas": 0}
    assert Fighter(ch).now["paradas"] == 1 and Fighter(ch).moved() == {}
    f.set("paradas", 1)  # set back as it was: nothing moved
    f.set("accion", True)
    assert f.moved() == {"accion": True}
    f.set("accion", False)  # set again: the last value is the one compared
    assert f.moved() == {}


def test_values_given_again_for_the_same_fighter_and_set_later_are_read():
    ch = character(INFO, "Aldara", {"vigor": 2, "armadura": -1})
    scene = Scene(context(INFO, characters=[ch]))
    f = scene.fighter(ch, {"vigor": 5, "paradas": 2})
    assert scene.fighter(ch, {"armadura": -2, "vigor": None}) is f
    assert (f.sheet["vigor"], f.sheet["armadura"], f.now["paradas"]) == (5, -2, 2)
    f.set("paradas", 1)  # a value set wins over one given
    assert f.now["paradas"] == 1 and f.moved() == {"paradas": 1} and ch.state["paradas"] == 0


def test_the_states_are_read_once_until_they_change():
    ch = character(INFO, "Aldara", {}, {"estados": ["cegado"]})
    f = Fighter(ch, {"extra_states": ["irritado"]})
    assert f.states is f.states and f.states == {"cegado", "irritado"}
    S.gain(f, "mareado")
    assert f.states == {"cegado", "irritado", "mareado"}
    S.lose(f, "cegado")
    assert f.states == {"irritado", "mareado"} and ch.state["estados"] == ["cegado"]
    f.set("estados", [])
    assert f.states == {"irritado"}  # those given stay: a quick roll's
    f.give({"extra_states": ["acobardado"]})
    assert f.states == {"acobardado"}


def test_a_weapon_is_named_once_by_its_words_and_words_given_win_over_the_sheets():
    ch = character(INFO, "Aldara", {"arma": "mediana", "arma_tipo": ["filo"]})
    f = Fighter(ch)
    assert f.weapon() == Weapon("medium", frozenset({"edged"})) and f.weapon().severs() and f.armed()
    assert f.weapon() is Fighter(ch).weapon()  # read once for its words, for every blow
    dagger = Fighter(ch, {"arma": "pequeña", "arma_tipo": ["punzante"]}).weapon()
    assert dagger == Weapon("small", frozenset({"piercing"})) and dagger.piercing() and not dagger.severs()
    f.give({"arma": "pequeña", "arma_tipo": ["punzante"]})  # given later: its own words, not its sheet's kept weapon
    assert f.weapon() == dagger and Fighter(ch).weapon().severs()


def test_a_capability_asked_as_innate_stays_the_sheets_for_the_next_ld():
    aldara = character(INFO, "Aldara", {"capacidades": {"uso de armas": 1, "calma": 2}, "innatas": ["calma"]})
    assert C.of(aldara, "weapon use", innate=True) == C.Capability("uso de armas", 1, True)
    assert C.of(aldara, "uso de armas") == C.Capability("uso de armas", 1, False)
    assert C.of(aldara, "Calma") == C.of(aldara, "calm", innate=True) == C.Capability("calma", 2, True)
    assert C.of(aldara, "Sigilo") == C.Capability("Sigilo", 0, False)  # one of the book's it lacks


def test_a_capability_is_read_once_for_its_sheet_and_a_new_sheet_anew():
    aldara = character(INFO, "Aldara", {"capacidades": {"uso de armas": 1}})
    assert C.of(aldara, "uso de armas").rating == 1
    aldara.sheet["capacidades"] = {"uso de armas": 3}  # no hook changes a sheet in play: what was read holds
    assert C.of(aldara, "uso de armas").rating == 1
    aldara.sheet = {"capacidades": {"uso de armas": 2}}  # a new sheet is read anew
    assert C.of(aldara, "uso de armas").rating == 2


def test_a_fighter_reads_its_sheets_capabilities_as_a_direct_call_does_and_a_new_sheet_anew():
    aldara = character(INFO, "Aldara", {"capacidades": {"uso de armas": 1}})
    assert Fighter(aldara).capability("uso de armas") is C.of(aldara, "uso de armas")  # one table a sheet
    assert Fighter(aldara).marks("uso de armas") == 1 and Fighter(aldara).capability("calma", innate=True).innate
    aldara.sheet = {"capacidades": {"uso de armas": 3}}  # a new sheet: its fighter reads it anew
    assert Fighter(aldara).capability("uso de armas").rating == 3 == Fighter(aldara).marks("uso de armas")


def test_the_capabilities_a_sheet_keeps_are_bounded():
    aldara = character(INFO, "Aldara", {"capacidades": {"uso de armas": 1}})
    for rating in range(C.KNOWN_LIMIT + 5):  # each text another key, as a long session may type
        C.of(aldara, " " * rating + "2")
    assert len(C.known_of(aldara.sheet)) <= C.KNOWN_LIMIT
    assert C.of(aldara, "uso de armas").rating == 1


def test_marks_given_as_a_number_are_read_for_a_character_as_for_a_quick_roll():
    aldara = character(INFO, "Aldara", {"capacidades": {"uso de armas": 1}})
    assert C.of(aldara, "2") == C.of(aldara, " 2 ") == C.of(None, "2") == C.Capability("", 2, False)
    assert C.of(aldara, "2", innate=True) == C.Capability("", 2, True) and not C.of(aldara, "2").innate
    for _ in range(2):
        with pytest.raises(Refused, match="out of range"):
            C.of(aldara, "5")


def test_an_unknown_capability_is_refused_each_time_it_is_asked():
    aldara = character(INFO, "Aldara", {"capacidades": {"uso de armas": 1}})
    for _ in range(2):
        with pytest.raises(Refused, match="Aldara has no capability 'uso de armos'"):
            C.of(aldara, "uso de armos")


def test_the_scene_finds_who_covers_and_who_rides_among_the_campaigns_characters():
    aldara = character(INFO, "Aldara", {}, {"cubre": "Novato"})
    bruno = character(INFO, "Bruno", {"montura": "Tormenta"})
    novato, tormenta = character(INFO, "Novato"), character(INFO, "Tormenta")
    scene = Scene(context(INFO, characters=[aldara, bruno, novato, tormenta]))
    assert [f.name for f in scene.holding("cubre")] == ["Aldara"]
    assert [f.name for f in scene.holding("montura")] == ["Bruno"]
    scene.fighter(novato).set("cubre", "Aldara")  # what this very action changed counts
    scene.fighter(aldara).set("cubre", "")
    assert [f.name for f in scene.holding("cubre")] == ["Novato"]
    assert scene.holding("cubre")[0] is scene.fighter(novato)



def test_who_covers_a_target_is_read_anew_at_every_blow_as_the_states_change():
    """004-R13 at every blow of a trial: the engine puts each new state in the character it keeps, in the
    one mapping every call of the trial reads, so whoever covers the target is asked of the states as
    they stand at that blow (nobody, then a character not in the blow, then nobody again; then this
    very blow's target covering someone, which covers nobody but makes it easier to hit)."""
    from rolecli_middle import strike as K
    from rolecli_middle.sheet import scene_of

    aldara, bruno, novato, centinela = (character(INFO, n) for n in ("Aldara", "Bruno", "Novato", "Centinela"))
    ctx = context(INFO, characters=[aldara, bruno, novato, centinela], explain=False)

    def blow() -> dict[str, int]:
        """The ND modifiers of the target's situation as Bruno strikes Novato, in an action of its own."""
        scene, mods = scene_of(ctx), []
        K.situation(scene, scene.fighter(bruno), scene.fighter(novato), K.Declared(), mods)
        changes_of(scene)
        return {m.key: m.nd for m in mods}

    assert blow() == {}
    aldara.state = {**aldara.state, "cubre": "Novato"}  # a new state, as an action's change is kept
    assert blow() == {"covered": -1}
    centinela.state = {**centinela.state, "cubre": "novato"}  # named without case: found as the core finds it
    assert blow() == {"covered": -2}
    aldara.state = {**aldara.state, "cubre": ""}
    centinela.state = {**centinela.state, "cubre": "Aldara"}  # covering another
    assert blow() == {}
    novato.state = {**novato.state, "cubre": "Centinela"}
    assert blow() == {"covering": 1}

def test_the_scene_names_a_character_as_written_else_without_case_or_accents():
    exact, other = character(INFO, "Ana"), character(INFO, "ANA")
    scene = Scene(context(INFO, characters=[other, exact, character(INFO, "Bruno")]))
    assert scene.named("Ana").character is exact and scene.named("ANA").character is other
    assert scene.named("bruno").name == "Bruno" and scene.named("Brunó").name == "Bruno"
    assert scene.named("Carla") is None and scene.named("") is None


def test_who_holds_a_value_when_only_a_fighter_or_only_a_sheet_has_it_set():
    # nobody's state or sheet covers anyone: only what this action set is found
    aldara, novato, bruno = (character(INFO, n) for n in ("Aldara", "Novato", "Bruno"))
    scene = Scene(context(INFO, characters=[aldara, novato, bruno]))
    assert list(scene.holding("cubre")) == [] and list(scene.holding("montura")) == []
    scene.fighter(bruno).set("cubre", "Aldara")
    scene.fighter(novato).set("cubre", "Aldara")  # made after Bruno: found in the campaign's order still
    assert [f.name for f in scene.holding("cubre")] == ["Novato", "Bruno"]
    # a state that lacks the value leaves it to the sheet; a state that holds it, even unset, wins over the sheet
    ana = character(INFO, "Ana", {}, {})
    ana.sheet = {**ana.sheet, "cubre": "Bruno"}
    del ana.state["cubre"]
    eva = character(INFO, "Eva", {}, {"cubre": ""})
    eva.sheet = {**eva.sheet, "cubre": "Bruno"}
    assert [f.name for f in Scene(context(INFO, characters=[ana, eva])).holding("cubre")] == ["Ana"]
    # a sheet's field likewise: a value given to this action's fighter alone is found, and a state that holds
    # the key, even unset, wins over the sheet (asked first of the sheets and states alone: Scene.holding)
    scene = Scene(context(INFO, characters=[aldara, novato, bruno]))
    scene.fighter(novato, {"montura": "Bruno"})
    assert [f.name for f in scene.holding("montura")] == ["Novato"]
    ivo, leo = character(INFO, "Ivo", {"montura": "Bruno"}), character(INFO, "Leo")
    ivo.state, leo.state = {**ivo.state, "montura": ""}, {**leo.state, "montura": "Bruno"}
    assert [f.name for f in Scene(context(INFO, characters=[ivo, leo, bruno])).holding("montura")] == ["Leo"]


def test_who_holds_a_value_asks_the_actions_fighters_once_one_is_set_on_or_given_values():
    """The fighters of an action are asked only where one of them may hold what its character's state does not:
    given values, or set on since it was laid (Scene.as_is); a scene begun again asks its new fighters afresh."""
    from rolecli_middle.sheet import scene_of

    aldara, novato, bruno = (character(INFO, n) for n in ("Aldara", "Novato", "Bruno"))
    ctx = context(INFO, characters=[aldara, novato, bruno])
    scene = Scene(ctx)
    scene.fighter(novato, {"cubre": "Aldara"})  # a state field given
    assert [f.name for f in scene.holding("cubre")] == ["Novato"]
    first = scene_of(ctx)
    left = first.fighter(bruno)
    assert changes_of(first) == {}  # its sheet's spare, untouched
    again = scene_of(ctx)
    taken = again.fighter(bruno)
    assert taken is left and list(again.holding("cubre")) == []
    taken.set("cubre", "Novato")  # set on a spare taken as it was left
    assert again.holding("cubre") == [taken]
    changes_of(again)
    assert scene_of(ctx) is again and list(again.holding("cubre")) == []  # Bruno's state holds no cover


def test_the_targets_numbers_typed_are_read_even_when_zero_and_the_sheets_otherwise():
    from rolecli.contract import Action
    from rolecli_middle.verbs import target_of

    bruno = character(INFO, "Bruno", {"armadura": -2, "vigor": 4, "vida": 9})
    scene = Scene(context(INFO, characters=[bruno]))
    p = {"armour": 0, "shield": None, "life": None, "vigor": 0, "target_states": ()}
    f = target_of(scene, Action("strike", p, None, bruno), p)
    assert (f.sheet["armadura"], f.sheet["vigor"], f.sheet["vida"]) == (0, 0, 9)


def test_a_fighter_reads_its_sheets_latest_state_laid_once_and_another_state_anew():
    sheet = {"vida": 12, "arma": "mediana"}
    first = Fighter(Character("Ana", sheet, {"vida_perdida": 2, "estados": ["mareado"]}))
    assert (first.sheet["vida"], first.now["vida_perdida"], first.states) == (12, 2, {"mareado"})
    assert first.now["paradas"] == DEFAULTS["paradas"]  # a field the state leaves out: the sheet's, else the template's
    first.set("vida_perdida", 5)  # a fighter's own table: the sheet's place is not changed by it
    again = Fighter(Character("Ana", sheet, first.character.state))
    assert (again.now["vida_perdida"], again.states) == (2, {"mareado"})
    moved = Fighter(Character("Ana", sheet, {"vida_perdida": 4, "estados": []}))  # another state: read anew
    assert (moved.now["vida_perdida"], moved.states) == (4, set())
    given = Fighter(Character("Ana", sheet, moved.character.state), {"extra_states": ["cegado"], "vida": 20})
    assert (given.sheet["vida"], given.states) == (20, {"cegado"})
    assert Fighter(Character("Ana", sheet, moved.character.state)).sheet["vida"] == 12


def test_whether_a_text_is_a_number_is_read_for_each_text():
    # kept by its text (a fight's few names, asked at every round's morale): another text is read anew
    assert C.is_number("2") and C.is_number(" −1 ") and C.is_number(3)
    assert not C.is_number("Bandido 2") and not C.is_number("2a")
    assert C.is_number("+2") and not C.is_number("Bandido 2")


def test_each_table_of_rule_options_gives_its_own_ld_rules_though_the_last_is_kept():
    # a scene keeps the last options met with their LD rules (a simulation's calls share one table)
    plain, other = context(INFO), context(INFO, options={"nd_minus2": "difference", "reading": "shift"})
    for ctx in (plain, plain, other, plain, other, other):
        options = ctx.options
        assert Scene(ctx).ld_rules == (options["nd_minus2"], options["reading"])
    assert Scene(plain).ld_rules == ("literal", "table") and Scene(other).ld_rules == ("difference", "shift")


def test_a_scene_begun_again_reads_the_language_options_and_characters_of_its_context():
    # kept for the Context a scene was begun on (fixed while it is in use), read anew for another
    from rolecli_middle.sheet import scene_of

    aldara, bruno = character(INFO, "Aldara"), character(INFO, "Bruno")
    one = context(INFO, characters=[aldara])
    other = context(INFO, lang="es", options={"nd_minus2": "difference", "reading": "shift"}, characters=[bruno])
    for ctx in (one, one, other, other, one):
        scene = scene_of(ctx)
        assert (scene.ctx, scene.lang, scene.options, list(scene.characters)) == \
            (ctx, ctx.lang, ctx.options, list(ctx.characters))
        assert scene.ld_rules == (ctx.options["nd_minus2"], ctx.options["reading"])
        changes_of(scene)  # done with: the next action's scene is this one, begun again


def test_dice_given_are_marked_for_leaving_unread_whatever_rolled_dice_came_before():
    # the last rolled dice met are known as rolled without asking again; dice given are asked every time
    from rolecli_middle.sheet import scene_of

    rolled, given = context(INFO, seed=1), context(INFO, dice=[3, 4, 5])
    for ctx in (rolled, rolled, given, rolled, given, given):
        scene = scene_of(ctx)
        assert scene.read_before == (ctx.dice.count if ctx.dice.physical else None)
        assert Scene(ctx).read_before == scene.read_before
    assert scene_of(given).read_before == 0


def _table(f: Fighter) -> tuple:
    return f.name, f.character, f.now, f.sheet, f.states, f.given, f.moved(), f.lds


def test_a_fighter_an_action_left_untouched_serves_the_next_action_on_that_state_as_a_new_one_would():
    aldara = character(INFO, "Aldara", {"vida": 7}, {"estados": ["mareado"], "paradas": 1})
    first = Scene(context(INFO, characters=[aldara]))
    kept = first.fighter(aldara)
    assert kept.sheet["vida"] == 7 and changes_of(first) == {}  # read only: its sheet's spare now
    scene = Scene(context(INFO, characters=[aldara]))
    again = scene.fighter(aldara)
    assert again is kept and _table(again) == _table(Fighter(aldara))
    assert changes_of(scene) == {}
    unfinished = Scene(context(INFO))
    assert unfinished.fighter(aldara) is kept  # taken, not given back: an action that ends without changes
    assert Scene(context(INFO)).fighter(aldara) is not kept
    changes_of(unfinished)
    # another character of the same sheet and state has it under its own name
    twin = Character("Aldara II", aldara.sheet, aldara.state)
    other = Scene(context(INFO, characters=[twin])).fighter(twin)
    assert other is kept and _table(other) == _table(Fighter(twin))


def test_a_fighter_set_or_of_a_state_since_left_is_laid_again_when_taken_and_one_given_values_is_not_taken():
    aldara = character(INFO, "Aldara", {}, {"paradas": 1})
    scene = Scene(context(INFO, characters=[aldara]))
    touched = scene.fighter(aldara)
    touched.set("paradas", True)  # set as it was (1 == True): nothing moved, but not the value the state holds
    touched.set("accion", True)
    changes = changes_of(scene)
    assert changes == {"Aldara": {"accion": True}}
    fresh = Scene(context(INFO)).fighter(aldara)  # the same object, laid again from the state
    assert fresh is touched and _table(fresh) == _table(Fighter(aldara)) and fresh.now["paradas"] == 1
    assert changes == {"Aldara": {"accion": True}}  # what went to the core is left as it was
    scene = Scene(context(INFO))
    given = scene.fighter(aldara, {"vigor": 5})
    changes_of(scene)
    assert Scene(context(INFO)).fighter(aldara) is not given
    scene = Scene(context(INFO))
    left = scene.fighter(aldara)
    changes_of(scene)
    aldara.state = {**aldara.state, "paradas": 2}  # the state an outcome gave: a new table
    latest = Scene(context(INFO)).fighter(aldara)
    assert latest is left and latest.now["paradas"] == 2 and _table(latest) == _table(Fighter(aldara))


def test_a_character_read_with_no_fighter_made_leaves_its_sheets_spare_good_for_the_state_it_was_laid_for():
    from rolecli_middle.sheet import able, laid_for

    aldara = character(INFO, "Aldara", {}, {"paradas": 1})
    scene = Scene(context(INFO, characters=[aldara]))
    kept = scene.fighter(aldara)
    changes_of(scene)
    twin = Character("Aldara II", aldara.sheet, {**aldara.state, "paradas": 2, "moral": "rendido"})
    laid = laid_for(twin)  # as a morale check reads its members: the sheet lays the twin's state
    assert laid.table["paradas"] == 2 and not able(laid.table, laid.held)
    again = Scene(context(INFO)).fighter(aldara)  # the spare, untouched on Aldara's own state: taken as it is
    assert again is kept and _table(again) == _table(Fighter(aldara)) and again.now["paradas"] == 1
    assert again.can_act() and _table(Scene(context(INFO)).fighter(twin)) == _table(Fighter(twin))


def test_the_scene_an_action_was_done_with_is_the_next_actions_begun_anew():
    from rolecli_middle.sheet import scene_of

    aldara, bruno = character(INFO, "Aldara"), character(INFO, "Bruno")
    first = scene_of(context(INFO, characters=[aldara], options={"nd_minus2": "difference"}))
    first.fighter(aldara).set("paradas", 1)
    unfinished = scene_of(context(INFO))  # the first is not done yet: another scene
    assert unfinished is not first
    assert changes_of(first) == {"Aldara": {"paradas": 1}}
    ctx = context(INFO, characters=[bruno], dice=[3, 4, 5])
    again = scene_of(ctx)  # done with: begun again for this action, nothing of the last one kept
    assert again is first and again.ctx is ctx and again.characters is ctx.characters
    assert again.ld_rules == ("literal", "table") and again.named("Aldara") is None
    assert changes_of(again) == {} and scene_of(ctx) is again and scene_of(ctx) is not again


def test_a_state_of_every_field_is_read_as_it_stands_and_one_that_leaves_some_out_over_the_sheets_values():
    """A campaign's state holds every state field: its Standing reads it as its own table, and a fighter
    copies it; a state that leaves a field out has it from the sheet's starting values, either way."""
    from rolecli_middle.sheet import FULL, Standing, values
    from rolecli_middle.template import STATE_FIELDS

    aldara = character(INFO, "Aldara", {"vida": 7})
    assert set(aldara.state) == STATE_FIELDS and len(aldara.state) == FULL  # (as the core starts a campaign's)
    sheet, standing = aldara.sheet, Standing(aldara.sheet)
    under = {key: value for key, value in values(sheet).items() if key in STATE_FIELDS}  # what a state leaves out
    first, dazed = {**aldara.state, "paradas": 1}, {**aldara.state, "estados": ["mareado"], "vida_perdida": 3}
    for state in (first, dazed, {"paradas": 2}, {**first, "mine": 1}):  # (the last holds a key of its own)
        standing.lay(state)
        assert standing.state is state and standing.table == {**under, **state}
        assert (standing.table is state) == (len(state) == FULL)  # (read only: read as it stands)
        assert standing.held == frozenset(state.get("estados") or ())
        fighter = Fighter(Character("Aldara", sheet, state))
        assert fighter.now == {**under, **state} and fighter.now is not state and fighter.states == standing.held
    mounted = {**sheet, "montado": True}  # (a state field's starting value written in the sheet)
    assert Fighter(Character("Aldara", mounted, {"paradas": 2})).now["montado"] is True


def test_a_sheets_standing_is_kept_for_that_very_sheet_and_the_standings_kept_are_bounded():
    """standing_of keeps a Standing by its sheet's identity: the same sheet finds it again, another
    sheet (an equal one too, or one edited into a new object) gets its own, read from its values, and
    the table of them never grows past its bound."""
    from rolecli_middle import sheet as S

    aldara = character(INFO, "Aldara", {"vida": 7})
    kept = S.standing_of(aldara.sheet)
    assert S.standing_of(aldara.sheet) is kept and kept.sheet is aldara.sheet
    other = {**aldara.sheet, "vida": 9}  # another sheet: its own values, never the one kept before
    assert S.standing_of(other) is not kept and S.standing_of(other).values["vida"] == 9
    assert S.standing_of({**aldara.sheet}) is not kept
    for vida in range(S.STANDINGS_LIMIT + 5):
        sheet = {**aldara.sheet, "vida": vida + 1}
        assert S.standing_of(sheet).values["vida"] == vida + 1
    assert len(S._STANDINGS) <= S.STANDINGS_LIMIT


def test_values_given_later_are_the_fighters_own_not_every_fighters():
    aldara, bruno = character(INFO, "Aldara"), character(INFO, "Bruno")
    scene = Scene(context(INFO, characters=[aldara, bruno]))
    first, other = scene.fighter(aldara), scene.fighter(bruno)
    assert first.given == other.given == {}
    scene.fighter(aldara, {"armadura": -2, "escudo": None})  # named again, with values typed
    assert first.given == {"armadura": -2} and first.sheet["armadura"] == -2
    assert other.given == {} and Fighter(character(INFO, "Carla")).given == {}


def test_a_scenes_fighter_finds_its_sheets_standing_by_name_and_a_new_sheet_or_another_of_the_name_anew():
    # a character's sheet's Standing is found by its name, its sheet held and compared: a new sheet, or another
    # character of the same name and another sheet, is read anew
    aldara = character(INFO, "Aldara", {"capacidades": {"uso de armas": 1}, "vida": 7})
    assert Scene(context(INFO, characters=[aldara])).fighter(aldara).sheet["vida"] == 7
    aldara.sheet = {**aldara.sheet, "vida": 9}
    assert Scene(context(INFO, characters=[aldara])).fighter(aldara).sheet["vida"] == 9
    other = character(INFO, "Aldara", {"capacidades": {"uso de armas": 3}})
    f = Scene(context(INFO, characters=[other])).fighter(other)
    assert f.sheet["vida"] == 10 and f.capability("uso de armas").rating == 3
    again = Scene(context(INFO, characters=[aldara])).fighter(aldara)
    assert again.sheet["vida"] == 9 and again.capability("uso de armas").rating == 1


def test_a_scene_lists_the_campaigns_characters_only_once_asked_who_holds_a_value():
    # a campaign's command copies each character it looks at (WorkingCopies): a verb that asks no one's value
    # looks at none but its own; who holds a value looks at every one, listed once for the Context
    from dataclasses import replace

    from rolecli.campaign.store import WorkingCopies

    copies = WorkingCopies({n: character(INFO, n) for n in ("Ana", "Eva", "Ivo")})
    scene = Scene(replace(context(INFO), characters=copies))
    scene.fighter(copies["Ana"])
    assert copies.looked_at() == {"Ana"} and scene.everyone is None
    assert list(scene.holding("cubre")) == [] and copies.looked_at() == {"Ana", "Eva", "Ivo"}
    assert scene.everyone == [copies[n] for n in ("Ana", "Eva", "Ivo")]
