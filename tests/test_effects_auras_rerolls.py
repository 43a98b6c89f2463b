"""BONUS Y MALUS: the aura and reroll entries of the catalogue, each shown in play.

Every entry of ``data/effects/auras.yaml`` and ``data/effects/rerolls.yaml`` is a
case of the table below, with its rule in our words (section BONUS Y MALUS).  A case
plays a small scenario with scripted dice and looks at one roll of the
*subject*:

- ``IMP``: ``a`` shoots ``b`` (Ataque a distancia), ``a``'s CH IMP;
- ``IMP CaC``: ``a`` strikes ``b`` in base contact with a knife, ``a``'s CH IMP;
- ``DAÑ CaC``: the same blow, the DAÑ of ``a``'s hit (knife 2 + CON 4 − 4 = 2);
- ``DEF``: ``a`` hits ``b`` (CH IMP 2), ``b``'s CH DEF (DEF 3);
- ``PSI``: ``a`` hits ``b`` and ``b`` fails its CH DEF (9): ``b``'s CH PSI (heridas);
- ``VOL``: ``a`` crouches in ``b``'s sight and ``b`` reacts: ``b``'s CH VOL (reacción);
- ``AGI``: ``a`` (MOV 4) runs a 180°: its CH AGI (target 4 − 1, difícil);
- ``CON`` / ``INT``: ``a``'s plain CH CON or CH INT, rolled as the engine rolls
  every check (``checks.roll``): no action of the list rolls them on their own yet.

An aura's bearer ``c`` stands beside the subject, on its side (``ally``) or the
other (``enemy``), with ``gap`` K between the bases: each aura has a case just
inside its range and one just outside.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from importlib import resources
from typing import Any

import pytest
import yaml

from wartime.engine import Action, GameState
from wartime.engine.core.checks import roll
from wartime.engine.core.events import Event
from wartime.engine.core.profiles import Trait
from wartime.geometry.distance import edge_distance
from wartime.rules.catalog import Mechanism, load_catalog

from .engine_support import do, profile, scenario, started

SUBJECT = {
    **dict.fromkeys(("IMP", "IMP CaC", "DAÑ CaC", "AGI", "CON", "INT"), "a"),
    **dict.fromkeys(("DEF", "PSI", "VOL"), "b"),
}
PURPOSE = {
    "IMP": "CH IMP",
    "IMP CaC": "CH IMP",
    "AGI": "CH AGI",
    "CON": "CH CON",
    "INT": "CH INT",
    "DEF": "CH DEF",
    "PSI": "CH PSI (heridas)",
    "VOL": "CH VOL (reacción)",
}
# Dice rolled before the subject's own: a CH IMP that hits, then a CH DEF that fails.
BEFORE = {"DEF": (2,), "PSI": (2, 9)}
PAD = (5,) * 8  # whatever comes after the roll under test


@dataclass(frozen=True)
class Case:
    entry: str
    rule: str  # the entry's rule, in our words (BONUS Y MALUS)
    kind: str  # which roll of the subject (see the module docstring)
    dice: tuple[int, ...]  # the subject's dice
    expect: dict[str, Any] = field(default_factory=dict)
    aura: tuple[str, float] | None = None  # (the bearer's side: ally/enemy, gap in K)


def inside_outside(
    entry: str, rule: str, kind: str, side: str, within: float, dice: tuple[int, ...],
    inside: dict[str, Any], outside: dict[str, Any],
) -> list[Any]:  # fmt: skip
    """An aura's two cases: its bearer 0.1 K inside its range, and 0.1 K outside."""
    return [
        pytest.param(
            Case(entry, rule, kind, dice, inside, (side, within - 0.1)), id=f"{entry}-{kind}-inside"
        ),
        pytest.param(
            Case(entry, rule, kind, dice, outside, (side, within + 0.1)),
            id=f"{entry}-{kind}-outside",
        ),
    ]


def aura_modifier(
    entry: str, rule: str, kind: str, side: str, value: int, within: float = 5.0
) -> list[Any]:
    label = f"{entry} (c)"
    inside, outside = {"modifier": [label, value]}, {"no_modifier": label}
    return inside_outside(entry, rule, kind, side, within, (5,), inside, outside)


