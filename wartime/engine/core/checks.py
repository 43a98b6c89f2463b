"""Making checks during play: the roll, its modifiers, and the event that explains it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from enum import Enum
from functools import lru_cache, partial
from itertools import chain
from typing import TYPE_CHECKING

from wartime.engine.core import hookspecs
from wartime.engine.core import modifiers as bonuses  # roll() has a parameter named modifiers
from wartime.engine.core.action import Action
from wartime.engine.core.dispatch import Handler
from wartime.engine.core.events import Event, roll_event
from wartime.engine.core.figures import ENE_CAP, REACTION_FLOOR, Figure
from wartime.engine.core.modifiers import Context
from wartime.errors import IllegalActionError
from wartime.i18n import Message, Reason, say, told
from wartime.rules.actions import Group, load_actions
from wartime.rules.dice import D10_FACES, OpposedResult, Outcome, opposed_result

if TYPE_CHECKING:
    from wartime.engine.core.profiles import Profile
    from wartime.engine.core.state import GameState

Modifiers = list[tuple[str, int]]


class Use(Enum):
    """What a second chance does to a failed check."""

    REROLL = "reroll"  # the die is cancelled and rolled again
    PLUS_ONE = "plus_one"  # the number gets +1 (taken only when that makes it pass)
    NO_FUMBLE = "no_fumble"  # a fumble becomes a plain failure


@dataclass(frozen=True)
class Luck:
    """A second chance an entry takes on a failed check (Fortuna), and how the log says it."""

    use: Use | None  # None: spent on the roll without changing it (an answer it ignores)
    entry: str  # the entry that gives it: the +1's label, and the note's
    label: str  # the use in the player's words ("anular dado")
    key: str  # the roll event's data key that records it

    def noted(self, event: Event) -> Event:
        """The roll's event with the use taken on it."""
        text = say("log.checks.luck", line=event.message, entry=self.entry, use=self.label)
        return Event(event.kind, text, {**event.data, self.key: self.label})


SUPPORT = "apoyo"  # Apoyar: the label of its CH ATR bonus (used up by the helped Pj's next check)
FOCUS = "concentración"  # Concentrarse: the label of its bonus to the next action's first CH ATR
LOOTED = "objetos saqueados"  # Saquear: the label of its CH AGI malus for the rest of the turn


def acting_modifiers(figure: Figure) -> Modifiers:
    """CH ATR modifiers that follow the acting Pj through its activation."""
    mods: Modifiers = []
    if figure.actions_taken > 0:
        mods.append(("acción encadenada", -1))  # ACCIONES, Acciones combinadas (DESIGN §7)
    if figure.next_action_modifier:
        mods.append(("tras esprintar", figure.next_action_modifier))
    if figure.reacting_early:  # REACCIONES and MODIFICADORES: one −1 for reacting first
        mods.append(("reacción antes de terminar la acción", -1))
    if figure.psi_bonus:
        mods.append(("crítico de PSI", figure.psi_bonus))
    if figure.panic:
        mods.append(("pánico", -1))  # PSICOLOGÍA, Pánico: CH ATR −1
    for shifts in hookspecs.acting_shifts.collect(figure):  # Manipulador (entries)
        mods += shifts
    if figure.support:
        mods.append((SUPPORT, figure.support))  # Apoyar; generic.perform uses it up
    if figure.focus:
        mods.append((FOCUS, figure.focus))  # Concentrarse; generic.perform uses it up
    return mods


