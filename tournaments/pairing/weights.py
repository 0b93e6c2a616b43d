"""Integer weights that make one max-weight matching minimise a cost vector lexicographically.

A Swiss round wants "fewest/smallest point gaps at the top first, whatever happens below". If a
cost vector ``x = (x_0, x_1, ...)`` has known bounds ``0 <= x_k <= r_k``, giving component ``k``
the multiplier ``m_k = prod_{j>k} (r_j + 1)`` makes ``sum m_k x_k`` order vectors exactly like
lexicographic comparison: one unit of ``x_k`` outweighs the worst case of everything after it.

The multipliers are exact Python integers, however many components there are: nothing is ever
merged. The product grows with every score level, so a long event can need more than the signed
128-bit integers rustworkx computes in (it panics near ``2**126`` since the algorithm doubles
weights internally). :func:`fits_native` tells whether a solve's weights stay within
:data:`NATIVE_BITS`; when they do not, the caller solves with big integers instead (slower, but
exact), see :mod:`.swiss`.
"""

from __future__ import annotations

from collections.abc import Sequence

#: Largest edge weight, in bits, handed to rustworkx: comfortably inside its i128 arithmetic.
NATIVE_BITS = 120


def multipliers(ranges: Sequence[int]) -> list[int]:
    """Exact multipliers for components with the given ranges, most important first."""
    mults = [0] * len(ranges)
    acc = 1
    for k in range(len(ranges) - 1, -1, -1):
        mults[k] = acc
        acc *= ranges[k] + 1
    return mults


def fits_native(weights: Sequence[int]) -> bool:
    """Whether every weight's magnitude fits the native (rustworkx) solver's budget."""
    return all(abs(w).bit_length() <= NATIVE_BITS for w in weights)