def aura_reroll(entry: str, rule: str, kind: str) -> list[Any]:
    """A failed 8 is rolled again (a 2) inside the range; outside, the 8 stands."""
    inside = {"rerolled": 8, "roll": 2, "outcome": "pass"}
    outside = {"rerolled": None, "roll": 8, "outcome": "fail"}
    return inside_outside(entry, rule, kind, "ally", 5.0, (8, 2), inside, outside)


def near(entry: str, rule: str, kind: str, side: str, dice: tuple[int, ...], **expect: Any) -> Any:
    """One more case of an aura, its bearer 2 K away on the ``side`` named (ally/enemy)."""
    return pytest.param(
        Case(entry, rule, kind, dice, expect, (side, 2.0)), id=f"{entry}-{kind}-{side} at 2 K"
    )


def own(entry: str, rule: str, kind: str, dice: tuple[int, ...], note: str, **expect: Any) -> Any:
    return pytest.param(Case(entry, rule, kind, dice, expect), id=f"{entry}-{note}")


# Each aura: its bearer just inside and just outside its range, and where it matters, a
# case that shows its condition (CaC or not) or the side it reaches.
AURAS = [
    # Anulador ...: 2 K; the attribute (4) counts half: the check takes -2.
    *aura_modifier("Anulador de agilidad", "Foes within 2 K: AGI /2.", "AGI", "enemy", -2,
                   within=2),
    near("Anulador de agilidad", "Foes within 2 K: AGI /2.", "IMP", "enemy", (5,),
         modifier=["Anulador de agilidad (c)", -2]),
    near("Anulador de agilidad", "Foes within 2 K: AGI /2.", "IMP", "ally", (5,),
         no_modifier="Anulador de agilidad (c)"),
    *aura_modifier("Anulador de inteligencia", "Foes within 2 K: INT /2.", "INT", "enemy", -2,
                   within=2),
    *aura_modifier("Anulador de voluntad", "Foes within 2 K: VOL /2.", "VOL", "enemy", -2,
                   within=2),
    near("Anulador de voluntad", "Foes within 2 K: VOL /2.", "PSI", "enemy", (5,),
         modifier=["Anulador de voluntad (c)", -2]),
    *aura_modifier("Anulador físico", "Foes within 2 K: CON /2.", "CON", "enemy", -2, within=2),
    *aura_reroll("Aura blindada", "Allies within 5 K reroll a failed CH DEF.", "DEF"),
    *aura_reroll("Aura de acero", "Allies within 5 K reroll a failed CH CON.", "CON"),
    *aura_reroll("Aura de obstinación", "Allies within 5 K reroll a failed CH VOL.", "VOL"),
    # PSICOLOGÍA: a CH PSI is a CH VOL.
    near("Aura de obstinación", "Allies within 5 K reroll a failed CH VOL.", "PSI", "ally", (8, 2),
         rerolled=8, roll=2, outcome="pass"),
    *aura_reroll("Aura de sabiduría", "Allies within 5 K reroll a failed CH INT.", "INT"),
    *aura_reroll("Aura de talento", "Allies within 5 K reroll a failed CH AGI.", "AGI"),
    *aura_modifier("Estandarte", "Allies within 10 K: CH VOL +1.", "VOL", "ally", 1, within=10),
    near("Estandarte", "Allies within 10 K: CH VOL +1.", "PSI", "ally", (5,),
         modifier=["Estandarte (c)", 1]),
    *aura_modifier("Grito de fuego", "Allies within 5 K: CH IMP +1 when shooting.", "IMP",
                   "ally", 1),
    near("Grito de fuego", "Allies within 5 K: CH IMP +1 when shooting.", "IMP CaC", "ally",
         (5,), no_modifier="Grito de fuego (c)"),
    *aura_reroll("Grito de guerra", "Allies within 5 K reroll a failed CH IMP.", "IMP"),
    *inside_outside("Grito de hielo", "Foes within 5 K: DAÑ -1 in CaC.", "DAÑ CaC", "enemy", 5.0,
                    (2, 9), inside={"damage": 1}, outside={"damage": 2}),
    near("Grito de hielo", "Foes within 5 K: DAÑ -1 in CaC.", "DAÑ CaC", "ally", (2, 9), damage=2),
    *inside_outside("Grito de muerte", "Allies within 5 K that did not charge: DAÑ +1 in CaC.",
                    "DAÑ CaC", "ally", 5.0, (2, 9), inside={"damage": 3}, outside={"damage": 2}),
    *aura_modifier("Grito de odio", "Allies within 5 K: CH IMP +1 in CaC.", "IMP CaC", "ally", 1),
    near("Grito de odio", "Allies within 5 K: CH IMP +1 in CaC.", "IMP", "ally", (5,),
         no_modifier="Grito de odio (c)"),
    *aura_modifier("Hálito de debilidad", "Foes within 5 K: CH CON -1.", "CON", "enemy", -1),
    *aura_modifier("Hálito de entumecimiento", "Foes within 5 K: CH AGI -1.", "AGI", "enemy", -1),
    # COMBATE: a CH IMP is a CH AGI.
    near("Hálito de entumecimiento", "Foes within 5 K: CH AGI -1.", "IMP", "enemy", (5,),
         modifier=["Hálito de entumecimiento (c)", -1]),
    *aura_modifier("Hálito de imbecilidad", "Foes within 5 K: CH INT -1.", "INT", "enemy", -1),
    *aura_modifier("Hálito de miedo", "Foes within 5 K: CH VOL -1.", "VOL", "enemy", -1),
    near("Hálito de miedo", "Foes within 5 K: CH VOL -1.", "PSI", "enemy", (5,),
         modifier=["Hálito de miedo (c)", -1]),
    *aura_modifier("Hálito de podredumbre", "Foes within 5 K: CH DEF -1.", "DEF", "enemy", -1),
    near("Hálito de podredumbre", "Foes within 5 K: CH DEF -1.", "DEF", "ally", (5,),
         no_modifier="Hálito de podredumbre (c)"),
    *aura_modifier("Presencia de claridad", "Allies within 5 K: CH INT +1.", "INT", "ally", 1),
    *aura_modifier("Presencia de destreza", "Allies within 5 K: CH AGI +1.", "AGI", "ally", 1),
    *aura_modifier("Presencia de fuerza", "Allies within 5 K: CH CON +1.", "CON", "ally", 1),
    *aura_modifier("Presencia de honor", "Allies within 5 K: CH VOL +1.", "VOL", "ally", 1),
    *aura_modifier("Presencia de protección", "Allies within 5 K: CH DEF +1.", "DEF", "ally", 1),
    near("Presencia de protección", "Allies within 5 K: CH DEF +1.", "DEF", "enemy", (5,),
         no_modifier="Presencia de protección (c)"),
]  # fmt: skip

