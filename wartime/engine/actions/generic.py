"""ACCIONES GENÉRICAS: support, focus, guard, hiding, searching, healing, reloading, dropping.

Section ACCIONES GENÉRICAS of the rulebook, with REACCIONES (En guardia), COMBATE
(Heridas: what may be healed), PSICOLOGÍA and the catalogue entries Cargadores and
Más munición.  Costs, checks, ranges and the numbers of each action's modifiers are
read from the action list (``data/actions.yaml``).

The wrapper around every action handler, with Esconderse's finding of a hidden target
and the bonuses any action uses up, is the core's :mod:`wartime.engine.core.perform`.

Esperar is played by :mod:`wartime.engine.actions.moving`; Comerciar, Saquear and Eliminar by
:mod:`wartime.engine.actions.items`.  Not automated, so refused as unknown actions (and listed
by ``handlers.not_yet_automated``):

(Marcar un objetivo belongs with possession, in :mod:`wartime.engine.actions.mind`.)
Usar of objects is played by :mod:`wartime.engine.actions.gear`, of metaabilities by
:mod:`wartime.engine.actions.metaabilities`; a bomb dropped with Soltar is laid on the table by
:mod:`wartime.engine.core.bombs` (and set off by :mod:`wartime.engine.entries.mines`).

Curar cancels a poison (Ponzoña, entries/curses.py) instead of healing when it passes;
a neuromante's Curar may treat stress instead (``item`` "estrés", PSICOLOGÍA, Estrés).
"""

from __future__ import annotations

from wartime.board.shapes import Point
from wartime.engine.core import bombs
from wartime.engine.core.action import Action
from wartime.engine.core.book import attribute, difficulty, entry
from wartime.engine.core.checks import acting_modifiers, roll, spend
from wartime.engine.core.combat import Sight, magazine_size, rounds_left, wound
from wartime.engine.core.dispatch import Handler, register
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure, drop_weapon
from wartime.engine.core.hits import no_healing
from wartime.engine.core.modifiers import Context, carries, focus_step
from wartime.engine.core.movement import ENGAGED_GAP
from wartime.engine.core.perform import reveal, spots, watching
from wartime.engine.core.poison import cure
from wartime.engine.core.profiles import Weapon
from wartime.engine.core.psychology import NEUROMANCER, STRESS, treat_stress
from wartime.engine.core.state import GameState
from wartime.errors import IllegalActionError
from wartime.geometry.distance import edge_distance, point_to_base
from wartime.i18n import say
from wartime.rules.actions import Action as Entry
from wartime.rules.actions import EneSource
from wartime.rules.dice import Outcome

SEARCH_REACH = 1.0  # K: Buscar reaches an element within 1 K of its base, and looks 1 K round it
BOMBS = ("Área de activación", "Bomba autónoma")  # Soltar: "una bomba o similar"
_OUTCOME_WHEN = {
    Outcome.CRITICAL: "check_critical",
    Outcome.PASS: "check_passed",
    Outcome.FAIL: "check_failed",
    Outcome.FUMBLE: "check_fumbled",
}


# -- the action book ---------------------------------------------------------------------------


def _cost(book: Entry, item: Weapon | None = None) -> int:
    """The ENE the book prints: a number, the weapon's DAÑ (Recargar), or the item's ENE.

    An item that is not a bomb costs the book's lowest figure (Soltar: X = 0); spend()
    then applies ENERGÍA's minimum of 1.
    """
    if isinstance(book.ene, int):
        return book.ene
    if book.ene is EneSource.WEAPON_DAN and item is not None:
        return item.dan
    if book.ene is EneSource.ITEM_ENE:
        return item.ene if item is not None and _is_bomb(item) else book.ene_min
    raise ValueError(f"{book.id}: no ENE rule for {book.ene!r}")


