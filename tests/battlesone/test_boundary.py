"""The game-system boundary: every system provides the protocol, names tiebreakers the pairing
engine has, and Krosmaster behind it checks teams as before."""

from __future__ import annotations

import pytest

from rules import systems
from rules.systems.base import GameSystem
from tests.battlesone.lists import PAGE_LIST
from tournaments.pairing import TIEBREAKERS


@pytest.mark.parametrize("key", list(systems.SYSTEMS))
def test_every_system_provides_the_boundary(key):
    system = systems.get(key)
    assert isinstance(system, GameSystem)
    assert set(system.tiebreakers) <= set(TIEBREAKERS)
    assert set(system.default_tiebreakers) <= set(system.tiebreakers)
    assert set(system.tiebreaker_labels) <= set(system.tiebreakers)
    assert system.score.check(system.score.minimum) is None
    assert system.score.check(system.score.maximum + 1) is not None


def test_the_default_system_is_krosmaster_with_its_gg():
    assert systems.DEFAULT == "krosmaster"
    assert systems.get("krosmaster").score.key == "gg"
    assert systems.get("krosmaster").default_tiebreakers == ("omw", "gg_diff", "oomw")


def test_unknown_system():
    with pytest.raises(systems.UnknownSystem):
        systems.get("chess")


def test_battlesone_lists_through_the_boundary(catalog):
    outcome = systems.get("battlesone").check_list(PAGE_LIST, catalog)
    assert outcome.legal and outcome.report["rank_name"] == "Page"
    with pytest.raises(systems.ListUnreadable) as unreadable:
        systems.get("battlesone").check_list({"rank": "page"}, catalog)
    assert unreadable.value.problems[0]["path"] == "mobs"


@pytest.mark.django_db
def test_krosmaster_lists_through_the_boundary():
    from rules.catalog import selectors
    from tests.factories import ILLEGAL_TEAM, LEGAL_TEAM, make_format

    fmt = make_format()
    context = systems.KrosmasterContext(
        selectors.engine_catalog(fmt.release), selectors.engine_format(fmt)
    )
    krosmaster = systems.get("krosmaster")
    legal = krosmaster.check_list(LEGAL_TEAM, context)
    assert legal.legal and [e["profile"] for e in legal.entries] == LEGAL_TEAM["krosmasters"]
    assert legal.report == selectors.check_team_spec(LEGAL_TEAM, fmt).to_dict()
    assert not krosmaster.check_list(ILLEGAL_TEAM, context).legal
    with pytest.raises(systems.ListUnreadable):
        krosmaster.check_list({"krosmasters": ["no-such-profile"]}, context)
    with pytest.raises(TypeError):
        krosmaster.check_list(LEGAL_TEAM)
    assert krosmaster.verify_record("{}") is None
