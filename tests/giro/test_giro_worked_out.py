"""What the system works out once and shares (an encounter asks for the same
challenges, statuses, sides and turns at every exchange): shared while what
it was worked out from holds, worked out anew when that changes, and a
refusal is never kept."""

from __future__ import annotations

import pytest

from rolecli.contract import Character
from rolecli.errors import RoleError
from rolecli_giro import challenge, health

from giro_helpers import character

BERTHOLD, LENOIR = "Berthold", "Clovis Lenoir"


def test_a_challenge_is_read_once_for_a_sheet_and_anew_for_a_changed_one():
    berthold = character(BERTHOLD)  # Ímpetu 4, Fisicoculturismo 3
    first = challenge.parse("Ímpetu + Fisicoculturismo", berthold)
    assert challenge.parse("Ímpetu + Fisicoculturismo", berthold) is first
    assert challenge.parse("Ímpetu + Fisicoculturismo", berthold, quality=1).limit == 8  # other choices, read anew
    stronger = Character(BERTHOLD, {**berthold.sheet, "atributos": {**berthold.sheet["atributos"], "Ímpetu": 6}})
    assert challenge.parse("Ímpetu + Fisicoculturismo", stronger).limit == 9


def test_a_refused_challenge_is_refused_again():
    berthold = character(BERTHOLD)
    for _ in range(2):
        with pytest.raises(RoleError, match="Fisicoculturisno"):
            challenge.parse("Ímpetu + Fisicoculturisno", berthold)


def test_a_status_follows_the_wounds_and_consequences_kept_on_the_same_sheet():
    lenoir = character(LENOIR)  # salud 12
    fresh = health.status(lenoir)
    assert fresh.can_act and fresh.conditions == () and health.status(lenoir) is fresh
    hurt = health.status(Character(LENOIR, lenoir.sheet, {"heridas": 3, "consecuencias": ["aturdido"]}))
    assert [key for key, _ in hurt.conditions] == ["wounded", "consequence"] and hurt.vitality == pytest.approx(0.75)
    down = health.status(Character(LENOIR, lenoir.sheet, {"heridas": 12}))
    assert not down.can_act and down.key == "down"
    assert health.status(lenoir) is fresh