def _value(book: Entry, **match: str) -> tuple[int, int | None]:
    """The value (and cap) of the book's modifier whose fields equal ``match``."""
    for m in book.modifiers:
        if all(getattr(m, key) == wanted for key, wanted in match.items()):
            if m.value is None:
                break
            return m.value, m.max
    raise ValueError(f"{book.id}: no modifier with {match}")


def _reach(figure: Figure, book: Entry) -> float:
    """The book's range: a fixed number of K, or an attribute of the figure (INT)."""
    text = book.range or ""
    if text.isdigit():
        return float(text)
    if text in ("CON", "AGI", "INT", "VOL"):
        return float(figure.profile.attribute(text))
    raise ValueError(f"{book.id}: unexpected range {book.range!r}")


def _check(
    state: GameState, figure: Figure, book: Entry, ctx: Context | None = None
) -> tuple[Outcome, Event]:
    """The action's own CH (its attribute from the list), with the acting modifiers."""
    name, value = attribute(state, figure, book)
    mods = acting_modifiers(figure) + difficulty(book)
    outcome, event = roll(state, figure, f"CH {name} ({book.name})", value, mods, ctx)
    figure.next_action_modifier = 0  # "the next action" modifiers (Esprintar) are used up
    return outcome, event


def _gap(a: Figure, b: Figure) -> float:
    return edge_distance(a.position, a.radius, b.position, b.radius)


# -- Apoyar, Concentrarse, En guardia, Esconderse ----------------------------------------------