def roll(
    state: GameState, who: Figure, said: Reason, target: int, modifiers: Modifiers,
    ctx: Context | None = None,
) -> tuple[Outcome, Event]:  # fmt: skip
    """Roll one CH for ``who``: 1D10 against target + modifiers, logged.

    Automated bonus/malus add their modifiers (or drop some, or fix the number),
    change which faces are criticals or fumbles, allow one reroll of a failure,
    or pass outright.  The rules read the purpose in Spanish, the game's own words; the
    log words it in the reader's language.
    """
    purpose = told(said, "es")
    ctx = _situation(state, who, purpose, ctx or Context())
    found = bonuses.reaching(state, who, purpose, ctx)
    read = bonuses.faces(state, who, purpose, ctx, found)
    mods = (
        modifiers
        + burden_modifiers(who, purpose)
        + list(chain.from_iterable(hookspecs.check_shifts.collect(state, who, purpose, ctx)))
        + bonuses.check_modifiers(state, who, purpose, ctx, found)
    )
    mods = [m for m in mods if m[0] not in read.cancels]
    if read.fixed is not None:  # Munición teledirigida: the rest is listed, the total is fixed
        label, number = read.fixed
        mods.append((label, number - target - sum(v for _, v in mods)))
    total = target + sum(v for _, v in mods)
    lucky = any(hookspecs.luck_left.collect(state, who))  # Fortuna may ask about total + 1
    groups = _alike(total, read, "ENF" in purpose, lucky)
    die = state.dice.among(D10_FACES, groups, purpose, who=who.id)
    outcome = _read(die, total, read)
    first = None
    if _again(who, outcome, read):
        # the log shows both dice
        first, die = die, state.dice.among(D10_FACES, groups, purpose, who=who.id)
        outcome = _read(die, total, read)
    if read.auto_pass and not outcome.passed:
        outcome = Outcome.PASS
    luck = hookspecs.second_chance.first(  # the purpose as said, for the question's line
        state, who, said, die, total, outcome, _read(die, total + 1, read).passed
    )
    use = luck.use if luck is not None else None
    if use is Use.REROLL:  # the die is cancelled and rolled again
        first, die = die, state.dice.among(D10_FACES, groups, purpose, who=who.id)
        outcome = _read(die, total, read)
    elif use is Use.PLUS_ONE and luck is not None:
        mods, total = [*mods, (luck.entry, 1)], total + 1
        outcome = _read(die, total, read)
    elif use is Use.NO_FUMBLE:
        outcome = Outcome.FAIL
    what = bonuses.checked(purpose, ctx.weapon)
    event = roll_event(said, die, target, tuple(mods), outcome.value, who.id, first, what)
    return outcome, event if luck is None else luck.noted(event)


def chance(state: GameState, who: str, said: Reason, die: str, at_most: int) -> tuple[bool, Event]:
    """A logged die that is no check: 1D10 or 1D100 at most ``at_most`` (a Probabilidad)."""
    purpose = told(said, "es")  # the dice and the data keep the game's own words
    high = 100 if die == "1D100" else D10_FACES
    cut = min(max(at_most, 0), high)
    sides = (tuple(range(1, cut + 1)), tuple(range(cut + 1, high + 1)))
    face = state.dice.among(high, tuple(side for side in sides if side), purpose, who=who)
    hit = face <= at_most
    answer = say("phrase.checks.yes") if hit else say("phrase.checks.no")
    text = say("log.checks.chance", who=who, purpose=said, die=die, face=face, answer=answer)
    data = {
        "purpose": purpose, "who": who, "roll": face, "target": at_most, "modifiers": [],
        "outcome": "pass" if hit else "fail", "die": die,
    }  # fmt: skip
    return hit, Event("roll", text, data)


def _situation(state: GameState, who: Figure, purpose: str, ctx: Context) -> Context:
    """The context a caller left out: the action ``who`` is carrying out, and who strikes
    at it when its CH DEF comes without a striker (an area's hit): the Pj attacking now."""
    if ctx.action is None and who.doing is not None:
        ctx = replace(ctx, action=who.doing.kind, item=ctx.item or who.doing.item)
    if ctx.against is None and "DEF" in bonuses.check_kinds(purpose):
        striker = next((f for f in state.figures.values() if f is not who and _attacking(f)), None)
        if striker is not None and striker.side != who.side:
            ctx = replace(ctx, against=striker)
    return ctx


def _attacking(figure: Figure) -> bool:
    book = load_actions().find(figure.doing.kind) if figure.doing is not None else None
    return book is not None and book.group is Group.COMBAT


def _again(who: Figure, outcome: Outcome, read: bonuses.Faces) -> bool:
    """Whether a failure is rolled once more; a once-per-activation reroll is then spent."""
    if outcome.passed:
        return False
    if read.reroll or (read.reroll_fumble and outcome is Outcome.FUMBLE):
        return True
    if read.reroll_failure and outcome is Outcome.FAIL:
        return True
    if read.once is not None and not read.auto_pass:  # no need to spend it on a sure pass
        who.spent = (*who.spent, read.once)
        return True
    return False


def in_action(handler: Handler) -> Handler:
    """``handler`` with its Pj carrying the action out (see :func:`carrying_out`); then
    the entries keep what they need of the action (a chain of shots, a charge's blow)
    and take away what they deny it (an attack's noise)."""

    def carried_out(state: GameState, figure: Figure, action: Action) -> list[Event]:
        charging = figure.charging
        with carrying_out(state, figure, action):
            events = _quieted(figure, action, handler(state, figure, action))
            bonuses.record_volley(figure, action, events)
            if charging and not figure.charging:  # the charge's blow: Arma de carga
                bonuses.charged_with(figure, bonuses.action_weapon(figure, action))
            answers = hookspecs.action_played.collect(state, figure, events)
            return events + list(chain.from_iterable(answers))

    return carried_out


