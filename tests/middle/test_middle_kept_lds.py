"""A fighter's LDs are made once for its sheet and thrown again (issue 20): the
same blow at the same rival from the same states is the same LD; a changed
state, rival, capability or goal is read again; the table is bounded; a quick
roll keeps none; and what a kept LD's throw says is its own."""

from __future__ import annotations

from dataclasses import replace

import rolecli_middle
from rolecli.contract import Character
from rolecli.testing import character, context
from rolecli_middle import capability as C
from rolecli_middle import ld as LD
from rolecli_middle import strike as K
from rolecli_middle.nd import Mod
from rolecli_middle.sheet import Fighter, Scene

INFO = rolecli_middle.INFO
SHEET = {"capacidades": {"uso de armas": 2}, "armadura": -1}


def blow_ld(attacker: Character, target: Character, **p):
    scene = Scene(context(INFO, characters=[attacker, target], explain=False))
    return K.build(scene, scene.fighter(attacker), scene.fighter(target), K.Declared.of(p)).ld


def test_the_same_blow_from_the_same_states_is_the_same_ld():
    ana, bruno = character(INFO, "Ana", SHEET), character(INFO, "Bruno", SHEET)
    first = blow_ld(ana, bruno)
    assert blow_ld(ana, bruno) is first
    assert [(m.key, m.nd) for m in first.mods] == [("protections", -1)] and first.nd == -1


def test_a_changed_state_of_either_side_is_read_again():
    ana, bruno = character(INFO, "Ana", SHEET), character(INFO, "Bruno", SHEET)
    plain = blow_ld(ana, bruno)
    dazed = blow_ld(Character("Ana", ana.sheet, {**ana.state, "estados": ["mareado"]}), bruno)
    assert dazed is not plain and dazed.nd == -2 and "state:mareado" in [m.key for m in dazed.mods]
    target_dazed = blow_ld(ana, Character("Bruno", bruno.sheet, {**bruno.state, "estados": ["mareado"]}))
    assert target_dazed.nd == 0 and "target:mareado" in [m.key for m in target_dazed.mods]
    assert blow_ld(ana, bruno) is plain  # back to the states it was made for: the kept one again


def test_another_goal_capability_or_rule_is_another_ld():
    ana, bruno = character(INFO, "Ana", SHEET), character(INFO, "Bruno", SHEET)
    plain = blow_ld(ana, bruno)
    assert blow_ld(ana, bruno, goal=3).needed == 3
    assert blow_ld(ana, bruno, capability="3").capability.rating == 3
    assert blow_ld(ana, bruno, innate=True).capability.innate
    scene = Scene(context(INFO, characters=[ana, bruno], options={"nd_minus2": "difference"}, explain=False))
    other = K.build(scene, scene.fighter(ana), scene.fighter(bruno), K.Declared()).ld
    assert other is not plain and other.minus2 == "difference"
    assert blow_ld(ana, bruno) is plain


def test_the_kept_lds_are_bounded_and_a_quick_roll_keeps_none():
    ana = Fighter(character(INFO, "Ana", SHEET))
    weapon_use = ana.capability(C.WEAPON_USE)
    for nd in range(LD.KEPT_LIMIT + 5):  # each modifier made anew: another key
        LD.made(ana.lds, weapon_use, [Mod("gm", None, nd % 3)], None, ("literal", "table"), "Ana")
    assert 0 < len(ana.lds) <= LD.KEPT_LIMIT
    quick = Fighter(None, {C.WEAPON_USE: 1})
    assert quick.lds is None
    capability = quick.capability(C.WEAPON_USE)
    assert LD.made(None, capability, [], None, ("literal", "table"), "") is not \
        LD.made(None, capability, [], None, ("literal", "table"), "")
    assert LD.made(ana.lds, replace(weapon_use), [], None, ("literal", "table"), "Ana").capability == weapon_use


