"""The mind actions of neuromantes and titiriteros: Corromper / Hackear, Poseer, Marcar.

Sections METAHABILIDADES (Corrupción y Hacking, Combate mental, Posesión, Pifias con
metahabilidades), PSICOLOGÍA (Estrés) and the actions Corromper / Hackear, Poseer,
Marcar un objetivo, Combate mental and Contramagia of ACCIONES.  Costs, checks and
ranges are read from the action list (``data/actions.yaml``).

A character is a **neuromante** when it carries the entry Neuromante, a **titiritero**
when it carries Atadura (docs/rules-interpretations.md, Requirement tags).  Every
action here checks INT for a neuromante and VOL for a titiritero; the actor does not
choose, and one that is both acts as a neuromante.

- **Corromper / Hackear**: a target within INT / VOL K (edge to edge) and in the CdV.
  The CH IMP is a CH of that attribute; the stress DAÑ is the attribute − 4 (minimum
  1), +1 with Shin, +1 on a critical.  The target's CH DEF is a CH VOL: passed, it gains
  DAÑ − VOL stress (not below 0); failed, the full DAÑ; a critical, none; a fumble,
  DAÑ + 1 (COMBATE, Críticos y pifias).  A titiritero only hacks a living character (not
  one with the entry No vivo).  Stress above VOL knocks the target out
  (:func:`psychology.stress_limits`).
- **Poseer**: a target within INT / VOL K, in the CdV, with stress at least its VOL (or
  marked by the actor).  A passed check possesses it until the possessor's next
  activation starts (:func:`release`): it does not activate nor react, and during the
  possessor's activation it acts with the possessor's ENE (:func:`puppet_action`).
- **Marcar un objetivo**: on a figure the actor possesses; a passed check marks it, so
  that later Poseer by the same actor needs no stress.

A fumble on any of these checks is a fumble with a metaability: +1 stress unless a
CH PSI passes (:func:`psychology.psi_check`, which gives the +1 stress on a failure).

- **Combate mental**: right after a Corromper / Hackear, hit or not, its target (a
  neuromante or titiritero) may strike back at the attacker's mind the same way (ENE 3,
  no range); then the attacker may, and so on until one of them stops (pending
  ``respond``, core/responses.py :class:`Exchange`).
- **Hielo**: a target that is no neuromante or titiritero but carries the entry (on
  itself or on a piece of its gear) strikes back the same way, checking 3 (the entry's
  INT, VOL and CAL); its own CH VOL still defends it.
- **Contramagia** answers an enemy neuromante's casting (actions/countermagic.py).
"""

from __future__ import annotations

from wartime.engine.core import hits, hookspecs
from wartime.engine.core.action import Action
from wartime.engine.core.book import COUNTER, MENTAL, cost, difficulty, entry
from wartime.engine.core.checks import acting_modifiers, carrying_out, roll, spend
from wartime.engine.core.combat import _enemy
from wartime.engine.core.dispatch import Handler, register
from wartime.engine.core.events import Event
from wartime.engine.core.figures import REACTION_FLOOR, Figure
from wartime.engine.core.magic import (
    bears,
    cast_roll,
    fumbled,
    gain_stress,
    mind_attribute,
    within_reach,
)
from wartime.engine.core.modifiers import Context
from wartime.engine.core.perform import perform
from wartime.engine.core.responses import Exchange
from wartime.engine.core.sequence import possessed
from wartime.engine.core.state import GameState
from wartime.engine.core.stats import vol
from wartime.engine.core.traits import carried
from wartime.errors import IllegalActionError
from wartime.i18n import Message, Reason, say
from wartime.rules.actions import Action as Entry
from wartime.rules.dice import Outcome

NOT_ALIVE = "No vivo"  # a titiritero only hacks a living character
BASE_DAMAGE = 4  # Corromper / Hackear: DAÑ = INT / VOL − 4 (minimum 1)
ICE = "Hielo"  # BONUS Y MALUS: its bearer fights back in a Combate mental at 3
ICE_VALUE = 3
# Not possible to act as a possessed figure: it is the possessor's activation, not its own.
PUPPET_REFUSED = frozenset({"end", "esperar"})


# -- who, whom, how far ------------------------------------------------------------------------


