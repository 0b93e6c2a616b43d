"""Whole games (card audit round 7, session 12): seven complete logs of plausible competitive
games in the held-out style, teams of Season-legal profiles built to 1.1.1 (3 to 8 Krosmasters,
12 Levels), several turns each with Kamas, sold Inspiration dice, casts with Critical and Armour
dice, Blocks, summons (inline tokens: the roster has none), doubles at the Roll for Tension and a
GG purchase. Five end (by GG after a KO, by Tension, by a GG purchase, by KO under 1.4.3); two
break a rule in the middle. Every checkpoint and the verdict were worked out by hand from the
rules and the cards before the engine was run (docs/rules-examples.md, "Card audit round 7
(session 12)")."""

from __future__ import annotations

from typing import Any

from rules.engine.replay import Status
from tests.matchlogs.audit import spell
from tests.matchlogs.cards import token
from tests.matchlogs.conftest import ev, verify

# A 12 x 12 arena of the organiser's: Trees and a Bush off the lanes, two Demon cells, Kamas.
ARENA: dict[str, Any] = {
    "name": "Round 7 Glade", "width": 12, "height": 12,
    "trees": ["b6", "k7"], "bushes": ["a5"], "demon_cells": ["d3", "i10"],
    "kamas": {"d2": 2, "c3": 2, "e4": 2, "h9": 2, "j10": 2},
    "start_cells": {
        "A": ["d1", "e1", "f1", "g1", "h1", "i1"], "B": ["d12", "e12", "f12", "g12", "h12", "i12"],
    },
}  # fmt: skip
# Summon tokens, with what the games read: a Tricky Trap's Click (1 NEUTRAL, the audit's), a
# Prespic (4 HP), a Gray Drheller (3 HP), both Mobs with a 3 AP melee Bite of 1 NEUTRAL.
CLICK = spell("Click", kind="self", element="neutral", damage=1, cost={})
TRICKY = token("token-tricky-trap", "Tricky Trap", "s2", mp=None, ap=None, hp=None, spells=[CLICK])
PRESPIC = token("token-prespic", "Prespic", "s2", hp=4)
DRHELLER = token("token-gray-drheller", "Gray Drheller", "s6", hp=3)


def head(a: tuple[str, ...], b: tuple[str, ...], *profiles: dict, **extra: Any) -> dict:
    """Alice's team `a` as A1, A2..., Bob's `b` as B1, B2..., on the arena above."""
    players = {
        side: {
            "name": name,
            "team": [{"unit": f"{side}{i}", "profile": p} for i, p in enumerate(team, 1)],
        }
        for side, name, team in (("A", "Alice", a), ("B", "Bob", b))
    }
    return {"format": "kml/1", "ruleset": "fanmade-4.1", "arena": ARENA, "players": players,
            "profiles": list(profiles), **extra}  # fmt: skip


def mv(unit: str, *cells: str, block: list[dict] | None = None) -> list[dict[str, Any]]:
    """Steps to `cells` in turn; `block` goes with the first step."""
    steps = [ev("move", unit=unit, to=c) for c in cells]
    if block:
        steps[0]["block"] = block
    return steps


def turn(unit: str, *events: dict[str, Any] | list[dict[str, Any]]) -> list[dict[str, Any]]:
    flat: list[dict[str, Any]] = []
    for e in events:
        flat += e if isinstance(e, list) else [e]
    return [ev("activate", unit=unit), *flat, ev("end", unit=unit)]


def cast(unit: str, name: str, target: str, crit: list[str] | None = None,
         armour: dict[str, list[str]] | None = None) -> dict[str, Any]:  # fmt: skip
    rolls: dict[str, Any] = {}
    if crit is not None:
        rolls["critical"] = crit
    if armour is not None:
        rolls["armour"] = armour
    return ev("cast", unit=unit, spell=name, target=target, **({"rolls": rolls} if rolls else {}))


def tension(first: str, second: str) -> dict[str, Any]:
    return ev("tension", dice=[first, second])


def cp(**claims: Any) -> dict[str, Any]:
    """A checkpoint: the figures worked out by hand at that point."""
    return ev("checkpoint", **claims)


def places(*cells: tuple[str, str]) -> list[dict[str, Any]]:
    return [ev("place", unit=u, cell=c) for u, c in cells]


