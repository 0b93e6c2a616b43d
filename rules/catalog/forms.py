"""Forms of the catalog pages: the browser's filters, the arena editor and the board inspector."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from rules.catalog import selectors
from rules.catalog.services import TOOLS
from rules.engine import sight
from rules.engine.areas import Facing, Shape, Turn
from rules.engine.cells import Cell, CellError
from rules.engine.inspect import AreaRequest, Piece
from rules.engine.reach import RangeKind, SpellRange
from rules.engine.roster import NAME_COLOURS
from rules.models import Release
from rules.wording import english, labels
from rules.wording.refusals import AREA_NAMES


class EnglishNames(forms.Select):
    """A select of names the catalog prints in English (types): each option but the empty one
    marked `lang="en"` on a page in another language (`rules.wording.english`)."""

    def create_option(self, name: str, value: Any, *args: Any, **kwargs: Any) -> dict[str, Any]:
        option = super().create_option(name, value, *args, **kwargs)
        if value and not english.english_page():
            option["attrs"]["lang"] = "en"
        return option


class CatalogFilterForm(forms.Form):
    """Filters of the catalog browser; choices come from the release being browsed."""

    q = forms.CharField(required=False, label=gettext_lazy("Name"), max_length=80)
    colour = forms.ChoiceField(required=False, label=gettext_lazy("Name colour"))
    level = forms.TypedChoiceField(
        required=False, coerce=int, empty_value=None, label=gettext_lazy("Level")
    )
    type = forms.ChoiceField(required=False, label=gettext_lazy("Type"), widget=EnglishNames)
    season = forms.ChoiceField(required=False, label=gettext_lazy("Season"))
    edition = forms.ChoiceField(required=False, label=gettext_lazy("Edition"))

    def __init__(self, *args, release: Release, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        facets = selectors.facets(release)

        def options(values: list, label: str) -> list[tuple[str, str]]:
            return [("", label), *((str(v), str(v)) for v in values)]

        colours = [(c, labels.name_colour(c)) for c in NAME_COLOURS]
        self.fields["colour"].choices = [("", _("any colour")), *colours]
        self.fields["level"].choices = options(facets["levels"], _("any level"))
        self.fields["type"].choices = options(facets["types"], _("any type"))
        self.fields["season"].choices = options(facets["seasons"], _("any season"))
        self.fields["edition"].choices = options(facets["editions"], _("any edition"))

    def filters(self) -> dict:
        """The valid filters as keyword arguments of `selectors.profiles`; invalid ones dropped."""
        if not self.is_valid():
            return {}
        return {key: value for key, value in self.cleaned_data.items() if value not in ("", None)}


class ArenaCreateForm(forms.Form):
    name = forms.CharField(max_length=80, label=gettext_lazy("Name"))


class PaintForm(forms.Form):
    """One click of the arena editor: a tool applied to a cell."""

    cell = forms.CharField(max_length=3)
    tool = forms.ChoiceField(choices=[(tool, tool) for tool in TOOLS])


SIGHT_RULINGS = {
    "exact": (
        gettext_lazy("Exact geometry: touching a corner does not block"),
        sight.EXACT,
    ),
    "closed_gaps": (
        gettext_lazy("Diagonal gaps between two blockers are closed"),
        sight.CLOSED_DIAGONAL_GAPS,
    ),
    "strict_corners": (
        gettext_lazy("Touching any corner of a blocker blocks"),
        sight.STRICT_CORNERS,
    ),
}
RANGE_KINDS = [
    ("", gettext_lazy("No spell")),
    ("melee", gettext_lazy("Close combat (4.15.2)")),
    ("ranged", gettext_lazy("Ranged (4.15.3)")),
    ("line", gettext_lazy("Line (4.15.4)")),
    ("no_los", gettext_lazy("Without line of sight (4.15.5)")),
    ("self", gettext_lazy("Personal (4.15.6)")),
]
FACINGS = {
    "NORTH": pgettext_lazy("a facing on the board", "North"),
    "EAST": pgettext_lazy("a facing on the board", "East"),
    "SOUTH": pgettext_lazy("a facing on the board", "South"),
    "WEST": pgettext_lazy("a facing on the board", "West"),
}
TURNS = {
    "left": pgettext_lazy("an Axe turns", "left"),
    "right": pgettext_lazy("an Axe turns", "right"),
}


def _cell(value: str, field: str) -> Cell:
    try:
        return Cell.parse(value.strip())
    except CellError as error:
        raise forms.ValidationError(
            _("%(field)s: %(error)s") % {"field": field, "error": error}
        ) from None


class BoardInspectForm(forms.Form):
    """A judge's question about the board: who stands where, who looks, which spell, which target.

    Pieces are written `A:c3:Oscar Kass, B:h7` (side, cell, optional name); a trailing `*` on the
    name marks an Itty-Bitty piece that does not block sight.
    """

    pieces = forms.CharField(
        required=False, max_length=2000, label=gettext_lazy("Pieces (side:cell:name)")
    )
    viewer = forms.CharField(max_length=3, label=gettext_lazy("Looking from"))
    ruling = forms.ChoiceField(
        choices=[(k, label) for k, (label, _) in SIGHT_RULINGS.items()],
        initial="exact",
        label=gettext_lazy("Ruling"),
    )
    range_kind = forms.ChoiceField(
        choices=RANGE_KINDS, required=False, label=gettext_lazy("Spell range")
    )
    range_min = forms.IntegerField(required=False, min_value=0, max_value=12, label="MIN")
    range_max = forms.IntegerField(required=False, min_value=0, max_value=12, label="MAX")
    modifiable = forms.BooleanField(required=False, label=gettext_lazy("Modifiable range"))
    range_bonus = forms.IntegerField(
        required=False, min_value=-6, max_value=6, initial=0, label=gettext_lazy("Range bonus")
    )
    target = forms.CharField(required=False, max_length=3, label=gettext_lazy("Target"))
    shape = forms.ChoiceField(
        required=False,
        choices=[("", gettext_lazy("No area"))]
        + [(s.value, AREA_NAMES.get(s.value.title(), s.value.title())) for s in Shape],
        label=gettext_lazy("Shape"),
    )
    facing = forms.ChoiceField(
        required=False,
        choices=[("", gettext_lazy("Automatic"))] + [(f.name, FACINGS[f.name]) for f in Facing],
        label=gettext_lazy("Facing"),
    )
    turn = forms.ChoiceField(
        required=False,
        choices=[("", "-")] + [(t.value, TURNS[t.value]) for t in Turn],
        label=pgettext_lazy("the side an Axe area turns to", "Turn"),
    )

    def clean_viewer(self) -> Cell:
        return _cell(self.cleaned_data["viewer"], "viewer")

    def clean_target(self) -> Cell | None:
        raw = self.cleaned_data["target"]
        return _cell(raw, "target") if raw.strip() else None

    def clean_pieces(self) -> dict[str, Piece]:
        found: dict[str, Piece] = {}
        items = [p.strip() for p in self.cleaned_data["pieces"].split(",") if p.strip()]
        for n, item in enumerate(items, 1):
            side, _colon, rest = item.partition(":")
            cell_name, _colon, label = rest.partition(":")
            if side.strip().upper() not in ("A", "B"):
                raise forms.ValidationError(
                    _("piece %(n)s (%(item)s): the side must be A or B")
                    % {"n": n, "item": repr(item)}
                )
            cell = _cell(cell_name, f"piece {n}")
            label = label.strip() or f"{side.strip().upper()}{n}"
            name = label.rstrip("*").strip()
            if name in found:
                raise forms.ValidationError(
                    _("two pieces are called %(name)s: name them apart") % {"name": repr(name)}
                )
            found[name] = Piece(
                label=name,
                side=side.strip().upper(),
                cell=cell,
                blocks_sight=not label.endswith("*"),
            )
        cells = [p.cell for p in found.values()]
        if len(set(cells)) != len(cells):
            raise forms.ValidationError(_("two pieces stand on the same cell"))
        return found

    def spell_range(self) -> SpellRange | None:
        """The range the judge asked about, or None; RangeError for impossible bounds."""
        data = self.cleaned_data
        kind = data.get("range_kind")
        if not kind:
            return None
        if kind in ("melee", "self"):
            return SpellRange(RangeKind(kind))
        return SpellRange(
            RangeKind.RANGED,
            minimum=data.get("range_min") or 0,
            maximum=data.get("range_max") if data.get("range_max") is not None else 0,
            modifiable=data.get("modifiable", False),
            line=kind == "line",
            los=kind != "no_los",
        )

    def area(self) -> AreaRequest | None:
        data = self.cleaned_data
        if not data.get("shape"):
            return None
        return AreaRequest(
            shape=Shape(data["shape"]),
            facing=Facing[data["facing"]] if data.get("facing") else None,
            turn=Turn(data["turn"]) if data.get("turn") else None,
        )
