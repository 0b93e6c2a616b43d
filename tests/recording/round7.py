"""Card audit round 7's whole games (tests/matchlogs/test_whole_games_round7.py) played through
the scoresheet as two phones at a table would: the world (the community roster with the games'
summon tokens as an organiser's release, the games' arena, the teams as registered), and a
driver that, before each event, looks for it among what the phone is offered (`offered`)."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from matches.recording import game as games
from matches.recording import selectors, services, setup
from matches.recording.models import Recording
from rules.catalog import services as catalog_services
from rules.engine.roster import CATALOG_FORMAT, parse_roster, profile_to_dict
from rules.models import Arena, Format
from tests.engine.roster_data import data_path
from tests.matchlogs import test_whole_games_round7 as round7
from tests.recording.helpers import World, build_world
from tournaments.models import Registration

RELEASE = "round7-recording"
#: The summon tokens the games read (inline in their logs: the roster has none).
TOKENS = [round7.TRICKY, round7.PRESPIC, round7.DRHELLER]
GAMES = {
    1: round7.game_1,
    2: round7.game_2,
    3: round7.game_3,
    4: round7.game_4,
    5: round7.game_5,
    6: round7.game_6,
    7: round7.game_7,
}


def round7_format() -> Format:
    """The community roster plus the games' summon tokens, imported as one release (an
    organiser's catalog with summon cards)."""
    found = Format.objects.filter(release__name=RELEASE, is_default=True).first()
    if found is not None:
        return found
    try:
        records = json.loads(data_path().read_text())
    except FileNotFoundError as missing:
        pytest.skip(str(missing))
    roster = parse_roster(records, release=RELEASE)
    profiles = [profile_to_dict(p) for p in roster.profiles]
    tokens = [t for t in TOKENS]
    document = {"format": CATALOG_FORMAT, "release": RELEASE, "profiles": profiles + tokens}
    imported = catalog_services.import_roster(document, release_name=RELEASE)
    return Format.objects.get(release=imported.release, is_default=True)


def round7_world(lines: list[dict[str, Any]]) -> tuple[World, Arena]:
    """The match of two registered players with the game's teams, on the game's arena."""
    games._games.clear()
    world = build_world(fmt=round7_format())
    layout = {k: v for k, v in round7.ARENA.items() if k not in ("width", "height")}
    arena = Arena.objects.create(slug="round-7-glade", is_playable=True, **layout)
    players = lines[0]["players"]
    for side, registration in (("A", world.match.player_a_id), ("B", world.match.player_b_id)):
        entries = [{"profile": m["profile"]} for m in players[side]["team"]]
        Registration.objects.filter(pk=registration).update(team_entries=entries)
    world.match.refresh_from_db()
    return world, arena


def start(world: World, arena: Arena, header: dict[str, Any]) -> Recording:
    """The first phone opens the scoresheet, taps the arena and the Timeline ties the log's
    header names (2.4.3.b)."""
    info = setup.setup_of(world.match)
    assert info.ready, info.problems
    wanted = header.get("timeline_ties", {})
    ties = {
        side: [sorted(group, key=wanted.get(side, group).index) for group in groups]
        for side, groups in info.ties.items()
    }
    recording = services.start(world.match, by=world.a, arena_id=arena.pk, ties=ties)
    assert (
        recording.header.get("timeline_ties", {})
        == {s: v for s, v in wanted.items() if s in info.ties}
        or not wanted
    )
    return recording


def _counts(dice: list[dict[str, Any]]) -> Counter[tuple[str, str]]:
    """The dice asked: the caster's Critical dice, each target's Armour dice."""
    return Counter(
        {(d["roll"], d["who"] if d["roll"] == "armour" else ""): d["count"] for d in dice}
    )


def _rolled(event: dict[str, Any]) -> Counter[tuple[str, str]]:
    rolls = event.get("rolls", {})
    found: Counter[tuple[str, str]] = Counter()
    if "critical" in rolls:
        found[("critical", "")] = len(rolls["critical"])
    for unit, dice in rolls.get("armour", {}).items():
        found[("armour", unit)] = len(dice)
    return found