def game_1() -> list[dict[str, Any]]:
    """Game 1: Kitty Rage, Jahash, Choppy Sue against Gein, Raul Bak, Tiktokovitch (B first,
    1.3.1); a Tricky Trap passed over by Titanic Leap (4.19.7.d), a double (5.2.3), Chakra Impulse,
    Clock's stolen AP; Cut's Hand reaches Tiktokovitch, then Choppy Sue KOs Gein: B's last GG goes
    with him (4.6.2) and A wins by GG (1.4.1)."""
    header = head(
        ("s2-dks2-8", "s4-ks4-6", "s2-junior-2"),
        ("s2-dks2-25", "s2-dks2-4", "s2-junior-1"),
        TRICKY,
        timeline_ties={"A": ["A2", "A3"]},
    )
    lines = [
        header,
        *places(
            ("B1", "f12"), ("B2", "g12"), ("B3", "e12"), ("A1", "e1"), ("A2", "f1"), ("A3", "g1")
        ),
    ]
    # Turn 1 (B)
    lines += turn("B1", mv("B1", "f11", "f10", "f9", "f8"), cast("B1", "Set Tricky Trap (4)", "f6"))
    lines += turn("B1/tricky-trap-1")
    lines += turn("B2", mv("B2", "g11", "g10", "g9"))
    lines += turn("B3", mv("B3", "e11", "e10", "e9"))
    lines += [cp(gg={"A": 6, "B": 6, "wild": True}, kamas={"A": 0, "B": 0})]
    # Turn 2 (A)
    lines += [tension("lock", "dodge")]
    lines += turn("A1", mv("A1", "e2", "e3", "e4"), ev("pick_kama", unit="A1", count=2))
    lines += turn(
        "A2",
        mv("A2", "f2", "f3", "f4"),
        cast(
            "A2", "Titanic Leap", "f8", crit=["critical", "lock"], armour={"B1": ["lock", "dodge"]}
        ),
        cp(units={"A2": {"cell": "f7", "ap": 3}, "B1": {"injuries": 2}}),
        cast("A2", "HupperPunch", "f8", crit=["lock", "armour"], armour={"B1": ["armour", "lock"]}),
    )
    lines += turn(
        "A3",
        mv("A3", "g2", "g3", "g4"),
        cast("A3", "Verdict", "g9", crit=["critical", "critical"], armour={"B2": ["armour"]}),
    )
    lines += [cp(kamas={"A": 5, "B": 0}, units={"B1": {"injuries": 3}, "B2": {"injuries": 3}})]
    # Turn 3 (B)
    lines += [tension("critical", "armour")]
    lines += turn(
        "B1",
        cast("B1", "Mistake", "f7", crit=["critical", "lock"], armour={"A2": ["lock"]}),
        cast("B1", "Chakra Impulse", "f8"),
        cp(units={"A2": {"injuries": 4}, "B1": {"ap": 6}}),
        cast(
            "B1", "Mistake", "f7", crit=["critical", "critical", "lock"], armour={"A2": ["armour"]}
        ),
    )
    lines += turn("B1/tricky-trap-1")
    lines += turn(
        "B2",
        cast(
            "B2",
            "Clock",
            "g4",
            crit=["critical", "dofus:critical", "lock"],
            armour={"A3": ["armour"]},
        ),
    )
    lines += turn(
        "B3",
        cast("B3", "Frostbite", "e4", crit=["critical"], armour={"A1": ["dodge"]}),
        cast("B3", "Frostbite", "e4", crit=["lock"], armour={"A1": ["armour"]}),
    )
    lines += [
        cp(
            kamas={"A": 5, "B": 3},
            units={"A1": {"injuries": 2}, "A2": {"injuries": 8}, "A3": {"injuries": 3}},
        )
    ]
    # Turn 4 (A): a double, no reroll (5.2.3)
    lines += [tension("lock", "lock"), cp(gg={"A": 5, "B": 5, "wild": True})]
    lines += turn(
        "A1",
        mv("A1", "e5", "e6"),
        cast("A1", "Ardent Mutilation", "e6"),
        cast("A1", "Strength Storm", "e9", crit=["critical"], armour={"B3": ["lock"]}),
        cast("A1", "Strength Storm", "e9", crit=["critical"], armour={"B3": ["armour"]}),
    )
    lines += turn(
        "A2",
        cast(
            "A2", "HupperPunch", "f8", crit=["critical", "lock"], armour={"B1": ["lock", "dodge"]}
        ),
        cast(
            "A2",
            "HupperPunch",
            "f8",
            crit=["critical", "critical"],
            armour={"B1": ["armour", "armour"]},
        ),
    )
    lines += turn(
        "A3",
        mv("A3", "g5", "g6"),
        cp(units={"A3": {"ap": 5}}),
        cast("A3", "Strong Sword", "g9", crit=["critical", "lock"], armour={"B2": ["lock"]}),
    )
    lines += [
        cp(
            kamas={"A": 8, "B": 3},
            units={
                "A1": {"injuries": 3},
                "B3": {"injuries": 5},
                "B1": {"injuries": 8},
                "B2": {"injuries": 5, "cell": "g11"},
            },
        )
    ]
    # Turn 5 (B): Gein KOs Jahash (Level 4): the wild GG, then 3 of A's (4.6.2)
    lines += [tension("dodge", "critical")]
    lines += turn(
        "B1",
        cast(
            "B1",
            "Mistake",
            "f7",
            crit=["critical", "critical", "critical"],
            armour={"A2": ["armour"]},
        ),
        cp(gg={"A": 2, "B": 9, "wild": False}, units={"A2": {"cell": None}}),
        mv("B1", "f7", "e7"),
    )
    lines += turn("B1/tricky-trap-1")
    lines += turn(
        "B2",
        cp(units={"B2": {"ap": 7}}),
        cast("B2", "Clock", "g6", crit=["critical", "lock", "lock"], armour={"A3": ["lock"]}),
    )
    lines += turn(
        "B3",
        cast("B3", "Frostbite", "e6", crit=["critical"], armour={"A1": ["lock"]}),
        cast("B3", "Frostbite", "e6", crit=["lock"], armour={"A1": ["lock"]}),
    )
    lines += [cp(kamas={"A": 8, "B": 6}, units={"A1": {"injuries": 6}, "A3": {"injuries": 6}})]
    # Turn 6 (A): Cut's Hand KOs Tiktokovitch (3 GG), Choppy Sue KOs Gein (6): B has none
    lines += [tension("armour", "dodge")]
    lines += turn(
        "A1",
        cast("A1", "Ardent Mutilation", "e6"),
        cast(
            "A1",
            "Cut",
            "e7",
            crit=["critical"],
            armour={"B1": ["lock", "dodge"], "B3": ["armour", "armour"]},
        ),
        cp(
            gg={"A": 5, "B": 6, "wild": False},
            units={"A1": {"injuries": 7, "ap": 2}, "B1": {"injuries": 11}, "B3": {"cell": None}},
        ),
    )
    lines += turn(
        "A3",
        mv("A3", "g7", "f7"),
        cp(units={"A3": {"ap": 5}}),
        cast(
            "A3", "Strong Sword", "e7", crit=["critical", "lock"], armour={"B1": ["lock", "lock"]}
        ),
    )[:-1]  # the game is over with that KO: no `end` (1.4)
    lines += [ev("result", winner="A", reason="gg", gg={"A": 11, "B": 0})]
    return lines