REROLLS = [
    own("Control del CHI", "Once per activation, rerolls a failed check.", "CON", (8, 2),
        "CH CON", rerolled=8, roll=2, outcome="pass"),
    own("Control del CHI", "Once per activation, rerolls a failed check.", "DEF", (8, 2),
        "CH DEF", rerolled=8, roll=2, outcome="pass"),
    own("De precisión", "Rerolls a failed CH IMP unless it was a fumble.", "IMP", (8, 2),
        "a failure", rerolled=8, roll=2, outcome="pass"),
    own("De precisión", "Rerolls a failed CH IMP unless it was a fumble.", "IMP", (10, 2),
        "a fumble stands", rerolled=None, roll=10, outcome="fumble"),
    own("Entrenado para matar", "Rerolls a fumbled CH IMP.", "IMP", (10, 2), "a fumble",
        rerolled=10, roll=2, outcome="pass"),
    own("Entrenado para matar", "Rerolls a fumbled CH IMP.", "IMP", (8, 2), "a failure stands",
        rerolled=None, roll=8, outcome="fail"),
    own("Arma de francotirador", "A 1 or 2 on CH IMP is critical.", "IMP", (2,), "2 is critical",
        outcome="critical"),
    own("Arma de francotirador", "A 1 or 2 on CH IMP is critical.", "DEF", (2,), "only on CH IMP",
        outcome="pass"),
    own("Dios de la roca", "Any CH CON is a critical.", "CON", (9,), "9", outcome="critical"),
    own("Dios del acero", "Any CH DEF is a critical.", "DEF", (9,), "9", outcome="critical"),
    own("Dios del agua", "Any CH INT is a critical.", "INT", (10,), "10", outcome="critical"),
    own("Dios del fuego", "Any CH VOL is a critical.", "VOL", (9,), "9", outcome="critical"),
    own("Dios del viento", "Any CH AGI is a critical.", "AGI", (8,), "8", outcome="critical"),
    own("Élite bestia", "Rerolls a failed CH CON.", "CON", (8, 2), "reroll", rerolled=8, roll=2,
        outcome="pass"),
    own("Élite blindado", "Rerolls a failed CH DEF.", "DEF", (8, 2), "reroll", rerolled=8, roll=2,
        outcome="pass"),
    own("Élite combate", "Rerolls a failed CH AGI.", "AGI", (8, 2), "reroll", rerolled=8, roll=2,
        outcome="pass"),
    own("Élite erudito", "Rerolls a failed CH INT.", "INT", (8, 2), "reroll", rerolled=8, roll=2,
        outcome="pass"),
    own("Élite ultra", "Rerolls any failed CH ATR.", "PSI", (8, 2), "reroll CH PSI", rerolled=8,
        roll=2, outcome="pass"),
    own("Élite ultra", "Rerolls any failed CH ATR.", "CON", (8, 2), "reroll CH CON", rerolled=8,
        roll=2, outcome="pass"),
    own("Élite ultra", "Rerolls any failed CH ATR.", "DEF", (8, 2), "CH DEF is not CH ATR",
        rerolled=None, roll=8, outcome="fail"),
    own("Élite valiente", "Rerolls a failed CH VOL.", "VOL", (8, 2), "reroll", rerolled=8, roll=2,
        outcome="pass"),
    own("Élite valiente", "Rerolls a failed CH VOL.", "VOL", (2,), "a pass stands", rerolled=None,
        roll=2, outcome="pass"),
    own("Maestro guerrero", "Rerolls failed CaC CH IMP.", "IMP CaC", (8, 2), "in CaC", rerolled=8,
        roll=2, outcome="pass"),
    own("Maestro guerrero", "Rerolls failed CaC CH IMP.", "IMP", (8, 2), "not at range",
        rerolled=None, roll=8, outcome="fail"),
    own("Rey Dragón", "Never fails a CH VOL.", "VOL", (10,), "10", outcome="pass"),
    own("Rey Hechicero", "Never fails a CH INT.", "INT", (9,), "9", outcome="pass"),
    own("Rey Inmortal", "Never fails a CH DEF.", "DEF", (10,), "10", outcome="pass"),
    own("Rey Mono", "Never fails a CH AGI.", "AGI", (9,), "9", outcome="pass"),
    own("Rey Titán", "Never fails a CH CON.", "CON", (9,), "9", outcome="pass"),
    own("Sin dientes", "Never rolls a critical.", "IMP", (1,), "a 1 on CH IMP", outcome="pass"),
    own("Sin dientes", "Never rolls a critical.", "DEF", (1,), "a 1 on CH DEF", outcome="pass"),
    own("Sin suerte", "A 9 or a 10 is a fumble.", "IMP", (9,), "9", outcome="fumble"),
]  # fmt: skip


