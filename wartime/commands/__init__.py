"""The ``wartime`` command's subcommands, one module per family.

``wartime.cli`` builds the parser alone and imports the module of the chosen
subcommand by name once the arguments are parsed, so ``wartime --help`` and the
light commands never load numpy, shapely, pygame or the engine.
"""