def apoyar(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Apoyar (3): an ally within 2 K gets CH ATR +1 on its next CH ATR (supports add up)."""
    book = entry("apoyar")
    if action.target is None:
        raise IllegalActionError(say("refused.generic.needs_ally", action=book.name))
    ally = state.figure(action.target)
    if ally.id == figure.id:
        raise IllegalActionError(say("refused.generic.not_oneself", action=book.name))
    if ally.side != figure.side:
        raise IllegalActionError(say("refused.generic.not_your_side", figure=ally.id))
    if ally.casualty:
        raise IllegalActionError(say("refused.generic.casualty", figure=ally.id))
    reach = _reach(figure, book)
    if (gap := _gap(figure, ally)) > reach + 1e-9:
        raise IllegalActionError(
            say("refused.generic.too_far", figure=ally.id, gap=gap, action=book.name, reach=reach)
        )
    events = [spend(figure, _cost(book), say("phrase.checks.to", label=book.name, other=ally.id))]
    bonus, _ = _value(book, check="ATR", who="ally")
    ally.support += bonus
    figure.next_action_modifier = 0
    text = say("log.generic.support", figure=figure.id, ally=ally.id, bonus=ally.support)
    return [*events, Event("support", text, {"figure": figure.id, "ally": ally.id})]


def concentrarse(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Concentrarse (2): +1 per consecutive use (max +3) to the first CH ATR of the next action."""
    book = entry("concentrarse")
    step, cap = _value(book, check="ATR", per="consecutive_use")
    step += focus_step(figure)  # Mente centrada: +2 a use instead of +1 (the cap stays)
    top = cap if cap is not None else step
    if figure.focus >= top:
        raise IllegalActionError(say("refused.generic.focus_max", figure=figure.id, top=top))
    events = [spend(figure, _cost(book), book.name)]
    figure.focus = min(top, figure.focus + step)
    figure.next_action_modifier = 0
    text = say("log.generic.focus", figure=figure.id, focus=figure.focus)
    return [*events, Event("focus", text, {"figure": figure.id, "focus": figure.focus})]


def en_guardia(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """En guardia (2): its next CH VOL to react gets +2, until it takes any other action."""
    book = entry("en_guardia")
    if figure.guard_bonus:
        raise IllegalActionError(say("refused.generic.on_guard", figure=figure.id))
    events = [spend(figure, _cost(book), book.name)]
    bonus, _ = _value(book, check="VOL", when="reaction_check")
    figure.on_guard = True
    figure.guard_bonus = bonus
    figure.next_action_modifier = 0
    text = say("log.generic.guard", figure=figure.id, bonus=bonus)
    return [*events, Event("guard", text, {"figure": figure.id, "bonus": bonus})]


def esconderse(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Esconderse (2): more than 50% covered from every enemy that could see it now.

    "Could see it": a living enemy able to interact at range and within its own VOL×5 K,
    whatever its facing (Pj turn freely).  Hidden, enemies need a CH INT ENF to act on it.
    """
    book = entry("esconderse")
    if figure.hidden:
        raise IllegalActionError(say("refused.generic.hidden", figure=figure.id))
    found = seen_by(state, figure)
    if found is not None:
        enemy, seen = found
        raise IllegalActionError(
            say(
                "refused.generic.seen",
                enemy=enemy.id,
                figure=figure.id,
                cover=seen.cover,
                action=book.name,
            )
        )
    events = [spend(figure, _cost(book), book.name)]
    figure.hidden = True
    figure.next_action_modifier = 0
    text = say("log.generic.hidden", figure=figure.id)
    return [*events, Event("hidden", text, {"figure": figure.id})]


def seen_by(state: GameState, figure: Figure) -> tuple[Figure, Sight] | None:
    """The first enemy that sees ``figure`` with 50% cover or less, and its sight: while
    there is one, Esconderse is refused."""
    return next(((e, seen) for e, seen in watching(state, figure) if spots(figure, seen)), None)


# -- Buscar, Percibir --------------------------------------------------------------------------


def percibir(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Percibir (2, INT): passed, hidden enemies within INT K are found (a critical too)."""
    book = entry("percibir")
    reach = _reach(figure, book)
    events = [spend(figure, _cost(book), book.name)]
    outcome, event = _check(state, figure, book)
    events.append(event)
    if not outcome.passed:
        text = say("log.generic.perceives_nobody", figure=figure.id)
        return [*events, Event("perceived", text, {"figure": figure.id, "found": []})]
    found = [
        e
        for e in sorted(state.enemies_of(figure), key=lambda e: e.id)
        if e.hidden and _gap(figure, e) <= reach + 1e-9
    ]
    events += [reveal(figure, e, book.name) for e in found]
    names = ", ".join(e.id for e in found) or say("phrase.generic.nobody_hidden")
    text = say("log.generic.perceives", figure=figure.id, reach=reach, names=names)
    data = {"figure": figure.id, "found": [e.id for e in found]}
    return [*events, Event("perceived", text, data)]


def buscar(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Buscar (1, INT): search an element within 1 K (``point``; where it stands if none).

    What the element holds is the scenario's business: the result is logged for it.
    Passed, enemies hidden within 1 K of the spot searched are found.
    """
    book = entry("buscar")
    spot: Point = action.point if action.point is not None else figure.position
    gap = point_to_base(spot, figure.position, figure.radius)
    if gap > SEARCH_REACH + 1e-9:
        raise IllegalActionError(
            say("refused.generic.spot_too_far", gap=gap, action=book.name, reach=SEARCH_REACH)
        )
    events = [spend(figure, _cost(book), book.name)]
    outcome, event = _check(state, figure, book)
    events.append(event)
    found: list[Figure] = []
    if outcome.passed:
        found = [
            e
            for e in sorted(state.enemies_of(figure), key=lambda e: e.id)
            if e.hidden and point_to_base(spot, e.position, e.radius) <= SEARCH_REACH + 1e-9
        ]
        events += [reveal(figure, e, book.name) for e in found]
    verdict = say("phrase.generic.finds") if outcome.passed else say("phrase.generic.finds_nothing")
    text = say("log.generic.search", figure=figure.id, x=spot[0], y=spot[1], verdict=verdict)
    data = {
        "figure": figure.id,
        "point": list(spot),
        "outcome": outcome.value,
        "found": [e.id for e in found],
    }
    return [*events, Event("search", text, data)]


# -- Curar / Reparar ---------------------------------------------------------------------------


def knocked_out(figure: Figure) -> bool:
    """Unconscious from Noquear, not from stress (stress above VOL is the other cause)."""
    return figure.unconscious and figure.stress <= figure.vol


def curar_reparar(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Curar / Reparar (3, INT): oneself or an ally in base contact recovers 1 wound.

    Critical 3 wounds; failure 1 wound more, fumble 3 more.  Only wounds up to CON can be
    healed (COMBATE, Heridas): an incapacitated ally may get up again, a dead one not.  An
    ally knocked out (Noquear) wakes up, whatever the check, since it has been attended.
    """
    book = entry("curar_reparar")
    patient = figure if action.target is None else state.figure(action.target)
    if patient.side != figure.side:
        raise IllegalActionError(say("refused.generic.not_your_side", figure=patient.id))
    if patient is not figure and _gap(figure, patient) > ENGAGED_GAP:
        raise IllegalActionError(
            say("refused.generic.no_contact", patient=patient.id, figure=figure.id)
        )
    if action.item == STRESS:  # PSICOLOGÍA, Estrés: a neuromante's Curar treats the mind
        return _treat_stress(state, figure, patient, book)
    if action.item is not None:
        raise IllegalActionError(say("refused.generic.cure_what", stress=STRESS))
    if patient.dead:
        raise IllegalActionError(say("refused.generic.dead", figure=patient.id))
    if patient.unconscious and not knocked_out(patient):
        raise IllegalActionError(
            say("refused.generic.stress_unconscious", figure=patient.id, stress=STRESS)
        )
    waking = knocked_out(patient)
    if patient.wounds == 0 and not waking and patient.poisoned is None:
        raise IllegalActionError(say("refused.generic.no_wounds", figure=patient.id))
    barred = no_healing(patient)  # Sin cura: attending a knocked-out ally still wakes it
    if barred and not waking and patient.poisoned is None:  # curing poison is no healing
        raise IllegalActionError(say("refused.generic.no_healing", figure=patient.id, entry=barred))
    was_down = patient.casualty
    if was_down and patient.level == 1:
        blocking = state.physics().overlaps(patient.disc())
        if blocking:
            raise IllegalActionError(
                say("refused.generic.no_room", figure=patient.id, blocking=", ".join(blocking))
            )
    events = [
        spend(figure, _cost(book), say("phrase.checks.to", label=book.name, other=patient.id))
    ]
    outcome, event = _check(state, figure, book)
    events.append(event)
    if waking:
        patient.unconscious = False
        text = say("log.generic.woken", figure=figure.id, patient=patient.id)
        events.append(Event("woken", text, {"figure": patient.id, "by": figure.id}))
    change, _ = _value(book, stat="wounds", who="target", when=_OUTCOME_WHEN[outcome])
    if change < 0 and patient.poisoned is not None:  # Ponzoña: the poison, not a wound
        events += cure(patient, book.name)
    elif change < 0 and not barred:
        healed = min(patient.wounds, -change)
        patient.wounds -= healed
        if healed:
            text = say(
                "log.generic.healed",
                figure=patient.id,
                healed=healed,
                wounds=patient.wounds,
                con=patient.profile.con,
            )
            events.append(Event("healed", text, {"figure": patient.id, "healed": healed}))
    else:
        events += wound(state, patient, change)
    if was_down and not patient.casualty:
        state._physics = None  # its base is back on the table: rebuilt when next needed
    figure.next_action_modifier = 0
    return events


def _treat_stress(state: GameState, figure: Figure, patient: Figure, book: Entry) -> list[Event]:
    """Curar on stress: only a neuromante; its CH INT takes stress off as it would wounds
    (1, 3 with a critical), or adds to it on a failure (1) or a fumble (3)."""
    if not carries(figure, NEUROMANCER):
        raise IllegalActionError(say("refused.generic.not_neuromancer", figure=figure.id))
    if not patient.stress:
        raise IllegalActionError(say("refused.generic.no_stress", figure=patient.id))
    was_down = patient.casualty
    if was_down and patient.level == 1 and state.physics().overlaps(patient.disc()):
        raise IllegalActionError(say("refused.generic.no_room_to_wake", figure=patient.id))
    stress = say("phrase.checks.about", label=book.name, what=STRESS)
    events = [spend(figure, _cost(book), say("phrase.checks.to", label=stress, other=patient.id))]
    outcome, event = _check(state, figure, book)
    change, _ = _value(book, stat="wounds", who="target", when=_OUTCOME_WHEN[outcome])
    events += [event, *treat_stress(state, patient, change)]
    if was_down and not patient.casualty:
        state._physics = None  # its base is back on the table: rebuilt when next needed
    figure.next_action_modifier = 0
    return events


# -- Recargar, Soltar --------------------------------------------------------------------------


def recargar(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Recargar (X = DAÑ of the weapon): a full magazine in a weapon with Cargadores."""
    book = entry("recargar")
    weapon = _reload_target(figure, action)
    size = magazine_size(figure, weapon)
    assert size is not None  # _reload_target picks weapons with magazines only
    if rounds_left(figure, weapon) == size:
        raise IllegalActionError(say("refused.generic.full_magazine", weapon=weapon.id, size=size))
    events = [spend(figure, _cost(book, weapon), f"{book.name} {weapon.id}")]
    figure.rounds.pop(weapon.id, None)  # a full magazine, as at the start
    figure.next_action_modifier = 0
    text = say("log.generic.reload", figure=figure.id, weapon=weapon.id, size=size)
    data = {"figure": figure.id, "item": weapon.id, "rounds": size}
    return [*events, Event("reload", text, data)]


def _reload_target(figure: Figure, action: Action) -> Weapon:
    if action.item is not None:
        weapon = figure.profile.weapon(action.item)
        if weapon is None:
            raise IllegalActionError(
                say("refused.combat.no_weapon", figure=figure.id, item=action.item)
            )
        if magazine_size(figure, weapon) is None:
            raise IllegalActionError(say("refused.generic.no_magazines", weapon=weapon.id))
        return weapon
    fed = [w for w in figure.profile.weapons if magazine_size(figure, w) is not None]
    if not fed:
        raise IllegalActionError(say("refused.generic.no_fed_weapon", figure=figure.id))
    spent = [w for w in fed if rounds_left(figure, w) != magazine_size(figure, w)]
    return (spent or fed)[0]


def _is_bomb(item: Weapon) -> bool:
    return any(name in item.bonuses for name in BOMBS)


def soltar(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Soltar (X): let go of a carried weapon (``item``); X = 0 for anything but a bomb.

    The item falls at the figure's feet: the figure no longer carries it (as Desarmar, the
    ground does not keep it yet).
    """
    book = entry("soltar")
    if action.item is None:
        raise IllegalActionError(say("refused.generic.drop_what", action=book.name))
    item = figure.profile.weapon(action.item)
    if item is None:
        raise IllegalActionError(say("refused.generic.no_item", figure=figure.id, item=action.item))

    bomb = bombs.weapon_bomb(item)
    where = bombs.spot(figure, action) if bomb else figure.position
    events = [spend(figure, _cost(book, item), f"{book.name} {item.id}")]
    drop_weapon(figure, item)
    figure.rounds.pop(item.id, None)
    figure.next_action_modifier = 0
    text = say("log.generic.drop", figure=figure.id, item=item.id)
    events.append(Event("gear", text, {"figure": figure.id, "item": item.id}))
    return events + (bombs.dropped(state, figure, item, where) if bomb else [])


HANDLERS: dict[str, Handler] = {
    "apoyar": apoyar,
    "buscar": buscar,
    "concentrarse": concentrarse,
    "curar_reparar": curar_reparar,
    "en_guardia": en_guardia,
    "esconderse": esconderse,
    "percibir": percibir,
    "recargar": recargar,
    "soltar": soltar,
}
register(HANDLERS)