def offered(game: games.Game, event: dict[str, Any]) -> None:
    """Assert that `event` is what the phone offers now (the prompt, a move, a target with the
    dice it asks, another action)."""
    prompt = selectors.options.prompt(game.state).to_dict()
    kind = event["e"]
    if kind == "place":
        assert prompt["step"] == "place", prompt
        assert event["unit"] in prompt["data"]["units"] and event["cell"] in prompt["data"]["cells"]
    elif kind == "tension":
        assert prompt["step"] == "tension", prompt
        assert prompt["data"]["dice"]["count"] == len(event["dice"])
    elif kind == "inspire":
        assert prompt["step"] == "inspire_or_activate", prompt
        assert event["die"] in [d["die"] for d in prompt["data"]["dice"]], prompt
        assert event["unit"] in prompt["data"]["krosmasters"], prompt
    elif kind == "activate":
        assert prompt["step"] in ("activate", "inspire_or_activate"), prompt
        assert event["unit"] in prompt["data"]["units"], prompt
        assert selectors.activate_payload(game, event["unit"])["choice"] is None
    elif kind == "resolve":
        assert prompt["step"] == "resolve", prompt
        needs = selectors.resolve_payload(game, event["source"])
        assert _counts(needs["dice"]) == _rolled(event), (needs, event)
    elif kind == "move":
        found = selectors.options_payload(game, event["unit"])
        moves = {m["cell"]: m for m in found["moves"]}
        assert event["to"] in moves, (event, sorted(moves))
        blocks = moves[event["to"]]["blocks"]
        asked = {(b["by"], b["lock"]["count"], b["dodge"]["count"]) for b in blocks}
        given = {(b["by"], len(b["lock"]), len(b["dodge"])) for b in event.get("block", [])}
        assert asked == given, (event, blocks)
    elif kind == "cast":
        found = selectors.options_payload(game, event["unit"])
        spells = {s["name"]: s for s in found["spells"]}
        spell = spells[event["spell"]]
        assert spell["refused"] is None, spell
        assert event["target"] in [t["cell"] for t in spell["targets"]], (event, spell)
        needs = selectors.cast_payload(
            game, event["unit"], event["spell"], event["target"], event.get("direction")
        )
        assert needs["choice"] is None, needs
        assert _counts(needs["dice"]) == _rolled(event), (needs, event)
    else:
        found = selectors.options_payload(game, event["unit"])
        actions = {a["e"]: a for a in found["actions"]}
        assert kind in actions, (event, actions)
        if kind == "pick_kama":
            assert event["count"] <= actions[kind]["max"]


def play(
    world: World, recording: Recording, events: list[dict[str, Any]], *, paths: bool = False
) -> games.Game:
    """Each event offered, then recorded by the phone whose turn it is, one action each; with
    `paths`, a piece's steps in a row are one action, as a tap on a green cell records them
    (the last cell must be offered too)."""
    game = games.load(recording, selectors.time_policy(world.match))
    for action in _actions(events) if paths else [[e] for e in events]:
        offered(game, action[0])
        if len(action) > 1:
            moves = selectors.options_payload(game, action[0]["unit"])["moves"]
            assert action[-1]["to"] in [m["cell"] for m in moves], action
        side = selectors.options.prompt(game.state).side
        appended = services.append(
            recording,
            by=world.user(side),
            events=[dict(e) for e in action],
            after=recording.version,
        )
        game = appended.game
    return game


def _actions(events: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """Steps of one piece in a row grouped; a blocked step is an action of its own, as the
    phone offers only the adjacent cells there and asks the Block roll (docs/recording.md)."""
    actions: list[list[dict[str, Any]]] = []
    for event in events:
        last = actions[-1] if actions else None
        if (
            last
            and event["e"] == last[-1]["e"] == "move"
            and event["unit"] == last[-1]["unit"]
            and "block" not in event
            and "block" not in last[0]
        ):
            last.append(event)
        else:
            actions.append([event])
    return actions


def events_of(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events a phone records: no header, checkpoints or result."""
    return [e for e in lines[1:] if e.get("e") not in ("checkpoint", "result")]
