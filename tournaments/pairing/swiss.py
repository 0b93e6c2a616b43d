"""Swiss rounds: who plays whom, from the standings and the history.

The hard rules (no rematch, no forbidden pairing, at most one bye more than anybody else) shape the
graph: an edge exists only between players who may meet. The soft rule (equal points, otherwise the
smallest gaps, a gap higher up outweighing any number of gaps lower down) is a cost vector indexed
by score level, turned into integer edge weights by :mod:`.weights`; a max-weight matching then
picks the round.

Two things keep this fast at 10,000 players, where one blossom run over everybody takes seconds:

* Sparse edges: each player is joined only to the next ``window`` players (in standings order) he
  may meet; the window doubles until the players that matter are matched.
* Blocks: the field is solved top-down in blocks of about ``block_size`` players plus a lookahead
  of the next ``lookahead`` players. Pairs touching the block are kept; the lookahead only steers
  ties (who receives a floater) and is solved again as part of the next block. Block players that
  cannot be matched are carried to the top of the next block, i.e. paired further down.

When the whole field fits in one solve (up to ``block_size + lookahead`` players) the result is the
exact lexicographic optimum. If the block decomposition ever paints itself into a corner (a last
block with no perfect matching) the field is solved again in one piece with the window widened up to
the full graph, so a pairing is only refused when none exists.
"""

from __future__ import annotations

import functools
import random
import secrets
from collections import Counter
from collections.abc import Sequence

import rustworkx as rx

from .field import Field, Unpairable, build_field
from .first_round import first_round_order, pair_first_round
from .history import Tally, tally_matches
from .models import (
    ForbiddenPairing,
    MatchRecord,
    Pairing,
    PairingError,
    PairingKind,
    PlayerId,
    PlayerRecord,
    RoundPairing,
    Scoring,
    Seeding,
)
from .standings import DEFAULT_TIEBREAKERS, rank_groups
from .weights import fits_native, multipliers

DEFAULT_WINDOW = 8
DEFAULT_BLOCK_SIZE = 250
DEFAULT_LOOKAHEAD = 50


def _window_edges(fld: Field, nodes: list[int], window: int) -> list[tuple[int, int]]:
    """Edges (as local indices) from each node to the next ``window`` nodes it may meet."""
    # `Field.allowed` inlined: this loop runs some 200,000 times for 10,000 players.
    forbidden, groups, met = fld.forbidden, fld.avoid_groups, fld.met
    rematches = fld.allow_rematches
    edges = []
    m = len(nodes)
    if not forbidden and not any(groups[i] for i in nodes):
        # The common case: only rematches are excluded, so the next `window` allowed partners
        # lie within `window + len(met_i)` places; a comprehension is far cheaper than the loop.
        for a in range(m):
            met_i = () if rematches else met[nodes[a]]
            stop = min(m, a + 1 + window + len(met_i))
            found = [b for b in range(a + 1, stop) if nodes[b] not in met_i][:window]
            edges += [(a, b) for b in found]
        return edges
    for a in range(m):
        i = nodes[a]
        group_i, met_i = groups[i], met[i]
        found = 0
        for b in range(a + 1, m):
            j = nodes[b]
            if forbidden and ((i, j) if i < j else (j, i)) in forbidden:
                continue
            if group_i and group_i & groups[j]:
                continue
            if not rematches and j in met_i:
                continue
            edges.append((a, b))
            found += 1
            if found == window:
                break
    return edges


def _level_ranges(
    pts: list[int], reaches: dict[tuple[int, bool], list[int]], side: bool
) -> list[tuple[tuple[int, bool], int]]:
    """Cost components of one side's score levels, top first, with their largest possible value.

    A level's cost is the sum of the gaps of the pairs whose upper player is on it: each of its
    players is in at most one such pair, and there are no more of them than players below the
    level, so the largest value is the sum of the widest reaches (widest gap of an edge a player
    is the upper end of) of that many of its players. The tighter the bounds, the fewer bits the
    weights need, and the wider the graph the native solver can take."""
    keys = sorted((k for k in reaches if k[1] == side), reverse=True)
    ranges = []
    for key in keys:
        below = sum(1 for p in pts if p < key[0])
        ranges.append((key, sum(sorted(reaches[key], reverse=True)[:below])))
    return ranges


