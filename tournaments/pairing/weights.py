"""Integer weights that make one max-weight matching minimise a cost vector lexicographically.

A Swiss round wants "fewest/smallest point gaps at the top first, whatever happens below". If a
cost vector ``x = (x_0, x_1, ...)`` has known bounds ``0 <= x_k <= r_k``, giving component ``k``
the multiplier ``m_k = prod_{j>k} (r_j + 1)`` makes ``sum m_k x_k`` order vectors exactly like
lexicographic comparison: one unit of ``x_k`` outweighs the worst case of everything after it.

The product grows fast, and rustworkx computes in signed 128-bit integers (it panics near
``2**126`` since the algorithm doubles weights internally). :func:`multipliers` therefore merges
the *lowest* components into one when the bound would pass :data:`MAX_BITS`: the ordering stays
exact for every component above the merge point, which is where the pairing rules care most.
"""

from __future__ import annotations

from collections.abc import Sequence

#: Upper bound on any edge weight, in bits, comfortably inside rustworkx's i128 arithmetic.
MAX_BITS = 100


def multipliers(ranges: Sequence[int], max_bits: int = MAX_BITS) -> tuple[list[int], int]:
    """Multipliers for components with the given ranges, most important first.

    Returns ``(mults, exact)``: components ``0 .. exact-1`` are ordered exactly; components from
    ``exact`` on share the multiplier 1 (their costs are simply added) because keeping them apart
    would overflow. ``exact == len(ranges)`` means the whole vector is exact.
    """
    n = len(ranges)
    limit = 1 << max_bits
    for exact in range(n, -1, -1):
        mults = [0] * n
        for k in range(exact, n):
            mults[k] = 1
        acc = sum(ranges[exact:]) + 1
        for k in range(exact - 1, -1, -1):
            mults[k] = acc
            acc *= ranges[k] + 1
        if acc < limit:
            return mults, exact
    raise OverflowError("even a single merged component exceeds the weight budget")
