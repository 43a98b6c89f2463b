"""The fast path's last stage: the exact integral of each pair's hidden top."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from wartime.geometry.cover.classes import Bools, Floats, Ints
from wartime.geometry.cover.pairs import Pairs, expand
from wartime.geometry.cover.pieces import Pieces


def hidden_length(pieces: Pieces, pairs: Pairs) -> Floats:
    """Per pair, the integral over ``u`` of ``clamp(top − base, 0, h)/h``, in K.

    Stretches at or above ``h`` hide their columns outright and go to an
    interval union.  The rest, strictly between the ground and ``h``, are
    integrated exactly on what the union leaves: between consecutive
    breakpoints (stretch ends and crossings of two stretches) the top is
    straight, so the midpoint value times the width is exact.
    """
    pieces = pieces._replace(alpha=pieces.alpha - pairs.base[pieces.owner])  # tops above the feet
    full, partial = _split(pieces, pairs.h[pieces.owner])
    union = _Union.of(full, len(pairs.live))
    partial = partial.take(~union.covers(partial.owner, partial.lo, partial.hi))
    if len(partial.owner) == 0:
        return union.length
    area = _envelope_area(partial, union, pairs)
    return union.length + np.divide(area, pairs.h, out=np.zeros_like(area), where=pairs.h > 0.0)


def wholly_hidden(pieces: Pieces, pairs: Pairs) -> Bools:
    """Per pair, whether its pieces at or above the figure's top hide every column.

    The hidden top is a maximum over pieces, so once these leave no column open
    no further piece can change the pair's cover: 100 %, bit for bit, as with
    every piece.  Asked of one merged interval spanning the whole width, never
    of a sum of lengths, which rounding could round up over a hairline gap.
    """
    pieces = pieces._replace(alpha=pieces.alpha - pairs.base[pieces.owner])
    full, _ = _split(pieces, pairs.h[pieces.owner])
    union = _Union.of(full, len(pairs.live))
    spans = (union.lo <= -pairs.half[union.owner]) & (union.hi >= pairs.half[union.owner])
    out = np.zeros(len(pairs.live), dtype=bool)
    out[union.owner[spans]] = True
    return out


def _split(pieces: Pieces, h: Floats) -> tuple[Pieces, Pieces]:
    """The part of each piece at or above ``h``, and the part strictly inside ``(0, h)``."""
    alpha, beta, lo, hi = pieces.alpha, pieces.beta, pieces.lo, pieces.hi
    at_top, at_ground = (h - alpha) / beta, -alpha / beta
    rising, falling = beta > 0.0, beta < 0.0
    level = ~(rising | falling)
    full_lo = np.where(rising, np.maximum(lo, at_top), lo)
    full_hi = np.where(falling, np.minimum(hi, at_top), np.where(level & (alpha < h), lo, hi))
    part_lo = np.where(
        rising, np.maximum(lo, at_ground), np.where(falling, np.maximum(lo, at_top), lo)
    )
    part_hi = np.where(
        rising, np.minimum(hi, at_top), np.where(falling, np.minimum(hi, at_ground), hi)
    )
    part_hi = np.where(level & ((alpha <= 0.0) | (alpha >= h)), lo, part_hi)
    full = Pieces(pieces.owner, full_lo, full_hi, alpha, beta)
    partial = Pieces(pieces.owner, part_lo, part_hi, alpha, beta)
    return full.take(full_hi > full_lo), partial.take(part_hi > part_lo)


def _keys(owner: Ints, u: Floats) -> npt.NDArray[np.complex128]:
    """``owner + i·u``: numpy orders complex numbers by real part, then imaginary part.

    So sorting, searching and running maxima of these keys go pair by pair and
    then by ``u``, with every ``u`` kept exact.  An offset such as
    ``owner·span + u`` would round ``u`` differently for each pair, and a pair's
    cover would then depend, in its last bits, on what it was batched with.
    """
    keys = np.empty(len(u), dtype=np.complex128)
    keys.real, keys.imag = owner, u
    return keys


class _Union(NamedTuple):
    """Merged intervals per pair, sorted by pair and then by ``u``."""

    lo: Floats
    hi: Floats
    owner: Ints
    length: Floats  # per pair, covered length

    @classmethod
    def of(cls, pieces: Pieces, n_pairs: int) -> _Union:
        if len(pieces.owner) == 0:
            none = np.zeros(0)
            return cls(none, none, np.zeros(0, dtype=np.intp), np.zeros(n_pairs))
        order = np.argsort(_keys(pieces.owner, pieces.lo), kind="stable")
        owner, lo = pieces.owner[order], pieces.lo[order]
        reach = np.maximum.accumulate(_keys(owner, pieces.hi[order])).imag  # restarts per pair
        new = np.ones(len(lo), dtype=bool)
        new[1:] = (owner[1:] != owner[:-1]) | (lo[1:] > reach[:-1])
        first = np.flatnonzero(new)
        last = np.append(first[1:], len(lo)) - 1
        lo, hi, owner = lo[first], reach[last], owner[first]
        length = np.asarray(np.bincount(owner, weights=hi - lo, minlength=n_pairs), dtype=float)
        return cls(lo, hi, owner, length)

    def covers(self, owner: Ints, lo: Floats, hi: Floats) -> Bools:
        """Whether ``[lo, hi]`` of pair ``owner`` lies inside one merged interval."""
        if len(self.lo) == 0:
            return np.zeros(len(lo), dtype=bool)
        at = np.searchsorted(_keys(self.owner, self.lo), _keys(owner, lo), side="right") - 1
        safe = np.maximum(at, 0)
        same: Bools = self.owner[safe] == owner  # not an interval of the pair before
        return (at >= 0) & same & (self.hi[safe] >= hi)


def _envelope_area(partial: Pieces, union: _Union, pairs: Pairs) -> Floats:
    """Per pair, the area under the highest partial piece outside the union."""
    partial = partial.take(np.argsort(partial.owner, kind="stable"))
    counts = np.bincount(partial.owner, minlength=len(pairs.live))
    starts = (np.cumsum(counts) - counts).astype(np.intp)
    at, owner = _breakpoints(partial, union, pairs, starts, counts)
    mid_owner = owner[:-1]
    same = np.flatnonzero((owner[1:] == mid_owner) & (at[1:] > at[:-1]))
    mid_owner = mid_owner[same]
    u = (at[same] + at[same + 1]) / 2
    width = at[same + 1] - at[same]
    open_ = ~union.covers(mid_owner, u, u)
    mid_owner, u, width = mid_owner[open_], u[open_], width[open_]
    mid, j = expand(np.arange(len(u)), starts[mid_owner], counts[mid_owner])
    active = (partial.lo[j] <= u[mid]) & (u[mid] <= partial.hi[j])
    value = np.where(active, partial.alpha[j] + partial.beta[j] * u[mid], 0.0)
    firsts = (np.cumsum(counts[mid_owner]) - counts[mid_owner]).astype(np.intp)
    top = np.maximum.reduceat(value, firsts) if len(value) else value
    area = np.bincount(mid_owner, weights=width * np.clip(top, 0.0, None), minlength=len(counts))
    return np.asarray(area, dtype=float)


def _breakpoints(
    partial: Pieces, union: _Union, pairs: Pairs, starts: Ints, counts: Ints
) -> tuple[Floats, Ints]:
    """Where the top may bend or jump, for every pair with partial pieces: ``u`` and its
    pair, sorted by pair and then by ``u``."""
    who = np.flatnonzero(counts)
    in_union = np.flatnonzero(counts[union.owner] > 0)
    a, b = expand(np.arange(len(partial.owner)), starts[partial.owner], counts[partial.owner])
    a, b = a[b > a], b[b > a]
    meet = (partial.alpha[b] - partial.alpha[a]) / (partial.beta[a] - partial.beta[b])
    lo = np.maximum(partial.lo[a], partial.lo[b])
    hi = np.minimum(partial.hi[a], partial.hi[b])
    cross = np.flatnonzero((meet > lo) & (meet < hi))
    at = np.concatenate([
        partial.lo, partial.hi, union.lo[in_union], union.hi[in_union],
        -pairs.half[who], pairs.half[who], meet[cross],
    ])  # fmt: skip
    owner = np.concatenate([
        partial.owner, partial.owner, union.owner[in_union], union.owner[in_union],
        who, who, partial.owner[a[cross]],
    ])  # fmt: skip
    order = np.argsort(_keys(owner, at), kind="stable")
    return at[order], owner[order]
