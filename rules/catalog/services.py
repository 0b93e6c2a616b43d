"""Writes to the catalog: importing releases and arenas, activating, formats, arena editing.

Every write validates with the engine first and then changes the database in one transaction,
so a refused import or edit leaves nothing behind. Writes bump `updated_at` of the release or
format they touch, which is what the selectors' in-process caches key on.
"""

from __future__ import annotations

import datetime
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from kernel.errors import InvalidInput, Unprocessable
from kernel.text import REORDERS, reorders, visible
from rules import power_texts
from rules.catalog import selectors
from rules.engine import formats as engine_formats
from rules.engine import roster as engine_roster
from rules.engine.arena import SIDES
from rules.engine.cells import BOARD_SIZE, Cell, CellError
from rules.models import Arena, Format, Power, Profile, Release, Spell, Summon

RELEASE_NAME_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")


class CatalogImportError(Unprocessable):
    """An import refused as a whole; `problems` lists every reason, one line each."""

    def __init__(self, problems: Iterable[str]) -> None:
        self.problems = list(problems)
        text = "\n".join(self.problems)
        super().__init__("file", text, "import_refused", problems=self.problems)
        self.args = (text,)


class FormatInvalid(InvalidInput):
    """A format definition the engine or the catalog refuses; `errors` maps field to reasons."""

    def __init__(self, errors: Mapping[str, list[str]]) -> None:
        self.errors = dict(errors)
        text = "; ".join(f"{k}: {', '.join(v)}" for k, v in self.errors.items())
        super().__init__(
            next(iter(self.errors), "format"), text, "invalid_format", errors=self.errors
        )
        self.args = (text,)