def _quieted(figure: Figure, action: Action, events: list[Event]) -> list[Event]:
    """Munición silenciosa: an attack with it makes no noise for REACCIONES to hear."""
    name = bonuses.silencer(figure, action)
    if name is None:
        return events
    text = say("log.checks.silent", entry=name, figure=figure.id)
    quiet = Event("silent", text, {"figure": figure.id, "entry": name})
    return [quiet if e.kind == "noise" and e.data.get("figure") == figure.id else e for e in events]


@contextmanager
def carrying_out(state: GameState, figure: Figure, action: Action) -> Iterator[None]:
    """While ``figure`` carries ``action`` out, its checks know the action (Maestría...)
    and its ENE takes what the entries add (Grito de maestría, Hálito de hambre...)."""
    bonuses.end_lasting(state)  # a CaC that ended since (Arma de carga's DEF −2)
    figure.doing = action
    figure.ene_pending = partial(bonuses.ene_modifiers, state, figure, action)
    try:
        yield
    finally:
        figure.doing, figure.ene_modifiers, figure.ene_pending = None, (), None
        bonuses.end_lasting(state)


def activation_bonus(state: GameState, figure: Figure) -> list[Event]:
    """ENE the entries give as ``figure`` starts to act (Genio estratega), up to 10."""
    events = []
    for label, gain in bonuses.activation_ene(state, figure):
        before = figure.ene
        figure.ene = max(figure.ene, min(ENE_CAP, figure.ene + gain))
        gained = figure.ene - before
        text = say(
            "log.checks.ene_gain", figure=figure.id, label=label, gain=gained, ene=figure.ene
        )
        events.append(Event("ene_gain", text, {"figure": figure.id, "ene": figure.ene}))
    return events


def burden_modifiers(figure: Figure, purpose: str) -> Modifiers:
    """MODIFICADORES, por sobrecarga and por TAL vs CON, on CH IMP and CH AGI."""
    kinds = bonuses.check_kinds(purpose)
    if not kinds & {"IMP", "AGI"}:
        return []
    mods: Modifiers = []
    con = figure.profile.con + bonuses.strength(figure)  # Mulo
    over = figure.profile.defense - (con - figure.wounds)
    if over > 0:
        mods.append(("sobrecarga", -over))
    if "AGI" in kinds:
        gaps = misfit(figure.profile)
        if gaps:
            mods.append(("TAL contra CON", -gaps))
        if figure.looted:  # Saquear: −1 per object looted, until the turn ends (items.py)
            mods.append((LOOTED, -figure.looted))
    return mods


def misfit(profile: Profile) -> int:
    """TAL contra CON: the sum of the gaps between each protection's TAL and the CON; a
    fitted piece (Ajustable) one off the CON adds nothing."""
    fitted = profile.fitted + (False,) * (len(profile.talla) - len(profile.fitted))
    gaps = (abs(tal - profile.con) for tal in profile.talla)
    return sum(gap for gap, snug in zip(gaps, fitted, strict=False) if not (snug and gap == 1))


def _alike(
    total: int, faces: bonuses.Faces, opposed: bool, lucky: bool
) -> tuple[tuple[int, ...], ...]:
    """The faces a check reads alike: the same outcome against ``total``, and for a
    roller with Fortuna left against ``total + 1`` too (its +1 asks about the latter).
    A CH ENF compares the dice themselves (the lower pass wins), so there every face
    stands alone."""
    return _grouped(total, faces.critical_to, faces.fumble_from, opposed, lucky)


@lru_cache(maxsize=1024)  # every roll asks, a preview's plays many times over
def _grouped(
    total: int, critical_to: int, fumble_from: int, opposed: bool, lucky: bool
) -> tuple[tuple[int, ...], ...]:
    if opposed:
        return tuple((face,) for face in range(1, D10_FACES + 1))
    faces = bonuses.Faces(critical_to, fumble_from)  # all that _read asks of them
    alike: dict[tuple[Outcome, Outcome], list[int]] = {}
    for face in range(1, D10_FACES + 1):
        read = (_read(face, total, faces), _read(face, total + 1 if lucky else total, faces))
        alike.setdefault(read, []).append(face)
    return tuple(tuple(group) for group in alike.values())


def _read(die: int, total: int, faces: bonuses.Faces) -> Outcome:
    if not 1 <= die <= 10:
        raise ValueError(f"a D10 roll is 1..10, got {die}")
    if die <= faces.critical_to:
        return Outcome.CRITICAL
    if die >= faces.fumble_from:
        return Outcome.FUMBLE
    return Outcome.PASS if die <= total else Outcome.FAIL


