"""Matching names the way players type them: any case, with or without accents."""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Iterable


def fold(text: str) -> str:
    """Case- and accent-insensitive key: ``fold("ÁREA") == fold("area")``."""
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(bare.casefold().split())


def closest(name: str, candidates: Iterable[str]) -> str | None:
    """The candidate a typo most likely meant, or None when nothing is close."""
    by_key = {fold(c): c for c in candidates}
    match = difflib.get_close_matches(fold(name), list(by_key), n=1, cutoff=0.75)
    return by_key[match[0]] if match else None
