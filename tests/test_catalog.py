"""BONUS Y MALUS: the catalogue as data."""

from __future__ import annotations

import pytest

from wartime.rules.catalog import Mechanism, load_catalog


def entry(name: str):  # type: ignore[no-untyped-def]
    found = load_catalog().find(name)
    assert found is not None, name
    return found


def test_the_catalogue_has_369_entries_with_unique_names() -> None:
    names = [e.name for e in load_catalog().entries]
    assert len(names) == 369
    assert len(set(names)) == 369


@pytest.mark.parametrize(
    ("name", "cost"),
    [("7 vidas", 20), ("Afilada", 5), ("Explorador", 2), ("Muy torpe", -10), ("Reliquia", -20),
     ("Rey Inmortal", 50), ("Súper vista", 3), ("Sin suerte", -15), ("Suspenso en gimnasia", -10)],
)  # fmt: skip
def test_plain_entries(name: str, cost: int) -> None:
    e = entry(name)
    assert (e.cost, e.per_level, e.max_level, e.param) == (cost, False, 1, False)


@pytest.mark.parametrize(
    ("name", "cost", "max_level"),
    [("Campo ciego", -5, 5), ("Campo de oscuridad", 2, 5), ("Elixir", 5, 5),
     ("Escudo coriáceo", 5, 10), ("Escudo de energía", 5, 10),
     ("Escudo de energía avanzado", 10, 10), ("Maná", 5, 3)],
)  # fmt: skip
def test_per_level_entries(name: str, cost: int, max_level: int) -> None:
    e = entry(name)
    assert (e.cost, e.per_level, e.max_level) == (cost, True, max_level)


def test_exactly_seven_entries_are_priced_per_level() -> None:
    assert sum(e.per_level for e in load_catalog().entries) == 7


@pytest.mark.parametrize(
    ("name", "cost"),
    [("Alérgico", -5), ("Capacidad", 3), ("Cargadores", -5), ("Cargas", -5), ("Maestría", 5),
     ("Munición anti", 15), ("Requiere", -3), ("Resistencia a", 10)],
)  # fmt: skip
def test_parametrised_entries(name: str, cost: int) -> None:
    e = entry(name)
    assert (e.cost, e.param) == (cost, True)


def test_seventeen_entries_take_a_parameter() -> None:
    """Sixteen carry "()" in the rulebook; Sin miembro takes one too, by our ruling: its
    rule speaks of the missing limb, so the list must say which (rules-interpretations)."""
    assert sum(e.param for e in load_catalog().entries) == 17
    assert entry("Sin miembro").param


def test_area_is_priced_by_the_area_table() -> None:
    e = entry("Área")
    assert e.cost is None and e.param and e.mechanism is Mechanism.AREA


@pytest.mark.parametrize(
    ("name", "tags"),
    [("Invocación", ("Neuromante",)), ("Atadura", ("Titiritero",)), ("Mutación", ("Metamorfo",)),
     ("Bunkai", ("Cinético",)), ("Magia: resucitar", ("Metahabilidad", "Shin")),
     ("Magia: dormir", ("Metahabilidad",)), ("Arco concentrado", ("Área de gota",)),
     ("Afilada", ())],
)  # fmt: skip
def test_tags(name: str, tags: tuple[str, ...]) -> None:
    assert entry(name).tags == tags


@pytest.mark.parametrize(
    "typed", ["afilada", "AFILADA", "Área", "AREA", "area", "escudo de energia"]
)
def test_names_match_ignoring_case_and_accents(typed: str) -> None:
    assert load_catalog().find(typed) is not None


def test_typos_get_a_suggestion() -> None:
    assert load_catalog().suggest("Afiladaa") == "Afilada"
    assert load_catalog().suggest("zzzzzz") is None


def test_search_looks_at_names_tags_and_summaries() -> None:
    found = {e.name for e in load_catalog().search("neuromante")}
    assert {"Neuromante", "Invocación", "Shin"} <= found


def test_every_entry_has_a_hook_and_a_one_line_spanish_summary() -> None:
    for e in load_catalog().entries:
        assert isinstance(e.mechanism, Mechanism)
        assert e.summary.strip() and "\n" not in e.summary, e.name
        assert len(e.summary) <= 140, e.name


@pytest.mark.parametrize("name", ["Anfibio", "Sin munición", "Suspenso en gimnasia"])
def test_entries_cut_off_in_the_rulebook_are_completed(name: str) -> None:
    assert entry(name).summary.rstrip().endswith(".")


def test_every_requirement_tag_is_resolvable() -> None:
    catalog = load_catalog()
    for tag, ways in catalog.requirements.items():
        for way in ways:
            assert way.bonus is None or catalog.find(way.bonus) is not None, tag


def test_broken_packaged_catalogue_names_the_entry() -> None:
    from wartime.errors import DataError
    from wartime.rules.catalog import _validated

    typed_wrong = {"name": "Y", "cost": "cheap", "per_level": False, "max_level": 1}
    typed_wrong |= {"param": False, "tags": [], "hook": "passive", "summary": "s"}
    raw = {"entries": [{"name": "X", "cost": 1}, typed_wrong]}
    with pytest.raises(DataError) as info:
        _validated(raw)
    assert [p.path for p in info.value.problems] == ["entries[0]", "entries[1]"]