def play(case: Case) -> tuple[GameState, dict[str, Any], list[Event]]:
    """Set the scene, play the action and return the subject's roll under test."""
    melee = case.kind in ("IMP CaC", "DAÑ CaC")
    subject = SUBJECT[case.kind]
    at = {"a": (10.0, 10.0), "b": (11.0, 10.0) if melee else (21.0, 10.0)}
    units = [("a", "A", at["a"], 0.0), ("b", "B", at["b"], 180.0)]
    profiles = {"a": profile("a", mov=4.0 if case.kind == "AGI" else 1.0), "b": profile("b", con=9)}
    traits = (Trait(case.entry, 1, None),)
    if case.aura is None:
        profiles[subject] = replace(profiles[subject], traits=traits)
    else:
        side, gap = case.aura
        mine = "A" if subject == "a" else "B"
        bearer_side = mine if side == "ally" else ("B" if mine == "A" else "A")
        x, y = at[subject]
        units.append(("c", bearer_side, (x, y + 1.0 + gap), 90.0))  # bases 1 K wide
        profiles["c"] = replace(profile("c"), traits=traits)
    state = started(
        scenario(units, profiles=profiles), [*BEFORE.get(case.kind, ()), *case.dice, *PAD]
    )
    if case.aura is not None:
        me, bearer = state.figures[subject], state.figures["c"]
        gap = edge_distance(me.position, me.radius, bearer.position, bearer.radius)
        assert gap == pytest.approx(case.aura[1])
    figure = state.figures[subject]
    if case.kind in ("IMP", "DEF", "PSI"):
        events = do(state, Action("ataque_distancia", target="b"))
    elif melee:
        events = do(state, Action("ataque_cac", target="b", item="cuchillo"))
    elif case.kind == "VOL":
        state.apply(Action("agacharse"))
        events = state.apply(Action("react", "b"))
    elif case.kind == "AGI":
        events = do(state, Action("giro_180", point=(30, 10)))
    else:
        target = figure.profile.attribute(case.kind)
        events = [roll(state, figure, f"CH {case.kind}", target, [])[1]]
    if case.kind == "DAÑ CaC":
        return state, next(e.data for e in events if e.kind == "hit"), events
    found = [
        e.data
        for e in events
        if e.kind == "roll"
        and e.data["who"] == subject
        and e.data["purpose"].startswith(PURPOSE[case.kind])
    ]
    assert found, f"no {PURPOSE[case.kind]} of {subject} in {[e.text for e in events]}"
    return state, found[0], events


