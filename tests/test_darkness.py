"""Darkness and light (issue 15 §2): the map's dark areas and lights, and the entries
that see into the dark (BONUS Y MALUS: Luz, Radar).

The map: a dark cellar x 20–32, y 4–16, with a lamp at (22, 14) reaching 1.5 K.  a
stands in the open at (8, 10) looking east; b stands deep in the cellar at (26, 10).
"""

from __future__ import annotations

import math
from dataclasses import replace

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from wartime.board.battlefield import Battlefield, Darkness, Light, Unit, Wall
from wartime.board.shapes import Point
from wartime.engine import Action, GameState, PendingKind, Ruleset, Scenario
from wartime.engine.ai.utility import threat
from wartime.engine.core.combat import sight
from wartime.engine.core.hookspecs import sees_in_dark
from wartime.engine.core.profiles import Profile, Trait
from wartime.engine.core.reactions import witnesses
from wartime.geometry.darkness import Shade

from .engine_support import do, profile, refused, started

CELLAR = Darkness(((20.0, 4.0), (32.0, 4.0), (32.0, 16.0), (20.0, 16.0)), "sotano")
LAMP = Light((22.0, 14.0), 1.5, "farola")
LAMP_SPOT = (22.5, 12.5)  # within the lamp's reach
DEEP = (26.0, 10.0)  # in the cellar, far from the lamp


def started_(scn: Scenario) -> GameState:
    """a activates first; its shots miss (IMP 9)."""
    return started(scn, faces=[9] * 8)


def _with(prof: Profile, *entries: str) -> Profile:
    return replace(prof, traits=tuple(Trait(e) for e in entries))


def _scenario(
    b_at: tuple[float, float] = DEEP,
    a: tuple[str, ...] = (),
    b: tuple[str, ...] = (),
    a_at: tuple[float, float] = (8.0, 10.0),
    dark: bool = True,
) -> Scenario:
    units = (Unit("a", "A", a_at, 0.0), Unit("b", "B", b_at, 180.0))
    field = Battlefield(
        "cellar", (40.0, 30.0), units=units,
        darkness=(CELLAR,) if dark else (), lights=(LAMP,) if dark else (),
    )  # fmt: skip
    profiles = {"a": _with(profile("a", vol=6), *a), "b": _with(profile("b", vol=6), *b)}
    return Scenario(field, profiles, Ruleset(), 1)


# -- where it is dark (geometry.darkness) ------------------------------------------------


def test_a_base_is_dark_only_wholly_inside_and_out_of_every_light() -> None:
    shade = Shade.of([CELLAR.polygon], [(LAMP.position, LAMP.radius)])
    assert shade is not None
    assert shade.dark(DEEP, 0.5)
    assert not shade.dark((20.2, 10.0), 0.5)  # its base pokes out of the cellar
    assert not shade.dark(LAMP_SPOT, 0.5)  # the lamp reaches it
    assert not shade.dark((22.0, 12.0), 0.5)  # its edge 1.5 K from the lamp: just lit
    assert shade.dark((22.0, 11.9), 0.5)  # its edge 1.6 K from the lamp: dark
    assert not shade.dark((10.0, 10.0), 0.5)  # in the open


def test_touching_dark_areas_make_one_dark() -> None:
    """Two areas side by side: a base across their common border is wholly in the dark."""
    left = ((0.0, 0.0), (5.0, 0.0), (5.0, 5.0), (0.0, 5.0))
    right = ((5.0, 0.0), (10.0, 0.0), (10.0, 5.0), (5.0, 5.0))
    shade = Shade.of([left, right], [])
    assert shade is not None and shade.dark((5.0, 2.5), 0.5)


# -- sight: shots, charges, reactions and the AI all follow it -------------------------


def test_no_ldv_to_a_figure_standing_in_the_dark() -> None:
    """Luz (BONUS Y MALUS) by its converse: without a light, a figure in the dark is not
    seen; the shot is refused and the legal list offers none."""
    state = started_(_scenario())
    seen = sight(state, state.figures["a"], state.figures["b"])
    assert seen.in_vision and seen.dark and seen.line_of_sight == "blocked"
    refused(state, Action("ataque_distancia", target="b", item="fusil"), "stands in the dark")
    assert not [x for x in state.legal_actions() if x.kind == "ataque_distancia"]


def test_a_figure_within_a_lights_reach_is_seen() -> None:
    state = started_(_scenario(b_at=LAMP_SPOT))
    assert sight(state, state.figures["a"], state.figures["b"]).line_of_sight == "clear"
    do(state, Action("ataque_distancia", target="b", item="fusil"))
    assert state.figures["a"].ene < 8


def test_the_same_map_without_darkness_sees_it() -> None:
    state = started_(_scenario(dark=False))
    seen = sight(state, state.figures["a"], state.figures["b"])
    assert state.world.shade is None and not seen.dark and seen.line_of_sight == "clear"


@pytest.mark.parametrize(("a", "b", "entry"), [
    (("Radar",), (), "Radar"),  # Radar: sees in the dark
    (("Luz",), (), "Luz"),  # Luz: it sees in the dark
    ((), ("Luz",), "Luz"),  # Luz: and it is seen there
])  # fmt: skip
def test_radar_and_luz_see_into_the_dark(
    a: tuple[str, ...], b: tuple[str, ...], entry: str
) -> None:
    """BONUS Y MALUS, Radar ("ve en oscuridad") and Luz (sees and is seen in the dark)."""
    state = started_(_scenario(a=a, b=b))
    viewer, target = state.figures["a"], state.figures["b"]
    assert sees_in_dark.first(viewer, target) == entry
    assert sight(state, viewer, target).line_of_sight == "clear"
    do(state, Action("ataque_distancia", target="b", item="fusil"))


