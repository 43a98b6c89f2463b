"""Answers to a declared action, before it resolves (pending ``respond``).

Huir is declared "right after the acting Pj declares its action and target", and
Esquivar en CaC once a CaC attacker "has chosen its target".  So an action aimed at
an enemy who sees it coming (the actor in its CdV, or in base contact) stops once
declared when that enemy has an answer it can pay for: its side answers with Huir,
Esquivar en CaC, Desenfundar against a shot (actions/duels.py), Contramagia from any
neuromante in reach of a casting (actions/countermagic.py), or ``pass``; then the
action resolves against wherever the target now is.  An action the answer made
impossible (the target fled out of reach or sight, or shot the actor down first) is
lost: it counts as an action of the activation, and nothing is paid for it.

Combate mental is the other kind of answer, after a Corromper / Hackear: the two
minds trade blows in turn (:class:`Exchange`) until one passes.

These answers are not reactions: no CH VOL, and the target keeps its own chance
to react afterwards.  Like a reaction, they are taken outside the activation, so
ENE may go down to −10 and the Pj does not turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import chain
from typing import TYPE_CHECKING

from wartime.engine.core import hookspecs
from wartime.engine.core.action import Action
from wartime.engine.core.book import COUNTER, DRAW, MENTAL, attribute, cost, entry
from wartime.engine.core.checks import Modifiers, acting_modifiers, carrying_out, roll, spend
from wartime.engine.core.checks import unpaid as checks_unpaid
from wartime.engine.core.combat import defend
from wartime.engine.core.dispatch import register
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.modifiers import Context
from wartime.engine.core.movement import Stride, engaged_with, holder
from wartime.engine.core.psychology import psi_check
from wartime.engine.core.reactions import open_window
from wartime.engine.core.resolution import carry_out
from wartime.engine.core.routes import travel
from wartime.engine.core.sequence import check_game_over, possessed
from wartime.engine.core.sight import in_vision, unseen
from wartime.engine.core.vehicles import drives
from wartime.errors import IllegalActionError
from wartime.i18n import Reason, say, told
from wartime.rules.actions import load_actions
from wartime.rules.dice import OpposedResult, Outcome, opposed_result

if TYPE_CHECKING:
    from wartime.engine.core.dispatch import Handler
    from wartime.engine.core.state import GameState

FLEE, DODGE = "huir", "esquivar_en_cac"
GUARD, BODYGUARD = "guardaespaldas", "Guardaespaldas"  # a bodyguard steps in (guards.py)
# The CaC actions whose CH IMP Esquivar en CaC replaces (each rolls it in cac_impact).
DODGEABLE = frozenset(
    {
        *("ataque_cac", "ataque_cac_arma_disparo", "ataque_cac_objeto_improvisado"),
        *("ataque_cac_sin_armas", "desarmar", "empujar", "inmovilizar_enemigo", "noquear"),
    }
)


@dataclass(frozen=True)
class Declared:
    """An action of ``actor`` at ``target``, waiting for the target's answer."""

    actor: str
    action: Action
    target: str
    mages: tuple[str, ...] = ()  # enemy neuromantes that may answer with Contramagia
    guards: tuple[str, ...] = ()  # the target's bodyguards that may step in (guards.py)

    def snapshot(self) -> list[object]:
        return [self.actor, self.action.to_data(), self.target, list(self.mages), list(self.guards)]


@dataclass(frozen=True)
class Exchange:
    """Combate mental: ``answerer`` may strike back at ``striker``'s mind, or stop.

    ``action`` started it in ``actor``'s activation; the chance to react to that action
    waits until the exchange is over (``window``: it was not itself a reaction).
    """

    actor: str
    action: Action
    striker: str
    answerer: str
    window: bool = True

    def snapshot(self) -> list[object]:
        return [self.actor, self.action.to_data(), self.striker, self.answerer, self.window]


def answers(state: GameState, actor: Figure, action: Action) -> list[str]:
    """The answers ``action``'s target could give now (empty: nothing to wait for)."""
    return [kind for kind, _ in _answers(state, actor, action)]


