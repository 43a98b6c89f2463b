"""BONUS Y MALUS on the CH DEF against a hit, and on the wounds it lets through.

One table plays the fusil's shot (DAÑ 4, CaC where the entry needs it) at b (CON 9)
with scripted dice, and checks b's CH DEF rolls, in order, and its wounds.  The
entries that need more than one shot (cover, an area, a kill, Curar, Embestir, a
1D100) have their own tests below.  Our readings of unclear entries are in
docs/rules-interpretations.md.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from wartime.board.battlefield import Wall
from wartime.engine import Action, GameState
from wartime.engine.core.events import Event
from wartime.engine.core.profiles import Trait, Weapon

from . import engine_support as support
from .test_effects_damage import fight

# The CH DEF entries of this file (the ones in damage.yaml not of test_effects_damage).
DEFENCE_ENTRIES = frozenset(
    {
        "7 vidas", "Otra oportunidad", "Salvaguarda", "Entrenado para vivir",
        "Proveedor pirata", "Munición excepcional", "Munición vida o muerte",
        "Munición perforante", "Munición ultraperforante", "Munición buscadora",
        "Larga vida", "Gran bestia", "Munición corrosiva", "Afortunado", "Sin daño",
        "De Padrón", "Munición explosiva", "Devora almas", "Sin cura", "Ariete",
        "Escudo coriáceo", "Sanguinario", "Afilada", "Munición aliento de dragón",
    }
)  # fmt: skip


@dataclass(frozen=True)
class Case:
    """The entry of ``rule`` on ``bearer`` ("a" shoots, "b" is hit); a's is on its fusil."""

    rule: str  # "BONUS Y MALUS, <entry>: what it does, in our words"
    bearer: str
    faces: tuple[int, ...]  # the dice after initiative: CH IMP, b's dice, b's CH PSI
    rolls: tuple[str, ...]  # b's CH DEF rolls, by purpose, in order
    wounds: int  # b's wounds after the shot
    b_def: int = 3
    b_has: tuple[str, ...] = ()  # more entries of b's

    @property
    def entry(self) -> str:
        return self.rule.split(", ", 1)[1].split(":", 1)[0]


SIETE = "BONUS Y MALUS, 7 vidas: a failed CH DEF is tried again with DEF -1."
OTRA = "BONUS Y MALUS, Otra oportunidad: a failed CH DEF is tried again with half the DEF."
SALVA = "BONUS Y MALUS, Salvaguarda: a failed CH DEF is tried again with DEF 5."
ENTRENADO = "BONUS Y MALUS, Entrenado para vivir: a fumbled CH DEF is rolled again."
PIRATA = "BONUS Y MALUS, Proveedor pirata: a passed CH DEF must be rolled again."
EXCEPCIONAL = "BONUS Y MALUS, Munición excepcional: a plainly passed CH DEF is rolled again."
VIDA_MUERTE = "BONUS Y MALUS, Munición vida o muerte: the target repeats no CH DEF."
PERFORANTE = "BONUS Y MALUS, Munición perforante: the target's DEF -2."
ULTRA = "BONUS Y MALUS, Munición ultraperforante: on a critical CH IMP, the target's DEF -5."
LARGA = "BONUS Y MALUS, Larga vida: a passed CH DEF takes no wounds."
BESTIA = "BONUS Y MALUS, Gran bestia: a hit wounds only with DAÑ above half the CON."
CORROSIVA = "BONUS Y MALUS, Munición corrosiva: a passed CH DEF still costs 1 wound."
AFORTUNADO = "BONUS Y MALUS, Afortunado: a 1 on 1D10 when hit, and the DAÑ is ignored."
SIN_DANO = "BONUS Y MALUS, Sin daño: the weapon's hits wound nobody."
EXPLOSIVA = "BONUS Y MALUS, Munición explosiva: each hit is defended twice."
CORIACEO = "BONUS Y MALUS, Escudo coriáceo: each level takes a wound, and is lost."

# The purposes of b's CH DEF rolls.
DEF = "CH DEF"
X7, XOTRA, XSALVA = (f"CH DEF extra ({n})" for n in ("7 vidas", "Otra oportunidad", "Salvaguarda"))
R_PIRATA = "CH DEF repetida (Proveedor pirata)"
R_EXCEPCIONAL = "CH DEF repetida (Munición excepcional (a))"

