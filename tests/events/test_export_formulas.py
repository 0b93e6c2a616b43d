"""CSV exports stay data in a spreadsheet: a cell starting with =, +, - or @ would run as a
formula, so it is written with a leading apostrophe (numbers stay numbers)."""

from __future__ import annotations

import csv
import io

import pytest
from django.contrib.auth.models import User

from kernel.exports import spreadsheet_safe
from tests.factories import make_running_event
from tournaments import services

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("name", ['=HYPERLINK("http://x","y")', "+1+1", "-2+3", "@SUM(A1)"])
def test_names_that_look_like_formulas_are_quoted_in_csv(client, name):
    event, regs = make_running_event(2)
    User.objects.filter(pk=regs[0].user_id).update(username=name)
    round_, _ = services.pair_next_round(event)
    services.publish_round(round_)
    for url in (
        f"/events/{event.slug}/standings.csv",
        f"/events/{event.slug}/rounds/1/pairings.csv",
    ):
        text = client.get(url).content.decode()
        cells = [cell for row in csv.reader(io.StringIO(text)) for cell in row]
        assert "'" + name in cells, url
        assert name not in cells, url


def test_numbers_stay_numbers():
    assert spreadsheet_safe("-3") == "-3" and spreadsheet_safe(-3) == -3
    assert spreadsheet_safe("-3 GG") == "'-3 GG"
