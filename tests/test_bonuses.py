"""BONUS Y MALUS: the hook mechanism that applies catalogue entries as data."""

from __future__ import annotations

import pytest

from wartime.engine import Action
from wartime.engine.core.modifiers import check_kinds, not_yet_automated
from wartime.engine.core.profiles import Trait
from wartime.errors import DataError
from wartime.rules.catalog import load_catalog
from wartime.rules.effects import PlayedBy, load_effects, validated

from .engine_support import RIFLE, do, profile, scenario, started


def traits(*names: str, weapon: str | None = None) -> tuple[Trait, ...]:
    return tuple(Trait(n, 1, weapon) for n in names)


def duel_with(a_traits=(), b_traits=(), a_weapons=(RIFLE,), **extra):  # type: ignore[no-untyped-def]
    base_a = profile("a", weapons=a_weapons)
    base_b = profile("b", con=9)
    from dataclasses import replace

    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0), *extra.get("more", [])]
    profiles = {"a": replace(base_a, traits=a_traits), "b": replace(base_b, traits=b_traits)}
    profiles.update(extra.get("profiles", {}))
    return scenario(units, profiles=profiles)


def imp_roll(events):  # type: ignore[no-untyped-def]
    return next(e.data for e in events if e.kind == "roll" and e.data["purpose"] == "CH IMP")


def test_check_kinds_follow_the_rulebook() -> None:
    """COMBATE: CH IMP is a CH AGI; PSICOLOGÍA: CH PSI and CH LOC are CH VOL."""
    assert check_kinds("CH IMP") == {"IMP", "AGI", "ATR"}
    assert check_kinds("CH PSI (heridas)") == {"PSI", "VOL", "ATR"}
    assert check_kinds("CH CON ENF") == {"CON", "ATR", "ENF"}
    assert check_kinds("CH DEF") == {"DEF"}


def test_own_modifier_applies_only_when_its_condition_holds() -> None:
    """Profesión arquero: CH IMP +1 attacking at range."""
    state = started(duel_with(traits("Profesión arquero")), faces=[3, 9, 4])
    events = do(state, Action("ataque_distancia", target="b"))
    assert ["Profesión arquero", 1] in imp_roll(events)["modifiers"]


def test_a_defender_trait_reaches_its_attackers() -> None:
    """Difícil de matar: enemies have CH IMP −1 against the bearer."""
    state = started(duel_with(b_traits=traits("Difícil de matar")), faces=[3, 9, 4])
    events = do(state, Action("ataque_distancia", target="b"))
    assert ["Difícil de matar (b)", -1] in imp_roll(events)["modifiers"]


def test_attribute_checks_include_impact() -> None:
    """Muy torpe: CH AGI −1 also on CH IMP, which is a CH AGI."""
    state = started(duel_with(traits("Muy torpe")), faces=[3, 9, 4])
    events = do(state, Action("ataque_distancia", target="b"))
    assert ["Muy torpe", -1] in imp_roll(events)["modifiers"]


def test_damage_bonus_and_damage_taken() -> None:
    """Absorción de impacto: DAÑ −1 against the bearer; Blandito: DAÑ ×2 taken."""
    state = started(duel_with(b_traits=traits("Absorción de impacto")), faces=[3, 9, 4])
    events = do(state, Action("ataque_distancia", target="b"))
    assert next(e for e in events if e.kind == "hit").data["damage"] == RIFLE.dan - 1
    state = started(duel_with(b_traits=traits("Blandito")), faces=[3, 9, 4])
    do(state, Action("ataque_distancia", target="b"))
    assert state.figures["b"].wounds == 2 * RIFLE.dan


def test_reroll_and_auto_pass_and_fumble_faces() -> None:
    """Élite blindado: reroll CH DEF; Sin suerte: 9 and 10 are fumbles."""
    state = started(duel_with(b_traits=traits("Élite blindado")), faces=[3, 9, 2, 4])
    events = do(state, Action("ataque_distancia", target="b"))
    defence = next(e.data for e in events if e.kind == "roll" and e.data["purpose"] == "CH DEF")
    assert defence["rerolled"] == 9 and defence["roll"] == 2 and defence["outcome"] == "pass"
    state = started(duel_with(traits("Sin suerte")), faces=[9, 9, 4])
    events = do(state, Action("ataque_distancia", target="b"))
    assert imp_roll(events)["outcome"] == "fumble"


