"""A small world for recording tests: two one-Krosmaster teams, an arena, a published match.

The release `recording-test` holds invented cards (no card data is copied): Striker, fast
with a ranged Fire spell, and Dummy, slow with 3 HP (the default teams); Conjurer, whose "Call
Tofu (1)" summons a Sparring Tofu (the roster has no summon profiles, so the world invents one),
a Training Bomb summon card, and Trapper with the Training Trap he sets. The arena "Scoresheet
Field" puts 3 Kamas on a Demon cell (e3) next to player A's start cell e2, so one turn can pick
them up and buy a Demonic Reward. `GAME` is a complete game by A's and B's taps: a Block roll
(turn 3, leaving e10 next to B1), a Fire spell with Critical and Armour dice, a KO and A's win
(1.4.3).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from matches.models import Match
from rules.catalog import services as catalog_services
from rules.models import Arena, Format
from tests.engine.roster_data import data_path
from tests.factories import make_running_event, make_user
from tournaments import services
from tournaments.models import Event, Registration

RELEASE = "recording-test"


def _spell(name: str, **fields: Any) -> dict[str, Any]:
    base = {
        "name": name,
        "cost": {"ap": 3},
        "range_kind": "melee",
        "range_min": 1,
        "range_max": 1,
        "range_modifiable": False,
        "range_line": False,
        "range_los": True,
        "element": "neutral",
        "base_damage": 2,
        "limit": "unlimited",
    }
    return {**base, **fields}


def _card(code: str, name: str, **stats: Any) -> dict[str, Any]:
    spells = stats.pop("spells")
    return {
        "id": code,
        "name": name,
        "name_colour": "white",
        "types": stats.pop("types", []),
        "season": "s1",
        "edition": "rec",
        **stats,
        "spells": spells,
    }


CARDS = [
    _card(
        "rec-striker",
        "Striker",
        level=2,
        initiative=8,
        ap=8,
        mp=8,
        hp=8,
        spells=[
            _spell(
                "Arc Bolt",
                range_kind="ranged",
                range_min=1,
                range_max=6,
                element="fire",
                base_damage=3,
            )
        ],
    ),
    _card("rec-dummy", "Dummy", level=1, initiative=2, ap=6, mp=3, hp=3, spells=[_spell("Jab")]),
    # A summoner and the summon it calls (4.19): the summon's card has its Strength, so the
    # set-up copies it into the header (4.19.9.d), where the replay looks for it.
    _card(
        "rec-conjurer",
        "Conjurer",
        level=2,
        initiative=6,
        ap=6,
        mp=3,
        hp=8,
        spells=[
            _spell(
                "Call Tofu (1)",
                cost={"ap": 2},
                range_kind="ranged",
                range_min=1,
                range_max=2,
                element=None,
                base_damage=None,
                effects="Summons a SPARRING TOFU on the targeted free cell.",
            )
        ],
    ),
    _card(
        "rec-tofu",
        "Sparring Tofu",
        level=1,
        initiative=0,
        ap=4,
        mp=4,
        hp=2,
        strength=1,
        spells=[_spell("Peck", cost={"ap": 2}, base_damage=1, element="air")],
    ),
    # A Bomb token with its Strength: the set-up copies it into the header (4.19.9.d). A Bomb
    # explodes at the start of its summoner's turn (4.19.5): its Explosion waits on standby for
    # the dice of a `resolve` event.
    _card(
        "rec-bomb",
        "Training Bomb",
        level=1,
        initiative=0,
        ap=0,
        mp=0,
        hp=1,
        strength=2,
        types=["Bomb"],
        spells=[_spell("Fizzle", element="fire")],
    ),
    # Gambler tosses a coin in Lucky Shot (7.2.4) and drops Training Bombs.
    _card(
        "rec-gambler",
        "Gambler",
        level=2,
        initiative=7,
        ap=8,
        mp=8,
        hp=8,
        spells=[
            _spell(
                "Lucky Shot",
                range_kind="ranged",
                range_min=1,
                range_max=6,
                element="fire",
                base_damage=2,
                effects="Play heads or tails to inflict +2 {F} .",
            ),
            _spell(
                "Drop Bomb (1)",
                cost={"ap": 2},
                range_kind="ranged",
                range_min=1,
                range_max=2,
                element=None,
                base_damage=None,
                effects="Summons a TRAINING BOMB on the targeted free cell.",
            ),
        ],
    ),
    # Trapper sets a Training Trap (4.19.7): a character of the other side that enters its cell
    # makes it Click, and the Click waits on standby for the dice of a `resolve` event.
    _card(
        "rec-trapper",
        "Trapper",
        level=2,
        initiative=7,
        ap=8,
        mp=8,
        hp=8,
        spells=[
            _spell(
                "Set Trap (1)",
                cost={"ap": 2},
                range_kind="ranged",
                range_min=1,
                range_max=2,
                element=None,
                base_damage=None,
                effects="Summons a TRAINING TRAP on the targeted free cell.",
            )
        ],
    ),
    _card(
        "rec-trap",
        "Training Trap",
        level=1,
        initiative=0,
        # The catalog format needs AP and MP: with 0 MP this invented Trap is a character that
        # takes its turns and Locks, where a printed Trap is a mechanism (4.3.4.b, 4.19.7.a).
        ap=0,
        mp=0,
        hp=1,
        strength=1,
        types=["Trap"],
        spells=[
            _spell(
                "Click",
                element="fire",
                range_kind="self",
                range_min=None,
                range_max=None,
                base_damage=2,
            )
        ],
    ),
    # Lucky Kerub's powers change his rolls: Puddlage adds a die against a WATER caster (his
    # own Jab is WATER), and Ecaflip's Second Chance rerolls a roll that failed a die (1.6).
    _card(
        "rec-kerub",
        "Lucky Kerub",
        level=2,
        initiative=5,
        ap=8,
        mp=9,
        hp=8,
        powers=[
            {"slug": "puddlage", "name": "Puddlage"},
            {"slug": "ecaflip-second-chance", "name": "Ecaflip's Second Chance"},
        ],
        spells=[_spell("Jab", element="water")],
    ),
    # Brute's two powers trigger on the same Injuries (4.10.6.a): two effects on standby whose
    # order the active player chooses (7.2.9.a).
    _card(
        "rec-brute",
        "Brute",
        level=2,
        initiative=2,
        ap=6,
        mp=3,
        hp=12,
        powers=[
            {"slug": "adrenaline", "name": "Adrenaline"},
            {"slug": "rolbak", "name": "Rolbak"},
        ],
        spells=[_spell("Jab")],
    ),
]

ARENA = {
    "name": "Scoresheet Field",
    "slug": "scoresheet-field",
    "trees": ["b6", "k6"],
    "bushes": [],
    "crates": [],
    "demon_cells": ["e3", "h10"],
    "kamas": {"e3": 3},
    "start_cells": {"A": ["e2", "f2"], "B": ["e11", "f11"]},
}


def ev(e: str, **fields: Any) -> dict[str, Any]:
    return {"e": e, **fields}


#: A complete game, action by action (each a list of events), as the phones record it.
GAME: list[list[dict[str, Any]]] = [
    [ev("place", unit="A1", cell="e2")],
    [ev("place", unit="B1", cell="e11")],
    [ev("activate", unit="A1")],
    [ev("move", unit="A1", to="e3")],
    [ev("pick_kama", unit="A1", count=3)],
    [ev("buy_reward", unit="A1", rank="granite", reward="", assign_to="A1")],
    [ev("move", unit="A1", to=c) for c in ("e4", "e5", "e6", "e7", "e8", "e9", "e10")],
    [ev("end", unit="A1")],
    [ev("tension", dice=["critical", "lock"])],
    [ev("activate", unit="B1")],
    [ev("end", unit="B1")],
    [ev("tension", dice=["armour", "dodge"])],
    [ev("activate", unit="A1")],
    [
        ev(
            "move",
            unit="A1",
            to="d10",
            block=[{"by": "B1", "lock": ["armour"], "dodge": ["dodge"]}],
        )
    ],
    [
        ev(
            "cast",
            unit="A1",
            spell="Arc Bolt",
            target="e11",
            rolls={"critical": ["critical"], "armour": {"B1": ["armour"]}},
        )
    ],
]
REWARD = {"rank": "granite", "kind": "buff"}
#: Which side records each action of GAME.
SIDES = ["A", "B", "A", "A", "A", "A", "A", "A", "B", "B", "B", "A", "A", "A", "A"]


@dataclass
class World:
    match: Match
    a: Any
    b: Any
    judge: Any
    outsider: Any

    def user(self, side: str) -> Any:
        return self.a if side == "A" else self.b


def recording_format() -> Format:
    found = Format.objects.filter(release__name=RELEASE, is_default=True).first()
    if found is not None:
        return found
    document = {"format": "krosmaster-catalog/1", "release": RELEASE, "profiles": CARDS}
    imported = catalog_services.import_roster(document, release_name=RELEASE, activate=False)
    return Format.objects.get(release=imported.release, is_default=True)


def community_format() -> Format:
    """The community roster imported as a release (the card data stays outside the repo)."""
    try:
        imported = catalog_services.import_roster_file(data_path(), release_name="community")
    except FileNotFoundError as missing:
        pytest.skip(str(missing))
    return Format.objects.get(release=imported.release, is_default=True)


def build_world(
    teams: tuple[str, str] = ("rec-striker", "rec-dummy"),
    fmt: Format | None = None,
    players: int = 2,
    **settings: Any,
) -> World:
    """The world; `fmt` another format than the invented cards' (the community roster's);
    `players` more than 2 pairs other matches beside the one recorded."""
    organiser, judge = make_user(), make_user()
    event, _ = make_running_event(players, organiser=organiser, **settings)
    Event.objects.filter(pk=event.pk).update(format=fmt or recording_format())
    Arena.objects.get_or_create(slug=ARENA["slug"], defaults={**ARENA, "is_playable": True})
    event.refresh_from_db()
    services.grant_role(event=event, user=judge, role="judge")
    round_, _ = services.pair_next_round(event)
    services.publish_round(round_)
    match = round_.matches.order_by("pk").first()
    profiles = {match.player_a_id: teams[0], match.player_b_id: teams[1]}
    for pk, profile in profiles.items():
        Registration.objects.filter(pk=pk).update(team_entries=[{"profile": profile}])
    match = Match.objects.get(pk=match.pk)
    return World(match, match.player_a.user, match.player_b.user, judge, make_user())
