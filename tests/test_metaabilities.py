"""Using a metaability: the action Usar (wartime/engine/actions/metaabilities.py).

Each test cites METAHABILIDADES (Usar una metahabilidad, the durations, Mantener,
Pifias) or the action Usar of ACCIONES GENÉRICAS.  ScriptedDice force every die, in
the order the action rolls them; a starts its first activation with ENE 8.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
import yaml

from wartime.engine import Action, GameState, PendingKind
from wartime.engine.core.modifiers import Context, check_modifiers
from wartime.engine.core.profiles import Metaability, Profile, Trait, profile_from_army
from wartime.formats.army import parse_army
from wartime.formats.document import Document

from .engine_support import START_ENE, do, profile, refused, rolls, scenario, started, users_of

# A bunkai (CH AGI) that gives Refuerzo (CH DEF +1) for 2 ENE, up to 6 K away.
SHIELD = Metaability("escudo", ene=2, alc=6, cal=5, attribute="AGI", grants=(Trait("Refuerzo"),))


def caster(name: str, *abilities: Metaability, **kw: Any) -> Profile:
    """A character that may use ``abilities`` (by default SHIELD, a bunkai: Cinético)."""
    abilities = abilities or (SHIELD,)
    return dataclasses.replace(
        profile(name, **kw), metaabilities=abilities, traits=users_of(*abilities)
    )


def game(
    faces: list[int], a: Profile | None = None, b_at: tuple[float, float] = (14.0, 10.0)
) -> GameState:
    """a (A, facing +x) casts; c is its ally beside it; b (B) faces it 3 K away."""
    units = [
        ("a", "A", (10.0, 10.0), 0.0),
        ("c", "A", (12.0, 12.0), 0.0),
        ("b", "B", b_at, 180.0),
        ("z", "B", (35.0, 28.0), 90.0),
    ]
    return started(scenario(units, profiles={"a": a or caster("a")}), faces)


def defence(state: GameState, figure_id: str) -> list[tuple[str, int]]:
    return check_modifiers(state, state.figures[figure_id], "CH DEF", Context(None, melee=False))


def test_usar_checks_the_kinds_attribute_and_grants_the_entries() -> None:
    """Usar una metahabilidad: a CH of the kind's attribute (bunkai: AGI); the ENE is the
    archetype's; the target carries its entries (Refuerzo: CH DEF +1)."""
    state = game([3])
    assert defence(state, "c") == []
    events = do(state, Action("usar", target="c", item="escudo"))
    (check,) = rolls(events, "CH AGI (escudo)")
    assert check["target"] == 4
    assert state.figures["a"].ene == START_ENE - 2
    assert defence(state, "c") == [("Refuerzo", 1)]
    assert defence(state, "a") == []


def test_a_failed_check_spends_the_ene_and_grants_nothing() -> None:
    state = game([7])
    do(state, Action("usar", target="c", item="escudo"))
    assert state.figures["a"].ene == START_ENE - 2 and state.figures["c"].granted == []


def test_a_fumble_gives_stress_unless_a_psi_check_passes() -> None:
    """Pifias con metahabilidades: +1 estrés, avoidable with a CH PSI."""
    state = game([10, 9])  # fumble; CH PSI 9 > VOL 4 fails
    do(state, Action("usar", item="escudo"))
    assert state.figures["a"].stress == 1
    state = game([10, 2])  # fumble; CH PSI passes
    do(state, Action("usar", item="escudo"))
    assert state.figures["a"].stress == 0


def test_on_oneself_it_lasts_until_the_next_activation_starts() -> None:
    """METAHABILIDADES, on oneself: it ends when its next activation begins."""
    state = game([3])
    do(state, Action("usar", item="escudo"))
    assert defence(state, "a") == [("Refuerzo", 1)]
    do(state, Action("end"))  # B's turn: still shielded
    assert defence(state, "a") == [("Refuerzo", 1)]
    _next_turn(state)
    events = do(state, Action("activate", "a"))
    assert [e for e in events if e.kind == "metaability_ends"]
    assert defence(state, "a") == []


def test_on_an_ally_it_lasts_to_the_end_of_the_allys_next_activation() -> None:
    """METAHABILIDADES, on an ally: it ends with the ally's next activation."""
    state = game([3])
    do(state, Action("usar", target="c", item="escudo"))
    do(state, Action("end"))
    do(state, Action("activate", "b"))
    do(state, Action("end"))
    do(state, Action("activate", "c"))
    assert defence(state, "c") == [("Refuerzo", 1)]  # through its own activation
    do(state, Action("end"))
    assert defence(state, "c") == []


def test_on_an_enemy_it_also_needs_a_won_vol_contest() -> None:
    """Sobre un Pj enemigo: a CH VOL ENF extra (DESIGN §7: lowest passing die wins)."""
    state = game([3, 2, 6])  # CH AGI 3; CH VOL ENF: a 2, b 6 (fails)
    events = do(state, Action("usar", target="b", item="escudo"))
    assert rolls(events, "CH VOL ENF")
    assert defence(state, "b") == [("Refuerzo", 1)]
    state = game([3, 5, 2])  # b's lower passing die wins: it resists
    events = do(state, Action("usar", target="b", item="escudo"))
    assert [e for e in events if e.kind == "resisted"] and state.figures["b"].granted == []