def test_auras_reach_allies_within_range() -> None:
    """Grito de fuego: allies within 5 K get CH IMP +1 at range."""
    from dataclasses import replace

    near = [("c", "A", (10.0, 13.0), 0.0)]
    crier = replace(profile("c"), traits=traits("Grito de fuego"))
    state = started(duel_with(more=near, profiles={"c": crier}), faces=[3, 9, 4])
    events = do(state, Action("ataque_distancia", target="b"))
    assert ["Grito de fuego (c)", 1] in imp_roll(events)["modifiers"]


def test_effects_name_real_entries_with_known_fields() -> None:
    with pytest.raises(DataError, match="not a catalogue entry"):
        validated({"damage.yaml": {"Afiladaa": [{"stat": "DAÑ", "value": 1}]}})
    with pytest.raises(DataError, match="unknown check"):
        validated({"damage.yaml": {"Afilada": [{"check": "FOO", "value": 1}]}})
    with pytest.raises(DataError, match="needs 'within'"):
        validated({"damage.yaml": {"Afilada": [{"check": "IMP", "value": 1, "who": "allies"}]}})


def test_each_file_is_a_family_that_holds_only_its_own_fields() -> None:
    """One dataclass per data/effects file: a file that is no family, or a field of
    another family, is refused with the file, the entry and the family's own fields."""
    with pytest.raises(DataError, match=r"x\.yaml.*not a family of effects"):
        validated({"x.yaml": {"Afilada": [{"stat": "DAÑ", "value": 1}]}})
    with pytest.raises(
        DataError, match=r"damage\.yaml.*Afilada.*unknown field 'hit_psi'.*no_cover"
    ):
        validated({"damage.yaml": {"Afilada": [{"hit_psi": True}]}})
    shared = {"stat": "DAÑ", "value": 1}  # the shared vocabulary is every family's
    assert all(validated({f: {"Afilada": [shared]}}) for f in ("damage.yaml", "checks.yaml"))


def test_every_effect_is_of_its_files_family() -> None:
    from wartime.rules.effects import FAMILIES, Effect, effects_of

    kinds = {family.kind for family in FAMILIES.values()}
    assert len(kinds) == len(FAMILIES)  # one class per file
    for name, effects in load_effects().items():
        assert all(type(e) in kinds for e in effects), name
        assert effects_of(name, Effect) == effects
        for kind in kinds:
            assert effects_of(name, kind) == tuple(e for e in effects if isinstance(e, kind))


def test_not_yet_automated_is_the_rest_of_the_catalogue() -> None:
    """Issue 15: every one of the 369 entries is played; none is left to the players."""
    pending = not_yet_automated()
    assert len(pending) + len(load_effects()) == 369
    assert pending == []


def test_entries_played_by_the_engines_own_rules_are_named_there_and_tested() -> None:
    """BONUS Y MALUS: an entry the engine plays by name (engine.yaml's ``played_by``) is
    named in that module and played by a test, so not_yet_automated() leaves it out
    honestly (and the players are not asked to adjudicate it twice)."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    tests = "\n".join(p.read_text(encoding="utf-8") for p in (root / "tests").glob("test_*.py"))
    played = {
        name: effect.played_by
        for name, effects in load_effects().items()
        for effect in effects
        if isinstance(effect, PlayedBy)
    }
    assert len(played) == 30
    catalog = load_catalog()
    for name, module in played.items():
        path = root / "wartime" / f"{module}.py"
        source = path.read_text(encoding="utf-8")
        entry = catalog.find(name)
        assert entry is not None
        # named in the module, or read there through the catalogue field it carries
        fields = [f for f in ("unique_in_list", "waives") if getattr(entry, f)]
        assert f'"{name}"' in source or any(f in source for f in fields), (name, module)
        assert name in tests, name
    assert not set(played) & set(not_yet_automated())