def _answers(state: GameState, actor: Figure, action: Action) -> list[tuple[str, str]]:
    """The answers, each with the name the declaration gives it."""
    target = state.figures.get(action.target or "")
    if target is None or target.side == actor.side or target.casualty or target.lose_next:
        return []
    if possessed(state, target) or drives(target) or target.tied:
        return []  # a possessed body, a transport or a tied-up Pj has no answer
    engaged = engaged_with(state, target)
    if actor not in engaged and (
        not in_vision(state, target, actor) or (state.invisible and unseen(state, target, actor))
    ):
        return []  # it does not see it coming (nor an invisible attacker: Invisible)
    found = []
    held = holder(state, target) is not None  # Inmovilizar enemigo: it cannot move
    free = not engaged and not held and not target.perch  # Huir runs on the ground
    if free and unpaid(state, target, FLEE) is None:
        found.append((FLEE, entry(FLEE).name))
    if action.kind in DODGEABLE and unpaid(state, target, DODGE) is None:
        found.append((DODGE, entry(DODGE).name))
    found += chain.from_iterable(
        hookspecs.answers.collect(state, target, actor, action, bool(engaged))
    )  # Desenfundar, Manipulador
    return found


def counter_mages(state: GameState, actor: Figure, action: Action) -> list[str]:
    """The enemy neuromantes that may answer ``actor``'s ``action`` with Contramagia."""
    return list(chain.from_iterable(hookspecs.counter_mages.collect(state, actor, action)))


def unpaid(state: GameState, target: Figure, kind: str) -> Reason | None:
    """Why ``target`` cannot pay for answer ``kind`` (Huir, Esquivar en CaC) now, or None."""
    book = entry(kind)
    return checks_unpaid(state, target, Action(kind, target.id), cost(book), book.name)


def declare(state: GameState, actor: Figure, action: Action) -> list[Event]:
    """Stop a legal action aimed at an enemy that may answer it; [] when there is none.

    A preview's play (GameState.previewing) is not stopped: it shows the action with
    no answer, which its own check has found legal on this position already.
    """
    if state.previewing == action:
        return []
    found = _answers(state, actor, action)
    mages = counter_mages(state, actor, action)
    bodyguards = list(chain.from_iterable(hookspecs.bodyguards.collect(state, actor, action)))
    if not found and not mages and not bodyguards:
        return []
    problem = state.probe(lambda trial: carry_out(trial, trial.figure(actor.id), action))
    if problem:
        raise IllegalActionError(problem)
    assert action.target is not None
    state.declared = Declared(actor.id, action, action.target, tuple(mages), tuple(bodyguards))
    said = [name for _, name in found]
    names: list[Reason] = []
    if found:
        either = _folded(said, either=True)
        names.append(say("phrase.responses.answers", target=action.target, answers=either))
    names += [f"{mage} ({entry(COUNTER).name})" for mage in mages]
    names += [f"{guard} ({BODYGUARD})" for guard in bodyguards]
    text = say(
        "log.responses.declared", figure=actor.id, action=entry_name(action),
        target=action.target, names=_folded(names),
    )  # fmt: skip
    kinds = [kind for kind, _ in found]
    data = {"figure": actor.id, "target": action.target, "answers": kinds, "mages": mages}
    if bodyguards:
        data["guards"] = bodyguards
    return [Event("declared", text, data)]


def _folded(parts: Sequence[Reason], *, either: bool = False) -> Reason:
    """``parts`` joined with ", ", or with " o " / " or " when ``either``, each part
    worded when shown."""
    joined: Reason = parts[0]
    for part in parts[1:]:
        joined = (
            say("phrase.responses.or", left=joined, right=part)
            if either
            else say("phrase.responses.also", left=joined, right=part)
        )
    return joined


def entry_name(action: Action) -> str:
    book = load_actions().find(action.kind)
    if book is None and action.item:  # an action an entry gives: Usar bonus (Sed de energía)
        return action.item
    return book.name if book else action.kind


