"""Item actions of ACCIONES GENÉRICAS: Comerciar, Saquear and Eliminar.

The only equipment the engine models is a profile's weapons, so those are the pieces
that change hands.  A weapon goes with what the engine keeps of it (its wounds, the
rounds left in its magazine, the entries it carries and any an Afilada fumble dulled),
and both figures' profiles are replaced, which the state hash sees (Figure.rearmed).
The engine tells weapons apart by name, so a figure never holds two of one name.

- Comerciar (1): ``target`` is an ally in base contact; ``item`` names a weapon that
  either of them carries, which goes to the other, or ``"X por Y"`` to swap one of each.
- Saquear (3): ``target`` is a casualty in base contact; ``item`` names one of its
  weapons, or nothing for all it carries.  Each piece taken is CH AGI −1 for the rest
  of the turn (Figure.looted, applied by checks.burden_modifiers).
- Eliminar (2, CON / AGI / INT): ``target`` is a casualty in base contact; ``item`` may
  name the attribute to check, else the best one is taken.  Passed, the body leaves the
  table for good (Figure.removed) and :func:`refusal` keeps every action off it.

- Mover cargado con un objeto: ``target`` is a body in base contact (the only objects
  the engine weighs), ``point`` where to go (:func:`mover_cargado`).  A load heavier than
  the carrier's CON is shared with allies in base contact with the body or the carrier
  (the book's several carriers, the sum of their CON): they go along with it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

from wartime.board.shapes import Disc, Point
from wartime.engine.core import hookspecs, modifiers
from wartime.engine.core.action import Action
from wartime.engine.core.book import SWAP, cost, difficulty, entry
from wartime.engine.core.checks import acting_modifiers, burden_modifiers, roll, spend
from wartime.engine.core.dispatch import Handler, register
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.modifiers import keyed
from wartime.engine.core.movement import (
    ENGAGED_GAP,
    Stride,
    engaged_with,
    in_contact,
    lends_a_hand,
    moves,
)
from wartime.engine.core.profiles import Weapon
from wartime.engine.core.routes import travel
from wartime.engine.core.state import GameState
from wartime.errors import IllegalActionError
from wartime.geometry.distance import edge_distance
from wartime.geometry.movement import too_close
from wartime.i18n import Message, Reason, say
from wartime.rules.actions import Action as Entry

CARRY = "mover_cargado"
FOLLOW_STEPS = 72  # a helper that cannot keep its place tries this many spots round each
_CLEAR = 1e-6  # K: a helper's way that ends this close to its spot reached it
TAKE_ALL = None  # Saquear without an item: every piece the body carries
Move = tuple[Figure, Figure, Weapon]  # giver, receiver, the piece


# -- who can be reached ------------------------------------------------------------------------


@hookspecs.refusal.impl(order=80, key="items")
def refusal(state: GameState, figure: Figure, action: Action) -> Reason | None:
    """Why ``action`` cannot aim at its target: a body Eliminar removed is gone (or None)."""
    aimed = state.figures.get(action.target or "")
    if aimed is not None and aimed.removed:
        return say("refused.items.body_removed", target=aimed.id)
    return None


def _touching(figure: Figure, other: Figure) -> bool:
    """Base contact at the same height: close enough to hand something over."""
    gap = edge_distance(figure.position, figure.radius, other.position, other.radius)
    return other.level == figure.level and gap <= ENGAGED_GAP


def _other(state: GameState, figure: Figure, action: Action, book: Entry, who: Message) -> Figure:
    """The action's target: named, and another character than the one acting."""
    if action.target is None:
        raise IllegalActionError(say("refused.items.needs_target", action=book.name, who=who))
    other = state.figure(action.target)
    if other is figure:
        raise IllegalActionError(say("refused.items.not_oneself", action=book.name))
    return other


def _body(state: GameState, figure: Figure, action: Action, book: Entry) -> Figure:
    """The casualty in base contact that Saquear or Eliminar works on."""
    body = _other(state, figure, action, book, say("phrase.items.fallen_target"))
    if body.removed:  # perform() refuses it first; a direct call must not reach it either
        raise IllegalActionError(say("refused.items.removed", figure=body.id))
    if not body.casualty:
        raise IllegalActionError(
            say("refused.items.not_casualty", figure=body.id, action=book.name)
        )
    if not _touching(figure, body):
        raise IllegalActionError(say("refused.items.no_contact", other=body.id, figure=figure.id))
    return body


