"""Bombs left on the table (BONUS Y MALUS): Área de activación and Bomba autónoma.

A weapon dropped with Soltar (ACCIONES GENÉRICAS: "una bomba o similar", X = its ENE),
or an object used with Usar, that carries Área de activación (or Bomba autónoma, which
needs it) is left on the table, at the bearer's centre or at a point of its base
(``Action.point``), and is kept in ``GameState.mines`` (hashed only when there is one):

- It is armed once the Pj that was acting when it was left ends its activation.  A
  figure standing within its reach then does not set it off: the entry speaks of a
  figure coming in, so one already there must step out and come back.
- After every action (and every step of the sequence that checks for the end of the
  game), the first figure that has come within its ALC in K (edge of the base to the
  point, at the bomb's height), friend or foe, its owner too, sets it off; the nearest
  one if several came in at once.
- The blast is the piece's Área template (an R centred on the bomb; an L or G laid
  from the bomb toward that figure), or, with no Área (or an S), every base within its
  ALC: an R twice its ALC across (at least 1 K).  Bomba autónoma first leaps at the
  figure that set it off when it is 5 K or less away (to its base edge) and bursts
  centred on it; farther off it bursts where it lies.
- DAÑ: a weapon's DAÑ (less its wounds, at least 1); an object, which has no DAÑ, its
  CAL.  A base wholly inside takes the whole DAÑ, one partly inside half (rounded half
  up), each with its CH DEF, no cover (it goes off at their feet, as Bomba viviente)
  and nobody striking: the owner's entries do not ride on it.

The data is ``data/effects/mines.yaml`` (``tripwire``, ``homing``).  What makes a bomb
and how Soltar and Usar leave one is the core's (engine/core/bombs.py); this module sets
them off.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from wartime.board.shapes import Disc, Point
from wartime.engine.core import hookspecs
from wartime.engine.core.bombs import TOUCH, Mine
from wartime.engine.core.combat import defend
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.state import GameState
from wartime.engine.core.templates import caught
from wartime.geometry.distance import center_distance, point_to_base
from wartime.geometry.templates import Template, make_template
from wartime.i18n import say
from wartime.rules.dice import round_half_up
from wartime.rules.tables import parse_shape

# -- setting them off ------------------------------------------------------------------------


def _near(state: GameState, mine: Mine) -> list[Figure]:
    return [
        f
        for f in state.figures.values()
        if f.present
        and f.level == mine.level
        and point_to_base(mine.point, f.position, f.radius) <= mine.reach + TOUCH
    ]


@hookspecs.after_action.impl(order=10, key="mines")
def after_action(state: GameState) -> list[Event]:
    """Arm the bombs whose Pj's activation is over; set off those a figure came near."""
    if not state.mines:
        return []
    events: list[Event] = []
    for mine in state.mines:
        if mine not in state.mines:  # gone off already in this pass
            continue
        near = _near(state, mine)
        ids = tuple(sorted(f.id for f in near))
        if mine.waits_for is not None:
            if state.active == mine.waits_for:
                continue
            _swap(state, mine, replace(mine, waits_for=None, inside=ids))
            text = say("log.mines.armed", item=mine.item, figure=mine.owner, entry=mine.entry)
            events.append(Event("mine_armed", text, {"figure": mine.owner, "item": mine.item}))
            continue
        newcomers = [f for f in near if f.id not in mine.inside]
        if not newcomers:
            if ids != mine.inside:
                _swap(state, mine, replace(mine, inside=ids))  # who stepped out may come back
            continue
        trigger = min(newcomers, key=lambda f: (_gap(mine, f), f.id))
        events += _go_off(state, mine, trigger)
    return events


def _gap(mine: Mine, figure: Figure) -> float:
    return point_to_base(mine.point, figure.position, figure.radius)


def _swap(state: GameState, old: Mine, new: Mine) -> None:
    state.mines = tuple(new if m is old else m for m in state.mines)


def _go_off(state: GameState, mine: Mine, trigger: Figure) -> list[Event]:
    state.mines = tuple(m for m in state.mines if m is not mine)
    gap = _gap(mine, trigger)
    leaps = mine.homing > 0 and gap <= mine.homing + TOUCH
    centre = trigger.position if leaps else mine.point
    how = say("phrase.mines.leaps", figure=trigger.id) if leaps else say("phrase.mines.blows")
    events = [
        Event(
            "mine_blast",
            say("log.mines.blast", figure=trigger.id, gap=gap, item=mine.item,
                owner=mine.owner, how=how),
            {"figure": mine.owner, "item": mine.item, "trigger": trigger.id,
             "leaps": leaps, "centre": list(centre)},
        )
    ]  # fmt: skip
    template = _template(state, mine, centre, trigger)
    covered, hit, event = caught(state, template, mine.level)
    origin = template.origin
    events.append(event)
    for target in hit:
        if target.casualty:
            continue
        full = target.id in covered.full
        dealt = mine.damage if full else round_half_up(Fraction(mine.damage, 2))
        how = say("phrase.clouds.full") if full else say("phrase.clouds.partly")
        text = say("log.mines.hit", how=how, figure=target.id, damage=dealt)
        detail = {"figure": mine.owner, "target": target.id, "damage": dealt,
                  "covered": "full" if full else "partial", "cover": "none"}  # fmt: skip
        events.append(Event("hit", text, detail))
        events += defend(state, target, dealt, "none", None, source=origin)
    return events


def _template(state: GameState, mine: Mine, centre: Point, trigger: Figure) -> Template:
    """The blast: the Área shape (R on ``centre``; L, G from the bomb toward the figure),
    or every base within its ALC."""
    parsed = parse_shape(mine.blast) if mine.blast else None
    if parsed is None or parsed.kind == "S":
        return make_template(f"R{max(1.0, 2 * mine.reach):g}", centre)
    if parsed.kind == "R":
        return make_template(mine.blast or "", centre)
    aim = trigger.position
    if center_distance(aim, mine.point) == 0:
        aim = (mine.point[0] + 1.0, mine.point[1])  # no direction: it points along x
    bomb = Disc(mine.item, mine.point, 0.0)
    return make_template(mine.blast or "", aim, bomb, state.scenario.ruleset.line_width)
