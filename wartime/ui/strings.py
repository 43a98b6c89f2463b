"""Every text the window shows, looked up by key in the gettext catalogues.

The texts themselves are in ``wartime/locale/*/LC_MESSAGES/wartime.po`` (see
:mod:`wartime.i18n`); the window's code names them by key: ``text("status.opened",
path=...)``, and ``ntext("count.errors", n)`` for the ones with plural forms.  The game's
own terms (CdV, LdV, ENE, DAÑ, VOL, DEF, K) stay as the rulebook writes them in both
languages.
"""

from __future__ import annotations

from wartime.i18n import FALLBACK, current_language, ntext, set_language, text

__all__ = ["FALLBACK", "current_language", "ntext", "set_language", "text"]
