"""A figure's changing condition during a game: where it is, its ENE, wounds and stress."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import astuple, dataclass, field, replace

from wartime.board.battlefield import Posture, Unit
from wartime.board.shapes import Disc, Point
from wartime.engine.core import hookspecs
from wartime.engine.core.action import Action
from wartime.engine.core.marks import Mark, copied, hash_values, later_values
from wartime.engine.core.profiles import Profile, Trait, Weapon
from wartime.geometry.vision import Point3, eye_point, muzzle_point, silhouette_base

GONE = "gone"  # a body that will not come back (Rematador): nothing may raise it
ENE_CAP = 10  # ENERGÍA, Inicio actuación: up to a maximum of 10
REACTION_FLOOR = -10  # REACCIONES: reacting may take ENE down to −10
# Later fields: in snapshot() by name (a new one is a new key, never a shifted position).
# This is the layout of hash version 2, frozen: a name is a Figure field, or a field of
# an entry's mark (core/marks.py) that took its place; the next hash version lets marks
# add their values by key, and this list then holds core fields only.
_EXTRAS = (
    "vehicle_wounds",
    "aboard",
    "perch",
    "held_by",
    "tied",
    "untie_crits",
    "spent",
    "hide_lost",
    "blooded",
    "dulled",
    "looted",
    "removed",
    "volley",
    "lasting",
    "dread_turn",
    "taken",
    "power",
    "switched",
    "shield_lost",
    "used_up",
    "boosts",
    "drain_next",
    "drained",
    "crash",
    "doses",
    "dose_turn",
    "overdose",
    "credits",
    "armour",
    "crushed",
    "fury",
    "marking",
    "stunned",
    "wrath",
    "charged",
    "campaign",
    "dazzled",
    "eaten",
    "manipulated",
    "urge",
    "runes_turn",
    "fortune_turn",
    "orders_turn",
    "limb_wounds",
    "burning",
    "revival",
    "mana_spent",
    "mana_turn",
    "suppressed",
    "poisoned",
    "addicted",
    "fix_turn",
    "junkie",
    "withdrawal",
    "raised",
    "vanished",
    "doomed",
    "doom_due",
    "decoy_from",
    "decoy_used",
)


_HASHED = frozenset(_EXTRAS)


@dataclass(frozen=True)
class Grant:
    """A metaability at work on a figure: the entries it carries while it lasts.

    METAHABILIDADES, duration: on oneself until its next activation starts; on anyone
    else until the end of that figure's next activation (``armed`` once it began).
    """

    ability: str
    caster: str
    traits: tuple[Trait, ...]
    on_self: bool
    armed: bool = False
    lasting: bool = False  # for the rest of the game: a malus a failed CH LOC gave

    def snapshot(self) -> tuple[object, ...]:
        """For the state hash."""
        traits = [astuple(t) for t in self.traits]
        return (self.ability, self.caster, traits, self.on_self, self.armed, self.lasting)


@dataclass(frozen=True)
class Volley:
    """Ranged attacks one after another with one weapon in an activation (Fuego
    automático, a ráfagas, sostenido): how many, the last target, and how many of the
    last ones went at that target, and hit it, in a row."""

    weapon: str
    target: str | None
    shots: int = 1
    at_target: int = 1
    hits: int = 0


@dataclass
class Figure:
    id: str
    side: str
    profile: Profile
    position: Point
    facing: float
    radius: float
    height: float  # standing height in K
    level: int = 1
    posture: Posture = Posture.STANDING
    ene: int = 0  # ENERGÍA, Inicio: the game starts with ENE 0
    wounds: int = 0
    stress: int = 0
    acted: bool = False  # this turn
    waiting_below: int | None = None  # Esperar: may act again only in phases below this one
    sprinted: bool = False  # this turn: cannot attack, CH IMP −1 against it
    sprinted_now: bool = False  # in this activation (Esprintar is once per activation)
    charging: bool = False  # Cargar: CH IMP +1 and DAÑ +1 on the next CaC action
    actions_taken: int = 0  # in this activation: chained actions take CH ATR −1
    next_action_modifier: int = 0  # e.g. Esprintar: the next action CH ATR −3
    psi_bonus: int = 0  # a critical PSI: CH ATR +1 until the end of the activation
    weapon_wounds: dict[str, int] = field(default_factory=dict)
    armour_wounds: int = 0
    reacting: bool = False  # acting outside its activation: ENE may go down to −10
    reacting_early: bool = False  # before the enemy's action ends: CH ATR −1
    panic: bool = False  # Pánico: CH ATR −1, it can only flee
    lose_next: bool = False  # a failed PSI outside its activation: loses its next action
    vol_loss: int = 0  # a fumbled CH LOC: VOL −1 for good
    unconscious: bool = False  # stress above VOL
    moved: float = 0.0  # K moved this turn (MODIFICADORES, por velocidad)
    # ACCIONES GENÉRICAS (actions/generic.py).
    support: int = 0  # Apoyar: CH ATR +N on its next CH ATR (until used, or the turn ends)
    focus: int = 0  # Concentrarse: CH ATR +N on the first CH ATR of its next action
    on_guard: bool = False  # En guardia: until it takes any other action
    guard_bonus: int = 0  # En guardia: + to its next CH VOL to react
    hidden: bool = False  # Esconderse: enemies need a CH INT ENF to act on it
    rounds: dict[str, int] = field(default_factory=dict)  # Cargadores: shots left; absent = full
    # Poseer and Marcar un objetivo (actions/mind.py).
    possessed_by: str | None = None  # the possessor, until its next activation starts
    marked_by: str | None = None  # Marcar un objetivo: it may possess again without the stress
    # METAHABILIDADES (actions/metaabilities.py).
    granted: list[Grant] = field(default_factory=list)  # metaabilities at work on it
    cast: dict[str, int] = field(default_factory=dict)  # ability → turn of its last success
    counter_charge: str | None = None  # Contracarga: CH DEF +1 against this charger's blow
    silent: bool = False  # its last action was Mover sin hacer ruido (Ataque sorpresa)
    surprise: str | None = None  # Ataque sorpresa declared on this target: its next CaC blow
    # Transports (actions/transport.py) and later fields: in snapshot() by name (_EXTRAS).
    vehicle_wounds: int = 0  # wounds of its transport: unusable at CAL, destroyed above
    aboard: str | None = None  # the transport it travels inside (actions/boarding.py)
    perch: float = 0.0  # K above the ground it stands at, on top of something (Subir a un alto)
    held_by: str | None = None  # Inmovilizar enemigo: its holder (actions/holds.py)
    tied: str | None = None  # tied up with "cuerda" or "acero" until it unties itself
    untie_crits: int = 0  # Desatarse from steel: criticals in a row so far
    rearmed: bool = False  # its weapons changed in play (Soltar, Desarmar): hashed by id
    looted: int = 0  # Saquear: objects looted this turn, CH AGI −1 each (actions/items.py)
    removed: bool = False  # Eliminar: its body left the table for good; nothing may reach it
    # Once-per-activation entries used since its activation began (Control del CHI).
    spent: tuple[str, ...] = ()
    # Transient, never in snapshot(): the action it is carrying out right now (its checks
    # read it, bonuses.Context.action) and the ENE its entries add to that action's cost
    # (checks.spend), worked out when first paid (most legality probes never get there);
    # all cleared when the action ends.
    doing: Action | None = None
    ene_modifiers: tuple[tuple[str, int], ...] = ()
    ene_pending: Callable[[], tuple[tuple[str, int], ...]] | None = None
    # Damage entries (combat.defend, combat.wound).
    hide_lost: int = 0  # Escudo coriáceo: levels lost, each to a wound it took instead
    blooded: bool = False  # Sanguinario: it has wounded in CaC since its activation began
    dulled: tuple[str, ...] = ()  # entries a fumble took away for good (Afilada), bonuses.keyed
    volley: Volley | None = None  # its last shots in a row (Fuego automático), bearers only
    lasting: tuple[str, ...] = ()  # entries on until its CaC ends (Arma de carga), bonuses.keyed
    # Choices and counters of entries (entries/ghost.py, entries/shields.py).
    switched: tuple[str, ...] = ()  # entries it switched on (Mimético)
    shield_lost: int = 0  # Escudo de energía: levels lost so far
    # Objects used (actions/gear.py).
    used_up: tuple[str, ...] = ()  # its objects that left the game (Elixir)
    boosts: tuple[str, ...] = ()  # attributes a cóctel raised for this activation
    drain_next: bool = False  # a cóctel's hangover waits for its next activation
    drained: bool = False  # ... and is on now: CH ATR −1
    crash: int = 0  # Drogas de combate: 1 waits for its next activation, 2 is in it
    doses: int = 0  # doses taken in the turn dose_turn
    dose_turn: int = 0
    overdose: int = 0  # wounds it takes as the activation ends (a second dose)
    # Protections (core/protections.py): wounds and CAL lost of each piece, in profile order.
    armour: tuple[int, ...] = ()
    crushed: tuple[int, ...] = ()
    fury: str | None = None  # Crítico en CH LOC: the enemy it must charge (psychology.py)
    marking: str | None = None  # Marcador de objetivos: whom it marked (actions/usar_bonus.py)
    # State of a core mechanism that entries plug into: it stays here because core reads
    # it (an entry's mark is for what only its own entry reads, docs/architecture.md).
    # Limbs (core/anatomy.py; Miembros prescindibles): wounds its limbs took, in order.
    limb_wounds: int = 0
    # What it carries (core/traits.py; Magia: anular, Desestabilizador): (entry or
    # metaability, caster) switched off on it until the caster's next activation starts.
    suppressed: tuple[tuple[str, str], ...] = ()
    poisoned: str | None = None  # core/poison.py (Ponzoña): the poison, until Curar or Elixir
    vanished: int = 0  # Figure.away (Desaparecer): 1 away from the table, 2 came back
    # Entry state (core/marks.py): each entry's mark, by the entry's key; absent = default.
    marks: dict[str, Mark] = field(default_factory=dict)

    @classmethod
    def from_unit(cls, unit: Unit, profile: Profile) -> Figure:
        return cls(
            id=unit.id,
            side=unit.side,
            profile=profile,
            position=unit.position,
            facing=unit.facing,
            radius=unit.radius,
            height=unit.height,
            level=unit.level,
            posture=unit.posture,
        )

    @property
    def hurt(self) -> int:
        """Every wound it carries: its own, its limbs' (Miembros prescindibles), its ride's."""
        return self.wounds + self.limb_wounds + self.vehicle_wounds

    @property
    def casualty(self) -> bool:
        """Incapacitated (wounds = CON), dead (more), or unconscious from stress."""
        return self.wounds >= self.profile.con or self.unconscious

    @property
    def away(self) -> bool:
        """Desaparecer (entries/vanishing.py): off the table for now, yet not a casualty."""
        return self.vanished == 1

    @property
    def present(self) -> bool:
        """On the table and in the game: neither a casualty nor away (Desaparecer)."""
        return not self.casualty and self.vanished != 1

    @property
    def vol(self) -> int:
        """VOL now: a fumbled CH LOC takes 1 off for good."""
        return max(1, self.profile.vol - self.vol_loss)

    @property
    def dead(self) -> bool:
        """Wounds above CON; never a hero, who lies unconscious instead (revival.py)."""
        return self.wounds > self.profile.con and not any(hookspecs.lies_unconscious.collect(self))

    @property
    def current_height(self) -> float:
        return self.height * self.posture.height_factor

    @property
    def on_table(self) -> bool:
        """Its base blocks movement: standing on the ground, not a casualty, not aboard,
        not away (Desaparecer)."""
        return (
            self.level == 1
            and not self.casualty
            and self.aboard is None
            and not self.perch
            and self.vanished != 1
        )

    @property
    def riding(self) -> bool:
        """It rides a transport that has not been destroyed (HERIDAS: more wounds than CAL)."""
        vehicle = self.profile.transport
        return vehicle is not None and self.vehicle_wounds <= vehicle.cal

    @property
    def mov(self) -> float:
        """MOV in K: its transport's while it rides one, else its natural MOV (MOVIMIENTO)."""
        vehicle = self.profile.transport
        return vehicle.mov if vehicle is not None and self.riding else self.profile.mov

    @property
    def defense(self) -> int:
        """CH DEF target: each piece of equipment loses DEF 1 per wound, never below 1,
        and none at all from CAL wounds on (HERIDAS: unusable, then destroyed).

        A transport's DEF adds to the rider's while it has not been destroyed.  A Muro
        piece gives none here: only against stress (:attr:`mind_defense`).
        """
        pieces = self.profile.protections
        if pieces:
            worn = sum(self.piece_defense(i) for i, p in enumerate(pieces) if not p.guards_the_mind)
        else:  # a bare DEF (no pieces named): one piece with no CAL
            worn = max(1, self.profile.defense - self.armour_wounds) if self.profile.defense else 0
        vehicle = self.profile.transport
        if vehicle is None or not self.riding:
            return worn
        return worn + max(1, vehicle.defense - self.vehicle_wounds)

    @property
    def mind_defense(self) -> int:
        """CH DEF target against a hit that deals stress: its Muro pieces only."""
        pieces = self.profile.protections
        return sum(self.piece_defense(i) for i, p in enumerate(pieces) if p.guards_the_mind)

    def piece_defense(self, index: int) -> int:
        """What one protection gives now: DEF − wounds (at least 1), 0 from its CAL on."""
        piece = self.profile.protections[index]
        wounds = self.armour[index] if index < len(self.armour) else 0
        if wounds >= self.piece_cal(index):
            return 0
        return max(1, piece.defense - wounds)

    def piece_cal(self, index: int) -> int:
        """Its CAL, less what Aplasta took from it (never below 0)."""
        lost = self.crushed[index] if index < len(self.crushed) else 0
        return max(0, self.profile.protections[index].cal - lost)

    def copy(self) -> Figure:
        """An independent copy; the profile is immutable and shared."""
        # Cheaper than copy.copy or dataclasses.replace: legality checks copy every figure.
        twin = object.__new__(Figure)
        twin.__dict__.update(self.__dict__)
        twin.weapon_wounds = dict(self.weapon_wounds)
        twin.rounds = dict(self.rounds)
        twin.granted = list(self.granted)
        twin.cast = dict(self.cast)
        twin.marks = copied(self.marks) if self.marks else {}
        return twin

    def eye(self) -> Point3:
        """Where it looks from (DESIGN §5), raised by what it stands on."""
        x, y, z = eye_point(self.position, self.current_height, self.level)
        return x, y, z + self.perch

    def muzzle(self) -> Point3:
        """Where its shots leave from (DESIGN §5), raised by what it stands on."""
        x, y, z = muzzle_point(self.position, self.current_height, self.level)
        return x, y, z + self.perch

    def feet(self) -> float:
        """Where its silhouette starts (DESIGN §5): 3 K up at level 2, plus what it stands on."""
        return silhouette_base(self.level, self.perch)

    def disc(self) -> Disc:
        return Disc(self.id, self.position, self.radius, self.side)

    @property
    def activation_gain(self) -> int:
        """ENERGÍA, Inicio actuación: what an activation adds, CON + AGI − wounds."""
        return self.profile.con + self.profile.agi - self.wounds

    def activation_ene(self) -> int:
        """The ENE it will have once its next activation starts: the gain, up to
        ENE_CAP, and never less than it has."""
        return max(self.ene, min(ENE_CAP, self.ene + self.activation_gain))

    def start_activation(self) -> int:
        """ENERGÍA, Inicio actuación: + CON + AGI − wounds, up to 10. Returns the gain."""
        before = self.ene
        self.ene = self.activation_ene()
        self.actions_taken = 0
        self.sprinted_now = False
        self.psi_bonus = 0
        self.spent = ()  # "once per activation" starts over
        self.blooded = False
        hookspecs.activation_begun.collect(self)  # an option's price (Frenesí's DEF 0) ends
        return self.ene - before

    def snapshot(self) -> tuple[object, ...]:
        """Everything that defines the figure's condition, for the state hash (every field,
        always: hash version 2)."""
        marked = hash_values(self.marks)
        extras: dict[str, object] = {
            name: sorted(value) if isinstance(value, tuple) else value
            for name in _EXTRAS
            for value in (marked[name] if name in marked else getattr(self, name),)
        }
        extras["weapons"] = [w.id for w in self.profile.weapons] if self.rearmed else None
        # Marks declared after hash version 2 (Control remoto, Mascota mágica): by name,
        # and only while set, so that every earlier hash stands as it was.
        later = later_values(self.marks, _HASHED)
        if later:
            extras["later"] = later
        return (
            self.id, round(self.position[0], 9), round(self.position[1], 9), round(self.facing, 9),
            self.level, self.posture.value, self.ene, self.wounds, self.stress, self.acted,
            self.waiting_below, self.sprinted, self.sprinted_now, self.charging,
            self.actions_taken, self.next_action_modifier, self.psi_bonus,
            sorted(self.weapon_wounds.items()), self.armour_wounds, self.reacting,
            self.reacting_early, self.panic, self.lose_next, self.vol_loss, self.unconscious,
            round(self.moved, 9),
            self.support, self.focus, self.on_guard, self.guard_bonus, self.hidden,
            sorted(self.rounds.items()), self.possessed_by, self.marked_by,
            [g.snapshot() for g in self.granted], sorted(self.cast.items()),
            self.counter_charge, self.silent, self.surprise, extras,
        )  # fmt: skip


def drop_weapon(figure: Figure, weapon: Weapon) -> None:
    """The weapon leaves the Pj's hands: it no longer carries it (its profile loses it).

    Soltar (generic), Desarmar and Lanzar (melee_variants) all drop one."""
    weapons = tuple(w for w in figure.profile.weapons if w.id != weapon.id)
    figure.profile = replace(figure.profile, weapons=weapons)
    figure.rearmed = True  # the profile is no longer the scenario's: the hash must say so
