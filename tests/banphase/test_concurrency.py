"""Both players banning at the same moment, on PostgreSQL with real threads.

Every ban locks the phase row (`SELECT ... FOR UPDATE`), so the second request always sees the
first one's ban: when both players ban for the step they saw, exactly one is accepted and the
other is told it is not their turn; hammering the phase from both sides never breaks the
1-2-2-...-2-1 order, and unique constraints on (phase, step) and (phase, profile) hold.
"""

from __future__ import annotations

import pytest
from django.db import connection

from kernel.errors import Conflict
from teams.banphase import services
from teams.banphase.order import side_order
from teams.models import Ban
from tests.banphase.helpers import BAN_PROFILES, ban_event
from tests.conftest import _missing, race

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def postgres(transactional_db: None) -> None:
    if connection.vendor != "postgresql":
        _missing("the concurrency test needs PostgreSQL (set DATABASE_URL)")


@pytest.mark.parametrize("attempt", range(5))
def test_both_players_ban_at_once_exactly_one_is_accepted(postgres, attempt):
    _, match = ban_event(bans=3)
    phase = services.phase_for(match)
    users = {"a": match.player_a.user, "b": match.player_b.user}
    first = phase.first_banner
    second = "b" if first == "a" else "a"

    def ban(side: str, code: str):
        return lambda: services.ban(phase, side=side, profile=code, by=users[side], turn=0)

    done, errors = race([ban(first, "b-ali"), ban(second, "b-bo")])
    assert [b.side for b in done] == [first]
    assert len(errors) == 1 and isinstance(errors[0], Conflict)
    assert errors[0].code == "not_your_turn" and errors[0].status == 409
    assert "not your turn" in errors[0].reason
    assert list(Ban.objects.filter(phase=phase).values_list("index", "side", "profile_code")) == [
        (0, first, "b-ali")
    ]


@pytest.mark.parametrize("attempt", range(3))
def test_hammering_from_both_sides_never_breaks_the_order(postgres, attempt):
    """Each player fires all their bans at once, without saying which step they mean: the
    server serves them in the order of 1.1.3.c, whatever order the requests arrive in."""
    _, match = ban_event(bans=3)
    phase = services.phase_for(match)
    users = {"a": match.player_a.user, "b": match.player_b.user}
    codes = [code for code, *_ in BAN_PROFILES]

    def player(side: str, offset: int):
        def go():
            made = 0
            for attempt_no in range(200):
                if made == 3:
                    return made
                try:
                    services.ban(
                        phase,
                        side=side,
                        profile=codes[(offset + attempt_no) % len(codes)],
                        by=users[side],
                    )
                    made += 1
                except Conflict:
                    pass
            return made

        return go

    done, errors = race([player("a", 0), player("b", 7)])
    assert errors == []
    assert done == [3, 3]
    bans = list(Ban.objects.filter(phase=phase).order_by("index"))
    assert [b.index for b in bans] == list(range(6))
    assert [b.side for b in bans] == list(side_order(3, phase.first_banner))
    assert len({b.profile_code for b in bans}) == 6
    phase.refresh_from_db()
    assert phase.status == "teams"
