"""The core's log lines and refusals speak both languages (issue 16, "One language at a
time, and both complete"): each is a catalogue message, worded when shown, so the same
event reads in Spanish (the golden transcripts' words, unchanged) or in English, and a
refusal's ``str()`` stays the core's English."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from wartime import i18n
from wartime.engine import Action, GameState, IllegalActionError
from wartime.engine.core.events import Event
from wartime.i18n import Message

from .engine_support import RIFLE, do, face_off, profile, scenario, started
from .test_areas import LIGHTNING, _tied_chain


@pytest.fixture
def english() -> Iterator[None]:
    """The program shows English for the test's length; Spanish again after."""
    i18n.set_language("en")
    try:
        yield
    finally:
        i18n.set_language("es")


def lines(events: list[Event], language: str) -> dict[str, str]:
    """Each event kind's (last) line in ``language``."""
    return {e.kind: i18n.told(e.message, language) for e in events}


def refusal(state: GameState, action: Action) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as caught:
        state.apply(action)
    return caught.value


def test_a_shot_reads_the_same_in_spanish_and_is_worded_in_english() -> None:
    """COMBATE, Atacar a distancia: the declaration, the ENE paid, the CH IMP, the hit, the
    CH DEF and the wounds are messages; Spanish keeps the log's words exactly."""
    state = face_off(profile("a"), faces=[2, 9, 5])
    events = do(state, Action("ataque_distancia", "a", target="b", item="fusil"))
    assert all(isinstance(e.message, Message) for e in events)
    es, en = lines(events, "es"), lines(events, "en")
    assert es["declared"] == (
        "a declara Ataque a distancia contra b; puede responder: b (Huir o Desenfundar)"
    )
    assert en["declared"] == (
        "a declares Ataque a distancia against b; may answer: b (Huir or Desenfundar)"
    )
    assert es["ene"] == "a gasta ENE 3 en Ataque a distancia con fusil (le queda 5)"
    assert en["ene"] == "a spends ENE 3 on Ataque a distancia with fusil (5 left)"
    assert es["hit"] == "a impacta a b (DAÑ 4)" and en["hit"] == "a hits b (DAÑ 4)"
    assert es["wounds"] == "b sufre 4 herida(s): 4/4, incapacitado"
    assert en["wounds"] == "b takes 4 wounds: 4/4, down"  # the plural is the catalogue's
    assert es["game_over"] == "Fin de la partida: gana el bando A"
    assert en["game_over"] == "Game over: side A wins"
    rolled = [e for e in events if e.kind == "roll"]
    assert rolled[1].message.text("en") == "b: CH DEF — 1D10 = 9 against 3 (3): failed"
    assert rolled[1].data["purpose"] == "CH DEF"  # data keeps the game's own words


def test_event_text_follows_the_language_of_the_moment(english: None) -> None:
    """Event.text words the message in the current language: the window's log follows a
    change of language without replaying anything."""
    state = face_off(profile("a"))
    events = do(state, Action("end"))
    end = next(e for e in events if e.kind == "end")
    assert end.text == "a ends its activation with ENE 8"
    i18n.set_language("es")
    assert end.text == "a termina su actuación con ENE 8"
    assert end.to_data()["text"] == "a termina su actuación con ENE 8"


def test_refusals_stay_english_in_str_and_speak_spanish_when_asked() -> None:
    """COMBATE, ENERGÍA: str() of a refusal is the core's English (the tests' and the
    tracebacks' language); text("es") is the player's Spanish."""
    state = face_off(profile("a"), faces=[2, 2, 5, 5], pad=(5,) * 20)
    missing = refusal(state, Action("ataque_distancia", "a", target="b", item="arco"))
    assert str(missing) == "a carries no weapon 'arco'"
    assert missing.text("es") == "a no lleva ningún arma 'arco'"
    own = refusal(state, Action("ataque_distancia", "a", target="a", item="fusil"))
    assert str(own) == "a is on your own side"
    assert own.text("es") == "a es de tu propio bando"
    do(state, Action("ataque_distancia", "a", target="b", item="fusil"))
    do(state, Action("ataque_distancia", "a", target="b", item="fusil"))
    broke = refusal(state, Action("ataque_distancia", "a", target="b", item="fusil"))
    assert str(broke) == "Not enough ENE: Ataque a distancia with fusil costs 3, you have 2"
    assert broke.text("es") == "ENE insuficiente: Ataque a distancia con fusil cuesta 3 y tienes 2"