def game_2() -> list[dict[str, Any]]:
    """Game 2: Mopy King, Bakara, Bonta Riktus, Ira Tayte against Kitty Rage, Mil Kluva, Kip
    Agau, Mike Locke; a Prespic summoned and KO'd (no GG, 4.19.1.c), Mopy King Locked by Mil
    Kluva (4.14.2.d), The Hideous Tower's switch, HupperKut's -1 MP, a GG bought on d3 (6.3.4).
    Turn 6: Kitty Rage walks three cells with a -1 MP marker (4.11.5): her third step has no MP."""
    header = head(
        ("s4-cpk-3", "s4-ks4-8", "s2-dks2-29", "s2-dks2-2"),
        ("s2-dks2-8", "s2-junior-3", "s2-junior-4", "s2-dks2-6"),
        PRESPIC,
        timeline_ties={"B": ["B3", "B4"]},
    )
    lines = [
        header,
        *places(
            ("A1", "e1"),
            ("A2", "f1"),
            ("A3", "d1"),
            ("A4", "g1"),
            ("B1", "f12"),
            ("B2", "e12"),
            ("B3", "g12"),
            ("B4", "d12"),
        ),
    ]
    # Turn 1 (A)
    lines += turn(
        "A1", mv("A1", "e2", "e3", "e4"), ev("pick_kama", unit="A1", count=2), mv("A1", "e5")
    )
    lines += turn("A2", mv("A2", "f2", "f3", "f4"))
    lines += turn(
        "A3",
        mv("A3", "d2"),
        ev("pick_kama", unit="A3", count=2),
        mv("A3", "c2", "c3"),
        ev("pick_kama", unit="A3", count=2),
    )
    lines += turn("A4", mv("A4", "g2", "g3"), cast("A4", "Summon Prespic (1)", "g4"))
    lines += turn("A4/prespic-1", mv("A4/prespic-1", "g5", "g6", "g7"))
    lines += [cp(kamas={"A": 6, "B": 0})]
    # Turn 2 (B)
    lines += [tension("critical", "lock")]
    lines += turn(
        "B1",
        mv("B1", "f11", "g11", "g10"),
        cast("B1", "Strength Storm", "g7", crit=["critical"], armour={"A4/prespic-1": []}),
        cast("B1", "Strength Storm", "g7", crit=["lock"], armour={"A4/prespic-1": []}),
        cp(units={"A4/prespic-1": {"injuries": 3}, "B1": {"ap": 2, "mp": 0}}),
    )
    lines += turn("B2", mv("B2", "e11", "e10", "e9"))
    lines += turn(
        "B3",
        mv("B3", "h12", "h11", "h10", "h9"),
        ev("pick_kama", unit="B3", count=2),
        cast("B3", "Charity", "g7", crit=["critical"], armour={"A4/prespic-1": []}),
    )
    lines += turn("B4", mv("B4", "d11", "d10"))
    lines += [
        cp(
            gg={"A": 6, "B": 6, "wild": True},
            kamas={"A": 6, "B": 5},
            units={"A4/prespic-1": {"cell": None}},
        )
    ]
    # Turn 3 (A)
    lines += [tension("armour", "dodge")]
    lines += turn(
        "A1",
        mv("A1", "e6", "e7", "e8"),
        cast("A1", "Mopushy", "e9", crit=["critical"], armour={"B2": ["lock"]}),
        cp(units={"B2": {"cell": "e10", "injuries": 2}}),
        mv("A1", "e9"),
        cast("A1", "Mopushy", "e10", crit=["lock"], armour={"B2": ["armour"]}),
    )
    lines += turn(
        "A2",
        mv("A2", "f5", "f6", "f7"),
        cast("A2", "Fantasagoria", "g10", crit=["critical", "lock"], armour={"B1": ["lock"]}),
        cast("A2", "Fantasagoria", "g10", crit=["critical", "critical"], armour={"B1": ["armour"]}),
    )
    lines += turn("A3", mv("A3", "d3"))
    lines += turn("A4", mv("A4", "g4", "g5", "g6"))
    lines += [cp(kamas={"A": 9, "B": 5}, units={"B1": {"injuries": 2}, "B2": {"injuries": 2}})]
    # Turn 4 (B): Kitty Rage KOs Ira Tayte (Level 2): the wild GG and 1 of A's
    lines += [tension("dodge", "lock")]
    lines += turn(
        "B1",
        cast("B1", "Ardent Mutilation", "g10"),
        cast("B1", "Strength Storm", "g6", crit=["critical"], armour={"A4": []}),
        cast("B1", "Strength Storm", "g6", crit=["critical"], armour={"A4": []}),
    )
    lines += turn(
        "B2",
        mv("B2", "e10"),
        cast("B2", "Pandatak", "e9", crit=["critical"], armour={"A1": ["lock"]}),
        cast("B2", "Pandatak", "e9", crit=["lock"], armour={"A1": ["lock"]}),
    )
    lines += turn(
        "B3",
        cast("B3", "Charity", "f7", crit=["critical"], armour={"A2": []}),
        cast("B3", "Charity", "f7", crit=["lock"], armour={"A2": []}),
    )
    lines += turn("B4")
    lines += [
        cp(
            gg={"A": 5, "B": 8, "wild": False},
            kamas={"A": 9, "B": 8},
            units={
                "A4": {"cell": None},
                "A1": {"injuries": 5},
                "A2": {"injuries": 3},
                "B1": {"injuries": 3},
            },
        )
    ]
    # Turn 5 (A): Mopy King Locked by Mil Kluva (4.14.2.d); Bonta Riktus buys a GG on d3 (6.3.4)
    lines += [tension("critical", "dodge")]
    lines += turn(
        "A1",
        mv(
            "A1", "f9", block=[{"by": "B2", "lock": ["lock", "lock"], "dodge": ["dodge", "armour"]}]
        ),
        cp(units={"A1": {"cell": "f9", "ap": 4, "mp": 0}}),
        cast("A1", "The Hideous Tower", "g10", crit=["critical"], armour={"B1": ["lock"]}),
        cp(units={"A1": {"cell": "g10", "ap": 1}, "B1": {"cell": "f9", "injuries": 4}}),
    )
    lines += turn(
        "A2",
        mv("A2", "f8"),
        cast("A2", "HupperKut", "f9", crit=["critical"], armour={"B1": ["armour"]}),
        cp(units={"A2": {"cell": "f7"}, "B1": {"injuries": 6}}),
    )
    lines += turn("A3", ev("buy_gg", unit="A3"))
    lines += [cp(gg={"A": 6, "B": 7, "wild": False}, kamas={"A": 0, "B": 8})]
    # Turn 6 (B): Kitty Rage forgets her -1 MP marker (4.11.5): 2 MP this turn
    lines += [tension("lock", "critical")]
    lines += [
        ev("activate", unit="B1"),
        *mv("B1", "f8"),
        *mv("B1", "e8", block=[{"by": "A2", "lock": ["armour"], "dodge": ["dodge", "dodge"]}]),
        *mv("B1", "e7"),
    ]
    return lines


