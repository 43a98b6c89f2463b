"""PSICOLOGÍA: CH PSI, CH LOC, panic, fleeing and stress.

CH PSI and CH LOC are both CH VOL.  A wounded Pj checks PSI; so does one
outnumbered by more enemies than its VOL plus its allies within 5 K.  Stress
equal to VOL ends the activation and calls for a CH LOC; stress above VOL
leaves the Pj unconscious, a casualty (possession of a Pj so stressed is in
actions/mind.py).  A critical CH LOC sends the Pj to charge the enemy that caused it
(entries/behaviour.py enforces the charge).

Two readings of ours fill what the book leaves open (docs/rules-interpretations.md):
the malus a failed CH LOC gives comes from a 1D10 table of psychological maluses
(data/madness.yaml), kept for the rest of the game; and a traumatic situation is
seeing an ally fall (a casualty) within 5 K.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartime.engine.core import hookspecs
from wartime.engine.core.checks import roll
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure, Grant
from wartime.engine.core.profiles import Trait
from wartime.engine.core.stats import vol
from wartime.geometry.distance import edge_distance
from wartime.i18n import Reason, say
from wartime.rules.dice import Outcome
from wartime.rules.madness import malus_for

if TYPE_CHECKING:
    from wartime.engine.core.action import Action
    from wartime.engine.core.state import GameState

NEAR = 5.0  # K: allies and enemies that count for outnumbering and panic
MADNESS = "CH LOC"  # the source named on a malus a failed CH LOC gave (a lasting Grant)
TRAUMA = "situación traumática"
STRESS = "estrés"  # Curar's item for a neuromante treating stress
NEUROMANCER = "Neuromante"  # the entry of those who treat stress (and cast with INT)


def _gap(figure: Figure, other: Figure) -> float:
    return edge_distance(figure.position, figure.radius, other.position, other.radius)


def near(state: GameState, figure: Figure, side_is_ally: bool) -> list[Figure]:
    """Its allies (or enemies) present within 5 K: who counts for outnumbering and panic."""
    return [
        other
        for other in state.figures.values()
        if other.id != figure.id
        and other.present  # not a casualty, not away (Desaparecer)
        and (other.side == figure.side) is side_is_ally
        and _gap(figure, other) <= NEAR
    ]


def psi_check(
    state: GameState, figure: Figure, cause: Reason, loc: list[tuple[str, int]] | None = None,
    source: Figure | None = None,
) -> list[Event]:  # fmt: skip
    """CH PSI: critical CH ATR +1 this activation; fail +1 stress; fumble also CH LOC.

    A failure outside the Pj's own activation costs it its next action or
    reaction (DESIGN §7).  With ``loc`` (Gran demonio), any failure brings the CH LOC,
    with those modifiers.  ``source`` is the figure that brought the check, if one did
    (the one a critical CH LOC charges).
    """
    outcome, event = roll(
        state, figure, say("phrase.psychology.psi", cause=cause), vol(state, figure), []
    )
    events = [event]
    if outcome is Outcome.CRITICAL:
        figure.psi_bonus = 1
        return events
    if outcome.passed:
        return events
    figure.stress += 1
    events.append(
        Event(
            "stress",
            say(
                "log.psychology.stress",
                figure=figure.id,
                stress=figure.stress,
                vol=vol(state, figure),
            ),
            {"figure": figure.id, "stress": figure.stress},
        )
    )
    if state.active != figure.id:
        figure.lose_next = True
        events.append(
            Event(
                "lose_next",
                say("log.psychology.lose_next", figure=figure.id),
                {"figure": figure.id},
            )
        )
    if outcome is Outcome.FUMBLE or loc is not None:
        events += loc_check(state, figure, cause, loc or [], source)
    return events + stress_limits(state, figure)


def loc_check(
    state: GameState, figure: Figure, cause: Reason, mods: list[tuple[str, int]] | None = None,
    source: Figure | None = None,
) -> list[Event]:  # fmt: skip
    """CH LOC: critical, a charge at the enemy that caused it; fail, panic; fumble,
    panic and VOL −1 for good."""
    purpose = say("phrase.psychology.loc", cause=cause)
    outcome, event = roll(state, figure, purpose, vol(state, figure), mods or [])
    events = [event]
    if outcome is Outcome.CRITICAL and source is not None and source.side != figure.side:
        figure.fury = source.id
        text = say("log.psychology.fury", figure=figure.id, target=source.id)
        events.append(Event("fury", text, {"figure": figure.id, "target": source.id}))
    if outcome.passed:
        return events
    calm = hookspecs.no_panic.first(figure)  # Fanático: no panic (a fumble still costs VOL)
    if calm is None:
        figure.panic = True
        panic = say("log.psychology.panic", figure=figure.id)
        events.append(Event("panic", panic, {"figure": figure.id}))
    else:
        text = say("log.psychology.no_panic", figure=figure.id, entry=calm)
        events.append(Event("no_panic", text, {"figure": figure.id, "entry": calm}))
    events.append(gain_malus(state, figure))
    if outcome is Outcome.FUMBLE:
        figure.vol_loss += 1
        events.append(
            Event(
                "vol_loss",
                say("log.psychology.vol_loss", figure=figure.id, vol=vol(state, figure)),
                {"figure": figure.id},
            )
        )
    return events


def gain_malus(state: GameState, figure: Figure) -> Event:
    """PSICOLOGÍA, CH LOC failed or fumbled: 1D10 on the madness table; the Pj carries
    that malus for the rest of the game (one it carries already moves down the table)."""
    face = state.dice.d10()
    carried = frozenset(
        t.name for t in (*figure.profile.traits, *(t for g in figure.granted for t in g.traits))
    )
    name = malus_for(face, carried)
    data = {"figure": figure.id, "roll": face, "entry": name}
    if name is None:
        return Event("malus", say("log.psychology.all_malus", figure=figure.id, die=face), data)
    figure.granted = [
        *figure.granted,
        Grant(MADNESS, figure.id, (Trait(name),), False, lasting=True),
    ]
    text = say("log.psychology.malus", figure=figure.id, entry=name, die=face)
    return Event("malus", text, data)


def treat_stress(state: GameState, patient: Figure, change: int) -> list[Event]:
    """Estrés: a neuromante's Curar moves the patient's stress by ``change`` (never below
    0); brought back to its VOL or less, one unconscious from stress comes round."""
    before = patient.stress
    patient.stress = max(0, patient.stress + change)
    told_of = {
        "figure": patient.id, "amount": abs(patient.stress - before), "stress": patient.stress,
        "vol": vol(state, patient),
    }  # fmt: skip
    text = (
        say("log.psychology.stress_down", **told_of)
        if patient.stress < before
        else say("log.psychology.stress_up", **told_of)
    )
    events = [Event("stress", text, {"figure": patient.id, "stress": patient.stress})]
    if patient.unconscious and patient.stress <= vol(state, patient):
        patient.unconscious = False  # attended to: it comes round (a knocked-out one too)
        text = say("log.psychology.woken", figure=patient.id)
        events.append(Event("woken", text, {"figure": patient.id}))
    return events + stress_limits(state, patient)


def stress_limits(state: GameState, figure: Figure) -> list[Event]:
    """Estrés: above VOL the Pj falls unconscious (a casualty)."""
    if figure.stress > vol(state, figure) and not figure.unconscious:
        figure.unconscious = True
        state.lift(figure)
        return [
            Event(
                "unconscious",
                say("log.psychology.unconscious", figure=figure.id),
                {"figure": figure.id},
            )
        ]
    return []


@hookspecs.activation_starts.impl(order=60, key="psychology")
def start_of_activation(state: GameState, figure: Figure) -> list[Event]:
    """Panic, stress and being outnumbered are checked as a Pj starts to act."""
    events: list[Event] = []
    if figure.panic:
        calm = [a for a in near(state, figure, side_is_ally=True) if not a.panic]
        mods = [("aliado sereno", len(calm))] if calm else []
        purpose = say("phrase.psychology.calm_down")
        outcome, event = roll(state, figure, purpose, vol(state, figure), mods)
        events.append(event)
        if outcome.passed:
            figure.panic = False
            calmed = say("log.psychology.calm", figure=figure.id)
            events.append(Event("calm", calmed, {"figure": figure.id}))
    if figure.stress == vol(state, figure):
        events += loc_check(state, figure, say("phrase.psychology.stress"))
    enemies = near(state, figure, side_is_ally=False)
    allies = near(state, figure, side_is_ally=True)
    if len(enemies) > vol(state, figure) + len(allies):
        nearest = min(enemies, key=lambda e: (_gap(figure, e), e.id))  # what a critical charges
        events += psi_check(state, figure, say("phrase.psychology.outnumbered"), source=nearest)
    return events


@hookspecs.activation_starts.impl(order=66, key="psychology_lost")
def _first_action_lost(state: GameState, figure: Figure) -> list[Event]:
    """A CH PSI failed outside its activation (or at its start): the first action goes."""
    events: list[Event] = []
    if figure.lose_next:
        figure.lose_next = False
        figure.ene = max(0, figure.ene - 1)
        figure.actions_taken += 1
        events.append(
            Event(
                "lost_action",
                say("log.psychology.lost_action", figure=figure.id),
                {"figure": figure.id},
            )
        )
    return events


def keeps_nerve(state: GameState, figure: Figure, action: Action) -> tuple[list[Event], bool]:
    """The CH PSI an attack needs first (the nerve hook): their events, and whether
    ``action`` goes ahead."""
    events: list[Event] = []
    for answer in hookspecs.nerve:  # one at a time: a failed CH PSI stops the others' dice
        rolled, goes_ahead = answer.fn(state, figure, action)
        events += rolled
        if not goes_ahead:
            return events, False
    return events, True
