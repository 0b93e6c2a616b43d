"""Catalog pages: the browser, profile pages, formats, arenas, the arena editor and inspector.

Views stay thin: selectors read, services write. The only logic here is presentation: how a
spell's range, element and usage limit are drawn the way players know them from the cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.functional import Promise
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from rules.catalog import selectors, services
from rules.catalog.forms import (
    SIGHT_RULINGS,
    ArenaCreateForm,
    BoardInspectForm,
    CatalogFilterForm,
    PaintForm,
)
from rules.engine.areas import AreaError
from rules.engine.cells import BOARD_SIZE, Cell
from rules.engine.inspect import inspect_board
from rules.engine.reach import RangeError
from rules.engine.svg import render_board
from rules.models import Arena, Release, Spell
from rules.wording import refusals
from rules.wording.board import board_legend

PAGE_SIZE = 48
EDITOR_CELL = 40
"""Cell size of the editor's board, in pixels; the click grid is laid over it (see catalog.css)."""

# Names players use for the usage limit colours of 4.8.3 and the damage disks of 4.10.3/4.8.6.
LIMIT_LABELS: dict[str, Promise] = {
    "unlimited": gettext_lazy("No limit"),
    "once_per_turn": gettext_lazy("Once per turn"),
    "once_per_turn_per_target": gettext_lazy("Once per turn per target"),
    "once_per_game": gettext_lazy("Once per game"),
}
ELEMENT_LABELS: dict[str, Promise] = {
    "water": gettext_lazy("Water"),
    "air": gettext_lazy("Air"),
    "earth": gettext_lazy("Earth"),
    "fire": gettext_lazy("Fire"),
    "neutral": gettext_lazy("Neutral"),
    "heal": pgettext_lazy("a spell's element", "Heal"),
}
COST_LABELS: dict[str, Promise] = {
    "ap": gettext_lazy("AP"),
    "mp": gettext_lazy("MP"),
    "hp": gettext_lazy("HP"),
    "kama": gettext_lazy("Kamas"),
}
"""A spell's cost by resource, as the card's bar abbreviates it (PA/PM/PV in French)."""


@dataclass(frozen=True)
class RangeIcon:
    """One range icon of a spell bar (4.15.2-4.15.6): which shape, and what it means."""

    kind: str
    title: str | Promise


@dataclass(frozen=True)
class SpellView:
    spell: Spell
    icons: tuple[RangeIcon, ...]
    range_text: str
    modifiable: bool
    limit_label: str
    element_label: str
    cost_text: str


def spell_view(spell: Spell) -> SpellView:
    """A spell bar as the card shows it: fist for close combat, target for ranged, arrow for
    line-only, cross for no line of sight, oval for personal (4.15); green range icons are
    modifiable, red fixed (4.15.7)."""
    if spell.range_kind == "self":
        icons = (RangeIcon("self", gettext_lazy("Personal spell")),)
        text = ""
    elif spell.range_kind == "melee":
        icons = (RangeIcon("melee", gettext_lazy("Close combat")),)
        text = "1"
    else:
        icons = ()
        if spell.range_line:
            icons += (RangeIcon("line", gettext_lazy("Line only")),)
        if not spell.range_los:
            icons += (RangeIcon("nolos", gettext_lazy("No line of sight needed")),)
        icons = icons or (RangeIcon("ranged", gettext_lazy("Ranged")),)
        text = f"{spell.range_min}-{spell.range_max}"
    cost = " ".join(
        f"{amount} {COST_LABELS.get(resource, resource.upper())}"
        for resource, amount in spell.cost.items()
    )
    return SpellView(
        spell=spell,
        icons=icons,
        range_text=text,
        modifiable=spell.range_modifiable and spell.range_kind == "ranged",
        limit_label=str(LIMIT_LABELS[spell.limit]),
        element_label=str(ELEMENT_LABELS.get(spell.element, "")),
        cost_text=cost or _("free"),
    )


def _release(request: HttpRequest) -> Release | None:
    """The release named by `?release=`, else the active one; None when the catalog is empty."""
    try:
        return selectors.release_named(request.GET.get("release"))
    except selectors.CatalogLookupError:
        if request.GET.get("release"):
            raise Http404("No such release") from None
        return None


