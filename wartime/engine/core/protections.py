"""Protections as pieces (HERIDAS): a fumbled CH DEF wounds one, Aplasta takes CAL off one.

Each protection loses DEF 1 per wound (never below 1), is unusable at as many wounds
as its CAL and destroyed above it: from then on it gives no DEF (Figure.defense).
The piece that takes it is the one giving the most DEF now (the first listed on a
tie): the one the blow met.  A profile with a bare DEF and no pieces named keeps one
piece with no CAL (Figure.armour_wounds).  A piece carrying Muro gives no DEF against an
ordinary hit, so such a hit never meets it (``spare``: :func:`wall_pieces`), and only
those pieces defend from a hit that strikes the mind (Munición psíquica).

Combat wounds and crushes the pieces (Aplasta is the striker's entry, read as data);
Sangre de ácido corrodes them as Aplasta does (entries/afterlife.py).
"""

from __future__ import annotations

from collections.abc import Iterator

from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.hits import Blow
from wartime.engine.core.traits import entries_of
from wartime.i18n import Message, say
from wartime.rules.effects import Choice


def _worst_hit(figure: Figure, spare: frozenset[int] = frozenset()) -> int | None:
    """The piece a blow wounds or crushes: the one giving most DEF now, None if none does;
    never one of ``spare`` (the Muro pieces, which an ordinary blow does not meet)."""
    pieces = range(len(figure.profile.protections))
    working = [i for i in pieces if figure.piece_defense(i) and i not in spare]
    return max(working, key=lambda i: (figure.piece_defense(i), -i)) if working else None


def _bumped(values: tuple[int, ...], index: int, size: int) -> tuple[int, ...]:
    padded = list(values) + [0] * (size - len(values))
    padded[index] += 1
    return tuple(padded)


def wound_piece(figure: Figure, spare: frozenset[int] = frozenset()) -> list[Event]:
    """Pifia en CH DEF: a protection gains a wound (never one of ``spare``)."""
    figure.armour_wounds += 1
    index = _worst_hit(figure, spare)
    if index is None:  # a bare DEF, or nothing left working
        text = say("log.protections.bare", figure=figure.id)
        return [Event("gear", text, {"figure": figure.id})]
    size = len(figure.profile.protections)
    figure.armour = _bumped(figure.armour, index, size)
    return [_state(figure, index, say("phrase.protections.wound"))]


def crush(figure: Figure, blow: Blow | None, spare: frozenset[int] = frozenset()) -> list[Event]:
    """Aplasta: a hit of its bearer takes CAL 1 off one of the target's protections."""
    names = list(_crushers(blow)) if blow is not None else []
    index = _worst_hit(figure, spare) if names else None
    if index is None:
        return []
    figure.crushed = _bumped(figure.crushed, index, len(figure.profile.protections))
    return [_state(figure, index, say("phrase.protections.crushed", entry=names[0]))]


def corrode(figure: Figure, name: str) -> list[Event]:
    """CAL 1 off one of ``figure``'s protections, as Aplasta takes it (Sangre de ácido)."""
    index = _worst_hit(figure)
    if index is None:
        return []
    figure.crushed = _bumped(figure.crushed, index, len(figure.profile.protections))
    return [_state(figure, index, say("phrase.protections.crushed", entry=name))]


def wall_pieces(figure: Figure) -> frozenset[int]:
    """The indexes of ``figure``'s protections that carry Muro."""
    pieces = figure.profile.protections
    return frozenset(i for i, piece in enumerate(pieces) if piece.guards_the_mind)


def _crushers(blow: Blow) -> Iterator[str]:
    for trait, effect in entries_of(blow.striker, blow.weapon, Choice):
        if effect.who == "targets" and effect.crushes:
            yield trait.name


def _state(figure: Figure, index: int, what: Message) -> Event:
    piece = figure.profile.protections[index]
    wounds = figure.armour[index] if index < len(figure.armour) else 0
    cal = figure.piece_cal(index)
    word = (
        say("phrase.protections.destroyed")
        if wounds > cal
        else say("phrase.protections.unusable")
        if wounds == cal
        else say("phrase.protections.damaged")
    )
    text = say(
        "log.protections.piece",
        piece=piece.id,
        figure=figure.id,
        what=what,
        wounds=wounds,
        cal=cal,
        state=word,
    )
    data = {"figure": figure.id, "item": piece.id, "wounds": wounds, "cal": cal}
    return Event("gear", text, data)