def _caster(state: GameState, figure: Figure, book: Entry) -> tuple[str, int]:
    found = mind_attribute(state, figure)
    if found is None:
        raise IllegalActionError(say("refused.mind.no_caster", action=book.name, figure=figure.id))
    return found


def _target(state: GameState, figure: Figure, action: Action, book: Entry) -> Figure:
    if action.target is None:
        raise IllegalActionError(say("refused.mind.needs_target", action=book.name))
    return _enemy(state, figure, action)


def _attempt(
    state: GameState, figure: Figure, book: Entry, caster: tuple[str, int], target: Figure,
    paid_for: Reason, failure: Message,
) -> tuple[Outcome, list[Event]]:  # fmt: skip
    """Pay the action, roll its CH INT / VOL with the acting modifiers; say so if it fails.

    Pifias con metahabilidades: a fumble calls for a CH PSI (+1 stress if it fails).
    """
    name, value = caster
    events = [spend(figure, cost(book), paid_for)]
    mods = acting_modifiers(figure) + difficulty(book)
    ctx = Context(target, melee=False)
    outcome, rolled = cast_roll(state, figure, f"CH {name} ({book.name})", value, mods, ctx)
    figure.next_action_modifier = 0  # "the next action" modifiers (Esprintar) are used up
    events += rolled
    if outcome is Outcome.FUMBLE:
        events += fumbled(state, figure)
    if not outcome.passed:
        text = say("log.mind.miss", figure=figure.id, failure=failure)
        events.append(Event("miss", text, {"figure": figure.id, "target": target.id}))
    return outcome, events


# -- Corromper / Hackear -----------------------------------------------------------------------


