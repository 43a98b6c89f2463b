"""Pure rendering: battlefield and game state to a draw list in K (no pygame).

Like pymunk's debug-draw options, the core describes what to draw and the UI
layer's adapter (``wartime.ui``) draws it; a PNG exporter or a test can read
the same list.
"""