def catalog(request: HttpRequest) -> HttpResponse:
    release = _release(request)
    if release is None:
        return render(request, "rules/catalog_empty.html")
    form = CatalogFilterForm(request.GET, release=release)
    found = selectors.profiles(release, **form.filters())
    page = Paginator(found, PAGE_SIZE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    context = {
        "release": release,
        "releases": selectors.releases(),
        "form": form,
        "page": page,
        "query": query.urlencode(),
    }
    template = "rules/_profile_results.html" if request.htmx else "rules/catalog.html"
    return render(request, template, context)


def profile_detail(request: HttpRequest, code: str) -> HttpResponse:
    release = _release(request)
    profile = selectors.profile_detail(release, code) if release else None
    if profile is None:
        raise Http404("No such profile")
    return render(
        request,
        "rules/profile_detail.html",
        {
            "profile": profile,
            "release": release,
            "spells": [spell_view(spell) for spell in profile.spells.all()],
            "versions": selectors.profile_versions(profile),
            "legality": selectors.legality_by_format(profile),
        },
    )


def format_list(request: HttpRequest) -> HttpResponse:
    return render(request, "rules/format_list.html", {"formats": selectors.formats()})


def arena_list(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "rules/arena_list.html",
        {
            "arenas": selectors.arenas(),
            "can_edit": selectors.can_manage_catalog(request.user),
            "form": ArenaCreateForm(),
        },
    )


def _arena(slug: str) -> Arena:
    arena = selectors.arenas().filter(slug=slug).first()
    if arena is None:
        raise Http404("No such arena")
    return arena


def _board(arena: Arena, *, cell_size: int = 48) -> str:
    # The engine escapes every text it writes into the SVG, so it is safe to insert as is.
    engine_arena = selectors.engine_arena_of(arena)
    return mark_safe(render_board(engine_arena, cell_size=cell_size, legend=board_legend()))


def arena_detail(request: HttpRequest, slug: str) -> HttpResponse:
    arena = _arena(slug)
    return render(
        request,
        "rules/arena_detail.html",
        {
            "arena": arena,
            "board": _board(arena),
            "problems": selectors.arena_problems(arena),
            "can_edit": selectors.can_manage_catalog(request.user),
        },
    )


def _require_editor(request: HttpRequest) -> None:
    if not selectors.can_manage_catalog(request.user):
        raise PermissionDenied("Only site staff edit the shared arenas.")


@login_required
@require_POST
def arena_create(request: HttpRequest) -> HttpResponse:
    _require_editor(request)
    form = ArenaCreateForm(request.POST)
    if form.is_valid():
        try:
            arena = services.create_arena(name=form.cleaned_data["name"])
        except services.ArenaEditError as error:
            messages.error(request, error.message)
        else:
            return redirect("rules:arena-edit", slug=arena.slug)
    else:
        messages.error(request, _("Give the arena a name."))
    return redirect("rules:arena-list")


#: The editor's tools (the form's values) in the reader's language; the grid names what is on
#: each cell with them too.
TOOL_LABELS = {
    "tree": gettext_lazy("Tree"),
    "bush": gettext_lazy("Bush"),
    "crate": gettext_lazy("Crate"),
    "demon": gettext_lazy("Demon cell"),
    "kama": gettext_lazy("Kama"),
    "start-A": gettext_lazy("Start A"),
    "start-B": gettext_lazy("Start B"),
    "erase": gettext_lazy("Erase"),
}


def _kind_label(kind: str) -> str:
    """What `selectors.cell_kinds` found on a cell, in words: "kama-2" is two Kamas."""
    if kind.startswith("kama-"):
        count = int(kind.removeprefix("kama-"))
        return ngettext("%(n)d Kama", "%(n)d Kamas", count) % {"n": count}
    return str(TOOL_LABELS[kind])


@login_required
@require_http_methods(["GET", "POST"])
def arena_edit(request: HttpRequest, slug: str) -> HttpResponse:
    """The editor: each click posts one cell and tool; htmx swaps the board and its problems."""
    _require_editor(request)
    arena = _arena(slug)
    error = ""
    if request.method == "POST":
        form = PaintForm(request.POST)
        if form.is_valid():
            try:
                arena = services.paint_cell(arena=arena, **form.cleaned_data)
            except services.ArenaEditError as failure:
                error = failure.message
        else:
            error = "; ".join(f"{k}: {' '.join(v)}" for k, v in form.errors.items())
        if not request.htmx and not error:
            return redirect("rules:arena-edit", slug=arena.slug)
    kinds = selectors.cell_kinds(arena)
    rows = [
        [
            (cell, [_kind_label(kind) for kind in kinds.get(cell, [])])
            for cell in (Cell(x, y).name for x in range(BOARD_SIZE))
        ]
        for y in reversed(range(BOARD_SIZE))
    ]
    context = {
        "arena": arena,
        "board": _board(arena, cell_size=EDITOR_CELL),
        "rows": rows,
        "problems": selectors.arena_problems(arena),
        "tools": [(tool, TOOL_LABELS[tool]) for tool in services.TOOLS],
        "tool": request.POST.get("tool", "tree"),
        "error": error,
    }
    template = "rules/_arena_editor.html" if request.htmx else "rules/arena_edit.html"
    return render(request, template, context, status=400 if error else 200)


def arena_inspect(request: HttpRequest, slug: str) -> HttpResponse:
    """The judge's board inspector: sight, reach and areas from one cell, drawn on the arena."""
    arena = _arena(slug)
    engine_arena = selectors.engine_arena_of(arena)
    form = BoardInspectForm(request.GET or None, initial={"viewer": "f6", "ruling": "exact"})
    inspection, problem = None, ""
    if form.is_bound and form.is_valid():
        data = form.cleaned_data
        try:
            inspection = inspect_board(
                engine_arena,
                data["pieces"],
                data["viewer"],
                spell=form.spell_range(),
                target=data["target"],
                area=form.area(),
                range_bonus=data.get("range_bonus") or 0,
                rules=SIGHT_RULINGS[data["ruling"]][1],
                legend=board_legend(),
                say=refusals.refusal_text,
            )
        except (AreaError, RangeError) as error:
            problem = refusals.refusal_text(error.said)
    board = (
        inspection.svg
        if inspection
        else render_board(engine_arena, id_prefix="inspect", legend=board_legend())
    )
    return render(
        request,
        "rules/arena_inspect.html",
        {
            "arena": arena,
            "form": form,
            "board": mark_safe(board),  # the engine escapes every text it writes
            "inspection": inspection,
            "problem": problem,
        },
        status=400 if form.is_bound and (form.errors or problem) else 200,
    )