CASES = [
    # Fusil DAÑ 4 at b's DEF 3: failed, 4 wounds; passed, 1.
    Case(SIETE, "b", (3, 9, 2, 4), (DEF, X7), 2),
    Case(SIETE, "b", (3, 9, 3, 4), (DEF, X7), 4),
    Case(SIETE, "b", (3, 2, 4), (DEF,), 1),
    # Half of DEF 3 is 1.5, rounded up to 2.
    Case(OTRA, "b", (3, 9, 2, 4), (DEF, XOTRA), 2),
    Case(OTRA, "b", (3, 9, 3, 4), (DEF, XOTRA), 4),
    # DEF 5 passes with a 5 and lets no wound through (DAÑ 4 − 5).
    Case(SALVA, "b", (3, 9, 5), (DEF, XSALVA), 0),
    # Several: the highest DEF first, then by name.
    Case(
        SALVA,
        "b",
        (3, 9, 6, 5, 9, 4),
        (DEF, XSALVA, X7, XOTRA),
        4,
        b_has=("7 vidas", "Otra oportunidad"),
    ),
    # A fumble is DAÑ +1 (5 wounds); rolled again (in the same roll), a pass lets 1 through.
    Case(ENTRENADO, "b", (3, 10, 2, 4), (DEF,), 1),
    Case(ENTRENADO, "b", (3, 9, 4), (DEF,), 4),
    # Passed, then failed on the forced repeat; a critical is repeated too.
    Case(PIRATA, "b", (3, 2, 9, 4), (DEF, R_PIRATA), 4),
    Case(PIRATA, "b", (3, 1, 2, 4), (DEF, R_PIRATA), 1),
    Case(PIRATA, "b", (3, 9, 4), (DEF,), 4),
    Case(EXCEPCIONAL, "a", (3, 2, 9, 4), (DEF, R_EXCEPCIONAL), 4),
    # A critical CH DEF stands: no wounds, no CH PSI.
    Case(EXCEPCIONAL, "a", (3, 1), (DEF,), 0),
    # The target's own repeats are barred: 7 vidas, Entrenado para vivir, Élite blindado.
    Case(VIDA_MUERTE, "a", (3, 9, 4), (DEF,), 4, b_has=("7 vidas",)),
    Case(VIDA_MUERTE, "a", (3, 10, 4), (DEF,), 5, b_has=("Entrenado para vivir",)),
    Case(VIDA_MUERTE, "a", (3, 9, 4), (DEF,), 4, b_has=("Élite blindado",)),
    # DEF 5 − 2 = 3: a 3 passes and lets 4 − 3 = 1 through.
    Case(PERFORANTE, "a", (3, 3, 4), (DEF,), 1, b_def=5),
    Case(PERFORANTE, "a", (3, 4, 4), (DEF,), 4, b_def=5),
    # DEF 5 − 5 = 0: the critical's DAÑ 5 gets through whole; no critical, DEF 5 holds.
    Case(ULTRA, "a", (1, 4, 4), (DEF,), 5, b_def=5),
    Case(ULTRA, "a", (3, 4), (DEF,), 0, b_def=5),
    Case(LARGA, "b", (3, 2), (DEF,), 0),
    Case(LARGA, "b", (3, 9, 4), (DEF,), 4),
    # CON 9: DAÑ 4 does nothing; a critical's DAÑ 5, or a fumbled CH DEF's +1, does.
    Case(BESTIA, "b", (3, 9), (DEF,), 0),
    Case(BESTIA, "b", (1, 9, 4), (DEF,), 5),
    Case(BESTIA, "b", (3, 10, 4), (DEF,), 5),
    # DEF 5 stops DAÑ 4, but not the corrosion; a critical CH DEF does.
    Case(CORROSIVA, "a", (3, 2, 4), (DEF,), 1, b_def=5),
    Case(CORROSIVA, "a", (3, 1), (DEF,), 0, b_def=5),
    Case(CORROSIVA, "a", (3, 9, 4), (DEF,), 4),
    # The 1D10 comes before the CH DEF: a 1, and there is none.
    Case(AFORTUNADO, "b", (3, 1), (), 0),
    Case(AFORTUNADO, "b", (3, 2, 9, 4), (DEF,), 4),
    Case(SIN_DANO, "a", (3,), (), 0),
    # Two CH DEF, each with its wounds and its CH PSI: 4 + 1.
    Case(EXPLOSIVA, "a", (3, 9, 4, 2, 4), (DEF, DEF), 5),
    Case(CORIACEO, "b", (3, 9, 4), (DEF,), 3),
]


