"""The one place that imports every action and entry module, so that each registers
its hook implementations (ENGINE-LAYOUT.md, rule 5).

:mod:`wartime.engine` imports this module, so every game has the whole rulebook.
The order of the imports does not matter: what fixes the order in which
implementations run is each one's explicit ``order``.
"""

# Every action family of the list (data/actions.yaml), every entry that needs code, and
# the core modules that play actions or answer hooks themselves (combat's attacks,
# responses' answers).
from wartime.engine.actions import (  # noqa: F401  (imported for their registrations)
    altitude,
    areas,
    boarding,
    countermagic,
    driving,
    duels,
    gear,
    generic,
    holds,
    items,
    melee,
    metaabilities,
    mind,
    moving,
    surprise,
    terrain,
    transport,
    usar_bonus,
)
from wartime.engine.core import combat, responses  # noqa: F401  (imported for their registrations)
from wartime.engine.entries import (  # noqa: F401  (imported for their registrations)
    addiction,
    afloat,
    afterlife,
    avatar,
    behaviour,
    body_zones,
    cargo,
    clouds,
    condemned,
    constraints,
    cries,
    curses,
    deathmachine,
    decoy,
    fire,
    flight,
    fortune,
    ghost,
    godstrike,
    guards,
    heat,
    leaps,
    limits,
    mana,
    minds,
    mines,
    necromancy,
    options,
    orders,
    pet,
    presence,
    psychic_hits,
    remote,
    revival,
    senses,
    shields,
    specials,
    spells,
    stopping,
    targets,
    triggers,
    usage,
    vanishing,
    voice,
    wear,
)
