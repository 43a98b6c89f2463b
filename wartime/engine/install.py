"""The one place that imports every action and entry module, so that each registers
its hook implementations (ENGINE-LAYOUT.md, rule 5).

:mod:`wartime.engine` imports this module, so every game has the whole rulebook.
The modules are listed in a fixed order for readability only: what fixes the order
in which implementations run is each one's explicit ``order``.
"""

from wartime.engine import (  # noqa: F401  (imported for their registrations)
    addiction,
    clouds,
    condemned,
    cries,
    decoy,
    fire,
    gear,
    holds,
    metaabilities,
    mind,
    minds,
    mines,
    necromancy,
    poison,
    psychology,
    revival,
    spells,
    targets,
    triggers,
)
