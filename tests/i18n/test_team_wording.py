"""A saved team's problems are worded in the reader's language; the fields stay (issue 18)."""

from __future__ import annotations

import pytest
from django.utils import translation

from rules.engine.legality import TeamEntry
from teams import services
from tests.banphase.helpers import ban_event

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "name_said", "release_said"),
    [
        ("en", "give the team a name", "not in release"),
        ("fr", "donnez un nom à l'équipe", "absents de la version"),
    ],
)
def test_a_team_is_refused_in_the_readers_language(language, name_said, release_said) -> None:
    event, match = ban_event(bans=1)
    with translation.override(language), pytest.raises(services.TeamInvalid) as refused:
        services.save_team(
            owner=match.player_a.user, name="  ", fmt=event.format, entries=[TeamEntry("nobody")]
        )
    assert refused.value.errors["name"] == [name_said]
    assert refused.value.errors["krosmasters"][0].startswith(release_said)