def test_each_throw_of_a_kept_ld_says_its_own_dice_in_lists_of_its_own():
    """A throw's faces and kept dice are its own; its modifiers and dice sizes are the
    lists the LD laid once, what laying them at the throw gives, and no throw changes them."""
    ana, bruno = character(INFO, "Ana", SHEET), character(INFO, "Bruno", SHEET)
    ld = blow_ld(ana, bruno)
    one = LD.throw(ld, context(INFO, dice=[5, 7, 9]).dice, "x").data()
    two = LD.throw(ld, context(INFO, dice=[1, 2, 3]).dice, "x").data()
    assert list(one) == ["capability", "rating", "innate", "nd", "nd_modifiers", "nd_level", "shrink", "sizes",
                         "faces", "reading", "kept", "result", "goal", "success", "automatic_failure", "cannot_succeed"]
    assert (one["faces"], one["kept"], one["result"]) == ([5, 7, 9], [5], 5)
    assert (two["faces"], two["kept"], two["result"]) == ([1, 2, 3], [1], 1)
    assert one["faces"] is not two["faces"] and one["kept"] is not two["kept"]
    for data in (one, two):
        assert data["nd_modifiers"] == [m.as_json() for m in ld.mods] == [{"key": "protections", "nd": -1}]
        assert data["sizes"] == list(ld.sizes) == [12, 12, 12]
    assert ld.before["faces"] is None and ld.before["result"] is None  # the kept LD's own table is not the throw's
    assert ld.before["nd_modifiers"] == [{"key": "protections", "nd": -1}] and ld.before["sizes"] == [12, 12, 12]


def test_a_throw_no_one_records_is_made_once_for_its_ld_and_faces():
    """Unrecorded, a kept LD's throw of the same faces is the one judged before (read only); a recorded one,
    whose data holds its faces, is its own."""
    ana, bruno = character(INFO, "Ana", SHEET), character(INFO, "Bruno", SHEET)
    ld = blow_ld(ana, bruno)
    whys = LD.dice_whys("x")
    one, two = (LD.thrown(ld, context(INFO, dice=[5, 7, 9]).dice, whys, False) for _ in range(2))
    assert one is two and (one.faces, one.result, one.success) == ([5, 7, 9], 5, True)
    other = LD.thrown(ld, context(INFO, dice=[1, 2, 3]).dice, whys, False)
    assert other is not one and (other.faces, other.result) == ([1, 2, 3], 1)
    recorded = LD.thrown(ld, context(INFO, dice=[5, 7, 9]).dice, whys, True)
    assert recorded is not one and recorded.faces is not one.faces and recorded.result == 5


def test_the_throws_an_ld_keeps_are_bounded(monkeypatch):
    """An LD keeps at most THROWS_LIMIT throws (3d20 falls 8,000 ways): emptied when full, then kept anew."""
    monkeypatch.setattr(LD, "THROWS_LIMIT", 3)
    ld = blow_ld(character(INFO, "Ana", SHEET), character(INFO, "Bruno", SHEET))
    whys = LD.dice_whys("x")
    for faces in ([1, 2, 3], [2, 3, 4], [3, 4, 5], [4, 5, 6]):
        LD.thrown(ld, context(INFO, dice=faces).dice, whys, False)
        assert len(ld.throws) <= 3
    assert list(ld.throws) == [(4, 5, 6)]


def test_what_a_blows_dice_are_thrown_for_is_its_words_made_once():
    """A blow's and a parry's reason (``strike Ana``) is kept by reason, language and thrower:
    the same words as written out at each throw, in each language, and the reason alone for
    a quick roll's nameless fighter."""
    for why in (K.STRIKE, K.PARRY, ("montura", "mount")):
        for lang in ("es", "en"):
            for who in ("Ana", ""):
                said = K.thrown_for(why, lang, who)
                assert said == LD.dice_whys(f"{why[0] if lang == 'es' else why[1]} {who}".strip())
                assert K.thrown_for(why, lang, who) is said
    assert K.thrown_for(K.STRIKE, "en", "Ana") == ("strike Ana 1/3", "strike Ana 2/3", "strike Ana 3/3")
    assert K.thrown_for(K.PARRY, "es", "")[0] == "parada 1/3"


def test_a_capability_named_before_is_the_one_its_sheet_reads():
    """A fighter finds a capability named before in its sheet's table (no call of
    C.of); what it finds is what C.of reads uncached, and an innate one is still made so."""
    sheet = {"capacidades": {"uso de armas": 2, "valentía": 1}, "innatas": ["valentía"]}
    ana = character(INFO, "Ana", sheet)
    for text in (C.WEAPON_USE, C.VALOR, "3"):
        uncached = C.of(ana, text, False, C.CAPABILITY, {})
        first, again = Fighter(ana).capability(text), Fighter(ana).capability(text)
        assert first == again == uncached and again is first  # the second read from the sheet's table
    assert Fighter(ana).capability(C.WEAPON_USE, innate=True) == C.Capability(C.WEAPON_USE, 2, True)
    assert not Fighter(ana).capability(C.WEAPON_USE).innate  # the innate read did not change the kept one