def _partner(state: GameState, figure: Figure, action: Action, book: Entry) -> Figure:
    """The ally in base contact that Comerciar trades with."""
    partner = _other(state, figure, action, book, say("phrase.items.trade_target"))
    if partner.side != figure.side:
        raise IllegalActionError(say("refused.items.enemy_trade", figure=partner.id))
    if partner.casualty:
        raise IllegalActionError(say("refused.items.casualty_trade", figure=partner.id))
    if not _touching(figure, partner):
        raise IllegalActionError(
            say("refused.items.no_contact", other=partner.id, figure=figure.id)
        )
    return partner


# -- a weapon changes hands --------------------------------------------------------------------


def hand_over(giver: Figure, receiver: Figure, weapon: Weapon) -> None:
    """``weapon`` goes from ``giver`` to ``receiver`` with all the engine keeps of it."""
    own = tuple(t for t in giver.profile.traits if t.weapon == weapon.id)
    giver.profile = replace(
        giver.profile,
        weapons=tuple(w for w in giver.profile.weapons if w.id != weapon.id),
        traits=tuple(t for t in giver.profile.traits if t.weapon != weapon.id),
    )
    # Entries left behind by a weapon of that name the receiver once dropped are stale.
    kept = tuple(t for t in receiver.profile.traits if t.weapon != weapon.id)
    receiver.profile = replace(
        receiver.profile, weapons=(*receiver.profile.weapons, weapon), traits=(*kept, *own)
    )
    _carry(giver.weapon_wounds, receiver.weapon_wounds, weapon.id)
    _carry(giver.rounds, receiver.rounds, weapon.id)
    dulled = {keyed(t) for t in own}
    receiver.dulled = (
        *(k for k in receiver.dulled if k not in dulled),
        *(k for k in giver.dulled if k in dulled),
    )
    giver.dulled = tuple(k for k in giver.dulled if k not in dulled)
    giver.rearmed = receiver.rearmed = True  # the profiles are no longer the scenario's


def _carry(source: dict[str, int], target: dict[str, int], key: str) -> None:
    """A per-weapon count moves with the weapon; an absent one means "as new"."""
    target.pop(key, None)
    if key in source:
        target[key] = source.pop(key)


def _handed(move: Move, verb: Message) -> Event:
    giver, receiver, weapon = move
    text = say(
        "log.items.handed", receiver=receiver.id, verb=verb, weapon=weapon.id, giver=giver.id
    )
    data = {"figure": receiver.id, "from": giver.id, "item": weapon.id}
    return Event("handed", text, data)


# -- Comerciar ---------------------------------------------------------------------------------