def respond(state: GameState, action: Action) -> list[Event]:
    """The target's answer (Huir, Esquivar en CaC or pass); then the declared action resolves.

    In a Combate mental exchange, the answer is another mental blow or pass.
    """
    if state.exchange is not None:
        return _exchange(state, action)
    declared = state.declared
    assert declared is not None
    target = state.figure(declared.target)
    actor = state.figure(declared.actor)
    stood_in = hookspecs.stand_in.first(state, actor, declared, action)  # Contramagia...
    if stood_in is not None:
        return stood_in + check_game_over(state)
    if action.figure not in (None, target.id):
        raise IllegalActionError(
            say("refused.responses.other", answerer=target.id, figure=action.figure)
        )
    if action.kind == "pass":
        silent = say("log.responses.pass", figure=target.id)
        events = [Event("answer_pass", silent, {"figure": target.id})]
    elif action.kind in answers(state, actor, declared.action):
        events = _answer(state, target, actor, action)
    else:
        dear = unpaid(state, target, action.kind) if action.kind in (FLEE, DODGE) else None
        may: Reason = ", ".join(answers(state, actor, declared.action)) or say(
            "phrase.responses.nothing"
        )
        raise IllegalActionError(
            dear or say("refused.responses.not_answer", kind=action.kind, figure=target.id, may=may)
        )
    state.declared = None
    try:
        events += resolve(state, actor, declared.action, action.kind)
    finally:
        hookspecs.answered_resolved.collect(state, actor)  # Manipulador's −1: this shot only
    return events + check_game_over(state)  # a fumbled CH PSI may have taken out the last Pj


def _exchange(state: GameState, action: Action) -> list[Event]:
    """One turn of a Combate mental: strike back (the other may then answer) or stop."""
    exchange = state.exchange
    assert exchange is not None
    answerer, striker = state.figure(exchange.answerer), state.figure(exchange.striker)
    if action.figure not in (None, answerer.id):
        raise IllegalActionError(
            say("refused.responses.other", answerer=answerer.id, figure=action.figure)
        )
    if action.kind not in ("pass", MENTAL):
        raise IllegalActionError(
            say("refused.responses.mental", kind=action.kind, figure=answerer.id)
        )
    state.exchange = None
    if action.kind == "pass":
        events = [
            Event(
                "answer_pass",
                say("log.responses.mental_stop", figure=answerer.id),
                {"figure": answerer.id},
            )
        ]
    else:
        struck = hookspecs.mental_blow.first(state, answerer, striker)
        assert struck is not None  # Combate mental is played by the mind family (mind.py)
        events, goes_on = struck
        if goes_on:
            state.exchange = replace(exchange, striker=answerer.id, answerer=striker.id)
            text = say("log.responses.exchange", figure=striker.id, against=answerer.id)
            events.append(Event("exchange", text, {"figure": striker.id, "against": answerer.id}))
    events += check_game_over(state)
    if state.exchange is None and exchange.window and not state.over:
        events += open_window(state, state.figure(exchange.actor), exchange.action, events)
    return events


def _answer(state: GameState, target: Figure, actor: Figure, action: Action) -> list[Event]:
    target.reacting = True  # outside its activation: ENE down to −10, no turning
    try:
        given = hookspecs.answer_given.first(state, target, actor, action)  # Desenfundar...
        if given is not None:
            return given
        with carrying_out(state, target, action):  # its entries see the action (Maestría...)
            if action.kind == FLEE:
                return huir(state, target, action)
            events = [spend(target, cost(entry(DODGE)), entry(DODGE).name)]
        text = say("log.responses.dodge", figure=target.id, attacker=actor.id)
        return [*events, Event("dodge", text, {"figure": target.id, "attacker": actor.id})]
    finally:
        target.reacting = False