def test_a_blow_built_holds_every_field_its_class_declares_as_its_constructor_sets_them():
    # build makes its Blow without the class's __init__ (a frame at every blow): each field is set there,
    # so a field added to the class and not to build fails here, not in a later read
    from dataclasses import fields

    ana, bruno = character(INFO, "Ana", SHEET), character(INFO, "Bruno", SHEET)
    scene = Scene(context(INFO, characters=[ana, bruno], explain=False))
    attacker, target = scene.fighter(ana), scene.fighter(bruno)
    blow = K.build(scene, attacker, target, K.Declared.of({"location": "legs", "charge": True}))
    made = K.Blow(*(getattr(blow, f.name) for f in fields(K.Blow)))
    assert made == blow and blow.thrown is None and blow.notes == []
    assert (blow.attacker, blow.target, blow.striker, blow.location, blow.charge, blow.feint) == \
        (attacker, target, attacker, "legs", True, False)


def test_a_blow_is_kept_by_what_it_reads_of_its_fighters_and_read_anew_where_another_is_read():
    """A blow's LD, parry and notes are kept by its fighters' sheets and the state fields they are worked
    out from: the same again, each with notes of its own; another count of parries is another parry; an
    ally covering the target, read of a third character, is worked out anew."""
    sheet = {**SHEET, "arma": "mediana", "arma_tipo": ["filo"]}
    ana = character(INFO, "Ana", sheet)
    bruno = character(INFO, "Bruno", sheet, {"parando": True})
    carla = character(INFO, "Carla", sheet, {"cubre": "Bruno"})
    ctx = context(INFO, characters=[ana, bruno, carla], explain=False)
    how = K.Declared()

    def blow(target: Character, *others: Character) -> K.Blow:
        scene = Scene(replace(ctx, characters={c.name: c for c in (ana, target, *others)}))
        return K.build(scene, scene.fighter(ana), scene.fighter(target), how)

    first, again = blow(bruno), blow(bruno)
    assert first.parry is not None and (again.ld, again.parry) == (first.ld, first.parry)
    assert again.ld is first.ld and again.notes == first.notes == [] and again.notes is not first.notes
    assert any(kept[3][0] is first.ld and kept[3][1] is first.parry for kept in K._KEPT.values())
    # why its dice and its parry's are thrown, kept with it
    assert again.whys is first.whys == K.thrown_for(K.STRIKE, "en", "Ana")
    assert again.parry_whys is first.parry_whys == K.thrown_for(K.PARRY, "en", "Bruno")
    scene = Scene(ctx)
    feint = K.build(scene, scene.fighter(ana), scene.fighter(bruno), how, feint=True, why=("finta", "feint"))
    assert feint.whys == K.thrown_for(("finta", "feint"), "en", "Ana")
    spent = blow(Character("Bruno", bruno.sheet, {**bruno.state, "paradas": 3}))  # weapon use 2 + 1 parried
    assert spent.parry is None and len(spent.notes) == 1 and [m.key for m in spent.ld.mods] == ["protections"]
    assert blow(Character("Bruno", bruno.sheet, {**bruno.state, "paradas": 3})).notes == spent.notes
    covered = blow(bruno, carla)
    assert [m.key for m in covered.ld.mods] == ["covered"] and covered.ld.nd == -1
    assert blow(bruno).ld is first.ld
    kept = len(K._KEPT)
    scene = Scene(ctx)
    quick = K.build(scene, Fighter(None, {C.WEAPON_USE: 2}), Fighter(None, {"armadura": -2}), how)  # (values given)
    assert len(K._KEPT) == kept and quick.parry is None and [(m.key, m.nd) for m in quick.ld.mods] == [("protections", -2)]