def corromper_hackear(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Corromper / Hackear (3, INT o VOL): stress DAÑ INT / VOL − 4 against a CH VOL."""
    book = entry("corromper_hackear")
    name, value = _caster(state, figure, book)
    target = _target(state, figure, action, book)
    if name == "VOL" and bears(target, NOT_ALIVE):
        raise IllegalActionError(say("refused.mind.not_alive", target=target.id))
    if figure.sprinted:
        raise IllegalActionError(say("refused.combat.sprinted"))
    within_reach(state, figure, target, book.name, name, value)
    paid_for = say("phrase.checks.against", label=book.name, other=target.id)
    outcome, events = _attempt(
        state, figure, book, (name, value), target,
        paid_for, say("phrase.mind.enter_mind", target=target.id),
    )  # fmt: skip
    if not outcome.passed:
        return events + _open_exchange(state, figure, target, action)
    events += _strike(state, figure, target, (name, value), outcome)
    return events + _open_exchange(state, figure, target, action)


def _strike(
    state: GameState, figure: Figure, target: Figure, caster: tuple[str, int], outcome: Outcome
) -> list[Event]:
    """A mind attack that got in: stress DAÑ attribute − 4 (min 1), Shin +1, critical +1."""
    name, value = caster
    damage = max(1, value - BASE_DAMAGE)
    parts = [f"{name} {value} − {BASE_DAMAGE}"]
    ctx = Context(target, melee=False)
    for label, more in hits.action_damage_parts(state, figure, target, ctx):  # Shin
        damage += more
        parts.append(f"{label} {more:+d}")
    critical: Message | str = ""
    if outcome is Outcome.CRITICAL:
        damage += 1
        critical = say("phrase.mind.critical")
    how = ", ".join(parts)
    text = say(
        "log.mind.hit",
        figure=figure.id,
        target=target.id,
        damage=damage,
        how=how,
        critical=critical,
    )
    hit = Event("mind_hit", text, {"figure": figure.id, "target": target.id, "damage": damage})
    return [hit, *_mind_defence(state, target, damage, figure)]


# -- Combate mental ----------------------------------------------------------------------------


def fighter(state: GameState, figure: Figure) -> tuple[str, int] | None:
    """What a Combate mental blow checks: a mind user's own attribute, else Hielo's 3."""
    found = mind_attribute(state, figure)
    if found is None and any(t.name == ICE for t in carried(figure)):
        return ICE, ICE_VALUE  # its INT, VOL and CAL count as 3 (BONUS Y MALUS, Hielo)
    return found


def can_fight_back(state: GameState, figure: Figure, other: Figure) -> bool:
    """A neuromante, titiritero or Hielo bearer, standing and free, that can pay the ENE."""
    if fighter(state, figure) is None or figure.casualty or other.casualty:
        return False
    if possessed(state, figure):
        return False
    floor = 0 if state.active == figure.id and not figure.reacting else REACTION_FLOOR
    return figure.ene - cost(entry(MENTAL)) >= floor


def _open_exchange(state: GameState, figure: Figure, target: Figure, action: Action) -> list[Event]:
    """Combate mental: the target of a Corromper / Hackear may strike back at once."""
    if state.probing or not can_fight_back(state, target, figure):
        return []

    state.exchange = Exchange(state.active or figure.id, action, figure.id, target.id,
                              window=not figure.reacting)  # fmt: skip
    text = say("log.mind.exchange", target=target.id, figure=figure.id)
    return [Event("exchange", text, {"figure": target.id, "against": figure.id})]


@hookspecs.mental_blow.impl(order=10, key="mind")
def _strike_back(state: GameState, figure: Figure, striker: Figure) -> tuple[list[Event], bool]:
    """The answer in a Combate mental: the blow back, and whether the striker may go on."""
    return combate_mental(state, figure, striker), can_fight_back(state, striker, figure)


def combate_mental(state: GameState, figure: Figure, target: Figure) -> list[Event]:
    """Combate mental (3, INT o VOL): a mind attack back at who attacked its mind.

    Played as an answer (core/responses.py): outside its own activation the Pj pays
    as a reactor does (down to ENE −10) but it is not a reaction.
    """
    book = entry(MENTAL)
    caster = fighter(state, figure) or _caster(state, figure, book)
    outside = state.active != figure.id and not figure.reacting
    figure.reacting = figure.reacting or outside
    try:
        with carrying_out(state, figure, Action(MENTAL, figure.id, target=target.id)):
            paid_for = say("phrase.checks.against", label=book.name, other=target.id)
            outcome, events = _attempt(
                state, figure, book, caster, target,
                paid_for, say("phrase.mind.reach_mind", target=target.id),
            )  # fmt: skip
            if outcome.passed:
                events += _strike(state, figure, target, caster, outcome)
    finally:
        figure.reacting = figure.reacting and not outside
    return events


def _mind_defence(state: GameState, target: Figure, damage: int, source: Figure) -> list[Event]:
    """CH DEF against a mind attack: a CH VOL (every figure has VOL 1 or more).

    Passed: DAÑ − VOL stress (not below 0); failed: the full DAÑ; a critical: none; a
    fumble: DAÑ + 1 (COMBATE, Críticos y pifias).
    """
    will = vol(state, target)  # Líder, Despertando del letargo (presence.py)
    outcome, event = roll(
        state, target, say("phrase.mind.defence"), will, [], Context(source, melee=False)
    )
    if outcome is Outcome.CRITICAL:
        gained = 0
    elif outcome is Outcome.PASS:
        gained = max(0, damage - will)
    elif outcome is Outcome.FAIL:
        gained = damage
    else:
        gained = damage + 1
    return [event, *gain_stress(state, target, gained, source)]


# -- Poseer and Marcar un objetivo -------------------------------------------------------------


def poseer(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Poseer (3, INT / VOL): a target with stress ≥ VOL (or marked by the actor)."""
    book = entry("poseer")
    name, value = _caster(state, figure, book)
    if possessed(state, figure):
        raise IllegalActionError(say("refused.mind.possessed_itself", figure=figure.id))
    target = _target(state, figure, action, book)
    if target.id == state.active:
        raise IllegalActionError(say("refused.mind.acting_now", target=target.id))
    if possessed(state, target):
        if target.possessed_by == figure.id:
            raise IllegalActionError(say("refused.mind.possessed_by_you", target=target.id))
        raise IllegalActionError(
            say("refused.mind.possessed_by", target=target.id, owner=target.possessed_by)
        )
    will = vol(state, target)  # Líder, Despertando del letargo (presence.py)
    if target.stress < will and target.marked_by != figure.id:
        raise IllegalActionError(
            say(
                "refused.mind.low_stress",
                target=target.id,
                stress=target.stress,
                vol=will,
                action=book.name,
            )
        )
    within_reach(state, figure, target, book.name, name, value)
    outcome, events = _attempt(
        state, figure, book, (name, value), target,
        say("phrase.checks.to", label=book.name, other=target.id),
        say("phrase.mind.possess", target=target.id),
    )  # fmt: skip
    if not outcome.passed:
        return events
    target.possessed_by = figure.id
    text = say("log.mind.possessed", figure=figure.id, target=target.id)
    return [*events, Event("possessed", text, {"figure": target.id, "by": figure.id})]


def marcar_un_objetivo(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Marcar un objetivo (3, INT / VOL): mark the figure it possesses, to possess it again."""
    book = entry("marcar_un_objetivo")
    name, value = _caster(state, figure, book)
    if action.target is None:
        raise IllegalActionError(say("refused.mind.mark_what", action=book.name))
    target = state.figure(action.target)
    if target.possessed_by != figure.id or not possessed(state, target):
        raise IllegalActionError(
            say("refused.mind.mark_not_possessed", figure=figure.id, target=target.id)
        )
    if target.marked_by == figure.id:
        raise IllegalActionError(
            say("refused.mind.already_marked", target=target.id, figure=figure.id)
        )
    outcome, events = _attempt(
        state, figure, book, (name, value), target,
        say("phrase.checks.about", label=book.name, what=target.id),
        say("phrase.mind.mark", target=target.id),
    )  # fmt: skip
    if not outcome.passed:
        return events
    target.marked_by = figure.id
    text = say("log.mind.marked", figure=figure.id, target=target.id)
    return [*events, Event("marked", text, {"figure": target.id, "by": figure.id})]


# -- possession in the sequence of play (called from core/sequence.py) ------------------------


@hookspecs.activation_starts.impl(order=10, key="possession")
def release(state: GameState, figure: Figure) -> list[Event]:
    """As ``figure`` starts an activation, what it possessed is free again.

    A possession whose possessor became a casualty has already lapsed; the activating
    figure's own stale record is cleared too.
    """
    figure.possessed_by = None
    events = []
    for other in sorted(state.figures.values(), key=lambda f: f.id):
        if other.possessed_by == figure.id:
            other.possessed_by = None
            text = say("log.mind.released", figure=other.id, by=figure.id)
            events.append(Event("released", text, {"figure": other.id, "by": figure.id}))
    return events


@hookspecs.puppet_acts.impl(order=10, key="possession")
def puppet_action(
    state: GameState, possessor: Figure, puppet: Figure, action: Action, handler: Handler | None
) -> list[Event]:
    """The possessor makes the figure it possesses act (Poseer: "gastar su propia ENE").

    For the length of the action the possessed figure holds the possessor's ENE, fights
    for the possessor's side and counts the possessor's chained actions; afterwards the
    ENE left goes back to the possessor and the figure gets its own ENE, side and count
    back.  Its own conditions (wounds, panic's CH −1, stress) still weigh on its checks.
    """
    if action.kind in PUPPET_REFUSED or handler is None:
        raise IllegalActionError(
            say(
                "refused.mind.puppet_cannot",
                puppet=puppet.id,
                kind=action.kind,
                possessor=possessor.id,
            )
        )
    if possessor.panic:
        raise IllegalActionError(
            say("refused.mind.possessor_panic", possessor=possessor.id, puppet=puppet.id)
        )

    own = (puppet.ene, puppet.side, puppet.actions_taken)
    puppet.ene, puppet.side = possessor.ene, possessor.side
    puppet.actions_taken = possessor.actions_taken
    text = say("log.mind.puppet", possessor=possessor.id, puppet=puppet.id)
    events = [Event("puppet", text, {"figure": puppet.id, "by": possessor.id})]
    try:
        events += perform(state, puppet, action, handler)
    finally:
        possessor.ene = puppet.ene
        puppet.ene, puppet.side, puppet.actions_taken = own
    return events


# -- answers, offered by core/responses.py: never actions of their own ----------------------


def _answer_only(state: GameState, figure: Figure, action: Action) -> list[Event]:
    if action.kind == COUNTER:
        raise IllegalActionError(say("refused.mind.counter_only", action=entry(COUNTER).name))
    raise IllegalActionError(say("refused.mind.mental_only", action=entry(MENTAL).name))


HANDLERS: dict[str, Handler] = {
    "corromper_hackear": corromper_hackear,
    MENTAL: _answer_only,
    "poseer": poseer,
    "marcar_un_objetivo": marcar_un_objetivo,
    COUNTER: _answer_only,
}
register(HANDLERS)