def huir(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Huir (1, PSI): up to 3 K in any direction, not engaged in CaC; CH PSI after moving."""
    book = entry(FLEE)
    if action.point is None:
        raise IllegalActionError(say("refused.melee.needs_point", action=book.name))
    if engaged_with(state, figure):
        raise IllegalActionError(say("refused.responses.engaged", action=book.name))
    stride = Stride(book.name, cost(book), 0.0)
    events, _, _ = travel(state, figure, action.point, float(book.distance or 3), stride)
    return events + psi_check(state, figure, say("phrase.responses.flight"))


def resolve(state: GameState, actor: Figure, action: Action, answer: str) -> list[Event]:
    """The declared action, now; lost if the target's flight made it impossible.

    It was legal when declared, and passing or dodging changes nothing it needs.
    """
    assert action.target is not None
    problem: Reason | None = None
    if actor.casualty:  # the answer took it out (Desenfundar fired first)
        problem = say("refused.responses.out", figure=actor.id)
    elif answer in (FLEE, DRAW):  # it moved away, or shot first: the action may be gone
        problem = state.probe(lambda trial: carry_out(trial, trial.figure(actor.id), action))
    if problem is None:
        state.dodging = (action.target, actor.id) if answer == DODGE else None
        try:
            return carry_out(state, actor, action)
        finally:
            state.dodging = None
    actor.actions_taken += 1  # it was declared: it counts, though nothing is paid
    why = (
        say("phrase.responses.fallen")
        if actor.casualty
        else say("phrase.responses.no_target", target=action.target)
    )
    text = say("log.responses.action_lost", figure=actor.id, why=why)
    return [Event("action_lost", text, {"figure": actor.id, "reason": told(problem, "en")})]


@hookspecs.dodged.impl(order=10, key="responses")
def dodge(
    state: GameState, attacker: Figure, target: Figure, mods: Modifiers, ctx: Context
) -> tuple[Outcome, list[Event], int]:
    """Esquivar en CaC: CH AGI ENF (DESIGN §7) in place of the attacker's CH IMP.

    Returns the attacker's outcome (it hits only if it wins), the events, and the
    extra DAÑ of the blow (+1 when the dodger fumbled); the dodger's critical
    strikes back with DAÑ 1.
    """
    purpose = say("phrase.responses.dodge")
    mine, mine_event = roll(state, attacker, purpose, attacker.profile.agi, mods, ctx)
    _, value = attribute(state, target, entry(DODGE))
    ctx_dodge = Context(attacker, melee=True, action=DODGE, defending=True)
    theirs, theirs_event = roll(state, target, purpose, value, acting_modifiers(target), ctx_dodge)
    a, d = mine_event.data, theirs_event.data
    result = opposed_result(a["roll"], a["target"], d["roll"], d["target"])
    hit = result is OpposedResult.ACTOR
    outcome = mine if hit or mine is Outcome.FUMBLE else Outcome.FAIL
    extra = 1 if theirs is Outcome.FUMBLE and hit else 0
    text = (
        say("log.responses.dodge_hit", figure=attacker.id, target=target.id)
        if hit
        else say("log.responses.dodge_miss", figure=attacker.id, target=target.id)
    )
    data = {"figure": attacker.id, "target": target.id, "result": result.value,
            "extra_damage": extra}  # fmt: skip
    events = [mine_event, theirs_event, Event("opposed", text, data)]
    if theirs is Outcome.CRITICAL:  # the dodger's critical: DAÑ 1 back at the attacker
        events += defend(state, attacker, 1, "none", attacker=None)
    return outcome, events, extra


def _answer_only(kind: str) -> Handler:
    """Huir and Esquivar en CaC are taken only as answers (pending ``respond``)."""

    def handler(state: GameState, figure: Figure, action: Action) -> list[Event]:
        # The name is looked up here, not when the module loads (issue 16).
        raise IllegalActionError(say("refused.responses.answer_only", action=entry(kind).name))

    return handler


HANDLERS = {kind: _answer_only(kind) for kind in (FLEE, DODGE, DRAW)}
register(HANDLERS)