def _case_id(case: Case) -> str:
    return f"{case.entry}-{'-'.join(map(str, case.faces))}-{'-'.join(case.b_has)}"


def shot(
    faces: Iterable[int], a_traits: tuple[Trait, ...] = (), b_traits: tuple[Trait, ...] = (),
    b_def: int = 3,
) -> tuple[GameState, list[Event]]:  # fmt: skip
    """a shoots b (CON 9, DEF ``b_def``) with the fusil, 10 K away."""
    a = replace(support.profile("a"), traits=a_traits)
    b = replace(support.profile("b", con=9, defense=b_def), traits=b_traits)
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0)]
    state = support.started(support.scenario(units, profiles={"a": a, "b": b}), faces=faces)
    return state, support.do(state, Action("ataque_distancia", target="b", item="fusil"))


def defences(events: list[Event], who: str = "b") -> list[str]:
    """The purposes of ``who``'s CH DEF rolls, in order."""
    return [
        e.data["purpose"]
        for e in events
        if e.kind == "roll" and e.data["who"] == who and "CH DEF" in e.data["purpose"]
    ]


@pytest.mark.parametrize("case", [pytest.param(c, id=_case_id(c)) for c in CASES])
def test_defence_entries_in_play(case: Case) -> None:
    mine = (Trait(case.entry, 1, "fusil" if case.bearer == "a" else None),)
    more = tuple(Trait(n) for n in case.b_has)
    a_traits, b_traits = (mine, more) if case.bearer == "a" else ((), mine + more)
    state, events = shot(case.faces, a_traits, b_traits, case.b_def)
    assert defences(events) == list(case.rolls), case.rule
    assert state.figures["b"].wounds == case.wounds, case.rule
    assert isinstance(state.dice, support.ScriptedDice) and not state.dice.faces  # every die used


def test_elite_blindado_rerolls_unless_the_ammunition_forbids_it() -> None:
    """Élite blindado repeats a failed CH DEF inside the roll; Munición vida o muerte bars it."""
    _, events = shot((3, 9, 2, 4), b_traits=(Trait("Élite blindado"),))
    assert [e.data["rerolled"] for e in events if e.data.get("purpose") == DEF] == [9]
    barred = (Trait("Munición vida o muerte", 1, "fusil"),)
    _, events = shot((3, 9, 4), barred, (Trait("Élite blindado"),))
    assert [e.data["rerolled"] for e in events if e.data.get("purpose") == DEF] == [None]
    assert any(e.kind == "no_repeat" for e in events)


def test_perforante_also_lowers_a_second_ch_def() -> None:
    """The striker's DEF -2 reaches every DEF of the target: Salvaguarda's 5 becomes 3."""
    perforante = (Trait("Munición perforante", 1, "fusil"),)
    _, events = shot((3, 9, 4, 4), perforante, (Trait("Salvaguarda"),))
    extra = next(e for e in events if e.data.get("purpose") == XSALVA)
    assert extra.data["target"] == 3 and extra.data["outcome"] == "fail"


def test_the_ammunition_counts_only_with_its_weapon() -> None:
    """A weapon's entry works only when that weapon strikes: the cuchillo has no perforante."""
    perforante = (Trait("Munición perforante", 1, "fusil"),)
    state, events = fight("melee", perforante)
    assert not any(e.kind == "defense" for e in events)
    assert state.figures["b"].wounds == 3


def test_munición_corrosiva_turns_a_fumbled_shot_into_a_wound() -> None:
    """Munición corrosiva: a fumbled CH IMP costs the shooter 1 wound with no CH DEF
    (instead of the DAÑ 1 hit it would defend against), and the weapon its wound."""
    state, events = shot((10, 4), (Trait("Munición corrosiva", 1, "fusil"),))
    assert defences(events, "a") == [] and state.figures["a"].wounds == 1
    assert state.figures["a"].weapon_wounds == {"fusil": 1}
    state, events = shot((10, 9, 4))  # without it: a CH DEF against DAÑ 1
    assert defences(events, "a") == [DEF] and state.figures["a"].wounds == 1


