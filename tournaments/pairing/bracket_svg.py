"""Draw a bracket as an SVG picture (a pure function: bracket in, markup out).

Each match is a box with one row per player; a match in a later round sits level with the matches
feeding it, and elbow lines join them, so the page shows the familiar tree rather than a table.
Players still unknown show where they will come from ("Winner W1-2", "Loser W2-1").
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from .models import PlayerId
from .topcut import Bracket, BracketMatch, Source

BOX_W = 190
ROW_H = 22
BOX_H = 2 * ROW_H
COL_GAP = 48
ROW_GAP = 18
MARGIN = 20
SECTION_GAP = 48
TITLE_H = 30  # the title line, clear of the first match's label
SECTION_LABEL_H = 30  # "Winners' bracket" above each half of a double elimination
#: The words drawn in the SVG; the Django side passes them translated (issue 18).
WORDS = {
    "winners": "Winners' bracket",
    "losers": "Losers' bracket",
    "winner": "Winner",
    "loser": "Loser",
    "title": "Top {size} bracket",
}


def _slot_text(
    match: BracketMatch,
    side: str,
    labels: Mapping[PlayerId, str] | None,
    words: Mapping[str, str] = WORDS,
) -> tuple[str, bool]:
    """Text of one row and whether that player won the match."""
    player = match.player_a if side == "a" else match.player_b
    seed = match.seed_a if side == "a" else match.seed_b
    source: Source = match.source_a if side == "a" else match.source_b
    if player is None:
        # Seeds are always resolved, so an empty slot waits on another match.
        assert isinstance(source, tuple)
        kind, match_id = source
        return f"{words['winner'] if kind == 'winner' else words['loser']} {match_id}", False
    name = labels.get(player, str(player)) if labels else str(player)
    return f"{seed}. {name}", match.winner is not None and match.winner == player


def _layout(bracket: Bracket) -> tuple[dict[str, tuple[float, float]], dict[str, float]]:
    """Top-left corner of every match box, and the height of each section's heading."""
    pos: dict[str, tuple[float, float]] = {}
    headings: dict[str, float] = {}
    top = MARGIN + TITLE_H
    bottom = top
    sections = ["winners", "losers"] if bracket.double else ["winners"]
    columns = 0
    for section in sections:
        if bracket.double:
            headings[section] = top
            top += SECTION_LABEL_H
        rounds = bracket.rounds(section)
        columns = max(columns, len(rounds))
        for r, matches in enumerate(rounds):
            x = MARGIN + r * (BOX_W + COL_GAP)
            for i, match in enumerate(matches):
                feeders = [
                    pos[s[1]][1]
                    for s in (match.source_a, match.source_b)
                    if isinstance(s, tuple)
                    and s[0] == "winner"
                    and s[1] in pos
                    and bracket.match(s[1]).section == section
                ]
                y = sum(feeders) / len(feeders) if feeders else top + i * (BOX_H + ROW_GAP)
                pos[match.match_id] = (x, y)
                bottom = max(bottom, y + BOX_H)
        top = bottom + SECTION_GAP
    for match in bracket.matches:
        if match.section == "final":
            ys = [pos[s[1]][1] for s in (match.source_a, match.source_b) if isinstance(s, tuple)]
            pos[match.match_id] = (MARGIN + columns * (BOX_W + COL_GAP), sum(ys) / len(ys))
    return pos, headings


def render_bracket_svg(
    bracket: Bracket,
    labels: Mapping[PlayerId, str] | None = None,
    title: str = "",
    words: Mapping[str, str] | None = None,
) -> str:
    """The bracket as a standalone ``<svg>`` element; ``labels`` maps player ids to names and
    ``words`` replaces the English ones of `WORDS` (a translation)."""
    words = {**WORDS, **(words or {})}
    pos, headings = _layout(bracket)
    width = max(x for x, _ in pos.values()) + BOX_W + MARGIN
    height = max(y for _, y in pos.values()) + BOX_H + MARGIN
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif" font-size="12" '
        'role="img">',
        f"<title>{escape(title or words['title'].format(size=bracket.size))}</title>",
    ]
    if title:
        out.append(
            f'<text x="{MARGIN}" y="{MARGIN + 12}" font-weight="bold">{escape(title)}</text>'
        )
    for section, y in headings.items():
        out.append(
            f'<text x="{MARGIN}" y="{y + 12:.1f}" font-weight="bold" fill="#444">'
            f"{escape(words[section])}</text>"
        )
    for match in bracket.matches:
        x, y = pos[match.match_id]
        for row, source in enumerate((match.source_a, match.source_b)):
            if not (isinstance(source, tuple) and source[0] == "winner"):
                continue
            fx, fy = pos[source[1]]
            x1, y1 = fx + BOX_W, fy + BOX_H / 2
            y2 = y + ROW_H * row + ROW_H / 2
            mid = x1 + COL_GAP / 2
            out.append(
                f'<path d="M{x1:.1f} {y1:.1f} H{mid:.1f} V{y2:.1f} H{x:.1f}" fill="none" '
                'stroke="#888" stroke-width="1.5"/>'
            )
    for match in bracket.matches:
        x, y = pos[match.match_id]
        out.append(f'<g class="match" data-match="{escape(match.match_id)}">')
        out.append(
            f'<text x="{x:.1f}" y="{y - 4:.1f}" font-size="10" fill="#666">'
            f"{escape(match.match_id)}</text>"
        )
        out.append(
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{BOX_W}" height="{BOX_H}" rx="4" '
            'fill="#fff" stroke="#333"/>'
        )
        out.append(
            f'<line x1="{x:.1f}" y1="{y + ROW_H:.1f}" x2="{x + BOX_W:.1f}" y2="{y + ROW_H:.1f}" '
            'stroke="#ccc"/>'
        )
        for row, side in enumerate(("a", "b")):
            text, won = _slot_text(match, side, labels, words)
            weight = ' font-weight="bold"' if won else ""
            fill = "#000" if (match.player_a if side == "a" else match.player_b) else "#999"
            out.append(
                f'<text x="{x + 8:.1f}" y="{y + ROW_H * row + 15:.1f}" fill="{fill}"{weight}>'
                f"{escape(text)}</text>"
            )
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out)