def game_3() -> list[dict[str, Any]]:
    """Game 3: Gein, Grougalorasalar, Arpagone - Young against Kitty Rage, Bakara, Justice
    Knight Jr; a Gray Drheller summoned twice (4.19.9.e) that KOs Kitty Rage, Mistake's multiple
    targets, Shadowflame's Breath, a Block by a summon escaped; two doubles: the second takes B's
    last GG and A wins by Tension (5.2.3)."""
    header = head(
        ("s2-dks2-25", "s5-wild-15", "s6-botf-3"), ("s2-dks2-8", "s4-ks4-8", "s4-duel3-2"), DRHELLER
    )
    lines = [
        header,
        *places(
            ("A1", "e1"), ("A2", "f1"), ("A3", "g1"), ("B1", "f12"), ("B2", "e12"), ("B3", "g12")
        ),
    ]
    # Turn 1 (A)
    lines += turn("A1", mv("A1", "e2", "e3", "e4", "e5", "e6"))
    lines += turn("A2", mv("A2", "f2", "f3", "f4"))
    lines += turn("A3", mv("A3", "g2", "g3", "g4"), cast("A3", "Call Gray Drheller (3)", "g6"))
    lines += turn("A3/gray-drheller-1", mv("A3/gray-drheller-1", "g7", "g8"))
    # Turn 2 (B): a double, no reroll: each player loses a GG (5.2.3)
    lines += [tension("dofus:armour", "armour"), cp(gg={"A": 5, "B": 5, "wild": True})]
    lines += turn(
        "B2",
        mv("B2", "e11", "e10"),
        cast(
            "B2",
            "Fantasagoria",
            "g8",
            crit=["critical", "lock"],
            armour={"A3/gray-drheller-1": ["lock"]},
        ),
        cast(
            "B2",
            "Fantasagoria",
            "g8",
            crit=["lock", "lock"],
            armour={"A3/gray-drheller-1": ["lock"]},
        ),
        cp(gg={"A": 5, "B": 5, "wild": True}, units={"A3/gray-drheller-1": {"cell": None}}),
    )
    lines += turn(
        "B1",
        mv("B1", "f11", "f10", "f9"),
        cast("B1", "Ardent Mutilation", "f9"),
        cast("B1", "Strength Storm", "e6", crit=["critical"], armour={"A1": ["lock"]}),
        cast("B1", "Strength Storm", "e6", crit=["lock"], armour={"A1": ["armour"]}),
    )
    lines += turn("B3", mv("B3", "g11", "g10", "g9", "g8"))
    lines += [cp(kamas={"A": 0, "B": 3}, units={"A1": {"injuries": 4}, "B1": {"injuries": 1}})]
    # Turn 3 (A): Kitty Rage KO'd by the Gray Drheller (Level 5: the wild GG and 4 of B's)
    lines += [tension("lock", "dodge")]
    lines += turn(
        "A1",
        mv("A1", "e7", "e8", "e9"),
        cast(
            "A1",
            "Mistake",
            "f9",
            crit=["critical", "critical"],
            armour={"B1": ["lock"], "B2": ["armour"]},
        ),
        cast("A1", "Chakra Impulse", "e9"),
        cast(
            "A1",
            "Mistake",
            "f9",
            crit=["critical", "lock", "lock"],
            armour={"B1": ["armour"], "B2": ["lock"]},
        ),
        cast("A1", "Insecticide", "f9", crit=["critical", "lock", "lock"], armour={"B1": ["lock"]}),
        cp(units={"B1": {"injuries": 9}, "B2": {"injuries": 8}, "A1": {"ap": 1}}),
    )
    lines += turn(
        "A2",
        mv("A2", "f5", "g5", "g6"),
        cast(
            "A2",
            "Shadowflame",
            "g8",
            crit=["critical"],
            armour={"B3": ["lock", "lock"], "B1": ["lock"]},
        ),
        cp(units={"A2": {"injuries": 1}, "B3": {"injuries": 3}, "B1": {"injuries": 12}}),
    )
    lines += turn(
        "A3",
        mv("A3", "f4", "f5", "f6"),
        cast("A3", "Volcano", "f9", crit=["critical"], armour={"B1": []}),
        cast("A3", "Call Gray Drheller (3)", "f8"),
    )
    lines += turn(
        "A3/gray-drheller-1",
        cast("A3/gray-drheller-1", "Bite", "f9", crit=["critical"], armour={"B1": ["lock"]}),
    )
    lines += [
        cp(
            gg={"A": 10, "B": 1, "wild": False},
            kamas={"A": 3, "B": 3},
            units={"B1": {"cell": None}},
        )
    ]
    # Turn 4 (B): Justice Knight Jr slips away from the Gray Drheller (4.14.2.d: not Caught)
    lines += [tension("critical", "dodge")]
    lines += turn(
        "B2",
        cast("B2", "HupperKut", "e9", crit=["critical"], armour={"A1": ["lock", "lock"]}),
        cp(units={"A1": {"injuries": 7}, "B2": {"cell": "e11"}}),
    )
    lines += turn(
        "B3",
        mv(
            "B3", "g7", block=[{"by": "A3/gray-drheller-1", "lock": ["armour"], "dodge": ["dodge"]}]
        ),
        cast("B3", "Cutting Justice", "g6", crit=["critical"], armour={"A2": ["lock", "armour"]}),
        cp(units={"A2": {"cell": "g5", "injuries": 3}, "B3": {"ap": 3, "mp": 3}}),
    )
    lines += [cp(kamas={"A": 3, "B": 6})]
    # Turn 5 (A): a double again: B loses its last GG (5.2.3)
    lines += [
        tension("armour", "armour"),
        ev("result", winner="A", reason="tension", gg={"A": 9, "B": 0}),
    ]
    return lines


def game_4() -> list[dict[str, Any]]:
    """Game 4: Gein, Choppy Sue, Raul Bak against Mopy King, Bakara, Justice Knight Jr, Mike
    Locke (21 Initiative each: Gein's 12 makes A first, 1.3.1.a); two Tricky Traps, one clicking
    under Mopy King (4.19.7.c). Turn 4: Bakara aims at Choppy Sue through Gein (7.1.6)."""
    header = head(
        ("s2-dks2-25", "s2-junior-2", "s2-dks2-4"),
        ("s4-cpk-3", "s4-ks4-8", "s4-duel3-2", "s2-dks2-6"),
        TRICKY,
    )
    lines = [
        header,
        *places(
            ("A1", "e1"),
            ("A2", "f1"),
            ("A3", "g1"),
            ("B1", "e12"),
            ("B2", "f12"),
            ("B3", "g12"),
            ("B4", "d12"),
        ),
    ]
    # Turn 1 (A; first player by 1.3.1.a: 21 Initiative each, Gein's 12 the highest)
    lines += turn(
        "A1",
        mv("A1", "e2", "e3", "e4", "e5", "e6"),
        cast("A1", "Set Tricky Trap (4)", "e8"),
        cast("A1", "Set Tricky Trap (4)", "f7"),
    )
    lines += turn("A1/tricky-trap-1") + turn("A1/tricky-trap-2")
    lines += turn("A3", mv("A3", "g2", "g3", "g4"))
    lines += turn("A2", mv("A2", "f2", "f3", "f4"))
    # Turn 2 (B): Mopy King walks onto a Tricky Trap (4.19.7.c), then switches places with Gein
    lines += [tension("critical", "lock")]
    lines += turn(
        "B1",
        mv("B1", "e11", "e10", "e9", "e8"),
        ev(
            "resolve",
            source="click:A1/tricky-trap-1",
            rolls={"critical": ["lock"], "armour": {"B1": ["lock"]}},
        ),
        cp(units={"B1": {"injuries": 1, "cell": "e8"}, "A1/tricky-trap-1": {"cell": None}}),
        cast("B1", "The Hideous Tower", "e6", crit=["critical"], armour={"A1": ["lock", "lock"]}),
        cp(units={"B1": {"cell": "e6"}, "A1": {"cell": "e8", "injuries": 2}}),
    )
    lines += turn(
        "B2",
        mv("B2", "f11", "f10", "f9"),
        cast("B2", "Fantasagoria", "f4", crit=["critical", "lock"], armour={"A2": ["lock"]}),
        cast("B2", "Fantasagoria", "f4", crit=["lock", "lock"], armour={"A2": ["armour"]}),
    )
    lines += turn("B3", mv("B3", "g11", "g10", "g9", "g8"))
    lines += turn("B4", mv("B4", "d11", "d10"))
    lines += [cp(kamas={"A": 0, "B": 3}, units={"A2": {"injuries": 2}})]
    # Turn 3 (A): Gein's Mistake reaches every adjacent cell (multiple targets, 4.16.3)
    lines += [tension("armour", "lock")]
    lines += turn(
        "A1",
        mv("A1", "f8"),
        cast(
            "A1",
            "Mistake",
            "f9",
            crit=["critical", "critical"],
            armour={"B2": ["lock"], "B3": ["armour", "lock"]},
        ),
        cast("A1", "Chakra Impulse", "f8"),
        cast(
            "A1",
            "Mistake",
            "f9",
            crit=["critical", "lock", "lock"],
            armour={"B2": ["armour"], "B3": ["lock", "lock"]},
        ),
    )
    lines += turn("A1/tricky-trap-2")
    lines += turn(
        "A3",
        mv("A3", "g5", "g6"),
        cast("A3", "Clock", "e6", crit=["critical", "critical", "lock"], armour={"B1": ["lock"]}),
    )
    lines += turn(
        "A2",
        mv("A2", "e4"),
        cast("A2", "Verdict", "e6", crit=["critical", "critical"], armour={"B1": ["armour"]}),
    )
    lines += [
        cp(
            kamas={"A": 3, "B": 3},
            units={"B1": {"injuries": 7}, "B2": {"injuries": 7}, "B3": {"injuries": 8}},
        )
    ]
    # Turn 4 (B): Bakara aims at Choppy Sue through Gein (7.1.6)
    lines += [tension("dodge", "critical")]
    lines += turn(
        "B1",
        cp(units={"B1": {"ap": 6}}),
        mv("B1", "f6"),
        cast("B1", "Mopushy", "g6", crit=["critical"], armour={"A3": ["lock"]}),
        cp(units={"A3": {"cell": "h6", "injuries": 2}}),
    )
    lines += [
        ev("activate", unit="B2"),
        cast("B2", "Fantasagoria", "e4", crit=["critical", "lock"], armour={"A2": ["lock"]}),
    ]
    return lines


