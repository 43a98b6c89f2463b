"""The play screen's words: who decides what, the figure's card, the bar's labels and
an attack's breakdown, in the window's language (no pygame: tested as text).

The log itself is the engine's, in Spanish: every event and die with its target and
each modifier by name.
"""

from __future__ import annotations

from html import escape

from wartime.engine import Action, GameState, Pending, PendingKind, Preview
from wartime.play import BarEntry, Session
from wartime.render.play import percent
from wartime.ui.strings import text


def banner(session: Session) -> str:
    """Who must decide what now, in words."""
    pending = session.pending
    state = session.state
    values = {
        "side": pending.side or "",
        "turn": pending.turn,
        "phase": pending.phase,
        "figure": pending.figure or _next_figure(state, pending) or "",
        "kind": pending.kind.value,
    }
    key = f"pending.{pending.kind.value}"
    line = text(key if text(key) != key else "pending.other", **values)
    seat = session.seat()
    if seat is not None and seat.player is not None:
        line += " · " + text("play.ai_thinking", player=seat.player, side=seat.side)
    return line


def _next_figure(state: GameState, pending: Pending) -> str | None:
    if pending.kind is PendingKind.DEPLOY:
        legal = state.legal_actions()
        return legal[0].figure if legal else None
    return None


def card(state: GameState, figure_id: str) -> str:
    """The figure's card (HTML for a text box): attributes, ENE, wounds, stress, each
    weapon with its wear, and its statuses."""
    figure = state.figures[figure_id]
    p = figure.profile
    lines = [
        text("card.title", id=escape(figure.id), name=escape(p.name), side=figure.side),
        text(
            "card.stats",
            con=p.con,
            agi=p.agi,
            int=p.int_,
            vol=p.vol,
            mov=f"{p.mov:g}",
            defense=p.defense,
        ),
        text("card.state", ene=figure.ene, wounds=figure.wounds, con=p.con, stress=figure.stress),
    ]
    for weapon in p.weapons:
        worn = figure.weapon_wounds.get(weapon.id, 0)
        wear = text("card.wear", wear=worn) if worn else ""
        lines.append(
            text(
                "card.weapon",
                id=escape(weapon.id),
                ene=weapon.ene,
                dan=weapon.dan,
                alc=weapon.alc,
                wear=wear,
            )
        )
    statuses = [
        text(f"status.{name}")
        for name, on in (
            ("casualty", figure.casualty),
            ("unconscious", figure.unconscious),
            ("panic", figure.panic),
            ("hidden", figure.hidden),
            ("on_guard", figure.on_guard),
        )
        if on
    ]
    if statuses:
        lines.append(text("card.statuses", statuses=", ".join(statuses)))
    return "<br>".join(lines)


def entry_label(entry: BarEntry) -> str:
    """A bar button's label: the action's name, with its ENE when the book gives one."""
    special = {"end": "action.end", "girar": "action.girar", "pass": "action.pass"}
    if entry.kind in special:
        return text(special[entry.kind])
    if entry.ene is not None:
        return text("action.ene", name=entry.name, ene=entry.ene)
    return entry.name


def action_label(name: str, action: Action) -> str:
    """A button for one of several decisions of a kind: what tells it apart."""
    figure = action.figure or ""
    per_figure = {
        "react": "action.react",
        "activate": "action.activate",
        "initiative": "action.initiative",
        "deploy": "action.deploy",
    }
    if action.kind in per_figure:
        return text(per_figure[action.kind], figure=figure)
    if action.kind == "pass":
        return text("action.pass")
    if action.item and action.target:
        return text(
            "action.at", name=text("action.with", name=name, item=action.item), target=action.target
        )
    if action.item:
        return text("action.with", name=name, item=action.item)
    if action.target:
        return text("action.at", name=name, target=action.target)
    return name


def target_caption(preview: Preview) -> str:
    """The label over a target: the chance to wound it and to hit it."""
    impact = next((c for c in preview.checks if c.check == "IMP"), None)
    hit = impact.success if impact is not None else None
    return text("target.caption", wound=percent(preview.wound_chance), hit=percent(hit))


def breakdown(name: str, preview: Preview) -> str:
    """An attack's breakdown (HTML): the sight of the target, each check with every
    modifier by name and its exact odds, and the wounds it would take."""
    target = preview.action.target or ""
    lines = [text("breakdown.title", action=escape(name), target=escape(target))]
    if preview.sight is not None:
        sight = preview.sight
        lines.append(
            text(
                "breakdown.sight",
                distance=f"{sight.distance:.1f}",
                cover=f"{sight.cover:.0f}",
                cover_class=text(f"cover.{sight.cover_class}"),
                los=text("los.dark" if sight.dark else f"los.{sight.line_of_sight}"),
            )
        )
    for check in preview.checks:
        mods = "".join(f" {v:+d} ({escape(label)})" for label, v in check.modifiers)
        lines.append(
            text(
                "breakdown.check",
                purpose=escape(check.purpose),
                who=escape(check.who),
                base=check.base,
                mods=mods,
                target=check.target,
            )
        )
        odds = check.odds
        lines.append(
            "&nbsp;&nbsp;"
            + text(
                "breakdown.odds",
                critical=percent(odds["critical"]),
                passed=percent(odds["pass"]),
                failed=percent(odds["fail"]),
                fumble=percent(odds["fumble"]),
            )
            + (
                ""
                if check.reached == 1
                else " " + text("breakdown.reached", p=percent(check.reached))
            )
        )
    if preview.wounds is not None:
        dist = " · ".join(f"{n}: {percent(p)}" for n, p in preview.wounds.items())
        lines.append(text("breakdown.wounds", dist=dist))
        lines.append(
            text(
                "breakdown.chance", p=percent(preview.wound_chance), out=percent(preview.taken_out)
            )
        )
    if not preview.exact:
        lines.append(text("breakdown.estimate", n=preview.plays))
    return "<br>".join(lines)
