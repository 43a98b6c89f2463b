"""Roll events carry their check as data (issue 13): the log and the play screen read the
CH, the attribute, the roller, the base number, each modifier and the outcome from the
event's data, never from its Spanish text."""

from __future__ import annotations

from wartime.engine import Action
from wartime.engine.core.modifiers import checked
from wartime.engine.core.profiles import Weapon

from .engine_support import do, scenario, started

UNITS = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (20.0, 10.0), 180.0)]


def rolls(events: list) -> list[dict]:  # type: ignore[type-arg]
    return [e.data for e in events if e.kind == "roll"]


def test_a_shot_logs_its_ch_imp_and_the_targets_ch_def_as_data() -> None:
    """COMBATE: the CH IMP rolls on AGI for a physical weapon; the hit's CH DEF on DEF."""
    state = started(scenario(UNITS), faces=[3, 9])  # hit, then the CH DEF fails
    imp, defence = rolls(do(state, Action("ataque_distancia", target="b", item="fusil")))[:2]
    assert (imp["who"], imp["check"], imp["attribute"], imp["opposed"]) == (
        "a",
        "IMP",
        "AGI",
        False,
    )
    assert imp["target"] == imp["base"] + sum(v for _, v in imp["modifiers"])
    assert all(isinstance(n, str) and isinstance(v, int) for n, v in imp["modifiers"])
    assert (imp["roll"], imp["outcome"]) == (3, "pass")
    assert (defence["who"], defence["check"], defence["attribute"]) == ("b", "DEF", None)


def test_the_attribute_of_a_check_follows_its_kind_and_the_weapon() -> None:
    """METAHABILIDADES: a weapon with Invocación checks INT; CH PSI and CH LOC roll on VOL."""
    staff = Weapon("báculo", ene=3, dan=3, alc=10, cal=3, bonuses=("Invocación",))
    assert checked("CH IMP", staff) == ("IMP", "INT")
    assert checked("CH IMP") == ("IMP", "AGI")
    assert checked("CH PSI (herida)") == ("PSI", "VOL")
    assert checked("2º CH DEF") == ("DEF", None)
    assert checked("CH VOL ENF") == ("VOL", "VOL")
    assert checked("Iniciativa") == (None, None)