def test_radar_on_the_target_does_not_light_it() -> None:
    """Radar lets its bearer see; it does not make the bearer visible."""
    state = started_(_scenario(b=("Radar",)))
    assert sight(state, state.figures["a"], state.figures["b"]).line_of_sight == "blocked"


def test_from_the_dark_a_figure_sees_what_stands_in_the_open() -> None:
    """Only where the target stands counts: b, in the dark, sees a in the open."""
    state = started_(_scenario())
    assert sight(state, state.figures["b"], state.figures["a"]).line_of_sight == "clear"


def test_no_one_sees_an_action_in_the_dark_unless_it_is_heard() -> None:
    """REACCIONES: a reactor must see or hear the actor; a in the dark crouching is
    neither seen nor heard by b in the open, unless b has Radar."""
    for entries, seen in (((), []), (("Radar",), ["b"])):
        scn = _scenario(b_at=(8.0, 10.0), a_at=DEEP, b=entries)
        scn = replace(scn, battlefield=replace(
            scn.battlefield,
            units=(Unit("a", "A", DEEP, 180.0), Unit("b", "B", (8.0, 10.0), 0.0)),
        ))  # fmt: skip
        state = started_(scn)
        actor = state.figures["a"]
        assert witnesses(state, actor, []) == seen
        events = state.apply(Action("agacharse"))
        window = [e for e in events if e.kind == "reaction_window"]
        assert bool(window) == bool(seen)
        if not seen:
            assert state.pending.kind is PendingKind.ACT


def test_the_ais_threat_follows_the_darkness() -> None:
    """The AI's estimate of a shot (ai/utility.threat) is nothing into the dark, as the
    resolver refuses it; with Radar it is the shot's worth."""
    blind = started_(_scenario())
    assert threat(blind, blind.figures["a"], blind.figures["b"]) == 0.0
    radar = started_(_scenario(a=("Radar",)))
    assert threat(radar, radar.figures["a"], radar.figures["b"]) > 0.0


def test_the_preview_says_the_darkness_hides_the_target() -> None:
    state = started_(_scenario(a=("Radar",)))
    shot = Action("ataque_distancia", "a", target="b", item="fusil")
    seen = state.preview(shot).sight
    assert seen is not None and not seen.dark
    dark = started_(_scenario())
    hidden = sight(dark, dark.figures["a"], dark.figures["b"])
    assert hidden.dark and hidden.cover == 100.0 and hidden.cover_class == "total"


def test_catalogue_plays_luz_and_radar() -> None:
    from wartime.engine.core.modifiers import not_yet_automated

    assert "Luz" not in not_yet_automated() and "Radar" not in not_yet_automated()


# -- properties ----------------------------------------------------------------------------

_XY = st.floats(1.0, 39.0)
_RECT = st.tuples(
    st.floats(0.0, 30.0), st.floats(0.0, 20.0), st.floats(1.0, 15.0), st.floats(1.0, 15.0)
)
WALL = Wall(((15.0, 2.0), (15.0, 12.0)), 1.2, 4)


def _field(
    a_at: Point, b_at: Point, rects: list[tuple[float, ...]], lights: list[Light]
) -> Battlefield:
    dark = tuple(Darkness(((x, y), (x + w, y), (x + w, y + h), (x, y + h))) for x, y, w, h in rects)
    units = (Unit("a", "A", a_at, 0.0), Unit("b", "B", b_at, 180.0))
    return Battlefield(
        "p", (40.0, 30.0), walls=(WALL,), units=units, darkness=dark, lights=tuple(lights)
    )


@settings(max_examples=60, deadline=None)
@given(
    a_at=st.tuples(_XY, st.floats(1.0, 29.0)),
    b_at=st.tuples(_XY, st.floats(1.0, 29.0)),
    rects=st.lists(_RECT, max_size=3),
    lit=st.lists(st.tuples(_XY, st.floats(1.0, 29.0), st.floats(0.5, 6.0)), max_size=2),
)
def test_darkness_only_takes_sight_away_and_radar_sees_as_in_the_light(
    a_at: Point, b_at: Point, rects: list[tuple[float, ...]], lit: list[tuple[float, float, float]]
) -> None:
    """Whatever the dark areas and lights: a viewer sees through the darkness either what
    it sees on the same map with no darkness, or nothing (blocked); a viewer with Radar
    sees exactly what it sees with no darkness (and so whatever one without Radar sees);
    a map whose darkness is empty has no shade and sees as before."""
    assume(math.dist(a_at, b_at) > 1.0 and all(abs(p[0] - 15.0) > 0.7 for p in (a_at, b_at)))
    lights = [Light((x, y), r) for x, y, r in lit]
    plain, radar = profile("a", vol=6), _with(profile("a", vol=6), "Radar")
    views = {}
    for name, field, a in (
        ("open", _field(a_at, b_at, [], lights), plain),
        ("dark", _field(a_at, b_at, rects, lights), plain),
        ("radar", _field(a_at, b_at, rects, lights), radar),
    ):
        state = Scenario(field, {"a": a, "b": profile("b")}, Ruleset(), 1).new_game()
        views[name] = sight(state, state.figures["a"], state.figures["b"])
        if name == "open":
            assert state.world.shade is None
    open_, dark, seen_by_radar = views["open"], views["dark"], views["radar"]
    assert seen_by_radar.cover == open_.cover and not seen_by_radar.dark
    assert dark.in_vision == open_.in_vision
    if dark.dark:
        assert dark.line_of_sight == "blocked"
    else:
        assert dark.cover == open_.cover
        assert dark.line_of_sight == seen_by_radar.line_of_sight
