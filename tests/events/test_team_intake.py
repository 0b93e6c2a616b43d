"""One team intake (`teams.intake`) for registration and the ban phase: the same reading, the
same refusals and the same stored shape in both places."""

from __future__ import annotations

import pytest

from kernel.errors import InvalidInput
from rules.catalog import selectors as catalog
from teams import intake
from teams.banphase import services as banphase_services
from tests.banphase.helpers import ban_event, team
from tests.factories import LEGAL_TEAM, make_format, make_user

pytestmark = pytest.mark.django_db


def test_intake_reads_checks_and_shapes_a_written_team():
    fmt = make_format()
    rules = intake.TeamRules(fmt, {}, catalog.engine_format(fmt))
    taken = intake.take(rules, owner=None, team={"name": "Tofu", **LEGAL_TEAM})
    assert taken.name == "Tofu" and taken.report.legal
    assert taken.stored_entries == [{"profile": code} for code in LEGAL_TEAM["krosmasters"]]


def test_an_unreadable_team_is_refused_alike_at_registration_and_in_the_ban_phase():
    from tournaments import services

    event, match = ban_event(bans=0)
    phase = banphase_services.phase_for(match)
    with pytest.raises(InvalidInput) as in_ban_phase:
        banphase_services.submit_team(
            phase, side="a", by=match.player_a.user, team={"krosmasters": ["nobody-at-all"]}
        )
    event.status = "registration_open"
    event.save()
    with pytest.raises(InvalidInput) as at_registration:
        services.register(event=event, user=make_user(), team={"krosmasters": ["nobody-at-all"]})
    assert in_ban_phase.value.code == at_registration.value.code == "unreadable_team"
    assert in_ban_phase.value.field == at_registration.value.field == "krosmasters"


def test_a_written_team_with_bans_is_refused_everywhere():
    _event, match = ban_event(bans=0)
    phase = banphase_services.phase_for(match)
    with pytest.raises(InvalidInput) as refused:
        banphase_services.submit_team(
            phase, side="a", by=match.player_a.user, team={**team("ali"), "bans": ["b-bo"]}
        )
    assert refused.value.field == "bans"
