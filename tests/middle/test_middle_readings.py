"""Each reading of an LD's dice (004-R3, R4, the rulings), as the LD takes it when
made (:data:`rolecli_middle.nd.READ_BY`), against the reading written out: a
stable ranking by face, equal faces in the order thrown."""

from __future__ import annotations

from itertools import product

import pytest
from rolecli.contract import Label

from rolecli_middle import capability as C
from rolecli_middle import ld as LD
from rolecli_middle import nd as ND
from rolecli_middle.nd import Mod


def by_hand(faces: list[int], reading: str) -> tuple[int, list[int]]:
    low, mid, high = sorted(range(3), key=lambda i: faces[i])  # (sorted is stable: ties in the order thrown)
    return {"lowest": (faces[low], [low]), "middle": (faces[mid], [mid]), "highest": (faces[high], [high]),
            "highest_plus_middle": (faces[high] + faces[mid], [high, mid]),
            "lowest_minus_second": (faces[low] - faces[mid], [low, mid]),
            "second_minus_lowest": (faces[mid] - faces[low], [mid, low])}[reading]


@pytest.mark.parametrize("reading", sorted(ND.READINGS))
def test_each_reading_reads_the_dice_as_written(reading):
    assert set(ND.READ_BY) == set(ND.READINGS)
    for faces in product(range(1, 4), repeat=3):  # every order of faces, ties among them
        assert ND.read(list(faces), reading) == by_hand(list(faces), reading)


@pytest.mark.parametrize("nd", range(-5, 4))
def test_an_ld_takes_the_reader_of_its_reading(nd):
    ld = LD.Ld(C.Capability("uso de armas", 2), [Mod("gm", Label("Narrador", "Narrator"), nd)] if nd else [])
    if ld.sizes is None:
        assert ld.reader is None  # nothing is thrown, so nothing read
    else:
        assert ld.reader is ND.READ_BY[ld.plan.reading]


@pytest.mark.parametrize("nd", range(-5, 4))
def test_a_throw_reads_its_faces_as_its_reading_does_each_faces_read_once_for_the_reading(nd):
    """A throw's result and the dice it read are its reading's, looked up by its faces once met: every throw of
    the same faces holds the same positions (a tuple, never changed); another reading keeps a table of its own."""
    from rolecli.dice.source import DiceSource

    ld = LD.Ld(C.Capability("uso de armas", 1), [Mod("gm", Label("Narrador", "Narrator"), nd)] if nd else [])
    if ld.sizes is None:
        assert ld.reads is None and LD.throw(ld, DiceSource(seed=1), "x").result is None
        return
    assert ld.reads is LD._READ[ld.reader]
    for faces in product(range(1, 5), repeat=3):
        first, again = (LD.thrown(ld, DiceSource(given=[str(f) for f in faces]), ("a", "b", "c"), True) for _ in range(2))
        result, kept = ld.reader(list(faces))
        assert (first.result, list(first.kept)) == (again.result, list(again.kept)) == (result, kept)
        assert again.kept is first.kept and ld.reads[faces] == (result, tuple(kept))
