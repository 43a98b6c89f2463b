"""The last plain fragments of the log and the refusals, in both languages (issue 16, "One
language at a time, and both complete").

What callers passed into the core's messages as Spanish text (a spend's "X con Y", a
switch's "activar X", a chance's "N o menos", a move's "(+1 agachado)") and the refusals
the entries still gave as English strings are catalogue messages now: Spanish as the
golden transcripts pin it, English as the tests and tracebacks read it.  A roll's purpose
is still read by the rules in Spanish, so the event's data keeps the Spanish words.
"""

from __future__ import annotations

import dataclasses

from wartime.board.battlefield import Posture
from wartime.engine import Action, GameState
from wartime.engine.core.checks import chance
from wartime.engine.core.events import Event
from wartime.engine.core.profiles import Trait
from wartime.errors import IllegalActionError
from wartime.i18n import Message, say

from . import engine_support as support
from .engine_support import RIFLE

GHOST = "Incorpóreo"


def _ene_line(events: list[Event]) -> Message:
    lines = [e.message for e in events if e.kind == "ene"]
    assert len(lines) == 1 and isinstance(lines[0], Message)
    return lines[0]


def _ghostly() -> GameState:
    """a carries Incorpóreo (switched by Usar bonus); b, an enemy, stands in its CdV."""
    ghost = dataclasses.replace(support.profile("a", mov=4.0), traits=(Trait(GHOST),))
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (14.0, 10.0), 180.0)]
    return support.started(support.scenario(units, profiles={"a": ghost}), [5] * 20)


def test_switching_an_entry_on_and_off_is_paid_in_both_languages() -> None:
    """BONUS Y MALUS, Incorpóreo: Usar bonus switches it on, then off, each for ENE."""
    state = _ghostly()
    switch = Action("usar_bonus", "a", item=GHOST)
    on = _ene_line(support.do(state, switch))
    assert on.text("es").startswith(f"a gasta ENE 1 en activar {GHOST} (le queda ")
    assert on.text("en").startswith(f"a spends ENE 1 on switching on {GHOST} (")
    off = _ene_line(support.do(state, switch))
    assert f"en desactivar {GHOST} (" in off.text("es")
    assert f"on switching off {GHOST} (" in off.text("en")


def test_an_incorporeal_figure_is_refused_in_both_languages() -> None:
    """BONUS Y MALUS, Incorpóreo: switched on, it acts on nobody but itself; English as
    before, and Spanish."""
    state = _ghostly()
    support.do(state, Action("usar_bonus", "a", item=GHOST))
    shot = Action("ataque_distancia", "a", target="b", item=RIFLE.id)
    reason = state.check(shot)
    assert isinstance(reason, Message)
    assert reason.text("en") == "a is incorporeal (Incorpóreo): it cannot act on b"
    assert reason.text("es") == "a es incorpóreo (Incorpóreo): no puede actuar sobre b"
    try:
        state.apply(shot)
    except IllegalActionError as exc:
        assert str(exc) == "a is incorporeal (Incorpóreo): it cannot act on b"
    else:
        raise AssertionError("the shot was taken")


def test_a_shot_pays_for_its_action_with_its_weapon_in_both_languages() -> None:
    """ACCIONES, Ataque a distancia: the ENE line names the action and the weapon."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (14.0, 10.0), 180.0)]
    state = support.started(support.scenario(units), [5] * 20)
    events = support.do(state, Action("ataque_distancia", "a", target="b", item=RIFLE.id))
    line = _ene_line(events)
    assert f" en Ataque a distancia con {RIFLE.id} (le queda " in line.text("es")
    assert f" on Ataque a distancia with {RIFLE.id} (" in line.text("en")


def test_a_crouched_move_says_why_the_ground_costs_more() -> None:
    """ACCIONES, Agacharse: easy ground counts as difficult (ENE +1), and the refusal of a
    move the Pj cannot pay says so."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (36.0, 10.0), 180.0)]
    state = support.started(support.scenario(units), [5] * 20)
    a = state.figures["a"]
    a.posture, a.ene = Posture.CROUCHED, 1
    reason = state.check(Action("mover", "a", point=(10.5, 10.0)))
    assert isinstance(reason, Message)
    assert reason.text("en") == "Not enough ENE: Mover costs 2 (+1 crouched), you have 1"
    assert reason.text("es") == "ENE insuficiente: Mover cuesta 2 (+1 agachado) y tienes 1"


def test_a_chance_keeps_its_spanish_purpose_in_the_data() -> None:
    """PROBABILIDAD: the log words the purpose in the reader's language; the rules and the
    event's data read it in Spanish, as before."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (36.0, 10.0), 180.0)]
    state = support.started(support.scenario(units), [5] * 20)
    said = say("phrase.usage.wound_chance", entry="Gastado", at_most=30)
    _, event = chance(state, "a", said, "1D100", 30)
    assert event.data["purpose"] == "Gastado: herida con 30 o menos"
    assert isinstance(event.message, Message)
    assert "Gastado: a wound on 30 or less" in event.message.text("en")
    assert "Gastado: herida con 30 o menos" in event.message.text("es")


def test_an_option_a_move_cannot_take_is_refused_in_both_languages() -> None:
    """Issue 16: an option label the figure lacks is refused, saying where (with a move)."""
    state = support.started(support.duel())
    reason = state.check(Action("mover", "a", point=(11.0, 10.0), options=("Nada",)))
    assert isinstance(reason, Message)
    assert reason.text("en").startswith("a cannot take Nada with a move (it has no option")
    assert reason.text("es").startswith("a no puede tomar Nada con un movimiento (no tiene")


def test_fortunas_question_words_the_failed_checks_purpose_in_english() -> None:
    """BONUS Y MALUS, Fortuna: the question after a failed check repeats the check as the
    log said it, so a purpose the catalogue words (the CH PSI for wounds) reads in
    English too; the rules still read it in Spanish."""
    lucky = dataclasses.replace(support.profile("b", con=9), traits=(Trait("Fortuna"),))
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0)]
    state = support.started(support.scenario(units, {"b": lucky}), [3, 9, 9, *[5] * 10])
    support.do(state, Action("ataque_distancia", "a", target="b", item=RIFLE.id))
    support.do(state, Action("fortune", "b", item="no"))  # the failed CH DEF stands
    (asked,) = support.do(state, Action("fortune", "b", item="no"))  # so do the wounds
    assert asked.kind == "fortune_choice" and isinstance(asked.message, Message)
    assert asked.message.text("en").startswith("b: CH PSI (wounds) — 1D10 = 9 against 4: ")
    assert asked.message.text("es").startswith("b: CH PSI (heridas) — 1D10 = 9 contra 4: ")