def comerciar(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Comerciar (1): give, take or swap a weapon with an ally in base contact."""
    book = entry("comerciar")
    partner = _partner(state, figure, action, book)
    moves = _trade(figure, partner, action.item, book)
    events = [
        spend(figure, cost(book), say("phrase.checks.with", label=book.name, other=partner.id))
    ]
    for move in moves:
        hand_over(*move)
        events.append(_handed(move, say("phrase.items.receives")))
    figure.next_action_modifier = 0  # "the next action" modifiers (Esprintar) are used up
    return events


def _trade(figure: Figure, partner: Figure, item: str | None, book: Entry) -> list[Move]:
    """What goes where: each named piece from whoever carries it to the other."""
    if item is None:
        raise IllegalActionError(say("refused.items.trade_what", action=book.name, swap=SWAP))
    names = [item]
    if SWAP in item and not (figure.profile.weapon(item) or partner.profile.weapon(item)):
        names = [part.strip() for part in item.split(SWAP, 1)]
    moves = [_holder(figure, partner, name) for name in names]
    if len(moves) == 2 and moves[0][0] is moves[1][0]:
        raise IllegalActionError(
            say(
                "refused.items.swap_one_side",
                figure=moves[0][0].id,
                first=moves[0][2].id,
                second=moves[1][2].id,
            )
        )
    return moves


def _holder(figure: Figure, partner: Figure, name: str) -> Move:
    mine, theirs = figure.profile.weapon(name), partner.profile.weapon(name)
    if mine is not None and theirs is not None:
        raise IllegalActionError(
            say("refused.items.both_carry", figure=figure.id, partner=partner.id, item=name)
        )
    if mine is not None:
        return figure, partner, mine
    if theirs is not None:
        return partner, figure, theirs
    raise IllegalActionError(
        say("refused.items.neither_carries", figure=figure.id, partner=partner.id, item=name)
    )


# -- Saquear -----------------------------------------------------------------------------------


def saquear(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Saquear (3): take one weapon (or all) from a casualty; CH AGI −1 per piece this turn."""
    book = entry("saquear")
    body = _body(state, figure, action, book)
    taken = _loot(figure, body, action.item)
    events = [spend(figure, cost(book), say("phrase.checks.to", label=book.name, other=body.id))]
    for weapon in taken:
        hand_over(body, figure, weapon)
        events.append(_handed((body, figure, weapon), say("phrase.items.loots")))
    figure.looted += len(taken)
    figure.next_action_modifier = 0
    text = say("log.items.looted", figure=figure.id, looted=figure.looted)
    data = {"figure": figure.id, "looted": figure.looted}
    return [*events, Event("looted", text, data)]


def _loot(figure: Figure, body: Figure, item: str | None) -> list[Weapon]:
    """The pieces taken: the one named, or all the looter has no piece of that name for."""
    if item is not TAKE_ALL:
        weapon = body.profile.weapon(item)
        if weapon is None:
            raise IllegalActionError(say("refused.generic.no_item", figure=body.id, item=item))
        if figure.profile.weapon(item) is not None:
            raise IllegalActionError(
                say("refused.items.already_carries", figure=figure.id, item=item)
            )
        return [weapon]
    if not body.profile.weapons:
        raise IllegalActionError(say("refused.items.nothing_to_loot", figure=body.id))
    free = [w for w in body.profile.weapons if figure.profile.weapon(w.id) is None]
    if not free:
        raise IllegalActionError(say("refused.items.carries_each", figure=figure.id, body=body.id))
    return free


# -- Eliminar ----------------------------------------------------------------------------------


def eliminar(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Eliminar (2, CON / AGI / INT): passed, the body in contact leaves the table for good."""
    book = entry("eliminar")
    body = _body(state, figure, action, book)
    name = _method(figure, book, action.item)
    events = [spend(figure, cost(book), f"{book.name} {body.id}")]
    mods = acting_modifiers(figure) + difficulty(book)
    value = figure.profile.attribute(name)
    outcome, event = roll(state, figure, f"CH {name} ({book.name})", value, mods)
    figure.next_action_modifier = 0
    events.append(event)
    data = {"figure": body.id, "by": figure.id}
    if not outcome.passed:
        text = say("log.items.not_removed", figure=figure.id, body=body.id)
        return [*events, Event("not_removed", text, data)]
    body.removed = True
    state.lift(body)  # a casualty is off the movement table already; this keeps it so
    text = say("log.items.removed", figure=figure.id, body=body.id)
    return [*events, Event("removed", text, data)]


def _method(figure: Figure, book: Entry, item: str | None) -> str:
    """The attribute checked: the one named, else the highest target after its burdens.

    Ties go in the book's order (CON, AGI, INT).
    """
    options = [a.value for a in book.check]
    if item is not None:
        if item.upper() not in options:
            raise IllegalActionError(
                say(
                    "refused.items.no_method",
                    action=book.name,
                    options=", ".join(options),
                    item=item,
                )
            )
        return item.upper()

    def target(name: str) -> int:
        burdens = burden_modifiers(figure, f"CH {name}")
        return figure.profile.attribute(name) + sum(v for _, v in burdens)

    return max(options, key=target)


# -- the options offered -----------------------------------------------------------------------


@hookspecs.offers.impl(order=40, key="items")
def choices(state: GameState, figure: Figure) -> list[Action]:
    """Comerciar with allies in contact; Saquear, Eliminar and Mover cargado (four ways,
    its whole MOV) on bodies in contact.

    Only candidates: GameState.check decides (ENE, names already carried, the load...).
    """
    options: list[Action] = []
    for other in state.figures.values():
        if other is figure or other.removed or other.aboard or not _touching(figure, other):
            continue
        if other.casualty:
            options += _loot_choices(figure, other)
            options.append(Action("eliminar", figure.id, target=other.id))
            options += _carry_choices(figure, other)
        elif other.side == figure.side:
            options += _trade_choices(figure, other)
    return options


def _trade_choices(figure: Figure, ally: Figure) -> list[Action]:
    mine = [w.id for w in figure.profile.weapons]
    theirs = [w.id for w in ally.profile.weapons]
    named = mine + theirs + [f"{m}{SWAP}{t}" for m in mine for t in theirs]
    return [Action("comerciar", figure.id, target=ally.id, item=n) for n in named]


def _carry_choices(figure: Figure, body: Figure) -> list[Action]:
    x, y, reach = figure.position[0], figure.position[1], figure.mov
    ends = [(x + reach, y), (x - reach, y), (x, y + reach), (x, y - reach)]
    return [Action(CARRY, figure.id, target=body.id, point=end) for end in ends]


def _loot_choices(figure: Figure, body: Figure) -> list[Action]:
    pieces = [w.id for w in body.profile.weapons]
    every = [Action("saquear", figure.id, target=body.id)] if len(pieces) > 1 else []
    return every + [Action("saquear", figure.id, target=body.id, item=p) for p in pieces]


# -- Mover cargado con un objeto ---------------------------------------------------------------


def mover_cargado(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Mover cargado con un objeto (X): up to MOV dragging a body in base contact.

    The only objects the engine weighs are bodies: the load is the body's CON against the
    carrier's (Mulo +1).  Up to half of it the ground counts as difficult at least, up to
    all of it as extreme; heavier, allies in base contact with the body or the carrier
    that could act (core.movement.lends_a_hand) share it, the strongest first and only as
    many as it takes: up to the sum of their CON the ground counts as difficult at least
    (the book's several carriers).  X is Mover's ENE with that ground, paid by the carrier
    alone.  The body ends in contact behind the carrier, and each helper in contact with
    the body or the carrier, as near as it can be to where it was beside them
    (:func:`_follow`); the helpers spend no ENE but count the K as moved.
    """
    book = entry(CARRY)
    body = _body(state, figure, action, book)
    if action.point is None:
        raise IllegalActionError(say("refused.melee.needs_point", action=book.name))
    if engaged_with(state, figure):
        raise IllegalActionError(say("refused.melee.engaged_ram"))
    helpers = _sharing(state, figure, body)
    ground = load_ground(figure, body, helpers)
    # Where each helper stands beside the one it touches (the body first), before the move.
    beside = [(h, body if in_contact(h, body) else figure) for h in helpers]
    offsets = [(h, anchor, _minus(h.position, anchor.position)) for h, anchor in beside]
    stride = Stride(book.name, moves().strides["mover"].ene, 0.0)
    events, end, travelled = travel(state, figure, action.point, figure.mov, stride, ground=ground)
    heading = math.radians(figure.facing)
    gap = figure.radius + body.radius + ENGAGED_GAP / 2
    body.position = (end[0] - gap * math.cos(heading), end[1] - gap * math.sin(heading))
    data: dict[str, object] = {"figure": figure.id, "load": body.id}
    helped: Message | str = ""
    if helpers:
        joined: Message | str = ""
        for number, helper in enumerate(helpers):  # "a (CON 3) y b (CON 2)", in either language
            one = f"{helper.id} (CON {_strength(helper)})"
            joined = one if number == 0 else say("phrase.areas.and", left=joined, right=one)
        helped = say("phrase.items.carry_help", helpers=joined)
        data["helpers"] = [h.id for h in helpers]
    text = say(
        "log.items.carried",
        figure=figure.id,
        body=body.id,
        x=body.position[0],
        y=body.position[1],
        helped=helped,
    )
    events.append(Event("carried", text, data))
    for helper, anchor, offset in offsets:
        events.append(_follow(state, figure, body, helper, _plus(anchor.position, offset)))
        helper.moved += travelled  # MODIFICADORES, por velocidad: it went along
    return events


def _strength(figure: Figure) -> int:
    """CON for moving objects: Mulo adds to it."""
    return figure.profile.con + modifiers.strength(figure)


def _sharing(state: GameState, figure: Figure, body: Figure) -> list[Figure]:
    """The allies who take a share of ``body``: none while the carrier can bear it alone;
    else those in base contact with the body or the carrier that could act, the strongest
    first (ties by id), until their CON and the carrier's reach the load.

    When even all of them are not enough, all of them (load_ground then refuses).
    """
    load = body.profile.con
    carried = _strength(figure)
    if load <= carried:
        return []
    allies = [
        o
        for o in state.figures.values()
        if o is not body
        and lends_a_hand(state, figure, o)
        and (in_contact(o, body) or in_contact(o, figure))
    ]
    allies.sort(key=lambda o: (-_strength(o), o.id))
    helpers: list[Figure] = []
    for ally in allies:
        if carried >= load:
            break
        helpers.append(ally)
        carried += _strength(ally)
    return helpers


def load_ground(figure: Figure, body: Figure, helpers: Sequence[Figure] = ()) -> str:
    """The least the ground counts as for ``figure`` carrying ``body`` (the load bands),
    with ``helpers`` sharing it when it is heavier than the carrier's CON."""
    strength = _strength(figure)
    load = body.profile.con
    alone = _band("one", strength, load)
    if alone is not None:
        return alone
    together = strength + sum(_strength(h) for h in helpers)
    shared = _band("several", together, load) if helpers else None
    if shared is not None:
        return shared
    help_text: Message | str = ""
    if helpers:
        names = ", ".join(h.id for h in helpers)
        help_text = say("phrase.items.heavy_help", together=together, names=names)
    raise IllegalActionError(
        say(
            "refused.items.too_heavy",
            body=body.id,
            figure=figure.id,
            load=load,
            strength=strength,
            help=help_text,
        )
    )


def _band(carriers: str, strength: int, load: int) -> str | None:
    """The ground of the first load band of ``carriers`` ("one", "several") the load fits
    in, or None when it cannot be carried that way."""
    for band in entry(CARRY).load_bands:
        if band.carriers != carriers:
            continue
        limit = {"CON/2": Fraction(strength, 2), "CON": Fraction(strength)}.get(band.load_max or "")
        if limit is None or load <= limit:
            return band.terrain
    return None


def _minus(a: Point, b: Point) -> Point:
    return (a[0] - b[0], a[1] - b[1])


def _plus(a: Point, b: Point) -> Point:
    return (a[0] + b[0], a[1] + b[1])


def _follow(state: GameState, figure: Figure, body: Figure, helper: Figure, wish: Point) -> Event:
    """Set ``helper`` down in base contact with the body or the carrier (both where they
    ended), at ``wish`` (its old place beside them) or the free spot nearest to it.

    A spot must not overlap anything (the body included, which is off the movement
    table), must be reached by a straight way clear of walls and bases and water, and
    must not be within 1 K of an enemy.  None: the action is refused.
    """
    spots = [wish]
    for anchor in (body, figure):
        ring = anchor.radius + helper.radius + ENGAGED_GAP / 2
        for step in range(FOLLOW_STEPS):
            angle = 2 * math.pi * step / FOLLOW_STEPS
            x, y = anchor.position
            spots.append((x + ring * math.cos(angle), y + ring * math.sin(angle)))
    spots.sort(key=lambda p: math.dist(p, wish))  # stable: the wish first on a tie
    spot = next((p for p in spots if _fits(state, figure, body, helper, p)), None)
    if spot is None:
        raise IllegalActionError(
            say("refused.items.no_spot", helper=helper.id, body=body.id, figure=figure.id)
        )
    start = helper.position
    table = state.physics()
    table.remove(helper.id)
    table.place(Disc(helper.id, spot, helper.radius, helper.side))
    helper.position = spot
    text = say("log.items.carry_help", helper=helper.id, body=body.id, x=spot[0], y=spot[1])
    data = {"figure": helper.id, "load": body.id, "from": list(start), "to": list(spot)}
    return Event("carry_help", text, data)


def _fits(state: GameState, figure: Figure, body: Figure, helper: Figure, spot: Point) -> bool:
    """Whether ``helper`` may end at ``spot`` (see :func:`_follow`)."""
    touching = any(
        edge_distance(spot, helper.radius, o.position, o.radius) <= ENGAGED_GAP + _CLEAR
        for o in (body, figure)
    )
    if not touching:
        return False
    if edge_distance(spot, helper.radius, body.position, body.radius) < -_CLEAR:
        return False
    disc = Disc(helper.id, spot, helper.radius, helper.side)
    table = state.physics()
    if table.overlaps(disc):
        return False
    enemies = [e.disc() for e in state.enemies_of(helper) if e.level == helper.level]
    if too_close(disc, spot, enemies):
        return False
    way = table.probe_move(helper.id, spot, math.dist(helper.position, spot) + _CLEAR)
    if math.dist(way.end, spot) > _CLEAR:
        return False
    return not state.world.terrain.cost([helper.position, spot], helper.current_height).swims


HANDLERS: dict[str, Handler] = {
    CARRY: mover_cargado,
    "comerciar": comerciar,
    "eliminar": eliminar,
    "saquear": saquear,
}
register(HANDLERS)
