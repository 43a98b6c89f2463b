"""Every hook the core fires, typed: the points where actions and entries plug in.

The comment above each hook says when it fires and what an answer means.  The
implementations register with ``@hookspecs.<name>.impl(order=..., key=...)``; their
orders fix the order of the dice (see :mod:`wartime.engine.hooks`).  The orders are
mostly spaced by ten, in the order the rules resolve, so a new answer can slot in
between.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartime.engine.hooks import Fold, Hook, Thread
from wartime.i18n import Reason  # a leaf module: no cycle, so no type-only import

if TYPE_CHECKING:
    from collections.abc import Callable

    from wartime.board.shapes import Point
    from wartime.engine.core.action import Action
    from wartime.engine.core.checks import Luck, Modifiers
    from wartime.engine.core.dispatch import Handler
    from wartime.engine.core.events import Event
    from wartime.engine.core.figures import Figure
    from wartime.engine.core.hits import Blow, Landing, Wounded
    from wartime.engine.core.modifiers import Context
    from wartime.engine.core.profiles import Gear, Metaability, Trait, Weapon
    from wartime.engine.core.reactions import Window
    from wartime.engine.core.responses import Declared
    from wartime.engine.core.scenario import Reserve
    from wartime.engine.core.state import GameState
    from wartime.geometry.templates import Template
    from wartime.geometry.terrain import PathCost
    from wartime.rules.dice import Outcome
    from wartime.rules.effects import Effect

# SECUENCIA DE JUEGO ---------------------------------------------------------------------

# Figures enter the game (as it is set up, or deployed from reserve): what they carry
# from then on (Condenado's La mano de la muerte).
figures_enter: Hook[[tuple[Figure, ...]], None] = Hook("figures_enter")

# ``figure``'s activation begins, before anything else of it (its ENE, the entries'
# answers to activation_starts): what lasted until then ends (an option's price).
activation_begun: Hook[[Figure], None] = Hook("activation_begun")

# A figure taken out stands up again (Magia: resucitar, a revival): what it carried
# from before it fell and no longer does (Munición incendiaria's fire is out).
stands_again: Hook[[Figure], None] = Hook("stands_again")

# ``figure``'s wounds pass its CON, yet it is not dead: it lies unconscious (a hero,
# entries/revival.py); any True says so (Figure.dead).
lies_unconscious: Hook[[Figure], bool] = Hook("lies_unconscious")

# Nothing may raise ``figure``'s body (Rematador finished it, entries/revival.py): any
# True says so (Magia: resucitar).
beyond_raising: Hook[[Figure], bool] = Hook("beyond_raising")

# Who places ``reserve`` when not its own side (Perdido: the enemy): (side, the entry
# that says so), or None.
placed_by: Hook[[Reserve], tuple[str, str] | None] = Hook("placed_by")

# Whether a base of ``side`` may be deployed at ``point`` (radius) within 1 K of an
# enemy (Faro): the entry that allows it, or None.
beacon: Hook[[GameState, str, Point, float], str | None] = Hook("beacon")

# A new turn has begun (after the turn event): what comes back, what wears off.
turn_starts: Hook[[GameState], list[Event]] = Hook("turn_starts")

# A Pj has just been activated and gained its ENE: what it owes, suffers or regains.
activation_starts: Hook[[GameState, Figure], list[Event]] = Hook("activation_starts")

# A Pj's activation is ending, while it is still the active figure.
activation_ends: Hook[[GameState, Figure], list[Event]] = Hook("activation_ends")

# A Pj's activation has ended (after its end event): what lasted for that activation.
activation_over: Hook[[GameState, Figure], list[Event]] = Hook("activation_over")

# An ending activation hands back to another Pj instead (Órdenes: the ordered ally
# returns to the one that gave the orders): the events, or None for a plain end.
hands_back: Hook[[GameState, Figure], list[Event] | None] = Hook("hands_back")

# A Pj whose activation another one decides (Control remoto): it is not offered in the
# phases' order, and acts only when that one activates it.
operated: Hook[[GameState, Figure], bool] = Hook("operated")

# A Pj activated by another one (Control remoto) has ended its activation: the one that
# activated it carries on with its own (the events), or None for a plain end.
carries_on: Hook[[GameState, Figure], list[Event] | None] = Hook("carries_on")

# The acting ``possessor`` makes ``puppet`` take ``action`` with ``handler`` (Poseer).
puppet_acts: Hook[[GameState, Figure, Figure, Action, Handler | None], list[Event]] = Hook(
    "puppet_acts"
)

# An action (or an activation's start or end) has been resolved; before the game
# looks for a beaten side: bombs armed or set off, bodies that come back or fall.
after_action: Hook[[GameState], list[Event]] = Hook("after_action")

# ``figure`` has just exploded (a destroyed transport, Explota, Inflamable, Bomba
# viviente), its blast dealt: what else the explosion does (Campo de oscuridad).
exploded: Hook[[GameState, Figure], list[Event]] = Hook("exploded")

# The game is ending at the turn limit, before the points are counted.
game_ends: Hook[[GameState], list[Event]] = Hook("game_ends")

# Whether ``side`` still holds on with no figure standing (one of its fallen may come
# back): any True keeps it from losing until the next turn starts.
holds_on: Hook[[GameState, str], bool] = Hook("holds_on")

# ACCIONES -------------------------------------------------------------------------------

# Why ``figure`` may not take ``action`` now, in a player's words; None lets it through.
# The first refusal wins, so a cheap and common one should come early.
refusal: Hook[[GameState, Figure, Action], Reason | None] = Hook("refusal")

# Whether ``figure`` may take ``action`` at all now that it must do something else first
# (a fury's charge, Ansia de sangre, Locura asesina): an answer raises the refusal.
compulsions: Hook[[GameState, Figure, Action], None] = Hook("compulsions")

# The nerve an attack needs first (Cobarde, a target's Horror): the CH PSI rolled, and
# whether the action goes ahead.  Only a legal action is asked; a probe rolls nothing.
nerve: Hook[[GameState, Figure, Action], tuple[list[Event], bool]] = Hook("nerve")

# What keeps ``figure`` out of panic when a CH LOC fails (Fanático): its name, or None.
no_panic: Hook[[Figure], str | None] = Hook("no_panic")

# ``figure``'s action has been carried out with ``events``: what that earns it.
action_played: Hook[[GameState, Figure, list[Event]], list[Event]] = Hook("action_played")

# The options ``action`` names are being taken, before its handler runs (Poder paid,
# Frenesí's prices started): their events; an answer raises when they may not be taken.
options_taken: Hook[[Figure, Action], list[Event]] = Hook("options_taken")

# The tests before a use (Prueba de..., Neuropsico, Munición atascada): the events, and
# whether the action goes ahead.  ``cost`` is what it would cost (it raises when the
# action is illegal).  Asked one at a time: a lost use stops the others' dice.
use_tests: Hook[[GameState, Figure, Action, Callable[[], int]], tuple[list[Event], bool]] = Hook(
    "use_tests"
)

# ``figure``'s action went ahead (``facing``: where it faced as the action began): what
# the use spent (Cargas, Arma de campaña), a free turn stopped at its limit.
used: Hook[[Figure, Action, float], list[Event]] = Hook("used")

# What the action's weapon or metaability costs ``figure`` once used (Dañino, Malvado).
use_costs: Hook[[GameState, Figure, Action], list[Event]] = Hook("use_costs")

# An action has been played: figures that go with another follow it (passengers).
followers_moved: Hook[[GameState], None] = Hook("followers_moved")

# ``figure``'s action is over, everyone where it left them: what it sets off there
# (Distorsión psíquica on a flyer, Sobrecalentamiento on a transport).
action_ends_at: Hook[[GameState, Figure, Action], list[Event]] = Hook("action_ends_at")

# ``user`` has taken the object ``gear`` (Usar): what its entries set off beyond the
# object's own effects (Droga: a fix, maybe an addiction).
object_used: Hook[[GameState, Figure, Gear], list[Event]] = Hook("object_used")

# Whether an entry plays the object ``gear`` when used (Droga), so that the log does not
# leave its effect to the players: any True says so.
plays_object: Hook[[Gear], bool] = Hook("plays_object")

# PROFILES: built once from the army file ------------------------------------------------

# A weapon of a character whose archetypes carry these entries (Munición de racimo).
weapon_built: Thread[[tuple[str, ...]], Weapon] = Thread("weapon_built")

# A metaability of a character of VOL ``vol`` carrying these entries (Orador's ALC).
metaability_built: Thread[[int, tuple[str, ...]], Metaability] = Thread("metaability_built")

# AURAS AND SENSES -----------------------------------------------------------------------

# The bearer's effects that reach other figures, threaded (Orador stretches its cries).
auras: Thread[[Figure], tuple[tuple[Trait, Effect], ...]] = Thread("auras")

# Whether ``figure`` sees through the enemy entry named (Meta visión, Radar against
# Mimético): any True says so.
unveils: Hook[[Figure, str], bool] = Hook("unveils")

# Whether ``figure`` stands where distortions do not reach it (Faro): any True says so.
undistorted: Hook[[GameState, Figure], bool] = Hook("undistorted")

# Whether ``figure`` may take Esconderse with no cover (Sombra): any True says so.
hides_bare: Hook[[Figure], bool] = Hook("hides_bare")

# STATS: what a figure's numbers are now -------------------------------------------------

# VOL now, threaded from the figure's own (a leader near, Despertando del letargo).
vol: Thread[[GameState, Figure], int] = Thread("vol")

# ``target`` stands in the dark (geometry.darkness): the entry by which ``viewer`` sees it
# all the same (Luz on either of them, Radar on the viewer), or None: it is not seen.
sees_in_dark: Hook[[Figure, Figure], str | None] = Hook("sees_in_dark")

# K its entries add to its CdV (Súper vista +5, Corto de vista −5).
sight: Fold[[Figure], float] = Fold("sight")

# K more a movement of the given kind reaches (Rápido: Correr and Esprintar +1).
stride: Fold[[Figure, str], float] = Fold("stride")

# Whether its entries change what its movement actions cost (Lento): any True says so.
prices_moves: Hook[[Figure], bool] = Hook("prices_moves")

# MOVEMENT -------------------------------------------------------------------------------

# Whether the figure touches nothing and nothing touches it (Incorpóreo switched on):
# any True says so.
intangible: Hook[[Figure], bool] = Hook("intangible")

# A shot that other figures join (Arma de enjambre): its events, or None for a plain shot.
volley: Hook[[GameState, Figure, Action, Weapon], list[Event] | None] = Hook("volley")

# Whether the figure's moves go over walls and obstacles as easy ground (Araña): any
# True says so.  Other bases and the table's edge still stop it.
climbs: Hook[[Figure], bool] = Hook("climbs")

# The cost of the ground a move at height 1 crosses, as it counts for the figure,
# threaded (Levitador pays nothing for it and crosses water; Pez and Anfibio swim).
ground_cost: Thread[[Figure], PathCost] = Thread("ground_cost")

# The ENE surcharge of the ground a move crosses and the reason shown, threaded, once
# posture and load are counted (Equipo pesado makes it difficult, Cojitranco harder).
ground_surcharge: Thread[[Figure], tuple[int, Reason]] = Thread("ground_surcharge")

# Why a move of ``figure`` may not end at ``point`` (Apestoso keeps allies away): the
# first answer refuses it; None lets it through.
keeps_away: Hook[[GameState, Figure, Point], Reason | None] = Hook("keeps_away")

# At height 3, the entry that lets a move stop short of the whole MOV (Retros), or None.
brakes: Hook[[Figure], str | None] = Hook("brakes")

# Why a sampled Mover, Correr or Esprintar is refused by the figure's own entries
# (Lastrado, Piernas muy cortas): legal_actions' fast check of a move (core.routes.move_problem)
# asks these refusals instead of every one; the first answer refuses it.
move_refusal: Hook[[GameState, Figure, Action], Reason | None] = Hook("move_refusal")

# K more a move reaches with the options it names (Fuego en las venas), added up; an
# answer raises, changing nothing, for an option the figure cannot take with a move.
move_options: Fold[[Figure, Action], float] = Fold("move_options")

# A move taken with options has been made: what the options cost (Fuego en las venas).
move_paid: Hook[[GameState, Figure, Action], list[Event]] = Hook("move_paid")

# A move's final ``facing`` is beyond what the move allows: (the entry, the facing the
# move ends with, the facing a CH AGI then turns it to) when an entry reaches that far
# (Caza), else None; the first answer wins.
turn_beyond: Hook[[Figure, float | None], tuple[str, float, float] | None] = Hook("turn_beyond")

# A charge of ``figure`` is being measured: what adds K to its reach now, each with its
# label (Grito berserker, Grito de sangre).
charge_reach: Hook[[GameState, Figure], list[tuple[str, float]]] = Hook("charge_reach")

# A charge went ahead with ``reach`` (the labels and K it had): what that spends, and
# the log of the reach.
charged: Hook[[Figure, list[tuple[str, float]]], list[Event]] = Hook("charged")

# The heights ``figure`` may use, (lowest, highest), threaded from what the map allows
# (Sub, Planeador, Aerostático widen them).
heights: Thread[[Figure], tuple[int, int]] = Thread("heights")

# At height 3, the entry that frees ``figure`` of Volar en altura 3's limits on pivoting
# and on actions in a row (Aerostático), or None.
free_high: Hook[[Figure], str | None] = Hook("free_high")

# Why ``figure`` cannot take off from ``start`` or land at ``goal`` (``landing``) here
# (Pista de aterrizaje: a clear strip): the first answer refuses it; None lets it.
runway: Hook[[GameState, Figure, Point, Point, bool], Reason | None] = Hook("runway")

# What a failed take-off or landing on rough ground costs ``figure`` instead of the
# action list's rule: (entry, ENE lost, wounds of a failed CH CON) (Planeador), or None.
rough_landing: Hook[[Figure], tuple[str, int, int] | None] = Hook("rough_landing")

# Why ``figure`` does not fit in the transport ``ride`` (Capacidad): the first answer
# refuses it; None lets it in.
no_room: Hook[[GameState, Figure, Figure | None], Reason | None] = Hook("no_room")

# ``figure``'s transport explodes: the entry that throws its rider clear first
# (Asiento eyectable), or None.
ejects: Hook[[Figure], str | None] = Hook("ejects")

# A jump of ``figure`` clears what is lower than this, threaded from its own height
# (Saltador: as tall as itself too).
jump_clearance: Thread[[Figure], float] = Thread("jump_clearance")

# The height ``figure`` reaches with Subir a un alto on its own, threaded from what its
# AGI gives (Saltador: at least its own height).
climb_reach: Thread[[Figure], float] = Thread("climb_reach")

# A fall's (DAÑ, the entry that changed it) for ``figure``, threaded from the band's DAÑ
# and None (Saltador halves it).
fall_dan: Thread[[Figure], tuple[int, str | None]] = Thread("fall_dan")

# LEGAL ACTIONS --------------------------------------------------------------------------

# What else ``figure`` may take now, beyond its attacks and metaabilities: candidates,
# each checked in full by legal_actions before it is offered.
offers: Hook[[GameState, Figure], list[Action]] = Hook("offers")

# What ``figure`` must do, if anything, instead of choosing freely (``reacting`` or in its
# own activation): Desaparecer's way back, Desatarse when tied up, the charge a fury
# owes, Gallina's first action.  The first answer wins; [] forces nothing but ending.
forced_actions: Hook[[GameState, Figure, bool], list[Action] | None] = Hook("forced_actions")

# The attacks an entry gives ``figure`` beside its weapons' (Arma corta's shot in CaC).
extra_attacks: Hook[[GameState, Figure], list[Action]] = Hook("extra_attacks")

# The variants of ``attacks`` that ``figure``'s entries allow (Frenesí, Poderoso...).
attack_variants: Hook[[Figure, list[Action]], list[Action]] = Hook("attack_variants")

# The ways ``figure`` may use its metaability ``ability``, on itself, on a point, at one of
# the figures ``near`` enough for its ALC, or at a body.
metaability_offers: Hook[[GameState, Figure, Metaability, list[Figure]], list[Action]] = Hook(
    "metaability_offers"
)

# The choices beside reacting or passing while ``window`` is open (Machina mors' volley).
reaction_offers: Hook[[GameState, Window], list[Action]] = Hook("reaction_offers")

# REACTIONS (core/reactions.py) ----------------------------------------------------------

# ``figure`` may not react at all now (Munición aturdiradora: until the end of its next
# activation): any True leaves it out of the witnesses of an action.
barred_from_reacting: Hook[[Figure], bool] = Hook("barred_from_reacting")

# The figures of ``able`` that may react to ``actor`` without seeing or hearing it
# (Sentido arácnido), by id.
senses_actor: Hook[[list[Figure], Figure], set[str]] = Hook("senses_actor")

# ``reactor`` was chosen to react to ``actor``: what it does first (Sentido arácnido: it
# turns to face it).
reactor_chosen: Hook[[GameState, Figure, Figure], list[Event]] = Hook("reactor_chosen")

# The side reacts with ``action``, one a ``reaction_offers`` implementation offered
# (Machina mors' volley): its events, or None when the action is not its kind.
reacts_with: Hook[[GameState, Window, Figure, Action], list[Event] | None] = Hook("reacts_with")

# ANSWERS to a declared action (core/responses.py) ---------------------------------------

# ``target`` sees ``actor``'s ``action`` coming, and is ``engaged`` in CaC or not: the
# answers an action or entry lets it give besides Huir and Esquivar en CaC, as (kind,
# name shown) (Desenfundar, Manipulador).
answers: Hook[[GameState, Figure, Figure, Action, bool], list[tuple[str, str]]] = Hook("answers")

# The choices ``figure`` has for answer ``kind`` to ``actor``'s ``action`` (Desenfundar:
# one per weapon, each checked); None leaves the one plain choice of that kind.
answer_choices: Hook[[GameState, Figure, Figure, Action, str], list[Action] | None] = Hook(
    "answer_choices"
)

# ``target`` gives answer ``action`` (one ``answers`` offered) to ``actor``'s declared
# action: its events, or None when the kind is not this implementation's.
answer_given: Hook[[GameState, Figure, Figure, Action], list[Event] | None] = Hook("answer_given")

# ``actor``'s declared action has been resolved, after its answer (or as it raised):
# what lasted for that action only ends (Manipulador's CH IMP −1).
answered_resolved: Hook[[GameState, Figure], None] = Hook("answered_resolved")

# Who else may answer ``actor``'s ``action`` in its target's place: enemy neuromantes with
# Contramagia, and the target's bodyguards (Guardaespaldas), by id.
counter_mages: Hook[[GameState, Figure, Action], list[str]] = Hook("counter_mages")
bodyguards: Hook[[GameState, Figure, Action], list[str]] = Hook("bodyguards")

# One of them answers ``declared`` with ``action``: the events of the answer and of the
# declared action it lets resolve, or None when the kind is not this implementation's.
stand_in: Hook[[GameState, Figure, Declared, Action], list[Event] | None] = Hook("stand_in")

# In a Combate mental, ``figure`` strikes back at ``striker``'s mind: the events, and
# whether ``striker`` may strike back in turn; None when no implementation plays it.
mental_blow: Hook[[GameState, Figure, Figure], tuple[list[Event], bool] | None] = Hook(
    "mental_blow"
)

# COMBATE --------------------------------------------------------------------------------

# A shot is being taken with ``action``: the weapon as it fires, threaded (Fuego a larga
# doubles its ALC and ENE); an answer may also note the shot (Radiante's duty is met).
shot_weapon: Thread[[Figure, Action], Weapon] = Thread("shot_weapon")

# The entry that lets ``figure``'s ranged ``weapon`` serve in CaC (Arma corta), or None.
short_weapon: Hook[[Figure, Weapon], str | None] = Hook("short_weapon")

# Whether ``figure``'s ``weapon`` reaches targets at every height (Arma ATA): any True
# says so.
any_height: Hook[[Figure, Weapon | None], bool] = Hook("any_height")

# A shot or throw of ``figure`` at ``target`` with ``weapon`` (None: a thrown object)
# is being checked: an answer raises when an entry forbids it (Campo ciego, Anónimo).
shot_barred: Hook[[GameState, Figure, Figure, Weapon | None], None] = Hook("shot_barred")

# A shot of ``figure`` into a CaC has passed its CH IMP at ``target``: the note of an
# entry that lets it hit with no second CH IMP (Franco tirador); none: it rolls one.
sure_shot: Hook[[Figure, Figure], list[Event]] = Hook("sure_shot")

# ``figure`` throws ``weapon`` (None: an object) that would reach ``reach`` K with DAÑ
# ``dan``: (reach, DAÑ, what names the reach) as an entry sets them (Arma arrojada:
# CON+AGI and its own DAÑ); the first answer wins.
thrown: Hook[[Figure, Weapon | None, float, int], tuple[float, int, str]] = Hook("thrown")

# ``figure`` would lift the map's throwable object of ``size`` (car, lorry, larger) to
# throw it: (the entry that lets it, the CH CON difficulty, the wounds a failed lift
# costs with no CH DEF), as Súper fuerza sets them; None: it cannot lift it.
heaves: Hook[[Figure, str], tuple[str, int, int] | None] = Hook("heaves")

# Esquivar en CaC is under way against ``figure``'s blow at ``target``: the contest that
# replaces its CH IMP (the attacker's outcome, the events, the blow's extra DAÑ).
dodged: Hook[[GameState, Figure, Figure, Modifiers, Context], tuple[Outcome, list[Event], int]] = (
    Hook("dodged")
)

# The entry that lets a CaC blow of ``figure`` with ``weapon`` reach ``target``, with
# which it is not engaged (Arma muy larga, Arma ATA), or None.
reaches: Hook[[GameState, Figure, Figure, Weapon], str | None] = Hook("reaches")

# DEF ``figure``'s entries add against a hit it takes with over 50% cover (Sombra).
cover_defense: Fold[[Figure], int] = Fold("cover_defense")

# A shot of ``figure`` with ``weapon``, a weapon with an Área, is played by the rules of
# templates (Ataque a distancia con área): its events.
area_shot: Hook[[GameState, Figure, Action, Weapon], list[Event]] = Hook("area_shot")

# Whether ``figure`` may attack ``target`` although it is on its own side (Locura
# asesina's victim): any True says so.
friendly_target: Hook[[GameState, Figure, Figure], bool] = Hook("friendly_target")

# A hit of ``attacker`` on ``target`` is landing: the DAÑ it lands with (Fortuna +1).
hit_damage: Thread[[GameState, Figure, Figure], int] = Thread("hit_damage")

# ``figure`` takes nothing at all from ``blow`` (Invulnerable): the events that say so,
# or None; the first answer wins, and no CH DEF is rolled.
untouched: Hook[[Figure, Blow | None], list[Event] | None] = Hook("untouched")

# The entry that makes ``blow`` strike the mind (Munición psíquica): only the Muro
# pieces defend from it, and each wound it would deal is 1 stress instead; or None.
stress_hit: Hook[[Blow | None], str | None] = Hook("stress_hit")

# A hit of ``damage`` meets ``figure``'s energy shield before its CH DEF (Escudo de
# energía; Anulador de escudo, Munición magnética): the events, and the DAÑ that goes on
# to the CH DEF (None: the hit ends here).  Asked one at a time, while the hit goes on.
shielded: Hook[[GameState, Figure, Blow | None, int], tuple[list[Event], int | None]] = Hook(
    "shielded"
)

# ``figure``'s fumbled CH IMP with ``weapon`` has been resolved (Inflamable).
fumbled: Hook[[GameState, Figure, Weapon | None], list[Event]] = Hook("fumbled")

# The CH DEF against a blow is over, on ``figure``: what the striker's entries do to it.
landed: Hook[[GameState, Figure, Landing], list[Event]] = Hook("landed")

# A blow has just dealt ``figure`` its wounds (before a kill heals the striker).
wounds_dealt: Hook[[GameState, Figure, Wounded], list[Event]] = Hook("wounds_dealt")

# A blow has wounded ``figure``, or taken it out: what that sets off.
wounded: Hook[[GameState, Figure, Wounded], list[Event]] = Hook("wounded")

# Wounds about to be dealt to ``figure`` by a hit: the events of an entry that takes
# them all away (Fortuna: ignorar un DAÑ), or None; the first answer wins.
wounds_ignored: Hook[[GameState, Figure, int], list[Event] | None] = Hook("wounds_ignored")

# A rider takes ``wounds`` that got past its CH DEF: its transport takes them (HERIDAS).
rider_wounded: Hook[[GameState, Figure, int], list[Event]] = Hook("rider_wounded")

# The wounds ``figure`` takes, threaded as (those left for its head and trunk, the
# events): its expendable limbs take them first (Miembros prescindibles).
wounds_laid: Thread[[Figure], tuple[int, list[Event]]] = Thread("wounds_laid")

# ``figure`` has just taken ``wounds``, on its limbs or not: what grows with them
# (Poderoso's Poder).
wounds_taken: Hook[[Figure, int], list[Event]] = Hook("wounds_taken")

# The entry that keeps ``figure`` from dying when its wounds pass its CON (Héroe: it
# lies unconscious instead), or None.
never_dies: Hook[[Figure], str | None] = Hook("never_dies")

# ``figure`` has just been taken out by wounds, from a hit of ``damage`` (or that many
# wounds with no hit), before its trauma spreads: what blows up, whether it may come back.
taken_out: Hook[[GameState, Figure, int], list[Event]] = Hook("taken_out")

# La mano de la muerte has moved one of ``source``'s wounds, at ``figure``'s hand: what
# that settles (Condenado's debt, when the wound was its own).
wound_passed: Hook[[Figure, Figure], None] = Hook("wound_passed")

# METAHABILIDADES: Usar and the castings (actions/metaabilities.py, actions/mind.py) -----

# Usar of what is not a metaability (an object): its events, or None when the item is
# none of this implementation's; the first answer wins.
usar_item: Hook[[GameState, Figure, Action], list[Event] | None] = Hook("usar_item")

# ``caster`` aims ``action`` with ``ability`` at ``target`` (on a body, or a living
# figure): an answer raises when the point or option it gives does not fit.
metaability_refusal: Hook[[GameState, Figure, Action, Metaability, Figure], None] = Hook(
    "metaability_refusal"
)

# ``figure`` pays ``cost`` ENE for a metaability (``label``, for the log) from what only
# metaabilities may spend (Maná): the spend event, or None for its ENE alone to pay.
metaability_paid: Hook[[GameState, Figure, int, str], Event | None] = Hook("metaability_paid")

# The figure ``caster``'s ``action`` casts from (Resonador: another figure, named in its
# options), or None: from the caster itself.  An answer raises when it may not.
cast_origin: Hook[[GameState, Figure, Action, Metaability], Figure | None] = Hook("cast_origin")

# ``caster`` casts ``ability`` from ``origin`` (Resonador), its ENE paid: what that costs
# the origin, and whether the casting goes on (False: the origin resisted it).
cast_relayed: Hook[[GameState, Figure, Figure, Metaability], tuple[list[Event], bool]] = Hook(
    "cast_relayed"
)

# ``caster``'s metaability (named) got through to ``target``: what may still cancel it
# (Runas de vacío), as its events and whether it is cancelled.  Asked one at a time: a
# cancel stops the others' dice.
metaability_cancelled: Hook[[GameState, Figure, Figure, str], tuple[list[Event], bool]] = Hook(
    "metaability_cancelled"
)

# ``caster``'s ``ability`` has landed on ``target`` (a body, or a living figure) with
# ``action``: what its spells do, collected in order.
metaability_cast: Hook[[GameState, Figure, Figure, Metaability, Action], list[Event]] = Hook(
    "metaability_cast"
)

# ``figure`` fumbled a casting: the events of what spares it the CH PSI (Runas de
# protección), or None; the first answer wins.
fumble_spared: Hook[[Figure], list[Event] | None] = Hook("fumble_spared")

# USAR BONUS: the actions the entries give (actions/usar_bonus.py) -----------------------

# ``figure``'s Usar bonus ``action`` is an entry's own, read before any other (putting a
# fire out, Señuelo): its events, or None; the first answer wins.
bonus_taken: Hook[[GameState, Figure, Action], list[Event] | None] = Hook("bonus_taken")

# The use (an effect with ``use``) of the entry named that sits on one of ``figure``'s
# weapons (Munición regenerativa), or None; the first answer wins.
weapon_use: Hook[[Figure, str], Effect | None] = Hook("weapon_use")

# ``figure`` uses the entry named, whose effect is ``use``, with ``action``: the events.
# Each answer is keyed by the effect field that makes a use its kind (``stress_ene``,
# ``fortune``, ``orders``...): the first whose field the use sets plays it.
entry_used: Hook[[GameState, Figure, Action, str, Effect], list[Event]] = Hook("entry_used")

# The Usar bonus ``figure`` may take now with the entry named, whose effect is
# ``effect`` (checked in full by legal_actions).  Keyed like ``entry_used`` (``use`` for
# any other use): the first answer whose field the effect sets offers them.
bonus_offers: Hook[[GameState, Figure, str, Effect], list[Action]] = Hook("bonus_offers")

# The entries on ``figure``'s weapons it may use now (Munición regenerativa), by name.
weapon_uses: Hook[[Figure], list[str]] = Hook("weapon_uses")

# Whether ``figure`` carries Fortuna and has not spent it this turn: any True says so.
luck_left: Hook[[GameState, Figure], bool] = Hook("luck_left")

# ÁREAS: an area weapon's template (actions/areas.py) ------------------------------------

# The entry that lets ``figure``'s area ``weapon`` be aimed at a point out of its CdV,
# from the sky (Golpe de los dioses), or None; the first answer wins.
far_strike: Hook[[Figure, Weapon], str | None] = Hook("far_strike")

# An aim of ``weapon`` at ``point`` (``distance`` K away) through the entry ``name`` that
# ``far_strike`` gave: an answer raises when the entry does not allow it (out of ALC, not
# in the open).
far_strike_aimed: Hook[[GameState, Figure, Weapon, Point, float, str], None] = Hook(
    "far_strike_aimed"
)

# The modifiers a CH IMP aimed at a point (the target None: no figure there) takes from
# what the line of fire meets (Humo), collected in order.
point_shifts: Hook[[GameState, Figure, Point, Figure | None], list[tuple[str, int]]] = Hook(
    "point_shifts"
)

# What keeps a template aimed at ``point`` from scattering (Faro), as "entry (bearer)",
# or None; the first answer wins.
unscattered: Hook[[GameState, Point], str | None] = Hook("unscattered")

# The template ``figure``'s ``weapon`` lays, threaded from its Área (Arco concentrado:
# a G laid as an L).
template_shape: Thread[[Figure, Weapon], str] = Thread("template_shape")

# ``figure``'s template of ``weapon`` has landed, aimed at ``point``, at ``level``,
# reaching somebody or not, with the weapon's DAÑ: what it leaves on the table (Humo,
# Área permanente).
template_laid: Hook[[GameState, Figure, Weapon, Template, Point, int, bool, int], list[Event]] = (
    Hook("template_laid")
)

# Whether ``figure``'s ``weapon`` lays its template and hits nobody (a DAÑ 0 smoke
# weapon): any True says so.
hits_nobody: Hook[[Figure, Weapon], bool] = Hook("hits_nobody")

# CHECKS ---------------------------------------------------------------------------------

# The modifiers ``figure``'s entries put on its check ``purpose`` (a cóctel, a stun, a
# two-hander in one hand, smoke), collected in order after the action's own.
check_shifts: Hook[[GameState, Figure, str, Context], list[tuple[str, int]]] = Hook("check_shifts")

# The CH ATR modifiers that follow ``figure`` through the action it is carrying out, from
# its entries (Manipulador: the shot it was made to take at −1), in order, placed after
# panic's and before Apoyar's in checks.acting_modifiers.
acting_shifts: Hook[[Figure], list[tuple[str, int]]] = Hook("acting_shifts")

# The ``wrath`` condition of an entry's modifiers holds for ``bearer`` now (Ira: in the
# activation after a wound taken in CaC): any True says so.
in_wrath: Hook[[Figure], bool] = Hook("in_wrath")

# The option ``label`` that ``figure`` took still holds: its price lasts until its next
# activation starts (Frenesí's DEF 0, entries/options.py); any True says so.
option_lasting: Hook[[Figure, str], bool] = Hook("option_lasting")

# A check of ``figure`` (purpose, die, total, outcome, whether +1 would pass it) has just
# failed: the second chance an entry takes on it (Fortuna), or None.  It may ask the
# bearer's side first (a question midway through the resolution, midway.py).
second_chance: Hook[[GameState, Figure, Reason, int, int, Outcome, bool], Luck | None] = Hook(
    "second_chance"
)

# The ENE the action under way costs ``figure``, threaded as (cost, modifiers shown):
# a cap (Rambo), a credit that pays it (Grito de veterano).
ene_cost: Thread[[Figure], tuple[int, tuple[tuple[str, int], ...]]] = Thread("ene_cost")

# ``figure`` has paid an action's ENE with these modifiers: what was used up.
ene_paid: Hook[[Figure, tuple[tuple[str, int], ...]], None] = Hook("ene_paid")