def spend(
    figure: Figure, cost: int, label: Reason, extra: Reason = "", *, deep: bool = False
) -> Event:
    """Pay an action's ENE: at least 1; never below 0 in one's own activation, −10 reacting
    (or ``deep``: an entry lets it go down to −10 while acting, Arma de enjambre).

    The entries' ENE modifiers of the action under way (Figure.ene_modifiers) are paid
    with its first cost only, so a cost looked at twice is not changed twice.
    """
    cost, mods = afford(figure, cost, label, extra, deep=deep)
    figure.ene_modifiers = ()
    hookspecs.ene_paid.collect(figure, mods)
    why = _why(mods)
    figure.ene -= cost
    paid = say("log.checks.paid", figure=figure.id, cost=cost, label=label, why=why)
    text = say("log.checks.spend", paid=paid, ene=figure.ene)
    data: dict[str, object] = {"figure": figure.id, "cost": cost, "ene": figure.ene}
    if mods:
        data["modifiers"] = [list(m) for m in mods]
    return Event("ene", text, data)


def afford(
    figure: Figure, cost: int, label: Reason, extra: Reason = "", *, deep: bool = False
) -> tuple[int, tuple[tuple[str, int], ...]]:
    """The ENE ``cost`` comes to with the entries' modifiers, or the player's reason why it
    cannot be paid.  Nothing is paid (a move plans its cost before it goes)."""
    if figure.ene_pending is not None:  # the entries' ENE, first needed now
        figure.ene_modifiers, figure.ene_pending = figure.ene_pending(), None
    mods = figure.ene_modifiers
    cost = max(1, cost + sum(v for _, v in mods))
    cost, mods = hookspecs.ene_cost.thread((cost, mods), figure)  # Rambo, Grito de veterano
    floor = REACTION_FLOOR if figure.reacting or deep else 0
    if figure.ene - cost < floor:
        limit: Reason = ""
        if figure.reacting:
            limit = say("phrase.checks.reaction_floor")
        elif deep:
            limit = say("phrase.checks.deep_floor")
        raise IllegalActionError(
            say(
                "refused.checks.ene", label=label, cost=cost, extra=extra, why=_why(mods),
                ene=figure.ene, limit=limit,
            )
        )  # fmt: skip
    return cost, mods


def paid_part(event: Event) -> Reason:
    """The first part of :func:`spend`'s line, what was paid and for what, without the ENE
    left: for a line that tells the payment its own way (Maná)."""
    if isinstance(event.message, Message) and event.message.key == "log.checks.spend":
        paid = dict(event.message.values)["paid"]
        if isinstance(paid, Message):
            return paid
    return told(event.message)


def _why(mods: tuple[tuple[str, int], ...]) -> str:
    return f" ({', '.join(f'{n} {v:+d}' for n, v in mods)})" if mods else ""


def contest(
    state: GameState, actor: Figure, defender: Figure, name: str, melee: bool = True
) -> tuple[OpposedResult, Outcome, list[Event]]:
    """CH ENF on attribute ``name`` (DESIGN §7): the lowest passing die wins, a tie the defender's.

    The actor's roll carries its acting modifiers (a chained action's CH ATR −1).
    """
    purpose = f"CH {name} ENF"
    mine, mine_event = roll(
        state, actor, purpose, actor.profile.attribute(name), acting_modifiers(actor),
        Context(defender, melee=melee),
    )  # fmt: skip
    answer = Context(actor, melee=melee, defending=True)
    _, theirs_event = roll(state, defender, purpose, defender.profile.attribute(name), [], answer)
    a, d = mine_event.data, theirs_event.data
    result = opposed_result(a["roll"], a["target"], d["roll"], d["target"])
    winner = {OpposedResult.ACTOR: actor.id, OpposedResult.DEFENDER: defender.id}.get(result)
    text = (
        say("log.checks.opposed", name=name, winner=winner)
        if winner
        else say("log.checks.opposed_none", name=name)
    )
    data = {"figure": actor.id, "target": defender.id, "winner": winner, "result": result.value}
    return result, mine, [mine_event, theirs_event, Event("opposed", text, data)]


def unpaid(
    state: GameState, payer: Figure, action: Action, price: int, label: str
) -> Reason | None:
    """Why ``payer`` cannot pay ``price`` ENE for ``action`` as an answer now, or None.

    It is paid as a reaction pays, down to ENE −10, with what the entries add to it
    (Hálito de hambre: +1 within 5 K of the bearer), so it is tried on a copy.
    """

    def pay(trial: GameState) -> None:
        figure = trial.figure(payer.id)
        figure.reacting = True
        with carrying_out(trial, figure, action):
            afford(figure, price, label)

    return state.probe(pay)