@pytest.mark.parametrize(("d100", "wounds"), [(50, 0), (51, 4)])
def test_de_padron_has_a_logged_even_chance_of_dealing_nothing(d100: int, wounds: int) -> None:
    """BONUS Y MALUS, De Padrón: a 1D100 of 50 or less, and the hit's DAÑ is 0 (no CH DEF)."""
    a = replace(support.profile("a"), traits=(Trait("De Padrón", 1, "fusil"),))
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0)]
    state = support.started(
        support.scenario(units, profiles={"a": a, "b": support.profile("b", con=9)})
    )
    state.dice = support.PercentDice([3, 9, 4][: 1 if wounds == 0 else 3], [d100])
    events = support.do(state, Action("ataque_distancia", target="b", item="fusil"))
    (chance,) = [e for e in events if e.data.get("die") == "1D100"]
    assert chance.data["roll"] == d100 and chance.data["who"] == "a"
    assert state.figures["b"].wounds == wounds
    assert defences(events) == ([] if wounds == 0 else [DEF])


def test_munición_buscadora_denies_the_cover_bonus() -> None:
    """BONUS Y MALUS, Munición buscadora: no CH DEF +2 for a target over 50% hidden."""
    wall = Wall(((19.5, 0), (19.5, 20)), 0.7, 3)  # hides b over half (test_engine)
    units = [("a", "A", (10, 10), 0), ("b", "B", (21, 10), 180)]
    for traits, faces, wounds in [((), [3, 4, 4], 1), (("Munición buscadora",), [3, 4, 4], 4)]:
        a = replace(support.profile("a"), traits=tuple(Trait(t, 1, "fusil") for t in traits))
        state = support.started(
            support.scenario(units, profiles={"a": a}, walls=(wall,)), faces=faces
        )
        events = support.do(state, Action("ataque_distancia", target="b", item="fusil"))
        (defence,) = [e.data for e in events if e.data.get("purpose") == DEF]
        assert defence["modifiers"] == ([] if traits else [["cobertura", 2]])
        assert state.figures["b"].wounds == wounds


def test_munición_buscadora_skips_the_cover_s_own_ch_def() -> None:
    """Behind total cover the cover checks its DEF first; the seeking round goes round it."""
    tall = Wall(((19.0, 5.0), (19.0, 15.0)), 2.0, 3)
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0)]
    units.append(("c", "A", (21.0, 16.0), 270.0))  # sees b past the end of the wall
    a = replace(support.profile("a"), traits=(Trait("Munición buscadora", 1, "fusil"),))
    state = support.started(
        support.scenario(units, profiles={"a": a, "b": support.profile("b", con=6)}, walls=(tall,)),
        [2, 9, 4],
    )
    events = support.do(state, Action("ataque_distancia_a_ciegas", target="b", item="fusil"))
    assert defences(events) == [DEF]  # no "Cobertura (CH DEF)"
    assert next(e for e in events if e.data.get("purpose") == DEF).data["modifiers"] == []
    assert state.figures["b"].wounds == support.RIFLE.dan


def test_an_area_weapon_brings_its_ammunition_to_each_figure_it_hits() -> None:
    """Munición perforante on a grenade: every figure under the template has DEF -2."""
    grenade = Weapon("granada", ene=3, dan=5, alc=20, cal=4, bonuses=("Área",), area="R3")
    a = replace(
        support.profile("a", weapons=(grenade,)),
        traits=(Trait("Munición perforante", 1, "granada"),),
    )
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (20.0, 10.0), 180.0)]
    state = support.started(
        support.scenario(units, profiles={"a": a, "b": support.profile("b", con=9)}), [3, 2, 4]
    )
    events = support.do(state, Action("ataque_distancia", target="b", item="granada"))
    (defence,) = [e.data for e in events if e.data.get("purpose") == DEF]
    assert defence["target"] == 1 and defence["outcome"] == "fail"
    assert state.figures["b"].wounds == grenade.dan


