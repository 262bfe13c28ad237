"""The order of combat (004-R15: ambush, impulse, end-of-turn morale) and the
action economy of a round (004-R5)."""

from __future__ import annotations

from middle_helpers import call, camp, end_round, quick, refused, state


# --- 004-R15 step 1: the ambush --------------------------------------------------

def test_004_R15_ambush_nd_is_minus_the_victims_vigilance(cli):
    # victims with Vigilance 0 and 1: the most watchful sets ND −1; Stealth 2's lowest 3 ≥ 1 → step 3
    r = quick(cli, "ambush", 2, "--victims", "0,1", "--dice", "3,8,9")
    assert r.json["ld"]["nd"] == -1 and r.json["next_step"] == 3 and r.code == 0
    # an inexperienced victim (0) gives ND 0: the middle
    assert quick(cli, "ambush", 2, "--victims", "0", "--dice", "3,8,9").json["ld"]["result"] == 8


def test_004_R15_a_highly_trained_victim_is_nd_minus3(cli):
    # "una muy entrenada vigila de forma inconsciente... lo que da una ND-3": the tiger (Sigilo 3, 3d20) at ND −3
    # throws 3d12 and reads lowest − second-lowest: the literal reading cannot succeed → step 2
    r = camp(cli, "ambush", "Dientes de Sable", "--victims", "Centinela,Novato", "--dice", "5,9,12")
    assert r.json["ld"]["nd"] == -3 and r.json["ld"]["sizes"] == [12, 12, 12]
    assert r.json["next_step"] == 2 and r.code == 1
    out = cli("-C", "middle", "ambush", "Dientes de Sable", "--victims", "Novato", "--dice", "5,9,12").out
    assert "go straight to step 3" in out


def test_004_R15_a_blinded_victim_watches_one_level_worse(cli):
    cli("-C", "middle", "state", "Centinela", "--add", "cegado")
    r = camp(cli, "ambush", "Dientes de Sable", "--victims", "Centinela", "--dice", "5,9,12")
    assert r.json["ld"]["nd"] == -3 + 1


def test_004_R15_ambush_needs_victims(cli):
    refused(cli("middle", "ambush", "2"), "--victims")


# --- 004-R15 step 2: impulse ------------------------------------------------------

def test_004_R15_impulse_highest_first(cli):
    # three participants' impulse LDs: 1 (3d6) middle 4, 2 (3d12) middle 9, 3 (3d20) middle 2
    r = quick(cli, "initiative", "--impulses", "1,2,3", "--dice", "1,4,6,2,9,12,1,2,20")
    assert r.json["order"] == ["#2", "#1", "#3"]
    assert r.json["scores"]["#2"]["result"] == 9


def test_004_R15_impulse_ties_go_to_the_higher_rating_then_the_list(cli):
    # all three read 4: the impulse 3 first, then the two of rating 1 in the order given
    r = quick(cli, "initiative", "--impulses", "1,3,1", "--dice", "4,4,4,4,4,4,4,4,4")
    assert r.json["order"] == ["#2", "#1", "#3"]


def test_004_R15_impulse_on_the_campaign_leaves_out_who_cannot_act(cli):
    cli("-C", "middle", "state", "Novato", "--add", "inconsciente")
    # Aldara impulso 2 (3d12), Novato (left out), Bruno impulso 1 (3d6)
    r = cli("-C", "middle", "initiative", "Aldara", "Novato", "Bruno", "--dice", "1,5,9,6,6,6", "--json")
    assert r.json["order"] == ["Bruno", "Aldara"]
    assert "Novato is left out: Unconscious." in r.err
    # an impulse LD is made while fighting: Cowed gives ND −1 (004-R16)
    cli("-C", "middle", "state", "Aldara", "--add", "acobardado")
    r = cli("-C", "middle", "initiative", "Aldara", "--dice", "1,5,9", "--json")
    assert r.json["scores"]["Aldara"]["result"] == 1


# --- 004-R15 step 4: morale --------------------------------------------------------

def test_004_R15_less_than_half_fallen_needs_no_valor_ld(cli):
    r = quick(cli, "morale", "--members", "1,1,1", "--fallen", 2)
    assert r.json["checked"] is False and r.json["dice"] == [] and r.code == 0


def test_004_R15_half_fallen_rolls_valor(cli):
    # 2 standing (valor 1 and 2) of 4: half have fallen (GAP-13 decided: half or more). Goal 3:
    # 3d6 middle 2 fails and flees; 3d12 middle 5 holds
    r = quick(cli, "morale", "--members", "1,2", "--fallen", 2, "--goal", 3, "--dice", "1,2,6,3,5,9")
    assert r.json["checked"] is True and [m["held"] for m in r.json["members"]] == [False, True]
    assert r.code == 1


def test_004_R15_on_the_campaign_fallen_members_count_and_cowards_cannot_roll(cli):
    cli("-C", "middle", "state", "Novato", "--add", "muerto")
    cli("-C", "middle", "state", "Rata", "--add", "acobardado")
    # Aldara, Rata, Centinela, Novato: 1 of 4 down: not half
    assert camp(cli, "morale", "--members", "Aldara,Rata,Centinela,Novato").json["checked"] is False
    cli("-C", "middle", "state", "Centinela", "--add", "inconsciente")
    # 2 of 4: Aldara rolls (valentía 2: middle 5 ≥ 1); Rata is Cowed and cannot: she surrenders (the policy)
    r = camp(cli, "morale", "--members", "Aldara,Rata,Centinela,Novato", "--on-failure", "surrender",
             "--dice", "3,5,9")
    assert [(m["member"], m["held"]) for m in r.json["members"]] == [("Aldara", True), ("Rata", False)]
    assert [(m["fled"], m["surrendered"]) for m in r.json["members"]] == [(False, False), (False, True)]
    assert state(cli, "Rata")["moral"] == "rendido"
    refused(cli("-C", "middle", "strike", "Rata", "--target", "Perro"), "Rata cannot act: has surrendered")