def _solve(
    fld: Field, block: list[int], look: list[int], window: int, *, widest: bool = False
) -> tuple[list[tuple[int, int]], list[int]]:
    """Match ``block`` (all of it if possible) using ``look`` as optional partners.

    Returns the pairs touching the block (as field positions) and the block players left over.
    The cost vector, most important first: block players unmatched, rematches touching the block,
    gaps per block score level, lookahead players unmatched, lookahead rematches, gaps per
    lookahead score level. A component that cannot be non-zero is left out to save weight bits.

    ``widest`` (a field solved in one piece): start from the complete graph of allowed pairs and
    halve the window, down to ``window``, only while the weights would not fit the native solver.
    A narrow window can hide the edge the lexicographic optimum needs (late in a long event, when
    rematches, clubs and forbidden pairings leave a player few partners), while the complete
    graph's widest gaps multiply the weights past 128 bits after some ten rounds of 300 players,
    where the big-integer solver takes seconds.
    """
    nodes = block + look
    n_block = len(block)
    pts = [fld.points[i] for i in nodes]
    narrowest = window
    if widest:
        window = max(window, len(nodes))
    while True:
        edges = _window_edges(fld, nodes, window)
        # Per node: the widest gap of an edge it is the upper player of; per score level
        # (points, side): those of its players.
        keys = [(p, a >= n_block) for a, p in enumerate(pts)]
        reach = [0] * len(nodes)
        gapped = []  # (edge index, level key of its upper player, gap)
        for e, (a, b) in enumerate(edges):
            gap = pts[a] - pts[b]
            if gap:
                upper = a if gap > 0 else b
                gap = abs(gap)
                gapped.append((e, keys[upper], gap))
                if gap > reach[upper]:
                    reach[upper] = gap
        reaches: dict[tuple[int, bool], list[int]] = {}
        for a, widest_gap in enumerate(reach):
            if widest_gap:
                reaches.setdefault(keys[a], []).append(widest_gap)

        components: list[tuple[object, int]] = [("block", n_block)]
        if fld.allow_rematches:
            components.append(("rematch_block", n_block))
        components += _level_ranges(pts, reaches, side=False)
        if look:
            components.append(("look", len(look)))
            if fld.allow_rematches:
                components.append(("rematch_look", len(look) // 2))
            components += _level_ranges(pts, reaches, side=True)
        ranges = [r for _, r in components]
        mults = multipliers(ranges)
        # No edge weighs more than twice the whole vector's span (two endpoints' components).
        bound = 2 * mults[0] * (ranges[0] + 1)
        if widest and window > narrowest and not fits_native([bound]):
            window = max(narrowest, window // 2)
            continue
        widest = False  # settled: from here the window only widens for leftover players
        mult = {name: m for (name, _), m in zip(components, mults, strict=True)}

        # Weight by the number of block endpoints (0, 1, 2), then the rematch and gap costs.
        base = [mult["block"] * k + mult.get("look", 0) * (2 - k) for k in range(3)]
        weights = [base[(a < n_block) + (b < n_block)] for a, b in edges]
        if fld.allow_rematches:
            for e, (a, b) in enumerate(edges):
                if nodes[b] in fld.met[nodes[a]]:
                    weights[e] -= mult["rematch_block" if a < n_block else "rematch_look"]
        for e, key, gap in gapped:
            weights[e] -= mult[key] * gap
        weighted = [(a, b, w) for (a, b), w in zip(edges, weights, strict=True)]
        matching = _max_weight_matching(len(nodes), weighted, bound)
        mate: dict[int, int] = {}
        for a, b in matching:
            mate[a] = b
            mate[b] = a
        leftover = [nodes[a] for a in range(n_block) if a not in mate]
        if not leftover or window >= len(nodes):
            break
        window *= 2
    pairs = [(nodes[a], nodes[b]) for a, b in matching if a < n_block or b < n_block]
    return pairs, leftover


@functools.lru_cache(maxsize=8)
def _scattered_labels(size: int) -> tuple[int, ...]:
    """A fixed pseudo-random relabelling of ``0..size-1`` (the same for every call).

    The blossom algorithm is fast on any labelling but slow on standings order: consecutive
    labels at the same score, joined by long runs of equal-weight edges, make it build and undo
    many blossoms before a floater finds its way down (a 300-player block of a 10,000-player round
    took up to 65 ms instead of 4). Scattered labels halve the matching time of such a round. The
    matching is optimal either way; only the choice among equally good ones changes, and a fixed
    relabelling keeps the round reproducible from its seed."""
    labels = list(range(size))
    random.Random(size).shuffle(labels)
    return tuple(labels)


def _max_weight_matching(
    size: int, weighted: list[tuple[int, int, int]], bound: int
) -> list[tuple[int, int]]:
    """Max-weight matching of nodes ``0..size-1``: rustworkx (native, fast) while the weights fit
    its 128-bit integers, networkx's pure-Python blossom with exact big integers beyond (long
    events, where the levels' multipliers outgrow 128 bits; about a second for 300 players).
    ``bound``: no weight's magnitude exceeds it. Nodes are relabelled (`_scattered_labels`)."""
    label = _scattered_labels(size)
    node = [0] * size
    for i, x in enumerate(label):
        node[x] = i
    scattered = [(label[a], label[b], w) for a, b, w in weighted]
    if fits_native([bound]):
        graph = rx.PyGraph(multigraph=False)
        graph.add_nodes_from(range(size))
        graph.add_edges_from(scattered)
        matching = rx.max_weight_matching(
            graph, max_cardinality=False, weight_fn=int, verify_optimum=False
        )
    else:
        import networkx as nx  # only for long events: keep its import off the common path

        graph = nx.Graph()
        graph.add_nodes_from(range(size))
        graph.add_weighted_edges_from(scattered)
        matching = nx.max_weight_matching(graph, maxcardinality=False)
    return [(node[a], node[b]) for a, b in matching]


def pair_positions(
    fld: Field,
    positions: list[int],
    *,
    window: int = DEFAULT_WINDOW,
    block_size: int = DEFAULT_BLOCK_SIZE,
    lookahead: int = DEFAULT_LOOKAHEAD,
) -> list[tuple[int, int]]:
    """Pair an even set of field positions, top-down in blocks. Raises ``Unpairable``.

    A field that fits one solve is solved on the widest graph the native solver takes (see
    `_solve`'s ``widest``)."""
    one_piece = len(positions) <= block_size + lookahead
    pairs: list[tuple[int, int]] = []
    used: set[int] = set()
    carry: list[int] = []
    cursor = 0
    while True:
        block = list(carry)
        # At least one fresh player per block, so a stuck carry cannot loop forever.
        fresh = 0
        while cursor < len(positions) and (len(block) < block_size or not fresh):
            if positions[cursor] not in used:
                block.append(positions[cursor])
                fresh += 1
            cursor += 1
        look = []
        probe = cursor
        while probe < len(positions) and len(look) < lookahead:
            if positions[probe] not in used:
                look.append(positions[probe])
            probe += 1
        final = probe >= len(positions)
        if final:
            block += look
            look = []
            cursor = len(positions)
        found, carry = _solve(fld, block, look, window, widest=one_piece)
        pairs += found
        for a, b in found:
            used.add(a)
            used.add(b)
        if final:
            if carry:
                raise Unpairable(carry)
            return pairs


def pair_exhaustively(
    fld: Field, positions: list[int], window: int, block_size: int, lookahead: int
) -> list[tuple[int, int]]:
    """Blocks first (fast); on failure one solve over everybody, the window widened to the full
    graph, so an unpairable verdict is never an artefact of the decomposition."""
    try:
        return pair_positions(
            fld, positions, window=window, block_size=block_size, lookahead=lookahead
        )
    except Unpairable:
        return pair_positions(fld, positions, window=window, block_size=len(positions), lookahead=0)


def _isolated(fld: Field, positions: list[int]) -> list[int]:
    """Players who may meet nobody. Only rematches can exclude a player with no group label when
    no pairing is forbidden, so one who has met fewer than all the others is skipped unscanned."""
    others = len(positions) - 1
    met, groups = fld.met, fld.avoid_groups
    suspects = (
        positions if fld.forbidden else [i for i in positions if groups[i] or len(met[i]) >= others]
    )
    return [i for i in suspects if not any(fld.allowed(i, j) for j in positions if j != i)]


def _blockers(fld: Field, i: int, positions: list[int]) -> str:
    """Why player ``i`` can meet nobody: e.g. ``"p0 (already played x3, same club:X x1)"``."""
    reasons = Counter(fld.why_not(i, j) for j in positions if j != i)
    summary = ", ".join(f"{why} x{count}" for why, count in sorted(reasons.items()))
    return f"{fld.ids[i]} ({summary})"


def _bye_candidates(fld: Field, positions: list[int]) -> list[int]:
    """Players with the fewest byes, lowest-ranked first: the order in which the bye is offered."""
    fewest = min(fld.byes[i] for i in positions)
    return [i for i in reversed(positions) if fld.byes[i] == fewest]


def _pairing_order(
    active: list[PlayerRecord],
    matches: Sequence[MatchRecord],
    scoring: Scoring,
    tiebreakers: Sequence[str],
    rng: random.Random,
    tallies: dict[PlayerId, Tally] | None = None,
) -> list[PlayerRecord]:
    """Standings order; players tied on everything are shuffled with the round's seed."""
    by_id = {p.player_id: p for p in active}
    order: list[PlayerRecord] = []
    for tied in rank_groups(
        active, matches, scoring=scoring, tiebreakers=tiebreakers, tallies=tallies
    ):
        if len(tied) == 1:  # most groups late in an event; shuffling one draws nothing anyway
            order.append(by_id[tied[0]])
            continue
        group = [by_id[pid] for pid in tied]
        rng.shuffle(group)
        order += group
    return order


def pair_round(
    players: Sequence[PlayerRecord],
    matches: Sequence[MatchRecord],
    round_number: int,
    seed: int | None = None,
    *,
    scoring: Scoring | None = None,
    tiebreakers: Sequence[str] = DEFAULT_TIEBREAKERS,
    forbidden: Sequence[ForbiddenPairing] = (),
    allow_rematches: bool = False,
    first_round_seeding: Seeding = Seeding.RANDOM,
    window: int = DEFAULT_WINDOW,
    block_size: int = DEFAULT_BLOCK_SIZE,
    lookahead: int = DEFAULT_LOOKAHEAD,
) -> RoundPairing:
    """Pair round ``round_number`` for the non-dropped ``players``.

    ``seed`` makes the round reproducible; when omitted a fresh one is drawn and returned in the
    result so the adapter can store it. Round 1 (no match recorded for any active player) follows
    ``first_round_seeding``; later rounds follow the standings. Raises :class:`PairingError` when
    the hard constraints leave no valid round.

    ``window``, ``block_size`` and ``lookahead`` tune speed against optimality for huge events
    (see the module docstring); fields up to ``block_size + lookahead`` players are solved exactly.
    """
    if seed is None:
        seed = secrets.randbits(63)
    scoring = scoring or Scoring()
    rng = random.Random(seed)
    active = [p for p in players if not p.dropped]
    if len(active) < 2:
        raise PairingError("too_few_players", f"{len(active)} active player(s); need at least 2")
    tallies = tally_matches(matches, scoring)  # one fold of the history for standings and field
    strangers = tallies.keys() - {p.player_id for p in players}
    if strangers:
        raise PairingError(
            "unknown_player",
            f"match history names players not registered: {sorted(map(str, strangers))}",
            tuple(strangers),
        )
    first_round = not any(p.player_id in tallies for p in active)  # tallied = has played
    if first_round:
        order = first_round_order(active, first_round_seeding, rng)
    else:
        order = _pairing_order(active, matches, scoring, tiebreakers, rng, tallies)
    fld = build_field(
        order, matches, scoring, forbidden, round_number, allow_rematches, tallies=tallies
    )
    positions = list(range(len(order)))

    isolated = _isolated(fld, positions)
    candidates = _bye_candidates(fld, positions) if len(positions) % 2 else [None]
    forced = False
    if isolated:
        if len(isolated) == 1 and isolated[0] in candidates:
            candidates, forced = isolated, True
        else:
            details = "; ".join(_blockers(fld, i, positions) for i in isolated)
            raise PairingError(
                "isolated_player",
                f"no allowed opponent left for {len(isolated)} player(s): {details}",
                tuple(fld.ids[i] for i in isolated),
            )

    last_failure: Unpairable | None = None
    for offered, bye in enumerate(candidates):
        rest = [i for i in positions if i != bye]
        try:
            if first_round:
                pairs = pair_first_round(fld, rest, first_round_seeding)
            else:
                pairs = pair_exhaustively(fld, rest, window, block_size, lookahead)
        except Unpairable as exc:
            last_failure = exc
            continue
        if bye is None:
            why = ""
        elif forced:
            why = "the only player with no allowed opponent left"
        elif offered:
            why = (
                f"the {offered} lower-ranked eligible player(s) could not sit out without making "
                "the round unpairable"
            )
        elif fld.byes[bye]:
            why = "lowest-ranked player among those with the fewest byes"
        else:
            why = "lowest-ranked player without a bye"
        return _build_result(
            fld, round_number, seed, pairs, bye, why, first_round_seeding if first_round else None
        )
    assert last_failure is not None
    stuck = ", ".join(str(fld.ids[i]) for i in last_failure.positions)
    if candidates != [None]:
        raise PairingError(
            "no_bye_candidate",
            "no player eligible for the bye (fewest byes so far) can sit out without leaving "
            f"others unpairable; stuck players: {stuck}",
            tuple(fld.ids[i] for i in last_failure.positions),
        )
    raise PairingError(
        "no_perfect_matching",
        "rematches and forbidden pairings leave no complete pairing; players that cannot all be "
        f"placed: {stuck}",
        tuple(fld.ids[i] for i in last_failure.positions),
    )


def _build_result(
    fld: Field,
    round_number: int,
    seed: int,
    pairs: list[tuple[int, int]],
    bye: int | None,
    bye_reason: str,
    seeding: Seeding | None,
) -> RoundPairing:
    """Tables in standings order (table 1 = best-placed player), each with its reason."""
    tables: list[Pairing] = []
    gaps: dict[int, int] = {}
    for a, b in sorted((min(p), max(p)) for p in pairs):
        pa, pb = fld.points[a], fld.points[b]
        rematch = b in fld.met[a]
        if seeding is Seeding.RANDOM:
            kind, text = PairingKind.FIRST_ROUND, "round 1: random draw"
        elif seeding is Seeding.RATING:
            kind, text = PairingKind.FIRST_ROUND, f"round 1: rating seeding, #{a + 1} v #{b + 1}"
        elif pa == pb:
            kind, text = PairingKind.SAME_POINTS, f"same points ({pa})"
        else:
            hi, lo = max(pa, pb), min(pa, pb)
            gaps[hi] = gaps.get(hi, 0) + hi - lo
            kind, text = PairingKind.PAIRED_DOWN, f"paired down from {hi} to {lo}"
        if rematch:
            text += "; rematch allowed by the organiser"
        tables.append(
            Pairing(
                table=len(tables) + 1,
                player_a=fld.ids[a],
                player_b=fld.ids[b],
                points_a=pa,
                points_b=pb,
                kind=kind,
                explanation=text,
                rematch=rematch,
            )
        )
    if bye is not None:
        tables.append(
            Pairing(
                table=len(tables) + 1,
                player_a=fld.ids[bye],
                player_b=None,
                points_a=fld.points[bye],
                points_b=None,
                kind=PairingKind.BYE,
                explanation=f"bye ({bye_reason}); counts as a win",
            )
        )
    return RoundPairing(
        round_number=round_number,
        seed=seed,
        pairings=tuple(tables),
        gap_cost=tuple(sorted(gaps.items(), reverse=True)),
    )
