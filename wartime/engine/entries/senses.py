"""Senses and far sight of the catalogue (BONUS Y MALUS; ENTORNO, REACCIONES).

What the senses entries let a figure see and aim at (Meta visión through obstacles,
Alcance infinito, Súper sentidos) is the core of sight: engine/core/sight.py, which also
reads each profile's senses entries once.  Here, on the character:

- **Meta visión**, **Radar** (``unveils``): the enemy entries named (Invisible,
  Mimético) do nothing against its checks: Mimético's CH IMP −3 on its attackers is
  dropped (:func:`unveils`, read by ``bonuses.sources``).
- **Sentido arácnido** (``spider_sense: VOL``): an enemy acting hidden, after Mover sin
  hacer ruido, or carrying Invisible, within as many K as its VOL, may be reacted to
  wherever it stands; chosen to react, the bearer first turns to face it for free
  (:func:`sensed`, :func:`turn_to`, read by ``reactions``).
"""

from __future__ import annotations

import math

from wartime.engine.core import hookspecs
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.sight import TIE, attribute, senses
from wartime.engine.core.state import GameState
from wartime.engine.core.traits import carried
from wartime.geometry.distance import edge_distance
from wartime.geometry.vision import in_arc
from wartime.i18n import say

INVISIBLE = "Invisible"  # what Sentido arácnido senses besides the hidden and the silent


def _gap(a: Figure, b: Figure) -> float:
    return edge_distance(a.position, a.radius, b.position, b.radius)


# -- Meta visión, Radar ------------------------------------------------------------------------


@hookspecs.unveils.impl(order=10, key="senses")
def unveils(actor: Figure, entry: str) -> bool:
    """Meta visión, Radar: ``entry`` of an enemy does nothing against ``actor``."""
    return entry in senses(actor).unveils


# -- Sentido arácnido --------------------------------------------------------------------------


def _unnoticed(actor: Figure) -> bool:
    """Hidden (Esconderse), silent (Mover sin hacer ruido) or carrying Invisible."""
    return actor.hidden or actor.silent or any(t.name == INVISIBLE for t in carried(actor))


def senses_near(figure: Figure, actor: Figure) -> str | None:
    """Sentido arácnido: the entry, when ``figure`` senses ``actor`` within its VOL K."""
    spider = senses(figure).spider
    if spider is None or not _unnoticed(actor):
        return None
    return spider[0] if _gap(figure, actor) <= attribute(figure, spider[1]) + TIE else None


@hookspecs.senses_actor.impl(order=10, key="senses")
def sensed(able: list[Figure], actor: Figure) -> set[str]:
    """The figures of ``able`` whose Sentido arácnido lets them react to ``actor``."""
    return {e.id for e in able if senses(e).spider is not None and senses_near(e, actor)}


@hookspecs.reactor_chosen.impl(order=10, key="senses")
def turn_to(state: GameState, reactor: Figure, actor: Figure) -> list[Event]:
    """Sentido arácnido: chosen to react, it faces the unnoticed actor, with no ENE nor
    CH VOL (it turns only when the actor is out of its arc)."""
    name = senses_near(reactor, actor)
    if name is None or in_arc(reactor.position, reactor.facing, actor.position, actor.radius):
        return []
    dx, dy = actor.position[0] - reactor.position[0], actor.position[1] - reactor.position[1]
    reactor.facing = math.degrees(math.atan2(dy, dx)) % 360.0
    text = say("log.senses.pivot", entry=name, figure=reactor.id, actor=actor.id)
    return [Event("pivot", text, {"figure": reactor.id, "facing": reactor.facing})]