class ArenaEditError(InvalidInput):
    """An arena edit that cannot be applied; `field` names the input at fault."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(field, message, "invalid_arena_edit")
        self.message = message
        self.args = (message,)


@dataclass(frozen=True)
class RosterImport:
    """What an import did, for the command to print."""

    release: Release
    records: int
    profiles: int
    source_format: str
    duplicates: list[str] = field(default_factory=list)
    formats: list[Format] = field(default_factory=list)


# Releases -------------------------------------------------------------------------------------


def import_roster_file(
    path: str | Path, *, release_name: str, activate: bool = False
) -> RosterImport:
    """Import a roster file (community list or our catalog document) as a new release."""
    parsed = engine_roster.load_roster(path, release=release_name)
    return _import_parsed(parsed, release_name=release_name, activate=activate, source=str(path))


def import_roster(
    document: Any, *, release_name: str, activate: bool = False, source: str = ""
) -> RosterImport:
    """Import a decoded roster document as a new release; see `import_roster_file`."""
    parsed = engine_roster.parse_roster(document, release=release_name)
    return _import_parsed(parsed, release_name=release_name, activate=activate, source=source)


def _import_parsed(
    parsed: engine_roster.RosterParse, *, release_name: str, activate: bool, source: str
) -> RosterImport:
    """Validate everything, then write the release in one transaction (or nothing at all).

    Bulk inserts keep a full roster import at a few tenths of a second, which the test suite and
    `seed_demo` rely on.
    """
    problems = [str(issue) for issue in parsed.issues]
    if not RELEASE_NAME_RE.fullmatch(release_name or ""):
        problems.insert(
            0,
            f"release: {release_name!r} is not a release name "
            "(letters, digits, '.', '_', '-', at most 64)",
        )
    elif Release.objects.filter(name=release_name).exists():
        problems.insert(
            0, f"release: a release called {release_name!r} exists already; choose another name"
        )
    if problems:
        raise CatalogImportError(problems)

    layout = parsed.source_format
    try:
        with transaction.atomic():
            release = Release.objects.create(
                name=release_name, source=f"{source} ({layout})" if source else layout
            )
            _write_profiles(release, parsed.profiles)
            if activate:
                activate_release(release)
            made = ensure_default_formats(release)
    except IntegrityError as error:  # a concurrent import took the name first
        raise CatalogImportError(
            [f"release: {release_name!r} could not be saved: {error}"]
        ) from error
    return RosterImport(
        release=release,
        records=parsed.records,
        profiles=len(parsed.profiles),
        source_format=layout,
        duplicates=[str(duplicate) for duplicate in parsed.duplicates],
        formats=made,
    )


def _write_profiles(release: Release, profiles: Iterable[engine_roster.Profile]) -> None:
    profiles = list(profiles)
    Profile.objects.bulk_create(
        Profile(
            release=release,
            code=p.id,
            position=position,
            name=p.name,
            base_name=p.base_name,
            version=p.version or "",
            name_colour=p.name_colour,
            level=p.level,
            initiative=p.initiative,
            mp=p.mp,
            hp=p.hp,
            ap=p.ap,
            types=list(p.types),
            types_search=_types_search(p.types),
            season=p.season,
            edition=p.edition,
            eternal_stars=p.eternal_stars,
            season_format_legal=p.season_format_legal,
            summon_refs=list(p.summon_refs),
            strength=p.strength,
            source_url=p.source_url or "",
        )
        for position, p in enumerate(profiles)
    )
    # Ask for the keys rather than trusting bulk_create to return them on every backend.
    pks = dict(Profile.objects.filter(release=release).values_list("code", "pk"))
    Spell.objects.bulk_create(
        Spell(
            profile_id=pks[p.id],
            position=position,
            name=s.name,
            cost=dict(s.cost.parts()),
            range_kind=s.range_kind,
            range_min=s.range_min,
            range_max=s.range_max,
            range_modifiable=s.range_modifiable,
            range_line=s.range_line,
            range_los=s.range_los,
            element=s.element or "",
            base_damage=s.base_damage,
            limit=s.limit,
            effects=s.effects,
        )
        for p in profiles
        for position, s in enumerate(p.spells)
    )
    texts = power_texts.load()  # English and French texts of the powers files (issue 18)
    nothing = power_texts.PowerText()
    Power.objects.bulk_create(
        Power(
            profile_id=pks[p.id],
            position=position,
            slug=power.slug,
            name=power.name,
            text=texts.get(power.slug, nothing).text,
            name_fr=texts.get(power.slug, nothing).name_fr,
            text_fr=texts.get(power.slug, nothing).text_fr,
        )
        for p in profiles
        for position, power in enumerate(p.powers)
    )
    refs = sorted({ref for p in profiles for ref in p.summon_refs})
    Summon.objects.bulk_create(Summon(release=release, ref=ref) for ref in refs)


def _types_search(types: Iterable[str]) -> str:
    keys = [engine_roster.name_key(t) for t in types]
    return "|" + "|".join(keys) + "|" if keys else ""


@transaction.atomic
def activate_release(release: Release) -> Release:
    """Make `release` the one active release; the previous one stays, inactive and readable."""
    # Deactivate first: the partial unique constraint allows one active row at any moment.
    Release.objects.filter(is_active=True).exclude(pk=release.pk).update(
        is_active=False, updated_at=timezone.now()
    )
    if not release.is_active:
        release.is_active = True
        release.save(update_fields=["is_active", "updated_at"])
    return release


def touch_release(release: Release) -> None:
    """Mark a release changed (after an admin edit of its profiles) so caches rebuild it."""
    Release.objects.filter(pk=release.pk).update(updated_at=timezone.now())


# Formats --------------------------------------------------------------------------------------


def ensure_default_formats(release: Release) -> list[Format]:
    """Create the shipped formats of a release when missing: Regular (1.1.1, the default) and
    Eternal. Returns the formats it created; calling it again creates nothing."""
    made = []
    existing = set(Format.objects.filter(release=release).values_list("name", flat=True))
    has_default = Format.objects.filter(release=release, is_default=True).exists()
    for value, default in (
        (engine_formats.regular_format(release.name), not has_default),
        (engine_formats.eternal_format(release.name), False),
    ):
        if value.name not in existing:
            made.append(_save_format(release, value, is_default=default))
    return made


def create_format(
    *,
    release: Release,
    name: str,
    date: datetime.date,
    created_by: AbstractBaseUser | None = None,
    is_default: bool = False,
    **rules: Any,
) -> Format:
    """A custom format (1.1.2). `rules` are the engine `Format` fields (team sizes, totals, copy
    limits, seasons, editions, bans, adjustments); missing ones take the regular values."""
    value = validate_format(release, {"name": name, "date": date.isoformat(), **rules})
    if Format.objects.filter(release=release, name__iexact=value.name).exists():
        raise FormatInvalid(
            {
                "name": [
                    _("release %(release)s already has a format %(name)s")
                    % {"release": release.name, "name": repr(name)}
                ]
            }
        )
    with transaction.atomic():
        if is_default:
            Format.objects.filter(release=release, is_default=True).update(is_default=False)
        return _save_format(release, value, is_default=is_default, created_by=created_by)


def validate_format(release: Release, data: Mapping[str, Any]) -> engine_formats.Format:
    """Read a format definition for `release` with the engine, and check the profile ids it
    names exist in that release. Raises `FormatInvalid` with every problem by field."""
    try:
        value = engine_formats.format_from_dict({**data, "release": release.name})
    except engine_formats.FormatError as error:
        raise FormatInvalid({"non_field_errors": [str(error)]}) from error
    known = set(Profile.objects.filter(release=release).values_list("code", flat=True))
    errors: dict[str, list[str]] = {}
    for key, ids in (("banned", value.banned), ("adjustments", value.adjustments)):
        unknown = sorted(set(ids) - known)
        if unknown:
            errors[key] = [f"not profiles of release {release.name}: {', '.join(unknown)}"]
    if errors:
        raise FormatInvalid(errors)
    return value


def _save_format(
    release: Release,
    value: engine_formats.Format,
    *,
    is_default: bool,
    created_by: AbstractBaseUser | None = None,
) -> Format:
    data = value.to_dict()
    del data["release"]
    data["date"] = value.date
    return Format.objects.create(
        release=release, is_default=is_default, created_by=created_by, **data
    )


# Arenas ---------------------------------------------------------------------------------------

TOOLS = ("tree", "bush", "crate", "demon", "kama", "start-A", "start-B", "erase")
"""What a click in the arena editor can do to a cell."""

_SCENERY = ("trees", "bushes", "crates")
_MAX_KAMAS = 3


@dataclass(frozen=True)
class ArenaImport:
    created: list[Arena]
    skipped: list[str]


def import_arenas(path: str | Path) -> ArenaImport:
    """Import tree layouts (`4err_map_trees.json`: `los_obstacles` by arena key, `[x, y]`).

    They become partial arenas, trees only: the data has no start cells, so they are not playable
    until an organiser completes them. Arenas already present (same slug) are left untouched, so
    the import can be run again.
    """
    try:
        document = json.loads(Path(path).read_text(encoding="utf-8"))
        layouts = document["los_obstacles"]
        trees = {
            key: sorted({Cell(int(x), int(y)) for x, y in cells}) for key, cells in layouts.items()
        }
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError, CellError) as error:
        raise CatalogImportError([f"{path}: not a tree layout file ({error})"]) from error
    created, skipped = [], []
    with transaction.atomic():
        for key, cells in sorted(trees.items()):
            slug = slugify(key.replace("_", "-"))
            if Arena.objects.filter(slug=slug).exists():
                skipped.append(slug)
                continue
            created.append(
                Arena.objects.create(
                    name=_arena_name(key),
                    slug=slug,
                    source=f"{Path(path).name}: {key}",
                    trees=[c.name for c in cells],
                    start_cells={side: [] for side in SIDES},
                )
            )
    return ArenaImport(created, skipped)


HOME_ROWS = {"A": (0, 1), "B": (10, 11)}
"""Each side sets up in the two rows of cells on its side of the board (4.1 rule 1.3.9)."""


def fill_start_cells(arena: Arena) -> Arena:
    """Give each side that has no start cells every free cell of its two home rows (1.3.9),
    so a board known only by its scenery (the imported tree layouts, the demo) can be played;
    the printed set-up cells can still be set in the arena editor."""
    blocked = {*arena.trees, *arena.bushes, *arena.crates}
    starts = dict(arena.start_cells or {})
    for side in SIDES:
        if not starts.get(side):
            starts[side] = [
                Cell(x, y).name
                for y in HOME_ROWS[side]
                for x in range(BOARD_SIZE)
                if Cell(x, y).name not in blocked
            ]
    arena.start_cells = {
        side: [c.name for c in sorted(map(Cell.parse, starts[side]))] for side in SIDES
    }
    arena.is_playable = not selectors.arena_problems(arena)
    arena.save()
    return arena


def _arena_name(key: str) -> str:
    """`frigost2_tapped` reads as "Frigost 2 (rotated)"."""
    base, _, variant = key.partition("_")
    name = re.sub(r"(\D)(\d)", r"\1 \2", base).title()
    return f"{name} (rotated)" if variant == "tapped" else name


def create_arena(*, name: str) -> Arena:
    """An empty board for an organiser to draw on.

    Two organisers creating the same name at once both pass the check below; the unique name
    (or slug) lets one row in and the other is told the name is taken, not a 500."""
    name = " ".join(name.split())
    if not visible(name):
        raise ArenaEditError("name", _("an arena needs a name"))
    if reorders(name):
        raise ArenaEditError("name", str(REORDERS))
    taken = ArenaEditError(
        "name", _("an arena called %(name)s exists already") % {"name": repr(name)}
    )
    if Arena.objects.filter(name__iexact=name).exists():
        raise taken
    base = slugify(name)[:70] or "arena"
    slug, n = base, 2
    while Arena.objects.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    try:
        with transaction.atomic():
            return Arena.objects.create(
                name=name, slug=slug, start_cells={side: [] for side in SIDES}
            )
    except IntegrityError as error:
        raise taken from error


@transaction.atomic
def paint_cell(*, arena: Arena, cell: str, tool: str) -> Arena:
    """Apply one editor click: put (or take away, clicking again) a thing on a cell.

    One cell holds at most one of tree, bush and crate; a kama cell counts up to 3 kamas per
    click (1.3.3) and then clears; a start cell belongs to one side. The playable flag is
    recomputed with the engine's `Arena.problems()`.
    """
    if tool not in TOOLS:
        raise ArenaEditError(
            "tool",
            _("must be one of %(join)s, not %(tool)s")
            % {"join": ", ".join(TOOLS), "tool": repr(tool)},
        )
    try:
        name = Cell.parse(cell).name
    except CellError as error:
        raise ArenaEditError("cell", str(error)) from error
    arena = Arena.objects.select_for_update().get(pk=arena.pk)
    layers = {key: set(getattr(arena, key)) for key in (*_SCENERY, "demon_cells")}
    kamas = dict(arena.kamas)
    starts = {side: set(arena.start_cells.get(side, [])) for side in SIDES}

    if tool in ("tree", "bush", "crate"):
        layer = {"tree": "trees", "bush": "bushes", "crate": "crates"}[tool]
        had = name in layers[layer]
        for key in _SCENERY:
            layers[key].discard(name)
        if not had:
            layers[layer].add(name)
    elif tool == "demon":
        layers["demon_cells"] ^= {name}
    elif tool == "kama":
        count = kamas.pop(name, 0) + 1
        if count <= _MAX_KAMAS:
            kamas[name] = count
    elif tool.startswith("start-"):
        side = tool.removeprefix("start-")
        had = name in starts[side]
        for cells in starts.values():
            cells.discard(name)
        if not had:
            starts[side].add(name)
    else:
        for cells in (*layers.values(), *starts.values()):
            cells.discard(name)
        kamas.pop(name, None)

    def ordered(names: Iterable[str]) -> list[str]:
        return [c.name for c in sorted(Cell.parse(n) for n in names)]

    for key, cells in layers.items():
        setattr(arena, key, ordered(cells))
    arena.kamas = {c: kamas[c] for c in ordered(kamas)}
    arena.start_cells = {side: ordered(starts[side]) for side in SIDES}
    arena.is_playable = not selectors.arena_problems(arena)
    arena.save()
    return arena