def test_an_impulse_ld_is_kept_by_the_state_and_sheet_it_is_read_from():
    """Each one's impulse LD and reasons are kept by its character's state and sheet: the same state gives the
    same LD, thrown with dice of its own; another state (Cowed: ND −1) is read anew, as is a quick roll's."""
    from rolecli_middle import order

    sheet = {"capacidades": {"impulso": 2}}
    ana = character(INFO, "Ana", sheet)
    cowed = Character("Ana", ana.sheet, {**ana.state, "estados": ["acobardado"]})

    def impulse(who: Character, dice: list[int]) -> dict:
        scene = Scene(context(INFO, dice=dice, characters=[who], explain=False))
        return order.impulse(scene, [who], {}, scene.ctx.dice)[1]["scores"]["Ana"]

    assert impulse(ana, [2, 7, 9]) == {"result": 7, "rating": 2, "listed": 1}
    assert impulse(ana, [1, 3, 5]) == {"result": 3, "rating": 2, "listed": 1}
    kept = [v for v in order._IMPULSES.values() if v[0] is ana.state]
    assert len(kept) == 1 and kept[0][2].nd == 0 and kept[0][3] == ("impulse Ana 1/3", "impulse Ana 2/3", "impulse Ana 3/3")
    assert impulse(cowed, [2, 7, 9]) == {"result": 2, "rating": 2, "listed": 1}  # ND −1 reads the lowest
    scene = Scene(context(INFO, dice=[2, 7, 9], explain=False))
    assert order.impulse(scene, [], {"impulses": ["2"]}, scene.ctx.dice)[1]["scores"]["#1"]["result"] == 7


def test_a_valor_ld_is_kept_by_the_state_and_sheet_it_is_read_from_and_a_fighter_made_only_for_who_breaks():
    """A morale check's valor LDs and reasons are kept by each member's state and sheet, as an impulse's: the
    same state gives the same LD, with no fighter made for a member who holds; a Cowed one makes none; another
    state (Enraged: ND +1) is read anew; who breaks is set fleeing."""
    from rolecli_middle import order

    sheet = {"capacidades": {"valentía": 2}}
    ana = character(INFO, "Ana", sheet)
    enraged = Character("Ana", ana.sheet, {**ana.state, "estados": ["irritado"]})
    cowed = Character("Ana", ana.sheet, {**ana.state, "estados": ["acobardado"]})

    def morale(who: Character, dice: list[int]):
        scene = Scene(context(INFO, dice=dice, characters=[who], explain=False))
        lines, data, held = order.morale(scene, {"members": ["Ana"], "fallen": 1}, scene.ctx.dice)
        return held, scene

    assert morale(ana, [2, 7, 9])[0]  # the middle die, 7, reaches the goal (1): read from a fighter, then kept
    held, scene = morale(ana, [1, 3, 5])
    assert held and "Ana" not in scene._fighters
    kept = [v for v in order._VALORS.values() if v[0] is ana.state]
    assert len(kept) == 1 and kept[0][2].nd == 0 and kept[0][3] == ("valor Ana 1/3", "valor Ana 2/3", "valor Ana 3/3")
    assert order.valor_ld(scene, ana, {})[0] is kept[0][2]
    assert order.valor_ld(scene, enraged, {})[0].nd == 1
    held, scene = morale(cowed, [])  # a Cowed member throws nothing, and flees
    assert not held and scene._fighters["Ana"].now["moral"] == "huyendo"


def test_the_characters_a_morale_names_are_kept_by_the_scene_for_its_context_and_a_quick_rolls_are_not():
    """A side's members are named once for the Context (the list held and compared), not looked up at every round's
    end; another list, or another Context, is read anew; a quick roll's numbers are fighters of the action alone."""
    from rolecli_middle import order
    from rolecli_middle.sheet import scene_of

    ana, eva = character(INFO, "Ana", {}), character(INFO, "Eva", {})
    ctx = context(INFO, characters=[ana, eva], explain=False)
    members = ["Ana", "Eva"]
    scene = scene_of(ctx)
    first = order._named(scene, members, C.VALOR, "--members")
    assert first == (ana, eva) and order._named(scene, members, C.VALOR, "--members") is first
    folded = ["Ana", "eva"]  # (Eva as the core finds her, case aside: her fighter, this action's alone)
    assert order._named(scene, folded, C.VALOR, "x")[1] is scene.fighter(eva)
    assert order._named(scene_of(ctx), folded, C.VALOR, "x") is not order._named(scene, folded, C.VALOR, "x")
    assert order._named(scene, ["Eva"], C.VALOR, "--members") == (eva,)
    assert order._named(Scene(context(INFO, characters=[ana], explain=False)), ["Ana"], C.VALOR, "x") == (ana,)
    quick = ["2", "1"]
    one, two = (order._named(scene, quick, C.VALOR, "--members") for _ in range(2))
    assert one is not two and one[0] is not two[0] and one[0].given == {C.VALOR: 2}