def test_maintaining_it_the_next_turn_needs_only_the_ene() -> None:
    """Mantener una metahabilidad: the turn after a success, no CH ATR, only the ENE."""
    state = game([3])
    do(state, Action("usar", item="escudo"))
    do(state, Action("end"))
    _next_turn(state)
    do(state, Action("activate", "a"))
    events = do(state, Action("usar", item="escudo"))
    assert not rolls(events, "CH AGI (escudo)")
    assert [e for e in events if e.kind == "maintain"]
    assert defence(state, "a") == [("Refuerzo", 1)]


def test_usar_refusals_explain_themselves_and_change_nothing() -> None:
    state = game([3])
    refused(state, Action("usar", item="granada"), "'granada' is not a metaability or object of a")
    far = game([3], b_at=(20.0, 10.0))
    refused(far, Action("usar", target="b", item="escudo"), "escudo reaches ALC 6 K")
    behind = game([3], b_at=(6.0, 10.0))
    refused(behind, Action("usar", target="b", item="escudo"), "not in a's CdV")
    blank = Metaability("vacía", ene=1, alc=0, cal=1, attribute=None)
    state = game([3], a=caster("a", blank))
    refused(state, Action("usar", item="vacía"), "no kind entry")
    state = game([3])
    state.figures["a"].ene = 1
    refused(state, Action("usar", item="escudo"), "Not enough ENE: Usar escudo costs 2")


def test_an_army_metaability_grants_its_entries_only_while_it_works() -> None:
    """The archetype's entries are the target's only while the metaability lasts; the kind
    entry (Atadura) stays with the caster and names its CH VOL."""
    army = parse_army(Document("test.yaml", yaml.safe_load(_ARMY))).army
    sheet = profile_from_army(army, "bruja")
    assert [t.name for t in sheet.traits] == ["Atadura"]
    (ability,) = sheet.metaabilities
    assert (ability.id, ability.ene, ability.alc, ability.attribute) == ("maldicion", 3, 8, "VOL")
    assert [t.name for t in ability.grants] == ["Refuerzo"]


def _next_turn(state: GameState) -> None:
    """Everyone left acts and ends; the new turn's initiative goes to A (9 against 1)."""
    while state.pending.kind is PendingKind.ACTIVATE:
        do(state, Action("activate", state.legal_actions()[0].figure))
        do(state, Action("end"))
    assert state.pending.kind is PendingKind.INITIATIVE
    state.dice.faces[:0] = [9, 1]
    do(state, Action("initiative", "a"))
    do(state, Action("initiative", "b"))


_ARMY = """
wartime_army: 1
archetypes:
  - {id: humano, kind: race, CON: 4, AGI: 4, INT: 4, VOL: 5}
  - {id: maldicion, kind: metaability, ENE: 3, ALC: 8, CAL: 4, bonus: [Atadura, Refuerzo]}
characters:
  - {id: bruja, race: humano, metaabilities: [maldicion]}
lists:
  - {id: l, limit: 100, characters: [bruja]}
"""


def test_legal_actions_offer_each_metaability_on_every_reachable_figure() -> None:
    """Usar is a discrete choice: on itself, and on each figure in the CdV within ALC K."""
    state = game([5] * 9)  # the trial of each choice rolls its dice (on a copy)
    uses = {(a.target, a.item) for a in state.legal_actions() if a.kind == "usar"}
    assert uses == {(None, "escudo"), ("c", "escudo"), ("b", "escudo")}  # z is 26 K away
    state = game([5] * 9, b_at=(6.0, 10.0))  # b behind a: out of the CdV
    uses = {(a.target, a.item) for a in state.legal_actions() if a.kind == "usar"}
    assert uses == {(None, "escudo"), ("c", "escudo")}
    assert all(state.check(a) is None for a in state.legal_actions())


@pytest.mark.parametrize(
    ("attribute", "needed"), [("INT", "Neuromante"), ("CON", "Metamorfo"), ("AGI", "Cinético")]
)
def test_only_a_neuromante_invokes_a_metamorfo_mutates_a_cinetico_strikes(
    attribute: str, needed: str
) -> None:
    """BONUS Y MALUS, Neuromante, Metamorfo, Cinético: an invocación (CH INT), a mutación
    (CH CON) or a bunkai (CH AGI) is used only by a character carrying its entry; anyone
    casts an atadura (CH VOL)."""
    kind = Metaability("arte", ene=2, alc=6, cal=5, attribute=attribute)
    bare = dataclasses.replace(profile("a"), metaabilities=(kind,))
    refused(game([3], a=bare), Action("usar", item="arte"), f"Only a character with {needed}")
    able = dataclasses.replace(bare, traits=(Trait(needed),))
    do(game([3], a=able), Action("usar", item="arte"))
    binding = Metaability("lazo", ene=2, alc=6, cal=5, attribute="VOL")
    do(
        game([3], a=dataclasses.replace(profile("a"), metaabilities=(binding,))),
        Action("usar", item="lazo"),
    )