def game_5() -> list[dict[str, Any]]:
    """Game 5: Raul Bak, Kitty Rage, Bonta Riktus, Ira Tayte against Anesthesia, Tiktokovitch,
    Mike Locke, Jahash, Choppy Sue; Kamas picked up and dice sold (5.4.1), two doubles, a Prespic
    KO'd, Titanic Leap, a Block escaped; Raul Bak KOs Anesthesia and Bonta Riktus buys B's last
    GG on d3: A wins by GG (6.3.4, 1.4.1)."""
    header = head(
        ("s2-dks2-4", "s2-dks2-8", "s2-dks2-29", "s2-dks2-2"),
        ("s6-botf-5", "s2-junior-1", "s2-dks2-6", "s4-ks4-6", "s2-junior-2"),
        PRESPIC,
        timeline_ties={"B": ["B4", "B5"]},
    )
    lines = [
        header,
        *places(
            ("A1", "g1"),
            ("A2", "e1"),
            ("A3", "d1"),
            ("A4", "h1"),
            ("B1", "g12"),
            ("B2", "e12"),
            ("B3", "d12"),
            ("B4", "f12"),
            ("B5", "h12"),
        ),
    ]
    # Turn 1 (A): Kamas
    lines += turn("A1", mv("A1", "g2", "g3", "g4"))
    lines += turn("A2", mv("A2", "e2", "e3", "e4"), ev("pick_kama", unit="A2", count=2))
    lines += turn(
        "A3",
        mv("A3", "d2"),
        ev("pick_kama", unit="A3", count=2),
        mv("A3", "c2", "c3"),
        ev("pick_kama", unit="A3", count=2),
    )
    lines += turn("A4", mv("A4", "h2", "h3"), cast("A4", "Summon Prespic (1)", "h4"))
    lines += turn("A4/prespic-1", mv("A4/prespic-1", "h5", "h6"))
    lines += [cp(kamas={"A": 6, "B": 0})]
    # Turn 2 (B): a double (5.2.3)
    lines += [tension("lock", "lock")]
    lines += turn(
        "B1",
        mv("B1", "g11", "g10", "g9"),
        cast("B1", "Pointed Point", "h6", crit=["critical"], armour={"A4/prespic-1": []}),
    )
    lines += turn(
        "B2",
        mv("B2", "e11", "e10", "e9"),
        cast("B2", "Frostbite", "e4", crit=["critical"], armour={"A2": ["lock"]}),
        cast("B2", "Frostbite", "h6", crit=["critical"], armour={"A4/prespic-1": ["lock"]}),
    )
    lines += turn("B3", mv("B3", "d11", "d10"))
    lines += turn("B4", mv("B4", "f11", "f10"))
    lines += turn("B5", mv("B5", "h11", "h10", "h9"), ev("pick_kama", unit="B5", count=2))
    lines += [
        cp(
            gg={"A": 5, "B": 5, "wild": True},
            kamas={"A": 6, "B": 5},
            units={"A4/prespic-1": {"cell": None}, "A2": {"injuries": 2}},
        )
    ]
    # Turn 3 (A): Kitty Rage KOs Tiktokovitch (Level 3: the wild GG and 2 of B's)
    lines += [tension("critical", "armour")]
    lines += turn(
        "A1",
        cast("A1", "Clock", "g9", crit=["critical", "critical", "lock"], armour={"B1": ["lock"]}),
    )
    lines += turn(
        "A2",
        mv("A2", "e5", "e6"),
        cast("A2", "Ardent Mutilation", "e6"),
        cast("A2", "Strength Storm", "e9", crit=["critical"], armour={"B2": ["lock"]}),
        cast("A2", "Strength Storm", "e9", crit=["critical"], armour={"B2": ["lock"]}),
    )
    lines += turn("A3", mv("A3", "d3"))
    lines += turn(
        "A4",
        mv("A4", "h4", "h5", "h6"),
        cast("A4", "Whip", "h9", crit=["critical"], armour={"B5": ["lock"]}),
        cast("A4", "Whip", "h9", crit=["lock"], armour={"B5": ["lock"]}),
    )
    lines += [
        cp(
            gg={"A": 8, "B": 3, "wild": False},
            kamas={"A": 9, "B": 5},
            units={
                "B1": {"injuries": 3},
                "B2": {"cell": None},
                "B5": {"injuries": 3},
                "A2": {"injuries": 3},
            },
        )
    ]
    # Turn 4 (B): a double again; Jahash leaps next to Raul Bak
    lines += [tension("dofus:critical", "critical"), cp(gg={"A": 7, "B": 2, "wild": False})]
    lines += turn("B1", cp(units={"B1": {"ap": 4}}), mv("B1", "f9"))
    lines += turn(
        "B3",
        mv("B3", "d9"),
        cast("B3", "Temporal Dust", "e6", crit=["critical"], armour={"A2": ["lock"]}),
    )
    lines += turn(
        "B4",
        mv("B4", "g10", "g9", "g8"),
        cast("B4", "Titanic Leap", "g4", crit=["critical", "lock"], armour={"A1": ["lock"]}),
        cast("B4", "HupperPunch", "g4", crit=["critical", "critical"], armour={"A1": []}),
    )
    lines += turn(
        "B5", cast("B5", "Verdict", "h6", crit=["critical", "critical"], armour={"A4": ["armour"]})
    )
    lines += [
        cp(
            kamas={"A": 9, "B": 8},
            units={
                "A1": {"injuries": 5},
                "B4": {"cell": "g5"},
                "A4": {"injuries": 3},
                "A2": {"injuries": 4},
            },
        )
    ]
    # Turn 5 (A): Raul Bak KOs Anesthesia; Bonta Riktus buys B's last GG on d3 (6.3.4, 1.4.1)
    lines += [tension("lock", "dodge")]
    lines += turn(
        "A1",
        cp(units={"A1": {"ap": 7}}),
        mv("A1", "f4", block=[{"by": "B4", "lock": ["armour"], "dodge": ["dodge"]}]),
        mv("A1", "f5"),
        cast("A1", "Clock", "f9", crit=["critical", "lock", "lock"], armour={"B1": ["lock"]}),
        cp(gg={"A": 8, "B": 1, "wild": False}, units={"B1": {"cell": None}}),
    )
    lines += turn(
        "A2",
        cp(units={"A2": {"ap": 7}}),
        cast("A2", "Strength Storm", "d9", crit=["critical"], armour={"B3": []}),
        cp(units={"B3": {"injuries": 2}}),
    )
    lines += [
        ev("activate", unit="A3"),
        ev("buy_gg", unit="A3"),
        ev("result", winner="A", reason="gg", gg={"A": 9, "B": 0}),
    ]
    return lines


