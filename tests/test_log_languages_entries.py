"""What the entries say (wartime/engine/entries/) is a catalogue message, worded in
Spanish or English when shown (issue 16).

Real actions are played with scripted dice; each line and refusal is worded in both
languages from the same Message: Spanish exactly as the log always said it, English as
the refusals always said it (``str(exc)``).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from wartime import i18n
from wartime.engine import Action, GameState, IllegalActionError
from wartime.engine.core.anatomy import LIMBS, SPARE_LIMB
from wartime.engine.core.profiles import Metaability, Trait
from wartime.engine.entries import body_zones, wear
from wartime.i18n import Message

from . import engine_support as support
from .test_effects_away import VANISH, _scene

HEAL = Metaability("alivio", ene=3, alc=6, cal=5, attribute="INT")


def _said(events: list[Any], kind: str) -> Message:
    (event,) = [e for e in events if e.kind == kind]
    assert isinstance(event.message, Message), "an entry's line is a catalogue message"
    return event.message


def _refusal(state: GameState, action: Action) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as caught:
        state.apply(action)
    assert isinstance(caught.value.reason, Message)
    return caught.value


def test_desaparecer_speaks_both_languages() -> None:
    """BONUS Y MALUS, Desaparecer (entries/vanishing.py): the line of the bearer leaving
    the table, in Spanish as the log said it and in English."""
    state = support.started(_scene(), [5] * 12)
    line = _said(support.do(state, VANISH), "vanished")
    assert line.text("es") == "Desaparecer: a se retira de la mesa (no es baja)"
    assert line.text("en") == "Desaparecer: a leaves the table (not a casualty)"


def test_a_nested_refusal_is_worded_whole_in_each_language() -> None:
    """BONUS Y MALUS, Desaparecer: not while engaged in CaC; the reason why the bearer is
    tied down is a message inside the refusal, worded in the same language, and the
    English is the refusal's text as it always was."""
    state = support.started(_scene(b_at=(11.0, 10.0)), [5] * 12)
    refused = _refusal(state, VANISH)
    assert str(refused) == "Desaparecer: a is engaged in CaC"
    assert refused.text("en") == "Desaparecer: a is engaged in CaC"
    assert refused.text("es") == "Desaparecer: a está trabado en CaC"


def test_the_current_language_words_the_log_line() -> None:
    """Event.text follows i18n.set_language; the message itself never changes (issue 16)."""
    state = support.started(_scene(), [5] * 12)
    (event,) = [e for e in support.do(state, VANISH) if e.kind == "vanished"]
    try:
        i18n.set_language("en")
        assert event.text == "Desaparecer: a leaves the table (not a casualty)"
    finally:
        i18n.set_language("es")
    assert event.text == "Desaparecer: a se retira de la mesa (no es baja)"


def test_mana_says_its_payment_from_the_pieces() -> None:
    """BONUS Y MALUS, Maná (entries/mana.py): the ENE line of a metaability paid with Maná
    first is said from its pieces (no other line's text is parsed), in both languages."""
    base = support.profile("a")
    a = dataclasses.replace(
        base,
        metaabilities=(HEAL,),
        traits=(Trait("Maná", level=2), *support.users_of(HEAL)),
    )
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0)]
    state = support.started(support.scenario(units, profiles={"a": a}), [2, *[5] * 20])
    events = support.do(state, Action("usar", item="alivio"))
    paid = [e for e in events if e.kind == "ene" and e.data.get("mana")]
    assert len(paid) == 1
    ene = state.figures["a"].ene
    line = paid[0].message
    assert isinstance(line, Message)
    assert line.text("es").endswith(f"(Maná 2, queda 0; le queda ENE {ene})")
    assert line.text("es").startswith("a gasta ENE 3 en ")
    assert line.text("en").endswith(f"(Maná 2, 0 left; ENE {ene} left)")
    assert paid[0].data["mana"] == 2


def test_fortuna_heals_and_refuses_in_both_languages() -> None:
    """BONUS Y MALUS, Fortuna (entries/fortune.py): Usar bonus heals one wound; a second
    use in the same turn is refused, in English as before and in Spanish."""
    lucky = dataclasses.replace(support.profile("a"), traits=(Trait("Fortuna"),))
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (30.0, 10.0), 180.0)]
    state = support.started(support.scenario(units, profiles={"a": lucky}), [5] * 12)
    state.figures["a"].wounds = 2
    heal = Action("usar_bonus", "a", item="Fortuna")
    line = _said(support.do(state, heal), "healed")
    assert line.text("es") == "Fortuna: a se cura 1 herida (1/4)"
    assert line.text("en") == "Fortuna: a heals 1 wound (1/4)"
    again = _refusal(state, heal)
    assert str(again) == "a has already used Fortuna this turn"
    assert again.text("es") == "a ya ha usado Fortuna este turno"


def test_every_limb_and_misfire_has_its_phrase() -> None:
    """Miembros prescindibles and the misfires of entries/wear.py pick their words by a
    key built at run time: each one is in both catalogues (issue 16)."""
    keys = [body_zones.limb_phrase(name).key for name, _, _ in (*LIMBS, SPARE_LIMB)]
    keys += [*wear._MISFIRES.values(), "phrase.wear.misfire"]
    for language in i18n.LANGUAGES:
        found = i18n.catalogue(language)
        for key in keys:
            assert found.gettext(key) != key, (language, key)
    assert body_zones.limb_phrase("brazo izquierdo").text("es") == "el brazo izquierdo"
    assert body_zones.limb_phrase("brazo izquierdo").text("en") == "its left arm"