def test_an_unarmed_blow_keeps_its_cap_and_meets_the_target_s_entries() -> None:
    """Ataque CaC sin armas: at most 1 wound; Larga vida saves it on a passed CH DEF."""
    a = support.profile("a", con=7, weapons=())
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (13.5, 10.0), 180.0)]
    for traits, faces, wounds in [((), [4, 9, 5], 1), ((Trait("Larga vida"),), [4, 2], 0)]:
        b = replace(support.profile("b", con=9), traits=traits)
        state = support.started(support.scenario(units, profiles={"a": a, "b": b}), faces=faces)
        support.do(state, Action("cargar", target="b"))
        events = support.do(state, Action("ataque_cac_sin_armas", target="b"))
        assert state.figures["b"].wounds == wounds
        assert any(e.kind == "cap" for e in events) == (wounds == 1)


def brawl(
    a_traits: tuple[Trait, ...], faces: list[int], a_wounds: int = 1
) -> tuple[GameState, list[Event]]:
    """a (1 wound) charges b (CON 2) and stabs it: DAÑ 2 + 0 − 1 + 1 takes b out."""
    a = replace(support.profile("a"), traits=a_traits)
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (13.5, 10.0), 180.0)]
    state = support.started(
        support.scenario(units, profiles={"a": a, "b": support.profile("b", con=2)}), faces
    )
    state.figures["a"].wounds = a_wounds
    support.do(state, Action("cargar", target="b"))
    return state, support.do(state, Action("ataque_cac", target="b", item="cuchillo"))


def test_devora_almas_heals_a_wound_on_a_kill_in_cac() -> None:
    """BONUS Y MALUS, Devora almas: taking an enemy out in CaC heals the bearer 1 wound."""
    state, events = brawl((Trait("Devora almas"),), [4, 9])
    assert state.figures["b"].casualty and state.figures["a"].wounds == 0
    assert any(e.kind == "healed" for e in events)
    state, _ = brawl((Trait("Devora almas"),), [4, 9], a_wounds=0)
    assert state.figures["a"].wounds == 0  # nothing to heal
    state, _ = brawl((Trait("Devora almas"), Trait("Sin cura")), [4, 9])
    assert state.figures["b"].casualty and state.figures["a"].wounds == 1


def test_devora_almas_needs_a_kill_and_a_cac_blow() -> None:
    state, _ = brawl((Trait("Devora almas"),), [4, 2])  # DEF 3 passes: 2 − 3, no wound
    assert not state.figures["b"].casualty and state.figures["a"].wounds == 1
    a = replace(support.profile("a"), traits=(Trait("Devora almas"),))
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0)]
    state = support.started(
        support.scenario(units, profiles={"a": a, "b": support.profile("b", con=2)}), [3, 9]
    )
    state.figures["a"].wounds = 1
    support.do(state, Action("ataque_distancia", target="b", item="fusil"))
    assert state.figures["b"].casualty and state.figures["a"].wounds == 1  # a shot: no heal


def test_devora_almas_does_not_raise_a_striker_its_victim_blew_up() -> None:
    """Devora almas with Explota (our reading): the victim's blast takes the striker (3 of
    CON 4 wounds) out before the kill's heal, and a casualty does not feed. Healing it
    back once left a standing figure with no base on the movement table."""
    a = replace(support.profile("a"), traits=(Trait("Devora almas"),))
    b = replace(support.profile("b", con=2, mov=2.0), traits=(Trait("Explota"),))
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (13.5, 10.0), 180.0)]
    state = support.started(support.scenario(units, profiles={"a": a, "b": b}))
    state.dice = support.PercentDice([2, 9, 9] + [5] * 10, [10])  # hit, b fails, a fails
    state.figures["a"].wounds = 3
    support.do(state, Action("cargar", target="b"))
    events = support.do(state, Action("ataque_cac", target="b", item="cuchillo"))
    assert [e.kind for e in events if e.kind in ("explosion", "healed")] == ["explosion"]
    assert state.figures["b"].casualty and state.figures["a"].casualty
    assert not state.physics().holds("a")