def game_6() -> list[dict[str, Any]]:
    """Game 6: game 3's teams and opening, with Inspiration (5.3): Bob rerolls a double (5.2.2:
    no GG lost, one die) and puts the Critical die on Kitty Rage (two Critical dice); Alice puts
    a Dodge die on Gein and sells the other (1 Kama, 5.4.2); Bob's Dodge die on Justice Knight
    Jr gives his Dodge roll a second die (5.3.1, 4.14.6). Gein KOs Bakara: A wins by GG."""
    header = head(
        ("s2-dks2-25", "s5-wild-15", "s6-botf-3"), ("s2-dks2-8", "s4-ks4-8", "s4-duel3-2"), DRHELLER
    )
    lines = [
        header,
        *places(
            ("A1", "e1"), ("A2", "f1"), ("A3", "g1"), ("B1", "f12"), ("B2", "e12"), ("B3", "g12")
        ),
    ]
    # Turn 1 (A)
    lines += turn("A1", mv("A1", "e2", "e3", "e4", "e5", "e6"))
    lines += turn("A2", mv("A2", "f2", "f3", "f4"))
    lines += turn("A3", mv("A3", "g2", "g3", "g4"), cast("A3", "Call Gray Drheller (3)", "g6"))
    lines += turn("A3/gray-drheller-1", mv("A3/gray-drheller-1", "g7", "g8"))
    # Turn 2 (B): a double rerolled (5.2.2): nobody loses a GG; the Critical die on Kitty Rage
    lines += [
        ev("tension", dice=["dofus:armour", "armour"], reroll="critical"),
        cp(gg={"A": 6, "B": 6, "wild": True}),
        ev("inspire", die=0, unit="B1"),
    ]
    lines += turn(
        "B2",
        mv("B2", "e11", "e10"),
        cast(
            "B2",
            "Fantasagoria",
            "g8",
            crit=["critical", "lock"],
            armour={"A3/gray-drheller-1": ["lock"]},
        ),
        cast(
            "B2",
            "Fantasagoria",
            "g8",
            crit=["lock", "lock"],
            armour={"A3/gray-drheller-1": ["lock"]},
        ),
        cp(gg={"A": 6, "B": 6, "wild": True}, units={"A3/gray-drheller-1": {"cell": None}}),
    )
    lines += turn(
        "B1",
        mv("B1", "f11", "f10", "f9"),
        cast("B1", "Ardent Mutilation", "f9"),
        cast("B1", "Strength Storm", "e6", crit=["critical", "lock"], armour={"A1": ["lock"]}),
        cast("B1", "Strength Storm", "e6", crit=["lock", "lock"], armour={"A1": ["armour"]}),
    )
    lines += turn("B3", mv("B3", "g11", "g10", "g9", "g8"))
    lines += [cp(kamas={"A": 0, "B": 0}, units={"A1": {"injuries": 4}, "B1": {"injuries": 1}})]
    # Turn 3 (A): Kitty Rage KO'd by the Gray Drheller (Level 5: the wild GG and 4 of B's)
    lines += [tension("dodge", "armour"), ev("inspire", die=0, unit="A1")]
    lines += turn(
        "A1",
        mv("A1", "e7", "e8", "e9"),
        cast(
            "A1",
            "Mistake",
            "f9",
            crit=["critical", "critical"],
            armour={"B1": ["lock"], "B2": ["armour"]},
        ),
        cast("A1", "Chakra Impulse", "e9"),
        cast(
            "A1",
            "Mistake",
            "f9",
            crit=["critical", "lock", "lock"],
            armour={"B1": ["armour"], "B2": ["lock"]},
        ),
        cast("A1", "Insecticide", "f9", crit=["critical", "lock", "lock"], armour={"B1": ["lock"]}),
        cp(units={"B1": {"injuries": 9}, "B2": {"injuries": 8}, "A1": {"ap": 1}}),
    )
    lines += turn(
        "A2",
        mv("A2", "f5", "g5", "g6"),
        cast(
            "A2",
            "Shadowflame",
            "g8",
            crit=["critical"],
            armour={"B3": ["lock", "lock"], "B1": ["lock"]},
        ),
        cp(units={"A2": {"injuries": 1}, "B3": {"injuries": 3}, "B1": {"injuries": 12}}),
    )
    lines += turn(
        "A3",
        mv("A3", "f4", "f5", "f6"),
        cast("A3", "Volcano", "f9", crit=["critical"], armour={"B1": []}),
        cast("A3", "Call Gray Drheller (3)", "f8"),
    )
    lines += turn(
        "A3/gray-drheller-1",
        cast("A3/gray-drheller-1", "Bite", "f9", crit=["critical"], armour={"B1": ["lock"]}),
    )
    lines += [
        cp(
            gg={"A": 11, "B": 2, "wild": False},
            kamas={"A": 1, "B": 0},
            units={"B1": {"cell": None}},
        )
    ]
    # Turn 4 (B): Justice Knight Jr slips away from the Gray Drheller (4.14.2.d: not Caught)
    lines += [tension("critical", "dodge"), ev("inspire", die=1, unit="B3")]
    lines += turn(
        "B2",
        cast("B2", "HupperKut", "e9", crit=["critical"], armour={"A1": ["lock", "lock"]}),
        cp(units={"A1": {"injuries": 7}, "B2": {"cell": "e11"}}),
    )
    lines += turn(
        "B3",
        mv(
            "B3",
            "g7",
            block=[{"by": "A3/gray-drheller-1", "lock": ["armour"], "dodge": ["dodge", "armour"]}],
        ),
        cast("B3", "Cutting Justice", "g6", crit=["critical"], armour={"A2": ["lock", "armour"]}),
        cp(units={"A2": {"cell": "g5", "injuries": 3}, "B3": {"ap": 3, "mp": 3}}),
    )
    lines += [cp(kamas={"A": 1, "B": 1})]
    # Turn 5 (A): a double (5.2.3), then Gein KOs Bakara (Level 4): B's last GG
    lines += [tension("armour", "armour"), cp(gg={"A": 10, "B": 1, "wild": False})]
    lines += [
        ev("activate", unit="A1"),
        *mv("A1", "e10"),
        cast(
            "A1", "Mistake", "e11", crit=["critical", "critical", "lock"], armour={"B2": ["lock"]}
        ),
        ev("result", winner="A", reason="gg", gg={"A": 11, "B": 0}),
    ]

    return lines


