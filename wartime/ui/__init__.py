"""The desktop UI: the only package that imports pygame (DESIGN.md §2).

``camera`` maps K to pixels, ``painter`` draws the pure draw lists of
``wartime.render`` with pygame, ``png`` exports a view headless, ``shell`` is
the window with its one loop and ``modes`` what plugs into it (the view, the
editor); ``app`` starts the view.  Importing this package imports nothing
heavy; import the modules themselves.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on stdout
