"""Rules audit: Mechanisms in a match log. A summon without an MP characteristic is a Mechanism
(4.19.1.f, 4.3.4.b): it never Locks (4.19.5.a) and a Bomb explodes at the start of its summoner's
turn (4.19.5.c). Before the audit a log could not describe one: the inline profile's `mp` and
`hp` had to be numbers, and a Bomb written with 0 MP was a character that Locks."""

from __future__ import annotations

from rules.engine.replay import Status
from tests.matchlogs.audit import NO_DOUBLE, PLACES, cast, game, gun, kros, plain_hit, spell, turn
from tests.matchlogs.conftest import ev, verify

EXPLOSION = spell(
    "Explosion", kind="self", element="fire", cost={}, effects='"Square" area of effect.'
)
BOMB = kros(
    "token-firebomb", level=0, hp=1, ap=None, mp=None, initiative=0, strength=1,
    spells=[EXPLOSION],
) | {"name": "Firebomb", "types": ["Bomb"]}  # fmt: skip
SUMMONING = gun(
    "Summon Firebomb (2)", element=None, effects="Summons a FIREBOMB on the targeted free cell."
)
HEADER = game(
    [kros("ta1", initiative=9, spells=[SUMMONING]), kros("ta2", initiative=8)],
    [kros("tb1", initiative=2), kros("tb2", initiative=1)],
    extra_profiles=(BOMB,),
)
BOMB_ON_D11 = [
    HEADER,
    *PLACES,
    ev("activate", unit="A1"),
    cast("A1", "d11", "Summon Firebomb (2)"),
    ev("end", unit="A1"),
    *turn("A1/firebomb-1"),  # in the Timeline after its summoner (4.19.1.h)
    *turn("A2"),
    NO_DOUBLE,
    *turn("B1"),
]


def test_4_19_5_a_a_bomb_never_locks(catalog) -> None:
    leave = [
        ev("activate", unit="B2"),
        ev("move", unit="B2", to="e12"),  # from d12, next to the Bomb on d11: no Block
        ev("checkpoint", units={"B2": {"mp": 2, "ap": 6}}),
    ]
    report = verify([*BOMB_ON_D11, *leave], catalog)
    assert report.status is Status.INCOMPLETE, report.to_dict()


def test_4_19_5_c_a_bomb_explodes_at_the_start_of_its_summoners_turn(catalog) -> None:
    explosion = ev(
        "resolve",
        source="explosion:A1/firebomb-1",
        rolls={"critical": ["lock"], "armour": {"B1": ["lock"], "B2": ["armour"]}},
    )
    after = ev(
        "checkpoint",
        gg={"A": 6, "B": 6, "wild": True},  # a summon's KO gives no GG (4.19.1.c)
        units={"B1": {"injuries": 1}, "B2": {"injuries": 0}, "A1/firebomb-1": {"cell": None}},
    )
    lines = [*BOMB_ON_D11, *turn("B2"), NO_DOUBLE, ev("activate", unit="A1"), explosion, after]
    report = verify(lines, catalog)
    assert report.status is Status.INCOMPLETE, report.to_dict()


def test_only_a_summon_token_may_print_no_mp(catalog) -> None:
    header = game([kros("ta1", mp=None), kros("ta2")], [kros("tb1"), kros("tb2")])
    report = verify([header], catalog)
    assert report.status is Status.UNREADABLE
    assert [issue.field for issue in report.issues] == ["profiles[0].mp"]


CLICK = spell("Click", kind="self", element="fire", damage=2, cost={})
TRAP = kros(
    "token-lethal-trap", level=0, hp=None, ap=None, mp=None, initiative=0, strength=1,
    spells=[CLICK],
) | {"name": "Lethal Trap", "types": ["Trap"]}  # fmt: skip
LAY_TRAP = gun(
    "Lay Trap (1)", element=None, effects="Summons a LETHAL TRAP on the targeted free cell."
)


def test_4_19_7_a_trap_without_hp_clicks_on_the_character_entering_its_cell(catalog) -> None:
    header = game(
        [kros("ta1", initiative=9, spells=[LAY_TRAP]), kros("ta2", initiative=8)],
        [kros("tb1", initiative=2), kros("tb2", initiative=1)],
        extra_profiles=(TRAP,),
    )
    lines = [
        header,
        *PLACES,
        ev("activate", unit="A1"),
        cast("A1", "e11", "Lay Trap (1)"),
        ev("end", unit="A1"),
        *turn("A1/lethal-trap-1"),
        *turn("A2"),
        NO_DOUBLE,
        *turn("B1"),
        ev("activate", unit="B2"),
        ev("move", unit="B2", to="e12"),
        ev("move", unit="B2", to="e11"),  # a Trap's cell is free (4.19.7.b)
        ev(
            "resolve",
            source="click:A1/lethal-trap-1",
            rolls={"critical": ["lock"], "armour": {"B2": ["lock"]}},
        ),
        ev(
            "checkpoint", units={"B2": {"injuries": 2, "mp": 1}, "A1/lethal-trap-1": {"cell": None}}
        ),
    ]
    report = verify(lines, catalog)
    assert report.status is Status.INCOMPLETE, report.to_dict()


def test_4_10_2_a_a_bomb_removed_with_its_summoner_does_not_explode(catalog) -> None:
    """Removing a summon with its KO'd summoner is not a KO: no Explosion on standby."""
    header = {**HEADER, "profiles": [{**HEADER["profiles"][0], "hp": 1}, *HEADER["profiles"][1:]]}
    lines = [
        header,
        *BOMB_ON_D11[1:],
        ev("activate", unit="B2"),
        plain_hit("B2", "d1", "A1"),
        ev(
            "checkpoint",
            gg={"B": 7},
            units={"A1/firebomb-1": {"cell": None}, "B2": {"injuries": 0}},
        ),
        ev("end", unit="B2"),  # refused if an Explosion waited on standby (4.18.3.a)
    ]
    report = verify(lines, catalog)
    assert report.status is Status.INCOMPLETE, report.to_dict()