def test_the_check_of_a_move_hands_the_refusal_on_unworded() -> None:
    """MOVIMIENTO: GameState.check gives the Message, for whoever shows it to word it."""
    state = started(scenario([("a", "A", (10, 10), 0), ("b", "B", (12.8, 10), 180)]))
    reason = state.check(Action("mover", "a", point=(20, 10)))
    assert isinstance(reason, Message)
    assert i18n.told(reason, "en") == "Within 1 K of an enemy without engaging: b"
    assert i18n.told(reason, "es") == "A 1 K o menos de un enemigo sin trabarse: b"


def test_a_pending_question_nests_its_own_message_in_the_refusal() -> None:
    """ÁREAS, Salto: "must first answer" carries the question as a message, not its text,
    so each language words both (core/midway.py)."""
    state = _tied_chain([3, *[9, 4] * 3])
    do(state, Action("ataque_distancia", target="b", item=LIGHTNING.id))
    held = refusal(state, Action("end"))
    assert str(held) == (
        "a must first answer: Salto of a: from b, c and d are equally near; side A chooses (c, d)"
    )
    assert held.text("es") == (
        "a debe responder primero: Salto de a: desde b, c y d están igual de cerca; "
        "elige el bando A (c, d)"
    )
    wrong = refusal(state, Action("jump", target="e"))
    assert str(wrong).endswith("one of the figures equally near: c, d; not 'e'")
    assert wrong.text("es") == "El salto va a una de las figuras igual de cercanas: c, d; no 'e'"


def test_psychology_and_the_sequence_speak_both_languages() -> None:
    """PSICOLOGÍA (CH PSI after wounds, stress) and TURNOS E INICIATIVA: the purpose of a
    roll is a message too, kept in Spanish in the event's data."""
    tough = profile("b", con=8)
    state = face_off(profile("a"), tough, faces=[2, 9, 9])
    events = do(state, Action("ataque_distancia", "a", target="b", item=RIFLE.id))
    psi = next(e for e in events if e.kind == "roll" and e.data["who"] == "b" and "PSI" in e.text)
    assert psi.data["purpose"] == "CH PSI (heridas)"
    assert psi.message.text("en").startswith("b: CH PSI (wounds) — 1D10 = 9")
    stress = next(e for e in events if e.kind == "stress")
    assert stress.message.text("es") == "b gana 1 de estrés (1/4)"
    assert stress.message.text("en") == "b gains 1 stress (1/4)"
    game = scenario([("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0)])
    fresh = started(game)
    won = next(e for e in fresh.log if e.kind == "initiative")
    assert won.message.text("es") == "El bando A gana la iniciativa"
    assert won.message.text("en") == "Side A wins the initiative"


def test_the_catalogue_knows_every_phrase_the_core_picks_at_run_time() -> None:
    """The words chosen by the rules (a wound's state, a verdict) exist in both catalogues
    with the same placeholders (issue 16)."""
    for key in (
        "phrase.combat.dead", "phrase.combat.down", "phrase.combat.hurt",
        "phrase.areas.hits", "phrase.areas.misses", "phrase.checks.yes", "phrase.checks.no",
    ):  # fmt: skip
        spanish, english = i18n.say(key).text("es"), i18n.say(key).text("en")
        assert spanish != key and english != key