def game_7() -> list[dict[str, Any]]:
    """Game 7: Raul Bak, Henual, Kitty Rage, Bonta Riktus against Gein, Tiktokovitch, Choppy
    Sue, eleven turns: Bob takes the wild GG and more with three KOs, Alice KOs all of his
    Krosmasters; Bob still has 1 GG when his last one falls: A wins by 1.4.3."""
    header = head(
        ("s2-dks2-4", "s2-dks2-5", "s2-dks2-8", "s2-dks2-29"),
        ("s2-dks2-25", "s2-junior-1", "s2-junior-2"),
    )
    lines = [
        header,
        *places(
            ("A1", "g1"),
            ("A2", "f1"),
            ("A3", "e1"),
            ("A4", "d1"),
            ("B1", "f12"),
            ("B2", "e12"),
            ("B3", "g12"),
        ),
    ]
    # Turn 1 (A)
    lines += turn("A1", mv("A1", "g2", "g3", "g4"))
    lines += turn("A2", mv("A2", "f2", "f3", "f4"))
    lines += turn("A3", mv("A3", "e2", "e3", "e4"))
    lines += turn("A4", mv("A4", "d2", "d3", "d4"))
    # Turn 2 (B)
    lines += [tension("lock", "dodge")]
    lines += turn("B1", mv("B1", "f11", "f10", "f9", "f8", "f7"))
    lines += turn(
        "B2",
        mv("B2", "e11", "e10", "e9"),
        cast("B2", "Frostbite", "f4", crit=["critical"], armour={"A2": ["lock"]}),
        cast("B2", "Frostbite", "f4", crit=["critical"], armour={"A2": ["lock"]}),
    )
    lines += turn(
        "B3",
        mv("B3", "g11", "g10", "g9"),
        cast("B3", "Verdict", "g4", crit=["critical", "critical"], armour={"A1": ["lock"]}),
    )
    lines += [cp(units={"A2": {"injuries": 4}, "A1": {"injuries": 3}})]
    # Turn 3 (A)
    lines += [tension("armour", "critical")]
    lines += turn(
        "A1",
        cast(
            "A1",
            "Clock",
            "f7",
            crit=["critical", "critical", "lock"],
            armour={"B1": ["lock", "lock"]},
        ),
    )
    lines += turn(
        "A2", cast("A2", "Shrivelling", "f7", crit=["critical"], armour={"B1": ["lock", "lock"]})
    )
    lines += turn(
        "A3",
        mv("A3", "e5", "e6", "e7"),
        cast("A3", "Ardent Mutilation", "e7"),
        cast("A3", "Cut", "f7", crit=["critical"], armour={"B1": ["lock", "lock"]}),
    )
    lines += turn(
        "A4",
        cast(
            "A4",
            "Bontarian Vault",
            "f7",
            crit=["critical", "lock"],
            armour={"B1": ["lock", "lock", "lock"]},
        ),
    )
    lines += [cp(units={"B1": {"injuries": 10}, "A3": {"injuries": 1}}, kamas={"A": 3, "B": 3})]
    # Turn 4 (B): Gein KOs Henual (Level 2: the wild GG and 1 of A's)
    lines += [tension("dodge", "lock")]
    lines += turn(
        "B1",
        cp(units={"B1": {"ap": 6, "mp": 4}}),
        mv("B1", "f6", block=[{"by": "A3", "lock": ["armour"], "dodge": ["dodge"]}]),
        mv("B1", "f5"),
        cast("B1", "Mistake", "f4", crit=["critical", "lock"], armour={"A2": ["lock"]}),
        cp(gg={"A": 5, "B": 8, "wild": False}, units={"A2": {"cell": None}}),
        cast("B1", "Chakra Impulse", "f5"),
    )
    lines += turn(
        "B2",
        cast("B2", "Frostbite", "d4", crit=["critical"], armour={"A4": ["lock"]}),
        cast("B2", "Frostbite", "d4", crit=["critical"], armour={"A4": ["lock"]}),
    )
    lines += turn(
        "B3", cast("B3", "Verdict", "g4", crit=["critical", "critical"], armour={"A1": ["lock"]})
    )
    lines += [cp(kamas={"A": 3, "B": 6}, units={"A4": {"injuries": 4}, "A1": {"injuries": 6}})]
    # Turn 5 (A): Raul Bak KOs Gein (Level 6)
    lines += [tension("critical", "armour")]
    lines += turn(
        "A1",
        cp(units={"A1": {"ap": 7}}),
        cast(
            "A1",
            "Clock",
            "f5",
            crit=["critical", "critical", "lock"],
            armour={"B1": ["lock", "lock"]},
        ),
        cp(gg={"A": 11, "B": 2, "wild": False}, units={"B1": {"cell": None}}),
    )
    lines += turn(
        "A3",
        mv("A3", "e8"),
        cast("A3", "Ardent Mutilation", "e8"),
        cast("A3", "Cut", "e9", crit=["critical"], armour={"B2": ["lock", "lock"]}),
    )
    lines += turn("A4")
    lines += [cp(kamas={"A": 6, "B": 6}, units={"B2": {"injuries": 3}, "A3": {"injuries": 2}})]
    # Turn 6 (B): Tiktokovitch KOs Bonta Riktus (Level 2), Choppy Sue KOs Raul Bak (Level 3)
    lines += [tension("armour", "dodge")]
    lines += turn(
        "B2",
        cast("B2", "Frostbite", "d4", crit=["critical"], armour={"A4": ["lock"]}),
        cp(gg={"A": 9, "B": 4, "wild": False}, units={"A4": {"cell": None}}),
    )
    lines += turn(
        "B3", cast("B3", "Verdict", "g4", crit=["critical", "critical"], armour={"A1": ["lock"]})
    )
    lines += [
        cp(gg={"A": 6, "B": 7, "wild": False}, kamas={"A": 6, "B": 9}, units={"A1": {"cell": None}})
    ]
    # Turn 7 (A): Kitty Rage KOs Tiktokovitch (Level 3)
    lines += [tension("lock", "critical")]
    lines += turn(
        "A3",
        cast("A3", "Ardent Mutilation", "e8"),
        cast("A3", "Cut", "e9", crit=["critical"], armour={"B2": ["lock", "lock"]}),
        cp(gg={"A": 9, "B": 4, "wild": False}, units={"B2": {"cell": None}}),
        mv("A3", "e9", "f9"),
    )
    # Turn 8 (B): Choppy Sue's Strong Swords push Kitty Rage away
    lines += [tension("dodge", "critical")]
    lines += turn(
        "B3",
        cast("B3", "Strong Sword", "f9", crit=["critical", "critical"], armour={"A3": ["lock"]}),
        cast("B3", "Strong Sword", "d9", crit=["critical", "lock"], armour={"A3": ["lock"]}),
    )
    lines += [cp(kamas={"A": 9, "B": 12}, units={"A3": {"cell": "b9", "injuries": 5}})]
    # Turn 9 (A)
    lines += [tension("armour", "lock")]
    lines += turn(
        "A3",
        mv("A3", "c9", "d9"),
        cast("A3", "Ardent Mutilation", "d9"),
        cast("A3", "Strength Storm", "g9", crit=["critical"], armour={"B3": []}),
        cast("A3", "Strength Storm", "g9", crit=["critical"], armour={"B3": []}),
    )
    # Turn 10 (B)
    lines += [tension("critical", "lock")]
    lines += turn(
        "B3", cast("B3", "Verdict", "d9", crit=["critical", "critical"], armour={"A3": ["lock"]})
    )
    lines += [cp(units={"A3": {"injuries": 8}, "B3": {"injuries": 6}})]
    # Turn 11 (A): Kitty Rage KOs Choppy Sue, Bob's last Krosmaster; Bob still has 1 GG (1.4.3)
    lines += [tension("dodge", "armour")]
    lines += [
        ev("activate", unit="A3"),
        cast("A3", "Ardent Mutilation", "d9"),
        cast("A3", "Strength Storm", "g9", crit=["critical"], armour={"B3": []}),
        cast("A3", "Strength Storm", "g9", crit=["critical"], armour={"B3": []}),
        ev("result", winner="A", reason="krosmasters", gg={"A": 12, "B": 1}),
    ]

    return lines


