"""Forms of the catalog pages: the browser's filters and the arena editor's inputs."""

from __future__ import annotations

from django import forms

from rules import selectors
from rules.engine.roster import NAME_COLOURS
from rules.models import Release
from rules.services import TOOLS


class CatalogFilterForm(forms.Form):
    """Filters of the catalog browser; choices come from the release being browsed."""

    q = forms.CharField(required=False, label="Name", max_length=80)
    colour = forms.ChoiceField(required=False, label="Name colour")
    level = forms.TypedChoiceField(required=False, coerce=int, empty_value=None)
    type = forms.ChoiceField(required=False)
    season = forms.ChoiceField(required=False)
    edition = forms.ChoiceField(required=False)

    def __init__(self, *args, release: Release, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        facets = selectors.facets(release)

        def options(values: list, label: str) -> list[tuple[str, str]]:
            return [("", label), *((str(v), str(v)) for v in values)]

        self.fields["colour"].choices = options(list(NAME_COLOURS), "any colour")
        self.fields["level"].choices = options(facets["levels"], "any level")
        self.fields["type"].choices = options(facets["types"], "any type")
        self.fields["season"].choices = options(facets["seasons"], "any season")
        self.fields["edition"].choices = options(facets["editions"], "any edition")

    def filters(self) -> dict:
        """The valid filters as keyword arguments of `selectors.profiles`; invalid ones dropped."""
        if not self.is_valid():
            return {}
        return {key: value for key, value in self.cleaned_data.items() if value not in ("", None)}


class ArenaCreateForm(forms.Form):
    name = forms.CharField(max_length=80)


class PaintForm(forms.Form):
    """One click of the arena editor: a tool applied to a cell."""

    cell = forms.CharField(max_length=3)
    tool = forms.ChoiceField(choices=[(tool, tool) for tool in TOOLS])