def test_sin_cura_refuses_curar_but_a_knocked_out_bearer_still_wakes() -> None:
    """BONUS Y MALUS, Sin cura: its wounds never heal; tending a knocked-out ally is not
    healing, so it wakes up (and keeps its wounds)."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("c", "A", (11.0, 10.0), 0.0)]
    units.append(("b", "B", (21.0, 10.0), 180.0))
    c = replace(support.profile("c"), traits=(Trait("Sin cura"),))
    state = support.started(support.scenario(units, profiles={"c": c}), faces=[3])
    state.figures["c"].wounds = 2
    support.refused(state, Action("curar_reparar", target="c"), "c carries Sin cura")
    state.figures["c"].unconscious = True
    events = support.do(state, Action("curar_reparar", target="c"))
    assert "woken" in [e.kind for e in events] and state.figures["c"].wounds == 2


@pytest.mark.parametrize(("traits", "damage"), [((), 4), (("Ariete",), 5), (("Caballería",), 4)])
def test_ariete_adds_to_a_ram_above_the_con_cap(traits: tuple[str, ...], damage: int) -> None:
    """Embestir, Personaje: DAÑ = CON at most; Ariete's DAÑ +1 goes on top of it."""
    a = replace(support.profile("a"), traits=tuple(Trait(t) for t in traits))
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (13.0, 10.0), 180.0)]
    state = support.started(
        support.scenario(units, profiles={"a": a, "b": support.profile("b", con=9)}), [3, 9, 4]
    )
    events = support.do(state, Action("embestir", target="b"))
    assert next(e for e in events if e.kind == "hit").data["damage"] == damage
    assert state.figures["b"].wounds == damage


def test_ariete_is_only_for_embestir() -> None:
    _, events = fight("melee", (Trait("Ariete"),))
    assert next(e for e in events if e.kind == "hit").data["damage"] == support.KNIFE.dan + 1


def test_escudo_coriaceo_loses_its_levels_before_any_wound() -> None:
    """Level 2: the first shot's 4 wounds cost 2 levels and 2 wounds; the levels are gone
    for the next one.  The lost levels enter the state hash only once there are some."""
    a = support.profile("a")
    b = replace(support.profile("b", con=9), traits=(Trait("Escudo coriáceo", 2),))
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0)]
    state = support.started(
        support.scenario(units, profiles={"a": a, "b": b}), faces=[3, 9, 4, 3, 9, 4]
    )
    plain = state.figures["b"].snapshot()
    events = support.do(state, Action("ataque_distancia", target="b", item="fusil"))
    assert state.figures["b"].wounds == 2 and state.figures["b"].hide_lost == 2
    assert [e.data["levels"] for e in events if e.kind == "hide"] == [2]
    assert state.figures["b"].snapshot() != plain  # the lost levels are in the hash
    support.do(state, Action("ataque_distancia", target="b", item="fusil"))
    assert state.figures["b"].wounds == 6


def test_sanguinario_adds_to_the_cac_blows_after_it_wounds() -> None:
    """BONUS Y MALUS, Sanguinario: once it has wounded in CaC in an activation, its CaC
    blows gain DAÑ +1 until its next activation starts."""
    for traits, second in [
        ((), support.KNIFE.dan),
        ((Trait("Sanguinario"),), support.KNIFE.dan + 1),
    ]:
        a = replace(support.profile("a"), traits=traits)
        units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (13.5, 10.0), 180.0)]
        faces = [4, 9, 4, 3, 9, 4]  # charge blow: IMP, DEF, PSI; the next one the same
        state = support.started(
            support.scenario(units, profiles={"a": a, "b": support.profile("b", con=9)}), faces
        )
        support.do(state, Action("cargar", target="b"))
        first = support.do(state, Action("ataque_cac", target="b", item="cuchillo"))
        assert next(e for e in first if e.kind == "hit").data["damage"] == support.KNIFE.dan + 1
        again = support.do(state, Action("ataque_cac", target="b", item="cuchillo"))
        assert next(e for e in again if e.kind == "hit").data["damage"] == second
        assert state.figures["a"].blooded == bool(traits)
        state.figures["a"].start_activation()
        assert not state.figures["a"].blooded


def test_contracarga_takes_the_whole_charge_bonus() -> None:
    """BONUS Y MALUS, Contracarga: no CH IMP +1 nor DAÑ +1 (nor Caballería's) for the blow
    after Cargar at the bearer, in Ataque CaC and in its variants alike."""
    a = replace(support.profile("a", con=6), traits=(Trait("Caballería"),))
    b = replace(support.profile("b", con=9), traits=(Trait("Contracarga"),))
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (13.5, 10.0), 180.0)]
    for action, damage in [("ataque_cac", support.KNIFE.dan + 2), ("ataque_cac_sin_armas", 2)]:
        state = support.started(support.scenario(units, profiles={"a": a, "b": b}), [3, 9, 5])
        support.do(state, Action("cargar", target="b"))
        item = "cuchillo" if action == "ataque_cac" else None
        events = support.do(state, Action(action, target="b", item=item))
        (imp,) = [e.data for e in events if e.data.get("purpose") == "CH IMP"]
        assert ["carga", 1] not in imp["modifiers"]
        assert any(e.kind == "charge_blunted" for e in events)
        assert next(e for e in events if e.kind == "hit").data["damage"] == damage
        assert not state.figures["a"].charging