def test_1_4_1_game_1_a_wins_by_gg_when_gein_is_kod(catalog) -> None:
    report = verify(game_1(), catalog)
    assert report.status is Status.VALID, report.to_dict()
    assert report.to_dict()["result"] == {"winner": "A", "reason": "gg", "gg": {"A": 11, "B": 0}}


def test_6_3_2_game_2_kitty_rage_steps_without_mp_after_hupperkut(catalog) -> None:
    """Every event up to turn 6 agrees with the hand-worked checkpoints; Kitty Rage's third
    step (the last line) is refused: no MP left (6.3.2), her -1 MP marker (4.11.5) counted."""
    lines = game_2()
    error = verify(lines, catalog).errors[0]
    assert (error.line, error.rule) == (len(lines), "6.3.2")


def test_5_2_3_game_3_a_wins_by_tension(catalog) -> None:
    report = verify(game_3(), catalog)
    assert report.status is Status.VALID, report.to_dict()
    result = {"winner": "A", "reason": "tension", "gg": {"A": 9, "B": 0}}
    assert report.to_dict()["result"] == result


def test_7_1_6_game_4_bakara_has_no_line_of_sight_through_gein(catalog) -> None:
    """Everything agrees up to turn 4; Bakara's Fantasagoria from f9 at Choppy Sue on e4 (the
    last line) is refused: Gein on f8 blocks the line of sight (7.1.6)."""
    lines = game_4()
    error = verify(lines, catalog).errors[0]
    assert (error.line, error.rule) == (len(lines), "7.1.6")


def test_6_3_4_game_5_a_gg_purchase_takes_bs_last_gg(catalog) -> None:
    report = verify(game_5(), catalog)
    assert report.status is Status.VALID, report.to_dict()
    assert report.to_dict()["result"] == {"winner": "A", "reason": "gg", "gg": {"A": 9, "B": 0}}


def test_5_3_1_game_6_inspiration_dice_give_their_powers_a_wins_by_gg(catalog) -> None:
    report = verify(game_6(), catalog)
    assert report.status is Status.VALID, report.to_dict()
    assert report.to_dict()["result"] == {"winner": "A", "reason": "gg", "gg": {"A": 11, "B": 0}}


def test_5_5_1_game_4_variant_a_tricky_trap_skipped_in_the_timeline(catalog) -> None:
    """Game 4 with its turn 3 as a player might write it: Gein's surviving Tricky Trap is not
    activated after him, Raul Bak is. The Trap plays right after its summoner (4.19.1.h), so
    Raul Bak's `activate` is refused (5.5.1), on the line where the Trap's turn was."""
    lines = game_4()
    trap = [i for i, e in enumerate(lines) if e == ev("activate", unit="A1/tricky-trap-2")][-1]
    del lines[trap : trap + 2]  # its `activate` and `end`
    error = verify(lines, catalog).errors[0]
    assert (error.line, error.rule) == (trap + 1, "5.5.1")


def test_1_4_3_game_7_a_wins_when_bob_has_gg_but_no_krosmaster(catalog) -> None:
    report = verify(game_7(), catalog)
    assert report.status is Status.VALID, report.to_dict()
    result = {"winner": "A", "reason": "krosmasters", "gg": {"A": 12, "B": 1}}
    assert report.to_dict()["result"] == result
