"""What automated bonus/malus entries do, as data (``data/effects/*.yaml``).

An entry of the catalogue is automated when it has effects here; the engine
(:mod:`wartime.engine.core.modifiers`) applies them through one small vocabulary:

- ``check`` + ``value``: a modifier to a check: CON, AGI, INT, VOL, ATR (any
  attribute check), IMP, DEF, PSI, LOC or ENF (opposed checks);
- ``stat`` + ``value``: a modifier to a number: DEF (the figure's CH DEF
  target), DAÑ (damage dealt), CdV (vision range in K), ENE (the ENE an
  action costs);
- ``reroll``: a failed check of that kind may be rolled once more;
- ``auto_pass``: checks of that kind always pass (as a critical);
- ``critical_to`` / ``fumble_from``: the faces that count as critical
  (1..N) or fumble (N..10) on that ``check`` (any check when omitted);
- ``no_critical``: its 1s are plain rolls;
- ``damage_taken``: a factor on the DAÑ the bearer takes (Blandito: 2).

Scope fields: ``who`` is ``self`` (default), ``attackers`` (enemies acting
against the bearer), ``allies`` or ``enemies`` (an aura, with ``within`` K);
``when`` is ``ranged``, ``melee`` or ``charge``; ``per_level`` multiplies
``value`` by the entry's level.

More for checks, auras and rerolls (``checks.yaml``, ``auras.yaml``,
``rerolls.yaml``):

- ``who: attackers`` counts only for enemies; with ``within`` it reaches the
  enemies whose check is made against an ally of the bearer within that many K
  (attacking it, or defending from it); ``who: all`` + ``within``: every
  figure within that many K, the bearer too;
- ``when: uncharged``: a CaC blow that is not a charge's; ``when: initiating``
  / ``defending``: the bearer's side of a CH ENF it started, or one another
  figure started against it; ``opposed``: only on a CH ENF;
- ``group``: only in the checks of an action of that group (movement, combat,
  generic); ``chosen``: only in the action its parameter names (Maestría
  (Correr)), with the weapon or item it names, or with the weapon it sits on;
  ``action`` (below) also counts for checks.  The CH PSI and CH LOC that
  wounds, fumbles or stress bring are not an action's checks;
- ``with_weapon``: only while attacking with a weapon whose CH IMP is a CH of
  that attribute (``AGI`` for physical weapons; ``INT`` for one with
  Invocación...) or with ``any`` weapon; on ``stat: ENE``, only an action that
  costs the weapon's ENE;
- ``with_entry``: only when the bearer also carries that entry;
  ``unless_ally`` + ``ally_within``: not while an ally within that many K
  carries one of those entries;
- ``after_turn``: ``value`` times the turns played beyond that one;
- ``halve``: the attribute the check rolls on (``check``'s, or the check's own
  for ATR) counts half, rounded half up; two halvings do not add up;
- ``fixed``: that check is made against this number, whatever else applies;
- ``cancels``: the modifier of that label (e.g. "superioridad numérica") is
  dropped from the check;
- ``reroll_on``: the reroll is only for a ``fumble``, or only for a plain
  ``failure`` (not a fumble); ``once: activation``: the reroll serves once from
  the start of one activation of the bearer to the next;
- ``stat: ENE`` is the ENE an action costs (at least 1 still); ``stat: INI``
  is the bearer's initiative roll; ``ene_gain``: ENE at the start of each
  activation (up to 10); ``focus``: Concentrarse gives that much more a use;
- ``rescatter``: the scatter is rolled twice and the shorter kept (read by
  :mod:`wartime.engine.actions.areas`).

Damage, wounds and the CH DEF (``damage.yaml``).  ``who: targets`` marks what
the striker's entries (its own and its weapon's) do to the figure it hits:

- ``critical``: only when the blow's CH IMP was a critical (DAÑ, DEF);
- ``action``: only in that action (an id of ``data/actions.yaml``);
- ``target_has`` / ``target_lacks``: only against a target that carries (or
  does not carry) an entry of that name or tag (``target_has: transporte``, in
  damage: a figure that is a transport, Reventamuros); ``target_attribute`` +
  ``target_min``: only against a target with that attribute at least that
  high; ``within_alc``: only within that fraction of the weapon's ALC;
- ``per_wound``: ``value`` times the bearer's wounds;
- ``no_cover`` (targets): the target gets nothing from its cover;
- ``no_repeat`` (targets): the target may not repeat its CH DEF (rerolls or
  second CH DEF); ``repeat_pass``: a passed CH DEF is rolled again and the
  new roll stands, ``plain`` (a critical stands) or ``any`` pass;
- ``second_def``: after a failed CH DEF, one more with that DEF (``DEF-1``,
  ``DEF/2``, or a number);
- ``no_damage``: the hit's DAÑ counts as 0 (no CH DEF, no wounds), maybe
  only on a die: ``d10_at_most`` (1D10 ≤ N) or ``percent`` (1D100 ≤ N);
- ``pass_saves``: a passed CH DEF takes no wounds; ``pass_wounds`` (targets):
  a passed one (not a critical) takes at least that many; ``wounded_above``:
  no wounds from a hit with DAÑ up to that fraction of the bearer's CON;
- ``hits`` (targets): each hit is defended that many times;
- ``fumble_wounds``: a fumbled CH IMP costs the attacker that many wounds,
  with no CH DEF, instead of the DAÑ 1 hit;
- ``kill_heals``: a blow of the bearer that takes an enemy out heals it that
  many wounds; ``no_healing``: it never recovers wounds;
- ``blunts_charge``: whoever charges the bearer gets no charge bonus;
- ``absorbs``: the entry's levels take the bearer's wounds first, one level
  lost for each;
- ``after_wounding``: only once the bearer has wounded someone in CaC since
  its activation began;
- ``lost_on_fumble``: gone for good once a CH IMP it applies to is fumbled;
- ``weapon_alc`` / ``weapon_cal``: a factor on the ALC of the bearer's weapons
  (the one it sits on, or all of them) and a change to their CAL, applied as
  the profile is built (core/profiles.py).

Second pass (checks, DEF, DAÑ and what the figure is):

- ``streak``: only on the Nth or later of an unbroken chain of ranged attacks
  with the weapon, in the bearer's own activation (Figure.volley);
  ``same_target``: the chain counts only the attacks at this same target;
  ``per_hit``: ``value`` times the hits in a row on this target that came before;
- ``paired``: only with a CaC weapon while the bearer carries another one, and
  neither needs both hands (A 2 manos);
- ``weapon_has``: only with a weapon carrying one of these entries;
- ``transport_motion`` (with ``cancels``): only when the malus comes from a
  transport under way, the shooter's or its target's;
- ``flank`` (DAÑ, DEF, targets): only when the striker stands more than 45° off the
  target's facing (a flank or the back);
- ``who: targets`` + ``check: DEF``: a modifier to the CH DEF of the figure hit;
- ``when: melee`` on ``stat: DEF``: the DEF that blows struck in CaC meet;
  ``floor``: the bearer's DEF, with its own entries, never below that number;
  ``after_charge``: switched on by a charge's blow with the weapon it sits on,
  for as long as the bearer stays in CaC (Figure.lasting);
- ``no_noise``: the attacks with it (with any weapon, on the character) make no noise;
- ``own_invocation`` (with ``no_damage``): only against the bearer's own attacks with
  a weapon that carries Invocación (a template on it, the hit of its fumble);
- ``no_fall_damage``: falls deal it no DAÑ;
- ``strength``: CON counts that much more for CaC DAÑ, Embestir, carrying objects
  and sobrecarga;
- ``unarmed_divisor``: its unarmed CaC DAÑ is CON divided by that (rounded half
  up) instead of CON − 4, with no cap on the wounds;
- ``attribute`` + ``value``: the attribute itself changes, as the profile is
  built, when the character carries the entry (not on a weapon, not granted).

Choices, switches, counters and shields (:mod:`wartime.engine.entries.options`,
:mod:`wartime.engine.entries.shields`):

- ``option``: the effect holds only in an attack the bearer takes the entry with
  (``Action.options`` names it); ``choice``: the same, for one of several
  alternatives, labelled "Entry (choice)"; ``until_next``: from that attack until
  the bearer's next activation starts, not just in it;
- ``equals`` (``stat: DEF``): the bearer's DEF is that number, whatever else applies;
- ``power`` (``stat: DAÑ``): the bearer gathers a point of Poder, up to that many,
  for each wound it suffers or deals, and may spend them as DAÑ in an attack
  ("Entry (N)" among its options);
- ``switch``: the entry is switched on and off with Usar bonus at that ENE, and its
  other effects hold only while it is on; ``incorporeal`` (with ``switch``):
  Incorpóreo (entries/ghost.py): while on, the bearer's strides go straight through
  walls and bases (ending clear), it is never in CaC, it acts on no other figure and
  nothing may aim at it;
- ``shield``: an energy shield: a ranged hit meets a check against that number
  before the CH DEF, and a failed one costs a level (the entry's levels);
  ``restore``: Usar bonus at that ENE gives back a level while one is left;
- ``drains_shield`` (targets): the hit deals no DAÑ and takes a level of the
  target's shield instead, with no CH DEF; ``halves_shield`` (targets): the
  target's shield checks against half its number (rounded half up), and a target
  with no shield left takes half the DAÑ (rounded half up);
- ``used_wounds`` / ``used_stress``: each action made with the weapon it sits on
  costs the user that many wounds (with no CH DEF) or that much stress;
  ``used_percent``: the wounds only come on 1D100 at most that number; on an
  object, each Usar of it;
- what an object does when used (Usar, actions/gear.py): ``heals`` that many
  wounds (``per_level``: times the entry's level); ``ene_now`` adds that much ENE
  (up to 10); ``crash``: the next activation starts at ENE 0 and there are no
  reactions until it ends; ``overdose``: a second use in one turn costs that many
  wounds as the activation ends; ``boost``: the attribute the action's options name
  is that much higher in the checks of the rest of the activation, and the next
  activation's attribute checks are at −1; ``consumed``: the object leaves the game;
- ``crushes`` (targets): each hit takes CAL 1 off one of the target's protections
  (engine/core/protections.py);
- the X of a parametrised entry: ``hit_by_param`` (DEF, ``damage_taken``): only
  against a hit with a weapon whose id names X;
  ``target_is_param`` (DAÑ): only against a target that X names (its id, character,
  name or race, an entry or tag it carries, its transport);
- ``played_by`` (``engine.yaml``): the engine's own rules play the entry by name, in
  the module named by its path under ``wartime/`` (``engine/core/profiles``: the
  template of Área...), or list building does, in ``rules/legality`` or ``rules/costing``
  (Reliquia, Área despreciable); no other field goes with it.

Cries and a blast on death (:mod:`wartime.engine.entries.cries`); the auras go with
``who: allies`` and ``within`` K, measured from the bearer to the ally:

- ``charge_reach``: K more for the Cargar of the allies within;
- ``kill_charge``: an ally within that takes an enemy out in CaC in its own
  activation has its next Cargar of that activation reach that many K more;
- ``avenge``: an ally within taken out in CaC strikes its killer once, free;
- ``critical_attack``: an ally within that rolls a critical CH IMP in its own
  activation pays ENE 0 for its next attack with a weapon in that activation;
- ``keep_away``: no ally may end a move of its own closer than ``within`` K;
- ``death_blast`` + ``blast_radius`` (``damage.yaml``, on the bearer): taken
  out by wounds, it blows up with that DAÑ over that many K from its base
  edge, each an attribute over a divisor (``CON/2``: half, rounded half up).

Presence auras (:mod:`wartime.engine.entries.presence`):

- ``shares_vol`` (``who: allies`` + ``within``): a living ally within uses the
  bearer's VOL when it is higher than its own (initiative, phase, CdV, CH VOL...);
- ``vol_is_turn``: the bearer's VOL is the number of the turn being played;
- ``dread`` (``who: enemies``): an enemy that starts an activation within reach
  checks CH PSI once a turn, and any failure brings a CH LOC with this modifier;
  ``within_vol``: the reach is as many K as the bearer's VOL (instead of ``within``);
- ``beacon`` (``within``): templates aimed within it do not scatter, ``distortion``
  effects do not reach figures within it, and reserves of the bearer's side may
  deploy there however near the enemy is;
- ``distortion``: the effect is a distortion, which a beacon cancels;
  ``flight_wounds`` (``within``): a figure that ends a move flying within it, other
  than the bearer, checks CH AGI, then CH CON, and takes that many wounds if both fail;
- ``roller_has``: only on the checks of a figure carrying one of these entries.

Actions the entries give their bearer (:mod:`wartime.engine.actions.usar_bonus`):

- ``pivot``: Pivotar costs the bearer that ENE (a transport too), and a bearer on
  foot may Pivotar in its own activation as well;
- ``use``: Usar bonus at that ENE does what one of these says: ``stress_ene``: the
  bearer takes 1 stress and gains that much ENE (up to 10); ``regenerate``: a passed
  CH CON takes that many of its wounds off (never with ``no_healing``);
  ``steal_ene``: a CH VOL ENF against another figure within as many K as the
  bearer's VOL (not while in CaC) which, won, moves up to that much of the loser's
  ENE to the bearer; ``mark``: the bearer marks an enemy it sees within the longest
  ALC of its ranged weapons (Figure.marking), one at a time; ``fortune``: Fortuna,
  once a turn (entries/fortune.py): this use heals a wound, and the same once may go on
  a failed check of the bearer (rolled again, +1, or a fumble made a plain failure),
  on a hit it takes (ignored) or on one it lands (DAÑ +1), each asked as it comes;
  ``orders``: Órdenes, once a turn (entries/orders.py): that much of the bearer's ENE goes
  to an ally within its VOL in K, who acts at once, then the bearer carries on;
  ``vanish``: Desaparecer, once a game (entries/vanishing.py): in its own activation,
  out of CaC and free, the bearer leaves the table (not a casualty) and its activation
  ends; a later use with a point brings it back at the edge of a deployment zone of
  its side;
- ``marked`` (with ``check``): the modifier holds only against the figure the bearer
  has marked.

Behaviour (:mod:`wartime.engine.entries.behaviour`), on the bearer itself:

- ``no_panic``: a failed CH LOC leaves it out of panic (a fumble still costs the VOL);
- ``attack_psi``: each attack it launches first needs a passed CH PSI; failed, the
  attack is lost (its ENE paid);
- ``must_charge``: while it can make a Cargar in its activation, it charges or hands
  over (with ``unless_ally`` + ``ally_within``: not while such an ally is near);
- ``nearest_target``: its shots go at the nearest enemy it could shoot at.

Batch F: triggers of hits, kills and wounds (:mod:`wartime.engine.entries.triggers`), on the
bearer or the weapon it sits on:

- ``hit_psi``: a figure its blows hit checks CH PSI (once the hit is resolved, if it
  still stands); ``kill_psi``: taking an enemy out in CaC makes every enemy within that
  many K of the bearer check CH PSI;
- ``hit_ene``: a figure its blows hit loses that much ENE; ``hit_ene_dan``: as much as
  the weapon's DAÑ (never below the reaction floor, −10); ``stuns``: a figure it hits
  cannot react, and has CH ATR −1, until the end of its next activation;
- ``wound_ene``: ENE for each wound its blows deal (up to 10);
- ``end_wounds``: wounds, with no CH DEF, as each of its activations ends;
- ``fumble_dan``: a fumbled CH IMP's hit on itself has that much more DAÑ;
- ``spikes``: a critical CH DEF in CaC strikes the attacker with that DAÑ (not 1);
- ``own_charge``: its own Cargar reaches that many K farther (a cry's does not add);
  ``own_kill_charge``: taking an enemy out in CaC in its own activation makes its next
  Cargar of that activation reach that many K farther (entries/cries.py);
- ``wrath`` (with ``check`` or ``stat``): the modifier holds only in the activation
  after the bearer survived a wound in CaC (Figure.wrath);
- ``strikes_back``: wounded in CaC and still standing, it strikes the one who wounded
  it once, for free, right away (as Grito de venganza's blow).

Batch E: numbers and limits (:mod:`wartime.engine.entries.limits`):

- ``stat: CdV`` + ``value``: K more (or fewer) on the bearer's CdV, wherever a rule
  reads it (shots, reactions, mind actions, Esconderse...);
- ``alc_plus``: K added to the ALC of the bearer's ranged weapons (the one it sits on,
  or all of them), after any ``weapon_alc`` factor, as the profile is built;
- ``stride_k`` + ``action``: that many K more for that movement action (Mover, Correr
  or Esprintar);
- ``forbids``: the bearer may not take that action (an id of ``data/actions.yaml``);
- ``ene_cap``: an action that uses a weapon never costs the bearer more ENE than that;
- ``heavy`` (on a weapon): only a user whose CON is above the weapon's DAÑ may attack
  with it.

Batch G: targets and reach (:mod:`wartime.engine.entries.targets`); on a weapon unless said:

- ``stretch`` (with ``option``): the shot taken with the entry has the weapon's ALC and
  ENE times that;
- ``thrown_dan``: thrown with Lanzar armas / objetos, the weapon reaches CON+AGI K (not
  MOV+CON) and hits with that much more DAÑ;
- ``short_reach``: a ranged weapon of ALC up to that many K serves in Ataque CaC as if
  it had ALC 0; ``long_reach``: a CaC weapon strikes enemies up to that many K away,
  edge to edge, with no need to be engaged;
- ``blind_k`` (``per_level``): no shot at a target within that many K;
- ``any_height``: it reaches targets at any height, in CaC as at range;
- ``sure_shot`` (the bearer's): its shots into a CaC always hit the target it chose;
- on the bearer, about being a target: ``anonymous``: nobody may charge it, nor shoot at
  it while another figure stands within that many K of it; ``horror``: a CaC attack at it
  first needs a passed CH PSI, and a failed one loses the attack; ``radiant``: an enemy
  that starts an activation within that many K checks CH VOL, and failed, its shots go
  at the bearer first; ``cover_def``: DEF that much higher against a hit taken in cover
  (over 50%); ``hides_bare``: it may take Esconderse with no cover.

Batch H: movement and use (:mod:`wartime.engine.entries.wear`); each stands alone:

- on the bearer: ``terrain_step``: the ground it moves over counts that many levels
  harder (easy, difficult, extreme; never past extreme); ``burden_con``: with CON at most
  that, it moves as on difficult ground at least (not riding a transport);
  ``turn_limit``: its facing changes by at most that many degrees in one action;
  ``hunt_turn``: after a move it may turn that many degrees more on a passed CH AGI;
  ``fitted`` (on a protection): no TAL contra CON malus for a misfit of 1;
- on what is used (a weapon's attack, or Usar of an object or metaability):
  ``charges``: only as many uses as the entry's X, per figure and item; ``misfire``:
  each use, 1D100 at most that many loses it (its ENE paid); ``use_check``: each use
  first needs a passed CH of that attribute, failed it is lost; ``use_psi``: each use
  brings a CH PSI; ``campaign``: once a figure has used one such weapon it may use no
  other such weapon for the rest of the game.

Batch J: areas and special actions (:mod:`wartime.engine.entries.specials`):

- ``fading`` (a weapon's, or the bearer's for all its weapons): a template's DAÑ is 1
  lower for each whole K between the template's origin and the nearest point of a base;
- ``cluster`` (on a ranged weapon with no Área): the weapon's DAÑ is halved (rounded half
  up) and each shot lays an R template as wide as the DAÑ it had, as the profile is built;
- with ``use`` (Usar bonus at that ENE): ``eat``: the bearer eats from a corpse in base
  contact and heals that many wounds, each one a point of the corpse's CON gone
  (Figure.eaten); ``regain``: a CH CAL of the weapon the entry sits on gives back that
  many rounds of its magazine, and a failed one costs the weapon a wound;
  ``challenge``: a won CH VOL ENF makes an enemy owe the bearer a charge in its next
  activation (Figure.fury); ``death_hand``: a passed CH VOL moves a wound of the bearer
  (or, with VOL 6, of an ally within VOL K) onto an ally or an unconscious figure, or
  onto an enemy with a CH VOL ENF;
- ``manipulator``: a ranged attack at the bearer by a figure of lower VOL may be answered
  (core/responses.py) with a CH VOL ENF which, won, puts that shot's CH IMP at −1.

Batch I: death, wounds and fire (:mod:`wartime.engine.entries.afterlife`), on the bearer:

- ``explodes``: taken out by wounds, it blows up on 1D100 at most that many (100:
  always); ``explosion`` says how: ``hit_mov``, the DAÑ of the hit that took it out over
  as many K as its MOV; ``half_hit``, half that DAÑ (rounded half up) over as many K as
  that half; ``fumble_explodes``: a fumbled CH IMP of its own, once resolved, blows it up
  on 1D100 at most that many (``half_hit`` of the weapon's DAÑ);
- ``acid_blood``: each time a blow wounds it, every enemy in CaC with it takes 1 wound
  with no CH DEF, and one of that enemy's protections loses CAL 1;
- ``stress_splash``: each time a blow wounds it, every enemy in CaC with it gains 1
  stress, with no check.

Batch K: fire, heat and reserves (:mod:`wartime.engine.entries.heat`), on the bearer:

- ``metaability_safe``: a fumble with a metaability brings it no CH PSI and no stress;
- ``immune`` (with ``hit_by_param``): a hit with a weapon whose id names the entry's X
  deals it nothing (no CH DEF, no wounds, none of the striker's entries);
- ``extra_move`` + ``extra_move_wounds``: a Mover, Correr or Esprintar that names the
  entry among its options reaches that many K farther and costs that many wounds.
Batch L: guarding, madness and minds (:mod:`wartime.engine.entries.minds`), on the bearer:

- ``outnumbered_flees`` (Gallina): as its activation starts in a CaC where its side is
  outnumbered, its first action must be a Destrabarse while one is open to it;
- ``murderous``: as its activation starts out of CaC, on 1D100 at most that many its first
  action must attack the nearest figure, friend or foe: a shot if it can, else a charge;
- ``void_runes``: once per turn, a metaability an enemy casts on it is cancelled on 1D10
  at most that many; a 1 also costs the caster a CH PSI (failed: 1 stress).

Batch M: fire and coming back (:mod:`wartime.engine.entries.fire`,
:mod:`wartime.engine.entries.revival`):

- ``ignites`` (on the striker): a hit sets the target on fire (Figure.burning): a hit of
  that DAÑ as each of its activations starts; ``douse``: the ENE its burning victim pays
  for a Usar bonus that puts the fire out on a passed CH PSI;
- ``hero``: taken out by wounds it lies unconscious, not dead, and gets 1 wound back at
  the start of each turn; below CON it stands up again;
- ``phoenix``: taken out by wounds, 1D10 once the action ends: critical, back with no
  wounds; 2 to 5, back with CON−1; 6 to 9, it rolls again as each turn starts; a fumble
  keeps it down for good;
- ``resurrection``: taken out by wounds, 1D10 as each turn starts: a critical brings it
  back with CON−1 wounds;
- ``finisher`` (on the striker): what its blows take out never comes back;
- ``mana``: at the start of each turn the bearer gets that much ENE per level (Figure.mana)
  that only its metaabilities may spend, and spend first.

Clouds and lasting areas (:mod:`wartime.engine.entries.clouds`,
:mod:`wartime.engine.entries.stopping`),
on a weapon or on the bearer for all its weapons:

- ``smoke`` + ``smoke_imp``: each template it lays leaves a smoke cloud that many K
  across, centred where the template lands; a ranged CH IMP whose line of fire starts
  in, ends in or crosses a cloud takes ``smoke_imp`` (a negative number);
- ``lasting_area``: a template that reaches someone stays where it landed for the rest
  of the game, with the weapon's DAÑ; ``fallout``: a hit that wounds or kills leaves an
  R template that many K across, with the weapon's DAÑ, where the target stood;
  a figure that starts its activation touching a lasting area takes a hit of its DAÑ;
- ``stopping``: a ranged hit that the target meets with its CH DEF (not stopped by
  cover or a shield) pushes it DAÑ + 2 − CON K straight away from where it came;
- ``linear`` (with ``option``): taken with the attack, a G template is laid as an L as
  long as the whole G (stem and head).

Guardaespaldas (entries/guards.py): ``guards`` — an ally of the bearer within that many K
that an enemy declares an attack at may have the bearer step in and take it.

Spells a metaability carries (:mod:`wartime.engine.entries.spells`): each happens once, when a
Usar of the metaability that carries it lands on its target (after the enemy's CH VOL
ENF and any Runas de vacío); each stands alone:

- ``calms``: an enemy target leaves panic, loses its stress and any fury (calm);
- ``sleeps``: a calm enemy target (no panic, no stress, no fury) falls asleep, knocked
  out as by Noquear (a casualty until an ally tends it);
- ``displaces``: an enemy target slides toward ``Action.point`` up to as many K as the
  caster's attribute named (``INT``), stopped by walls and bases, never ending within
  1 K of a figure of the caster's side;
- ``suppresses``: the entry or metaability the action's option names stops working on
  the target (Figure.suppressed) until the caster's next activation starts;
- ``raises_dead`` (:mod:`wartime.engine.entries.necromancy`): a body (taken out by wounds) within
  as many K as the caster's attribute named (``VOL``) stands up as the caster's puppet,
  with its own CON and AGI 3, INT 1, VOL 1, until the caster's next activation starts;
- ``moves_object``: a body within as many K as the caster's attribute named (``VOL``),
  of CON up to that attribute, goes toward ``Action.point`` up to that many K.

Jumps, falls, water and flight (:mod:`wartime.engine.entries.leaps`,
:mod:`wartime.engine.entries.afloat`,
:mod:`wartime.engine.entries.flight`), on the bearer:

- ``stride_k`` + ``action: salto_de_longitud``: K more on its Salto de longitud (and on
  its leap, below); ``clears_own_height``: its jumps clear what is as tall as itself, and
  Subir a un alto reaches at least its own height; ``fall_halved``: the DAÑ of its falls
  is halved (rounded half up);
- ``leap`` + ``leap_ene``: a Salto de longitud that names the entry among its options
  goes that many K (not MOV × the AGI factor) for that ENE; ``rough_ene`` +
  ``rough_wounds``: leaving or reaching difficult or extreme ground with it (the leap, or
  a take-off or landing) takes a CH AGI, and a failure costs that much ENE and a CH CON,
  failed: that many wounds (no CH DEF);
- ``hover``: it floats that many K over the ground at height 1: the ground costs it no
  ENE and it crosses water as land; ``swims_as_moving``: its moves cross water as land;
- ``lowest`` / ``highest``: heights it may reach whatever the map placed it at (Sub: −1,
  Planeador: 2); ``brakes``: at height 3 its moves may stop short of the whole MOV;
  ``free_high``: at height 3 it may Pivotar and take any actions in a row;
  ``runway``: it takes off and lands only along a straight clear strip that many K long.

Curses, poison, overheating and drugs (:mod:`wartime.engine.entries.curses`,
:mod:`wartime.engine.poison`), on the striker or the weapon it sits on unless said:

- ``inflicts``: a figure its blows hit (still standing) carries that catalogue entry for
  the rest of the game; ``inflicts_param``: the same with the entry the X names (a
  malus); ``on_wound``: only when the blow dealt it a wound;
- ``destabilises``: a figure its blows hit and leave standing has its magazines emptied,
  loses the figure it marked, and its bonuses (entries of positive cost) stop working
  until its next activation starts (Figure.suppressed);
- ``poison``: a blow that wounds a living target poisons it (Figure.poisoned) until Curar
  or an Elixir cures it (entries/curses.py);
- on the bearer: ``overheats``: a transport with at least that many wounds checks CH DEF
  after each movement action, and takes a wound when it fails; ``ejects``: when its
  transport explodes the rider is thrown 1D10 K clear of the blast;
- on an object: ``addiction``: each Usar of it makes the user an addict on 1D100 at most
  that many (Figure.addicted); an addict that went a whole turn without it suffers
  withdrawal as its next activation starts.

Senses and far sight (:mod:`wartime.engine.entries.senses`), on the bearer unless said:

- ``sees_through``: within as many K as that attribute (``INT``), obstacles hide nothing
  from its eyes (LdV, Esconderse); the hit still meets them;
- ``unveils``: these enemy entries (Invisible, Mimético) do nothing against its checks;
- ``spider_sense``: it may react to a hidden, silent or Invisible enemy within as many K
  as that attribute (``VOL``), in or out of its CdV, and turns to face it for free;
- ``endless_reach`` (on a weapon or the bearer): no ALC limit and no CdV limit on its
  shots, LdV still needed; out of the CdV only a critical hits, a template scatters;
- ``fine_sight``: the smoke of clouds does not lower its CH IMP.

Reach, denial, limbs and loads (entries/voice.py, denial.py, core/anatomy.py, cargo.py):

- ``orator``: the bearer's cries (Grito ...) and metaabilities reach VOL × that many K
  when it is farther than their own reach or ALC;
- ``denies``: the enemy entry the trait's X names (or a tag of one) does nothing against
  the bearer: in checks, DAÑ, the CH DEF and the targeting entries;
- ``spare_limb``: one more useful limb: it stands in for one missing arm (or, with both
  arms, a leg), and it is a fifth expendable limb for Miembros prescindibles;
- ``capacity``: a transport whose X is its load levels: each passenger's base fills one
  level per K² (its diameter squared, rounded up).

Strikes from afar, doom and decoys (entries/godstrike.py, condemned.py, decoy.py):

- ``godstrike`` (on a weapon or the bearer): its area weapons may aim at any point in the
  open (outside every obstacle) within ALC, in any direction and without LdV; such a
  shot plays with Dispersión and scatters as one without LdV;
- ``condemned``: the bearer carries La mano de la muerte for the whole game, and loses a
  level of CON, AGI, INT and VOL when an activation it began wounded ends without it
  having passed one of its own wounds on;
- ``decoy``: once per game, as the last thing of an activation, the bearer may call it a
  decoy: it goes back to the spot, facing and posture it began the activation with,
  keeping the ENE spent and the wounds dealt or taken.

Bombs left on the table (entries/mines.py), on a weapon or an object:

- ``tripwire``: dropped (Soltar, X = its ENE) or used (Usar), the piece stays on the
  table, armed once the acting Pj's activation is over; the first figure whose base
  then comes within its ALC in K sets it off: its Área template (or everything within
  its ALC) with the weapon's DAÑ, or an object's CAL;
- ``homing`` (alone): a bomb that leaps at the figure that set it off when it is that
  many K away or less, and bursts centred on it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from importlib import resources
from typing import Any

import yaml

from wartime.errors import DataError, Problem
from wartime.rules.actions import load_actions
from wartime.rules.catalog import load_catalog

CHECKS = ("CON", "AGI", "INT", "VOL", "ATR", "IMP", "DEF", "PSI", "LOC", "ENF")
STATS = ("DEF", "DAÑ", "CdV", "ENE", "INI")
WHO = ("self", "attackers", "allies", "enemies", "targets", "all")
WHEN = ("ranged", "melee", "charge", "uncharged", "initiating", "defending")
GROUPS = ("movement", "combat", "generic")
REROLL_ON = ("fumble", "failure")


@dataclass(frozen=True)
class Effect:
    check: str | None = None
    stat: str | None = None
    value: int = 0
    reroll: str | None = None
    auto_pass: str | None = None
    critical_to: int | None = None
    fumble_from: int | None = None
    no_critical: bool = False
    damage_taken: int | None = None
    who: str = "self"
    within: float | None = None
    when: str | None = None
    per_level: bool = False
    opposed: bool = False
    group: str | None = None
    chosen: bool = False
    with_weapon: str | None = None
    with_entry: str | None = None
    unless_ally: Sequence[str] = ()
    ally_within: float | None = None
    after_turn: int | None = None
    halve: bool = False
    fixed: int | None = None
    cancels: str | None = None
    reroll_on: str | None = None
    once: str | None = None
    ene_gain: int = 0
    focus: int = 0
    rescatter: bool = False
    # Fields for checks, auras and rerolls go above this line; fields for damage,
    # wounds and second CH DEF below it.
    critical: bool = False
    action: str | None = None
    target_has: str | None = None
    target_lacks: str | None = None
    target_attribute: str | None = None
    target_min: int | None = None
    within_alc: float | None = None
    per_wound: bool = False
    no_cover: bool = False
    no_repeat: bool = False
    repeat_pass: str | None = None
    second_def: str | int | None = None
    no_damage: bool = False
    d10_at_most: int | None = None
    percent: int | None = None
    pass_saves: bool = False
    pass_wounds: int | None = None
    wounded_above: float | None = None
    hits: int | None = None
    fumble_wounds: int | None = None
    kill_heals: int | None = None
    no_healing: bool = False
    blunts_charge: bool = False
    absorbs: bool = False
    after_wounding: bool = False
    lost_on_fumble: bool = False
    weapon_alc: float | None = None
    weapon_cal: int = 0
    # The second pass: conditions on checks and blows, then what the figure is.
    streak: int | None = None
    same_target: bool = False
    per_hit: bool = False
    paired: bool = False
    weapon_has: Sequence[str] = ()
    transport_motion: bool = False
    flank: bool = False
    floor: int | None = None
    after_charge: bool = False
    no_noise: bool = False
    no_fall_damage: bool = False
    strength: int = 0
    unarmed_divisor: int | None = None
    attribute: str | None = None
    own_invocation: bool = False
    # Choices, switches, counters and shields (entries/options.py, entries/shields.py).
    option: bool = False
    choice: str | None = None
    until_next: bool = False
    equals: int | None = None
    power: int | None = None
    switch: int | None = None
    shield: int | None = None
    restore: int | None = None
    drains_shield: bool = False
    halves_shield: bool = False
    used_wounds: int = 0
    used_percent: int | None = None
    used_stress: int = 0
    heals: int = 0
    ene_now: int = 0
    crash: bool = False
    overdose: int = 0
    boost: int = 0
    consumed: bool = False
    crushes: bool = False
    hit_by_param: bool = False
    target_is_param: bool = False
    played_by: str | None = None
    # Cries and a blast on death (entries/cries.py).
    charge_reach: float = 0.0
    kill_charge: float = 0.0
    avenge: bool = False
    critical_attack: bool = False
    keep_away: bool = False
    death_blast: str | None = None
    blast_radius: str | None = None

    # Presence auras (entries/presence.py).
    shares_vol: bool = False
    vol_is_turn: bool = False
    dread: int | None = None
    within_vol: bool = False
    beacon: bool = False
    distortion: bool = False
    flight_wounds: int | None = None
    roller_has: Sequence[str] = ()
    # Actions the entries give (actions/usar_bonus.py).
    pivot: int | None = None
    use: int | None = None
    stress_ene: int = 0
    regenerate: int = 0
    steal_ene: int = 0
    mark: bool = False
    marked: bool = False
    # Behaviour (entries/behaviour.py).
    no_panic: bool = False
    attack_psi: bool = False
    must_charge: bool = False
    nearest_target: bool = False
    # Batch F: triggers
    hit_psi: bool = False
    kill_psi: float = 0.0
    hit_ene: int = 0
    hit_ene_dan: bool = False
    stuns: bool = False
    wound_ene: int = 0
    end_wounds: int = 0
    fumble_dan: int = 0
    spikes: int = 0
    own_charge: float = 0.0
    own_kill_charge: float = 0.0
    wrath: bool = False
    strikes_back: bool = False
    # Batch E: numbers and limits
    alc_plus: int = 0
    stride_k: float = 0.0
    forbids: str | None = None
    ene_cap: int | None = None
    heavy: bool = False
    # Batch G: targets and reach
    stretch: int | None = None
    thrown_dan: int = 0
    short_reach: int | None = None
    long_reach: float | None = None
    blind_k: float | None = None
    any_height: bool = False
    sure_shot: bool = False
    anonymous: float | None = None
    horror: bool = False
    radiant: float | None = None
    cover_def: int = 0
    hides_bare: bool = False
    # Batch H: movement and use
    terrain_step: int = 0
    burden_con: int | None = None
    turn_limit: int | None = None
    hunt_turn: int | None = None
    fitted: bool = False
    charges: bool = False
    misfire: int | None = None
    use_check: str | None = None
    use_psi: bool = False
    campaign: bool = False
    # Batch J: areas and special actions
    fading: bool = False
    cluster: bool = False
    eat: int = 0
    regain: int = 0
    challenge: bool = False
    death_hand: bool = False
    manipulator: bool = False
    fortune: bool = False  # Fortuna (entries/fortune.py)
    orders: int = 0  # Órdenes: the ENE handed to the ally (entries/orders.py)
    # Batch I: death, wounds and fire
    explodes: int | None = None
    explosion: str | None = None
    fumble_explodes: int | None = None
    acid_blood: bool = False
    stress_splash: bool = False
    # Batch K: fire, heat and reserves
    metaability_safe: bool = False
    immune: bool = False
    extra_move: float = 0.0
    extra_move_wounds: int = 0
    # Batch L: guarding, madness and minds
    outnumbered_flees: bool = False
    murderous: int | None = None
    void_runes: int | None = None
    # Guardaespaldas (entries/guards.py).
    guards: float | None = None
    # Batch M: fire and coming back (entries/fire.py, entries/revival.py)
    ignites: int = 0
    douse: int = 0
    hero: bool = False
    phoenix: bool = False
    resurrection: bool = False
    finisher: bool = False
    mana: int = 0
    # Clouds and lasting areas (entries/clouds.py, entries/stopping.py)
    smoke: float | None = None
    smoke_imp: int = 0
    lasting_area: bool = False
    fallout: float | None = None
    stopping: bool = False
    linear: bool = False
    # Spells a metaability carries (entries/spells.py).
    calms: bool = False
    sleeps: bool = False
    displaces: str | None = None
    suppresses: bool = False
    raises_dead: str | None = None  # entries/necromancy.py
    moves_object: str | None = None
    # Jumps, falls, water and flight (entries/leaps.py, entries/afloat.py, entries/flight.py).
    clears_own_height: bool = False
    fall_halved: bool = False
    leap: float | None = None
    leap_ene: int | None = None
    rough_ene: int | None = None
    rough_wounds: int | None = None
    hover: float | None = None
    swims_as_moving: bool = False
    lowest: int | None = None
    highest: int | None = None
    brakes: bool = False
    free_high: bool = False
    runway: float | None = None
    # Senses and far sight (entries/senses.py).
    sees_through: str | None = None
    unveils: Sequence[str] = ()
    spider_sense: str | None = None
    endless_reach: bool = False
    fine_sight: bool = False
    # Curses, poison, overheating and drugs (entries/curses.py).
    inflicts: str | None = None
    inflicts_param: bool = False
    on_wound: bool = False
    overheats: int | None = None
    destabilises: bool = False
    ejects: bool = False
    poison: bool = False
    addiction: int | None = None
    # Reach, denial, limbs and loads (entries/voice.py, denial.py, core/anatomy.py, cargo.py).
    orator: int = 0
    denies: bool = False
    spare_limb: bool = False
    capacity: bool = False
    # Away from the table and back (entries/vanishing.py).
    vanish: bool = False
    # Translucent, through walls, out of reach (entries/ghost.py).
    incorporeal: bool = False
    # Strikes from afar, doom and decoys (entries/godstrike.py, condemned.py, decoy.py).
    godstrike: bool = False
    condemned: bool = False
    decoy: bool = False
    # Bombs left on the table (entries/mines.py).
    tripwire: bool = False
    homing: float | None = None


_KEYS = frozenset(f.name for f in fields(Effect))


def _problems(raw: Any, where: str) -> list[str]:
    if not isinstance(raw, dict):
        return [f"{where}: expected a mapping"]
    found = [f"{where}: unknown field {k!r}" for k in raw if k not in _KEYS]
    found += [f"{where}: {p}" for p in _cry_problems(raw)]
    checks = [raw.get(k) for k in ("check", "reroll", "auto_pass") if raw.get(k) is not None]
    found += [f"{where}: unknown check {c!r}" for c in checks if c not in CHECKS]
    if raw.get("stat") is not None and raw["stat"] not in STATS:
        found.append(f"{where}: unknown stat {raw['stat']!r}")
    if raw.get("who", "self") not in WHO:
        found.append(f"{where}: unknown who {raw.get('who')!r}")
    if raw.get("when") is not None and raw["when"] not in WHEN:
        found.append(f"{where}: unknown when {raw['when']!r}")
    reach = raw.get("within") or raw.get("within_vol")  # within_vol: as many K as VOL
    if raw.get("who") in ("allies", "enemies") and not reach:
        found.append(f"{where}: an aura needs 'within' K")
    if (
        (raw.get("check") or raw.get("stat"))
        and "value" not in raw
        and not any(raw.get(k) for k in ("critical_to", "fumble_from", "halve", "fixed"))
        and not {"equals", "power"} & raw.keys()  # DEF = N (Frenesí), DAÑ + Poder spent
    ):
        found.append(f"{where}: a modifier needs a 'value'")
    found += [f"{where}: {p}" for p in _check_problems(raw)]
    found += [f"{where}: {p}" for p in _damage_problems(raw)]
    found += [f"{where}: {p}" for p in _second_problems(raw)]
    found += [f"{where}: {p}" for p in _presence_problems(raw)]
    found += [f"{where}: {p}" for p in _entry_action_problems(raw)]
    found += [f"{where}: {p}" for p in _behaviour_problems(raw)]
    found += [f"{where}: {p}" for p in _trigger_problems(raw)]
    found += [f"{where}: {p}" for p in _limit_problems(raw)]
    found += [f"{where}: {p}" for p in _target_problems(raw)]
    found += [f"{where}: {p}" for p in _use_problems(raw)]
    found += [f"{where}: {p}" for p in _special_problems(raw)]
    found += [f"{where}: {p}" for p in _afterlife_problems(raw)]
    found += [f"{where}: {p}" for p in _heat_problems(raw)]
    found += [f"{where}: {p}" for p in _mind_problems(raw)]
    found += [f"{where}: {p}" for p in _revival_problems(raw)]
    found += [f"{where}: {p}" for p in _cloud_problems(raw)]
    found += [f"{where}: {p}" for p in _spell_problems(raw)]
    found += [f"{where}: {p}" for p in _flight_problems(raw)]
    found += [f"{where}: {p}" for p in _sense_problems(raw)]
    found += [f"{where}: {p}" for p in _curse_problems(raw)]
    found += [f"{where}: {p}" for p in _reach_problems(raw)]
    found += [f"{where}: {p}" for p in _fate_problems(raw)]
    found += [f"{where}: {p}" for p in _mine_problems(raw)]
    return found


_FATE = ("godstrike", "condemned", "decoy")


def _fate_problems(raw: dict[str, Any]) -> list[str]:
    """Strikes from afar, doom and decoys (entries/godstrike.py, condemned.py, decoy.py)."""
    found = [f"{k!r} is true or absent" for k in _FATE if k in raw and raw[k] is not True]
    alone = [k for k in _FATE if raw.get(k)]
    if alone and len(raw) > 1:
        found.append(f"{alone[0]!r} stands alone")
    return found


_REACH = ("orator", "denies", "spare_limb", "capacity")


def _reach_problems(raw: dict[str, Any]) -> list[str]:
    """Reach, denial, limbs and loads (entries/voice.py, denial.py, spare_limb.py, cargo.py)."""
    found = []
    if "orator" in raw and not (isinstance(raw["orator"], int) and raw["orator"] >= 1):
        found.append("'orator' is a factor on VOL, 1 or more")
    alone = [k for k in _REACH if raw.get(k)]
    if alone and len(raw) > 1:
        found.append(f"{alone[0]!r} stands alone")
    return found


def _check_problems(raw: dict[str, Any]) -> list[str]:
    """The fields for checks, auras and rerolls (above the line in Effect)."""
    found = []
    if raw.get("who") == "all" and not raw.get("within"):
        found.append("'who: all' needs 'within' K")
    if raw.get("group") is not None and raw["group"] not in GROUPS:
        found.append(f"group is one of {GROUPS}, not {raw['group']!r}")
    if raw.get("with_weapon") not in (None, "any", *ATTRIBUTES):
        found.append(f"with_weapon is 'any' or an attribute, not {raw['with_weapon']!r}")
    if bool(raw.get("unless_ally")) != bool(raw.get("ally_within")):
        found.append("'unless_ally' (a list of entries) and 'ally_within' go together")
    named = [raw.get("with_entry"), *(raw.get("unless_ally") or ())]
    found += [f"unknown entry {n!r}" for n in named if n and load_catalog().find(n) is None]
    if raw.get("halve") and raw.get("check") not in (*ATTRIBUTES, "ATR"):
        found.append("'halve' needs 'check' CON, AGI, INT, VOL or ATR")
    if raw.get("reroll_on") is not None and raw["reroll_on"] not in REROLL_ON:
        found.append(f"reroll_on is one of {REROLL_ON}, not {raw['reroll_on']!r}")
    if raw.get("once") not in (None, "activation"):
        found.append(f"once is 'activation', not {raw['once']!r}")
    if (raw.get("reroll_on") or raw.get("once")) and not raw.get("reroll"):
        found.append("'reroll_on' and 'once' go with 'reroll'")
    return found


ATTRIBUTES = ("CON", "AGI", "INT", "VOL")
REPEATS = ("plain", "any")
SECOND_DEF = re.compile(r"DEF(?:[-+]\d+|/\d+)?|\d+")
# What only the striker's entries do to the figure it hits: they need ``who: targets``.
_TARGETS_ONLY = ("no_cover", "no_repeat", "pass_wounds", "hits")


def _damage_problems(raw: dict[str, Any]) -> list[str]:
    """The damage and CH DEF fields (below the line in Effect)."""
    found = [f"{k!r} needs 'who: targets'" for k in _TARGETS_ONLY if raw.get(k)]
    found = found if raw.get("who") != "targets" else []
    if raw.get("action") is not None and load_actions().find(str(raw["action"])) is None:
        found.append(f"unknown action {raw['action']!r}")
    if raw.get("target_attribute") is not None and raw["target_attribute"] not in ATTRIBUTES:
        found.append(f"unknown target_attribute {raw['target_attribute']!r}")
    if (raw.get("target_attribute") is None) != (raw.get("target_min") is None):
        found.append("'target_attribute' and 'target_min' go together")
    if raw.get("repeat_pass") is not None and raw["repeat_pass"] not in REPEATS:
        found.append(f"repeat_pass is one of {REPEATS}, not {raw['repeat_pass']!r}")
    if raw.get("second_def") is not None and not SECOND_DEF.fullmatch(str(raw["second_def"])):
        found.append(f"second_def is DEF-N, DEF/N or a number, not {raw['second_def']!r}")
    if not 0 < raw.get("percent", 50) < 100 or not 0 < raw.get("d10_at_most", 5) < 10:
        found.append("a chance is percent 1..99 or d10_at_most 1..9")
    if (raw.get("percent") or raw.get("d10_at_most")) and not raw.get("no_damage"):
        found.append("a chance goes with 'no_damage'")
    return found


def _second_problems(raw: dict[str, Any]) -> list[str]:
    """The fields of the second pass (at the end of Effect)."""
    found = []
    streak = raw.get("streak")
    if streak is not None and not (isinstance(streak, int) and streak > 1):
        found.append("streak is the place in the chain it starts at: 2 or more")
    if raw.get("same_target") and streak is None:
        found.append("'same_target' goes with 'streak'")
    named = list(raw.get("weapon_has") or ())
    found += [f"unknown entry {n!r}" for n in named if load_catalog().find(n) is None]
    if raw.get("transport_motion") and not raw.get("cancels"):
        found.append("'transport_motion' goes with 'cancels'")
    if (raw.get("floor") is not None or raw.get("after_charge")) and raw.get("stat") != "DEF":
        found.append("'floor' and 'after_charge' go with 'stat: DEF'")
    if raw.get("own_invocation") and not raw.get("no_damage"):
        found.append("'own_invocation' goes with 'no_damage'")
    if raw.get("unarmed_divisor") is not None and not raw["unarmed_divisor"] > 0:
        found.append("unarmed_divisor is a whole number above 0")
    if raw.get("attribute") is not None and raw["attribute"] not in ATTRIBUTES:
        found.append(f"attribute is one of {ATTRIBUTES}, not {raw['attribute']!r}")
    if raw.get("attribute") is not None and "value" not in raw:
        found.append("'attribute' needs a 'value'")
    return found + _choice_problems(raw)


def _choice_problems(raw: dict[str, Any]) -> list[str]:
    """The fields of choices, switches, counters and shields (the end of Effect)."""
    found = []
    if raw.get("until_next") and not (raw.get("option") or raw.get("choice")):
        found.append("'until_next' goes with 'option' or 'choice'")
    if raw.get("equals") is not None and raw.get("stat") != "DEF":
        found.append("'equals' goes with 'stat: DEF'")
    if raw.get("power") is not None and raw.get("stat") != "DAÑ":
        found.append("'power' goes with 'stat: DAÑ'")
    if raw.get("restore") is not None and raw.get("shield") is None:
        found.append("'restore' goes with 'shield'")
    shields = [k for k in ("drains_shield", "halves_shield", "crushes") if raw.get(k)]
    if shields and raw.get("who") != "targets":
        found.append(f"{shields[0]!r} needs 'who: targets'")
    if raw.get("guards") is not None and not raw["guards"] > 0:
        found.append("guards is the K within which it steps in: above 0")
    if raw.get("played_by") is not None and len(raw) > 1:
        found.append("'played_by' stands alone")
    if raw.get("incorporeal") and raw.get("switch") is None:
        found.append("'incorporeal' goes with 'switch'")
    if raw.get("used_percent") is not None and not raw.get("used_wounds"):
        found.append("'used_percent' goes with 'used_wounds'")
    return found


_CRIES = ("charge_reach", "kill_charge", "avenge", "critical_attack", "keep_away")
FRACTION_OF = re.compile(r"(CON|AGI|INT|VOL)/([1-9]\d*)")


def _cry_problems(raw: dict[str, Any]) -> list[str]:
    """The cries and the blast on death (entries/cries.py)."""
    found = [
        f"{k!r} is an aura: it needs 'who: allies'"
        for k in _CRIES
        if raw.get(k) and raw.get("who") != "allies"
    ]
    found += [
        f"{k!r} is a number of K above 0"
        for k in ("charge_reach", "kill_charge")
        if k in raw and not (isinstance(raw[k], int | float) and raw[k] > 0)
    ]
    blast = [raw.get(k) for k in ("death_blast", "blast_radius")]
    if (blast[0] is None) != (blast[1] is None):
        found.append("'death_blast' and 'blast_radius' go together")
    found += [
        f"{b!r} is an attribute over a divisor, such as CON/2"
        for b in blast
        if b is not None and not FRACTION_OF.fullmatch(str(b))
    ]
    return found


def _presence_problems(raw: dict[str, Any]) -> list[str]:
    """The fields of the presence auras (entries/presence.py)."""
    found = [f"{k!r} needs 'within' K" for k in ("shares_vol", "beacon", "flight_wounds")
             if raw.get(k) and not raw.get("within")]  # fmt: skip
    if raw.get("within_vol") and raw.get("dread") is None:
        found.append("'within_vol' goes with 'dread'")
    if raw.get("dread") is not None and not (raw.get("within") or raw.get("within_vol")):
        found.append("'dread' needs 'within' K or 'within_vol'")
    named = list(raw.get("roller_has") or ())
    found += [f"unknown entry {n!r}" for n in named if load_catalog().find(n) is None]
    return found


_SPECIAL_USES = ("eat", "regain", "challenge", "death_hand")  # batch J (entries/specials.py)
_USES = ("stress_ene", "regenerate", "steal_ene", "mark", "fortune", "orders", "vanish",
         *_SPECIAL_USES)  # fmt: skip


def _entry_action_problems(raw: dict[str, Any]) -> list[str]:
    """The fields of the actions the entries give (actions/usar_bonus.py)."""
    found = [
        f"{k!r} is an ENE of 1 or more"
        for k in ("pivot", "use")
        if raw.get(k) is not None and not (isinstance(raw[k], int) and raw[k] >= 1)
    ]
    does = [k for k in _USES if raw.get(k)]
    if raw.get("use") is not None and len(does) != 1:
        found.append(f"'use' goes with one of {_USES}")
    if does and raw.get("use") is None:
        found.append(f"{does[0]!r} goes with 'use'")
    if raw.get("marked") and not raw.get("check"):
        found.append("'marked' goes with 'check'")
    return found


_BEHAVIOUR = ("no_panic", "attack_psi", "must_charge", "nearest_target")


def _behaviour_problems(raw: dict[str, Any]) -> list[str]:
    """The behaviour fields (entries/behaviour.py): each stands alone, but ``must_charge``
    may go with ``unless_ally`` + ``ally_within``."""
    named = [k for k in _BEHAVIOUR if raw.get(k)]
    if not named:
        return []
    allowed = {named[0], *(("unless_ally", "ally_within") if raw.get("must_charge") else ())}
    return [f"{named[0]!r} does not go with {k!r}" for k in raw if k not in allowed]


_TRIGGER_COUNTS = ("hit_ene", "wound_ene", "end_wounds", "fumble_dan", "spikes")
_TRIGGER_REACH = ("kill_psi", "own_charge", "own_kill_charge")
_TRIGGERS = ("hit_psi", "hit_ene_dan", "stuns", "strikes_back", *_TRIGGER_COUNTS,
             *_TRIGGER_REACH)  # fmt: skip


def _trigger_problems(raw: dict[str, Any]) -> list[str]:
    """Batch F: the triggers of hits, kills and wounds (entries/triggers.py)."""
    found = [f"{k!r} is a whole number of 1 or more" for k in _TRIGGER_COUNTS
             if k in raw and not (isinstance(raw[k], int) and raw[k] >= 1)]  # fmt: skip
    found += [f"{k!r} is a number of K above 0" for k in _TRIGGER_REACH
              if k in raw and not (isinstance(raw[k], int | float) and raw[k] > 0)]  # fmt: skip
    if raw.get("hit_ene") and raw.get("hit_ene_dan"):
        found.append("'hit_ene' and 'hit_ene_dan' do not go together")
    named = [k for k in _TRIGGERS if raw.get(k)]
    if named and raw.get("who", "self") != "self":
        found.append(f"{named[0]!r} is the bearer's own: no 'who'")
    if raw.get("wrath") and not (raw.get("check") or raw.get("stat")):
        found.append("'wrath' goes with 'check' or 'stat'")
    return found


# what stride_k may lengthen (actions/moving.py; a jump: actions/terrain.py)
_STRIDES = ("mover", "correr", "esprintar", "salto_de_longitud")
_LEVELS = (-1, 1, 2, 3, 4)  # the heights of movement (actions/altitude.py)


def _flight_problems(raw: dict[str, Any]) -> list[str]:
    """Jumps, falls, water and flight (entries/leaps.py, afloat.py, flight.py)."""
    counts = ("leap_ene", "rough_ene", "rough_wounds")
    found = [f"{k!r} is a whole number of 1 or more" for k in counts
             if k in raw and not (isinstance(raw[k], int) and raw[k] >= 1)]  # fmt: skip
    found += [f"{k!r} is a number of K above 0" for k in ("leap", "hover", "runway")
              if k in raw and not (isinstance(raw[k], int | float) and raw[k] > 0)]  # fmt: skip
    if (raw.get("leap") is None) != (raw.get("leap_ene") is None):
        found.append("'leap' and 'leap_ene' go together")
    if (raw.get("rough_ene") is None) != (raw.get("rough_wounds") is None):
        found.append("'rough_ene' and 'rough_wounds' go together")
    found += [f"{k!r} is a height of {_LEVELS}" for k in ("lowest", "highest")
              if k in raw and raw[k] not in _LEVELS]  # fmt: skip
    return found


def _limit_problems(raw: dict[str, Any]) -> list[str]:
    """Batch E: numbers and limits (entries/limits.py)."""
    found = []
    if "alc_plus" in raw and not (isinstance(raw["alc_plus"], int) and raw["alc_plus"]):
        found.append("'alc_plus' is a whole number of K, not 0")
    if raw.get("stride_k") and raw.get("action") not in _STRIDES:
        found.append(f"'stride_k' goes with 'action', one of {_STRIDES}")
    if raw.get("forbids") is not None and load_actions().find(str(raw["forbids"])) is None:
        found.append(f"forbids an unknown action {raw['forbids']!r}")
    cap = raw.get("ene_cap")
    if cap is not None and not (isinstance(cap, int) and cap >= 1):
        found.append("'ene_cap' is an ENE of 1 or more")
    limits = [k for k in ("forbids", "ene_cap", "heavy") if raw.get(k) is not None]
    if limits and len(raw) > 1:
        found.append(f"{limits[0]!r} stands alone")
    return found


_TARGET_REACH = ("stretch", "short_reach", "long_reach", "blind_k", "anonymous", "radiant")
_TARGET_ALONE = ("thrown_dan", "short_reach", "long_reach", "blind_k", "any_height",
                 "sure_shot", "anonymous", "horror", "radiant", "hides_bare")  # fmt: skip


def _target_problems(raw: dict[str, Any]) -> list[str]:
    """Batch G: targets and reach (entries/targets.py)."""
    found = [f"{k!r} is a number above 0" for k in _TARGET_REACH
             if k in raw and not (isinstance(raw[k], int | float) and raw[k] > 0)]  # fmt: skip
    found += [f"{k!r} is a whole number of 1 or more" for k in ("thrown_dan", "cover_def")
              if k in raw and not (isinstance(raw[k], int) and raw[k] >= 1)]  # fmt: skip
    if raw.get("stretch") is not None and not raw.get("option"):
        found.append("'stretch' goes with 'option'")
    alone = [k for k in _TARGET_ALONE if raw.get(k)]
    allowed = {*alone[:1], "per_level"} if raw.get("blind_k") else set(alone[:1])
    if alone and set(raw) - allowed:
        found.append(f"{alone[0]!r} stands alone")
    return found


_USE_COUNTS = ("terrain_step", "burden_con", "turn_limit", "hunt_turn", "misfire")
_USE_FIELDS = (*_USE_COUNTS, "fitted", "charges", "use_check", "use_psi", "campaign")


def _use_problems(raw: dict[str, Any]) -> list[str]:
    """Batch H: movement and use (entries/wear.py)."""
    found = [f"{k!r} is a whole number of 1 or more" for k in _USE_COUNTS
             if k in raw and not (isinstance(raw[k], int) and raw[k] >= 1)]  # fmt: skip
    if not 0 < raw.get("misfire", 50) < 100:
        found.append("'misfire' is a percent, 1..99")
    if raw.get("use_check") not in (None, *ATTRIBUTES):
        found.append(f"use_check is one of {ATTRIBUTES}, not {raw['use_check']!r}")
    named = [k for k in _USE_FIELDS if k in raw]
    if named and len(raw) > 1:
        found.append(f"{named[0]!r} stands alone")
    return found


def _special_problems(raw: dict[str, Any]) -> list[str]:
    """Batch J: areas and special actions (entries/specials.py)."""
    found = [f"{k!r} is a whole number of 1 or more" for k in ("eat", "regain")
             if k in raw and not (isinstance(raw[k], int) and raw[k] >= 1)]  # fmt: skip
    alone = [k for k in ("fading", "cluster", "manipulator") if raw.get(k)]
    if alone and len(raw) > 1:
        found.append(f"{alone[0]!r} stands alone")
    return found


EXPLOSIONS = ("hit_mov", "half_hit")


def _afterlife_problems(raw: dict[str, Any]) -> list[str]:
    """Batch I: death, wounds and fire (entries/afterlife.py)."""
    found = [f"{k!r} is a percent, 1..100" for k in ("explodes", "fumble_explodes")
             if k in raw and not (isinstance(raw[k], int) and 0 < raw[k] <= 100)]  # fmt: skip
    if raw.get("explodes") is not None and raw.get("explosion") not in EXPLOSIONS:
        found.append(f"'explodes' goes with 'explosion', one of {EXPLOSIONS}")
    if raw.get("explosion") is not None and raw.get("explodes") is None:
        found.append("'explosion' goes with 'explodes'")
    if raw.get("fumble_explodes") is not None and raw.get("explosion") != "half_hit":
        found.append("'fumble_explodes' goes with 'explosion: half_hit'")
    return found


def _heat_problems(raw: dict[str, Any]) -> list[str]:
    """Batch K: fire, heat and reserves (entries/heat.py)."""
    found = []
    if raw.get("immune") and not raw.get("hit_by_param"):
        found.append("'immune' goes with 'hit_by_param'")
    move = raw.get("extra_move")
    if move is not None and not (isinstance(move, int | float) and move > 0):
        found.append("'extra_move' is a number of K above 0")
    if "extra_move_wounds" in raw and move is None:
        found.append("'extra_move_wounds' goes with 'extra_move'")
    return found


def _mind_problems(raw: dict[str, Any]) -> list[str]:
    """Batch L: guarding, madness and minds (entries/minds.py)."""
    found = [f"{k!r} is a whole number 1..100" for k in ("murderous", "void_runes")
             if k in raw and not (isinstance(raw[k], int) and 0 < raw[k] <= 100)]  # fmt: skip
    if raw.get("void_runes") is not None and raw["void_runes"] > 10:
        found.append("'void_runes' is a face of 1D10, 1..10")
    named = [k for k in ("outnumbered_flees", "murderous", "void_runes") if raw.get(k)]
    if named and len(raw) > 1:
        found.append(f"{named[0]!r} stands alone")
    return found


_REVIVAL = ("hero", "phoenix", "resurrection", "finisher")


def _revival_problems(raw: dict[str, Any]) -> list[str]:
    """Batch M: fire and coming back (entries/fire.py, entries/revival.py)."""
    found = [f"{k!r} is a whole number 1..10" for k in ("ignites", "douse", "mana")
             if k in raw and not (isinstance(raw[k], int) and 0 < raw[k] <= 10)]  # fmt: skip
    if bool(raw.get("ignites")) != bool(raw.get("douse")):
        found.append("'ignites' goes with 'douse' (the ENE that puts the fire out)")
    named = [k for k in (*_REVIVAL, "mana") if raw.get(k)]
    if named and len(raw) > 1:
        found.append(f"{named[0]!r} stands alone")
    return found


_SPELLS = ("calms", "sleeps", "displaces", "suppresses", "raises_dead", "moves_object")


def _spell_problems(raw: dict[str, Any]) -> list[str]:
    """Spells a metaability carries (entries/spells.py, entries/necromancy.py)."""
    found = []
    for key in ("displaces", "raises_dead", "moves_object"):
        if raw.get(key) not in (None, *ATTRIBUTES):
            found.append(f"{key} is one of {ATTRIBUTES}, not {raw[key]!r}")
    named = [k for k in _SPELLS if raw.get(k)]
    if named and len(raw) > 1:
        found.append(f"{named[0]!r} stands alone")
    return found


_CURSES = ("inflicts", "inflicts_param", "overheats", "destabilises", "ejects", "poison",
           "addiction")  # fmt: skip


def _curse_problems(raw: dict[str, Any]) -> list[str]:
    """Curses, poison, overheating and drugs (entries/curses.py)."""
    found = []
    named = raw.get("inflicts")
    if named is not None and load_catalog().find(str(named)) is None:
        found.append(f"inflicts an unknown entry {named!r}")
    if raw.get("on_wound") and not (named is not None or raw.get("inflicts_param")):
        found.append("'on_wound' goes with 'inflicts' or 'inflicts_param'")
    if "overheats" in raw and not (isinstance(raw["overheats"], int) and raw["overheats"] >= 1):
        found.append("'overheats' is a number of wounds, 1 or more")
    chance = raw.get("addiction")
    if chance is not None and not (isinstance(chance, int) and 0 < chance < 100):
        found.append("'addiction' is a percent, 1..99")
    kinds = [k for k in _CURSES if raw.get(k) not in (None, False)]
    curse = kinds[:1] in (["inflicts"], ["inflicts_param"])
    allowed = {*kinds[:1], "on_wound"} if curse else set(kinds[:1])
    if kinds and set(raw) - allowed:
        found.append(f"{kinds[0]!r} stands alone")
    return found


_SENSES = ("sees_through", "unveils", "spider_sense", "endless_reach", "fine_sight")


def _sense_problems(raw: dict[str, Any]) -> list[str]:
    """Senses and far sight (entries/senses.py)."""
    found = [f"{k} is one of {ATTRIBUTES}, not {raw[k]!r}" for k in ("sees_through", "spider_sense")
             if k in raw and raw[k] not in ATTRIBUTES]  # fmt: skip
    named = raw.get("unveils")
    if named is not None and not (isinstance(named, list) and named):
        found.append("'unveils' is a list of entries")
    found += [f"unknown entry {n!r}" for n in named or () if load_catalog().find(str(n)) is None]
    alone = [k for k in _SENSES if raw.get(k)]
    if alone and len(raw) > 1:
        found.append(f"{alone[0]!r} stands alone")
    return found


def _mine_problems(raw: dict[str, Any]) -> list[str]:
    """Bombs left on the table (entries/mines.py)."""
    found = []
    homing = raw.get("homing")
    if homing is not None and not (isinstance(homing, int | float) and homing > 0):
        found.append("'homing' is a number of K above 0")
    alone = [k for k in ("tripwire", "homing") if raw.get(k)]
    if alone and len(raw) > 1:
        found.append(f"{alone[0]!r} stands alone")
    return found


def _cloud_problems(raw: dict[str, Any]) -> list[str]:
    """Clouds and lasting areas (entries/clouds.py, entries/stopping.py)."""
    found = [f"{k!r} is a number of K above 0" for k in ("smoke", "fallout")
             if k in raw and not (isinstance(raw[k], int | float) and raw[k] > 0)]  # fmt: skip
    if (raw.get("smoke") is None) != ("smoke_imp" not in raw):
        found.append("'smoke' and 'smoke_imp' go together")
    if "smoke_imp" in raw and not (isinstance(raw["smoke_imp"], int) and raw["smoke_imp"] < 0):
        found.append("'smoke_imp' is a CH IMP modifier below 0")
    if raw.get("linear") and not raw.get("option"):
        found.append("'linear' goes with 'option'")
    alone = [k for k in ("lasting_area", "fallout", "stopping") if raw.get(k)]
    if alone and len(raw) > 1:
        found.append(f"{alone[0]!r} stands alone")
    return found


def validated(files: Mapping[str, Any]) -> dict[str, tuple[Effect, ...]]:
    """Check every effect file against the vocabulary and the catalogue's names."""
    catalog = load_catalog()
    effects: dict[str, tuple[Effect, ...]] = {}
    problems: list[Problem] = []
    for file, raw in files.items():
        source = f"wartime/data/effects/{file}"
        if not isinstance(raw, dict):
            problems.append(Problem(source, "", "expected entry name: [effects]"))
            continue
        for name, items in raw.items():
            entry = catalog.find(str(name))
            if entry is None or entry.name != name:
                problems.append(
                    Problem(
                        source, str(name), "not a catalogue entry (spell it as the catalogue does)"
                    )
                )
                continue
            if name in effects:
                problems.append(Problem(source, str(name), "effects given twice"))
                continue
            found = [p for i, item in enumerate(items or []) for p in _problems(item, f"[{i}]")]
            if found or not items:
                problems += [Problem(source, str(name), p) for p in found or ["no effects listed"]]
                continue
            effects[name] = tuple(Effect(**item) for item in items)
    if problems:
        raise DataError(problems)
    return effects


@functools.cache
def load_effects() -> dict[str, tuple[Effect, ...]]:
    """Every automated entry's effects, by catalogue name."""
    folder = resources.files("wartime.data").joinpath("effects")
    files = {
        item.name: yaml.safe_load(item.read_text(encoding="utf-8"))
        for item in sorted(folder.iterdir(), key=lambda f: f.name)
        if item.name.endswith(".yaml")
    }
    return validated(files)
