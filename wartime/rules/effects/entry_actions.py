"""Actions the entries give their bearer (``entry_actions.yaml``;
engine/actions/usar_bonus.py).

- ``pivot``: Pivotar costs the bearer that ENE (a transport too), and a bearer on
  foot may Pivotar in its own activation as well;
- with ``use`` (Usar bonus at that ENE), one of: ``stress_ene``: the bearer takes 1
  stress and gains that much ENE (up to 10); ``regenerate``: a passed CH CON takes that
  many of its wounds off (never with ``no_healing``); ``steal_ene``: a CH VOL ENF
  against another figure within as many K as the bearer's VOL (not while in CaC)
  which, won, moves up to that much of the loser's ENE to the bearer; ``mark``: the
  bearer marks an enemy it sees within the longest ALC of its ranged weapons
  (Figure.marking), one at a time; ``fortune``: Fortuna, once a turn
  (entries/fortune.py): this use heals a wound, and the same once may go on a failed
  check of the bearer (rolled again, +1, or a fumble made a plain failure), on a hit
  it takes (ignored) or on one it lands (DAÑ +1), each asked as it comes; ``orders``:
  Órdenes, once a turn (entries/orders.py): that much of the bearer's ENE goes to an
  ally within its VOL in K, who acts at once, then the bearer carries on; ``vanish``:
  Desaparecer, once a game (entries/vanishing.py): in its own activation, out of CaC
  and free, the bearer leaves the table (not a casualty) and its activation ends; a
  later use with a point brings it back at the edge of a deployment zone of its side;
  ``pet``: Mascota mágica, once a game (entries/pet.py): the bearer takes one of its
  pet's entries (the army's ``pet:``, named in Action.options) until the end of its
  next activation; ``invisible``: Invisible (entries/invisible.py): a passed CH VOL takes
  the bearer off the board, its place marked in secret, and a later use brings it back;
- ``marked`` (with ``check``): the modifier holds only against the figure the bearer
  has marked;
- ``operated``: Control remoto (entries/remote.py): the bearer is not offered in the
  phases' order; its controller (the army's ``controller:``) activates it at this ENE;
- ``summoned``: Avatar (entries/avatar.py): the bearer waits off the table until one of
  its summoners (the army's ``summoners:``) pays this ENE and passes a CH INT.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wartime.rules.effects.vocabulary import Effect, not_whole


@dataclass(frozen=True, kw_only=True)
class EntryAction(Effect):
    pivot: int | None = None
    stress_ene: int = 0
    regenerate: int = 0
    steal_ene: int = 0
    mark: bool = False
    marked: bool = False
    fortune: bool = False  # Fortuna (entries/fortune.py)
    orders: int = 0  # Órdenes: the ENE handed to the ally (entries/orders.py)
    vanish: bool = False
    pet: bool = False  # Mascota mágica (entries/pet.py)
    invisible: bool = False  # Invisible (entries/invisible.py)
    operated: int = 0  # Control remoto: the ENE its controller pays to activate it
    summoned: int = 0  # Avatar: the ENE its summoner pays (entries/avatar.py)


def problems(raw: dict[str, Any]) -> list[str]:
    found = not_whole(raw, ("pivot", "operated", "summoned"), "an ENE of 1 or more")
    if raw.get("marked") and not raw.get("check"):
        found.append("'marked' goes with 'check'")
    return found
