"""Pure rules: dice and checks, archetypes, costing and the bonus/malus catalogue.

No geometry, no pygame and no user-file I/O; the only files read are the
rulebook tables shipped in :mod:`wartime.data`.
"""