@pytest.mark.parametrize("case", AURAS + REROLLS)
def test_entry_in_play(case: Case) -> None:
    """BONUS Y MALUS: each automated aura and reroll entry, as its rule says."""
    _, data, _ = play(case)
    for key, wanted in case.expect.items():
        if key == "modifier":
            assert wanted in data["modifiers"], (case.rule, data)
        elif key == "no_modifier":
            assert all(label != wanted for label, _ in data["modifiers"]), (case.rule, data)
        else:
            assert data[key] == wanted, (case.rule, key, data)


def test_an_aura_does_not_reach_its_bearer() -> None:
    """Aura de acero: "aliados a 5K" are the others; the bearer's own CH CON is not rerolled."""
    _, data, _ = play(Case("Aura de acero", "", "CON", (8, 2)))
    assert data["rerolled"] is None and data["outcome"] == "fail"


def test_a_casualty_has_no_aura() -> None:
    """Presencia de fuerza, 1 K away: its CH CON +1 is gone once the bearer is a casualty."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0)]
    units.append(("c", "A", (10.0, 12.0), 90.0))
    profiles = {"c": replace(profile("c"), traits=(Trait("Presencia de fuerza", 1, None),))}
    state = started(scenario(units, profiles=profiles), [5, 5])
    _, event = roll(state, state.figures["a"], "CH CON", 4, [])
    assert event.data["modifiers"] == [["Presencia de fuerza (c)", 1]]
    state.figures["c"].wounds = state.figures["c"].profile.con
    _, event = roll(state, state.figures["a"], "CH CON", 4, [])
    assert event.data["modifiers"] == []


def _file(name: str) -> dict[str, Any]:
    text = resources.files("wartime.data").joinpath("effects", name).read_text(encoding="utf-8")
    loaded: dict[str, Any] = yaml.safe_load(text)
    return loaded


@pytest.mark.parametrize(
    ("name", "hook"), [("auras.yaml", Mechanism.AURA), ("rerolls.yaml", Mechanism.REROLL)]
)
def test_each_file_holds_entries_of_its_hook(name: str, hook: Mechanism) -> None:
    catalog = load_catalog()
    for entry in _file(name):
        found = catalog.find(entry)
        assert found is not None and found.mechanism is hook, entry


def test_every_encoded_entry_has_a_case_in_play() -> None:
    """Each has a case here, or its own test in tests/test_effects_checks_auras.py."""
    from .test_effects_checks_auras import ELSEWHERE

    encoded = set(_file("auras.yaml")) | set(_file("rerolls.yaml"))
    cases = {p.values[0].entry for p in AURAS + REROLLS}
    assert encoded == cases | ELSEWHERE


def test_every_aura_case_tries_both_sides_of_its_range() -> None:
    from .test_effects_checks_auras import ELSEWHERE

    for name in set(_file("auras.yaml")) - ELSEWHERE:
        gaps = [p.values[0].aura for p in AURAS if p.values[0].entry == name]
        within = _file("auras.yaml")[name][0]["within"]
        assert any(g is not None and g[1] < within for g in gaps), name
        assert any(g is not None and g[1] > within for g in gaps), name
