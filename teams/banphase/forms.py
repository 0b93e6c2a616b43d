"""The form of the ban phase page: the team for one match."""

from __future__ import annotations

from teams.forms import TeamForm


class MatchTeamForm(TeamForm):
    """The team for one match, written like a registration's team; the text box survives the
    live page's updates (htmx `hx-preserve`)."""

    def __init__(self, *args, saved_teams: list | None = None, **kwargs) -> None:
        super().__init__(*args, saved_teams=saved_teams, **kwargs)
        self.fields["team_name"].label = "Team name"
        self.fields["krosmasters"].widget.attrs.update(
            {"rows": 5, "id": "team-krosmasters", "hx-preserve": "true"}
        )