def test_004_R15_members_are_named_as_written_or_with_case_and_accents_aside(cli):
    # a member named exactly is looked up at once, another only with case and accents aside: the same members
    cli("-C", "middle", "state", "Novato", "--add", "muerto")
    for members in ("Aldara,Novato", "ÁLDARA,novató", "Aldara,NOVATO"):
        r = camp(cli, "morale", "--members", members, "--dice", "3,5,9")
        assert r.json["size"] == 2 and r.json["casualties"] == 1 and r.json["checked"] is True
        assert [m["member"] for m in r.json["members"]] == ["Aldara"]
    refused(camp(cli, "morale", "--members", "Aldara,Novata"), "'Novata' is not a character of this campaign")


def test_004_R15_the_default_policy_is_to_flee(cli):
    r = camp(cli, "morale", "--members", "Novato", "--fallen", 1, "--goal", 6, "--dice", "1,2,3")
    assert r.json["members"][0]["held"] is False and state(cli, "Novato")["moral"] == "huyendo"
    assert (r.json["members"][0]["fled"], r.json["members"][0]["surrendered"]) == (True, False)


def test_004_R16_enraged_gets_plus1_to_valor(cli):
    cli("-C", "middle", "state", "Novato", "--add", "irritado")
    # valentía 1 at ND +1: the highest of 1, 2, 6
    r = camp(cli, "morale", "--members", "Novato", "--fallen", 1, "--goal", 6, "--dice", "1,2,6")
    assert r.json["members"][0]["ld"]["nd"] == 1 and r.json["members"][0]["held"] is True


def test_004_R15_beasts_roll_only_when_their_leader_dies(cli):
    # the quick form: however many have fallen, beasts keep fighting while their leader lives
    assert quick(cli, "morale", "--members", "1", "--fallen", 5, "--beasts").json["checked"] is False
    r = quick(cli, "morale", "--members", "1", "--beasts", "--leader-dead", "--dice", "2,3,4")
    assert r.json["checked"] is True
    # the campaign: the dog's leader is the tiger
    cli("-C", "middle", "character", "set", "Perro", "lider=Dientes de Sable")
    assert camp(cli, "morale", "--members", "Perro", "--fallen", 3).json["checked"] is False
    cli("-C", "middle", "damage", "Dientes de Sable", "20")
    r = camp(cli, "morale", "--members", "Perro", "--dice", "2,3,4")
    assert r.json["beasts"] is True and r.json["leader_dead"] is True and r.json["checked"] is True



def test_004_R15_a_side_is_of_beasts_only_when_all_its_characters_are(cli):
    # a beast and a warrior, in either order: a side of people, whose valor counts its casualties
    for members in ("Perro,Aldara", "Aldara,Perro"):
        assert camp(cli, "morale", "--members", members).json["beasts"] is False
    # the beasts alone, and a quick roll's numbers with them: only the characters named are asked
    assert camp(cli, "morale", "--members", "Perro,Dientes de Sable").json["beasts"] is True
    assert camp(cli, "morale", "--members", "Perro,1").json["beasts"] is True
    assert quick(cli, "morale", "--members", "1,1").json["beasts"] is False

# --- 004-R5: one combat action a round ----------------------------------------------

def test_004_R5_one_combat_action_per_round(cli):
    assert camp(cli, "strike", "Aldara", "--target", "Perro", "--dice", "1,1,1").code == 0
    r = cli("-C", "middle", "strike", "Aldara", "--target", "Perro", "--dice", "1,1,1")
    refused(r, "already made its combat action this round (004-R5)", "recover end_of_round")
    end_round(cli, "Aldara")
    assert camp(cli, "strike", "Aldara", "--target", "Perro", "--dice", "1,1,1").code == 0


def test_004_R5_special_actions_come_before_the_combat_action(cli):
    # dismounting is a special action: before the strike it is fine, after it refused
    assert camp(cli, "dismount", "Bruno").code == 0
    assert camp(cli, "strike", "Bruno", "--target", "Perro", "--charge", "--dice", "1,1,1,1").code == 0
    refused(cli("-C", "middle", "mount", "Bruno"), "special combat actions")


def test_004_R5_quick_rolls_track_nothing(cli):
    for _ in range(2):
        assert quick(cli, "strike", 2, "--dice", "1,1,1").code == 0


def test_004_R15_morale_reads_a_state_of_every_field_as_one_that_leaves_some_out():
    # a member's state of every field is read as it stands, one that leaves fields out over its sheet's starting
    # values: the same standing and fallen either way (two of four down: the two standing throw)
    from rolecli.contract import Character
    from rolecli_middle.template import DEFAULTS, STATE_FIELDS

    every = {key: DEFAULTS[key] for key in STATE_FIELDS}
    partial = [{}, {"vida_perdida": 1}, {"estados": ["inconsciente"]}, {"muerte": "ojo"}]
    names = ("Ana", "Bea", "Cid", "Dan")

    def side(states):
        return [Character(n, {"capacidades": {"valentía": 1}}, s) for n, s in zip(names, states)]

    outs = [call("morale", seed=7, characters=side(states), members=names)[0]
            for states in (partial, [{**every, **s} for s in partial])]
    assert outs[0].data == outs[1].data and outs[0].success == outs[1].success
    assert outs[0].data["casualties"] == 2 and [m["member"] for m in outs[0].data["members"]] == ["Ana", "Bea"]