def test_fuego_pesado_costs_three_more_ene() -> None:
    """BONUS Y MALUS, Fuego pesado: the fusil's ENE 3 becomes 6; the DAÑ 4, 7."""
    state, events = shot((3, 9, 4), (Trait("Fuego pesado", 1, "fusil"),))
    (paid,) = [e.data for e in events if e.kind == "ene"]
    assert (
        paid["cost"] == support.RIFLE.ene + 3
        and state.figures["a"].ene == 8 - support.RIFLE.ene - 3
    )
    assert state.figures["b"].wounds == support.RIFLE.dan + 3


def test_afilada_is_lost_with_a_fumble_in_cac() -> None:
    """Afilada on the cuchillo: a fumbled CH IMP with it (DAÑ 1 on a, DEF 3 holds with a 2,
    and the cuchillo takes a wound) takes its DAÑ +1 away: the next blow has DAÑ 2 − 1."""
    for traits, lost in [((), ()), ((Trait("Afilada", 1, "cuchillo"),), ("Afilada (cuchillo)",))]:
        a = replace(support.profile("a"), traits=traits)
        units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (13.5, 10.0), 180.0)]
        faces = [10, 2, 3, 9, 4]  # the fumble, a's CH DEF; then IMP, b's DEF, b's PSI
        state = support.started(
            support.scenario(units, profiles={"a": a, "b": support.profile("b", con=9)}), faces
        )
        support.do(state, Action("cargar", target="b"))
        support.do(state, Action("ataque_cac", target="b", item="cuchillo"))
        assert state.figures["a"].dulled == lost
        events = support.do(state, Action("ataque_cac", target="b", item="cuchillo"))
        assert next(e for e in events if e.kind == "hit").data["damage"] == support.KNIFE.dan - 1


ARMY = """\
wartime_army: 1
name: Dragones
archetypes:
  - {id: humano, kind: race, CON: 4, AGI: 4, INT: 4, VOL: 4}
  - id: escopeta
    kind: weapon
    ENE: 3
    DAÑ: 3
    ALC: 15
    CAL: 3
    bonus: [Munición aliento de dragón]
  - {id: pistola, kind: weapon, ENE: 2, DAÑ: 2, ALC: 10, CAL: 2}
characters:
  - {id: tirador, name: Tirador, race: humano, weapons: [escopeta, pistola]}
"""


def test_munición_aliento_de_dragón_halves_the_alc_and_takes_a_cal(tmp_path: Path) -> None:
    """BONUS Y MALUS, Munición aliento de dragón: ALC 15 → 8 (half, rounded up), CAL 3 → 2,
    and DAÑ +2 in play; the pistola without it keeps its numbers."""
    from wartime.engine.core.profiles import profile_from_army
    from wartime.formats.army import load_army

    (tmp_path / "army.yaml").write_text(ARMY, encoding="utf-8")
    sheet = profile_from_army(load_army(tmp_path / "army.yaml").army, "tirador")
    escopeta, pistola = sheet.weapon("escopeta"), sheet.weapon("pistola")
    assert escopeta is not None and (escopeta.alc, escopeta.cal, escopeta.dan) == (8, 2, 3)
    assert pistola is not None and (pistola.alc, pistola.cal) == (10, 2)
    a = replace(support.profile("a", weapons=(escopeta,)), traits=sheet.traits)
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (17.0, 10.0), 180.0)]
    state = support.started(
        support.scenario(units, profiles={"a": a, "b": support.profile("b", con=9)}), [3, 9, 4]
    )
    support.do(state, Action("ataque_distancia", target="b", item="escopeta"))
    assert state.figures["b"].wounds == 3 + 2
    far = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (20.0, 10.0), 180.0)]
    state = support.started(
        support.scenario(far, profiles={"a": a, "b": support.profile("b", con=9)})
    )
    support.refused(state, Action("ataque_distancia", target="b", item="escopeta"), "out of range")
