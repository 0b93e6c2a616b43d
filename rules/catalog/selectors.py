"""Reads of the catalog, shared by pages, the API and the commands.

Team checks need the engine's `Catalog` and `Format` values; building them from the database
takes a few queries and some milliseconds, so they are kept in process memory, keyed by the row's
id and its `updated_at` stamp (every write goes through `rules.services`, which bumps it). Reusing
the very same objects also lets the engine's per-(format, catalog) checker cache hit.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Prefetch, Q, QuerySet
from django.utils.text import slugify
from django.utils.translation import gettext as _

from kernel import access
from kernel.errors import InvalidInput
from rules.engine import arena as engine_arena
from rules.engine import formats as engine_formats
from rules.engine import roster as engine_roster
from rules.engine.legality import LegalityReport, TeamEntry, check_team
from rules.engine.logevents import TimePolicy
from rules.engine.rulings import Rulings
from rules.engine.teamspec import parse_team_spec
from rules.matchlog.parse import ParseIssue
from rules.matchlog.verify import Report, UnreadableReport, verify_log_text
from rules.models import Arena, Format, Power, Profile, Release, Spell
from rules.wording.refusals import refusal_text


class CatalogLookupError(InvalidInput, LookupError):
    """A release or format that does not exist; `field` says which input named it."""

    def __init__(self, field: str, message: str, candidates: Iterable[str] = ()) -> None:
        self.candidates = tuple(candidates)
        super().__init__(field, message, "not_found", candidates=list(self.candidates))
        self.message = message
        self.args = (message,)


_lock = threading.Lock()
_catalogs: dict[int, tuple[tuple, engine_roster.Catalog]] = {}
_formats: dict[int, tuple[tuple, engine_formats.Format]] = {}


# Releases and formats -------------------------------------------------------------------------


def active_release() -> Release | None:
    return Release.objects.filter(is_active=True).first()


def release_named(name: str | None = None) -> Release:
    """The release called `name`, or the active one when no name is given."""
    if name:
        release = Release.objects.filter(name=name).first()
        if release is None:
            names = Release.objects.values_list("name", flat=True)
            raise CatalogLookupError(
                "release", _("no release is called %(name)s") % {"name": repr(name)}, names
            )
        return release
    release = active_release()
    if release is None:
        raise CatalogLookupError(
            "release", _("no catalog release is active; import one with import_roster --activate")
        )
    return release


def releases() -> QuerySet[Release]:
    return Release.objects.order_by("-is_active", "-created_at")


def formats(release: Release | None = None) -> QuerySet[Format]:
    """Formats of one release, or of every release (active release first)."""
    found = Format.objects.select_related("release")
    if release is not None:
        return found.filter(release=release).order_by("-is_default", "name")
    return found.order_by("-release__is_active", "release__name", "-is_default", "name")


def format_named(name: str | None = None, *, release: Release | None = None) -> Format:
    """A format of `release` (the active one by default) by name, ignoring case; no name gives
    the release's default format."""
    release = release or release_named()
    found = formats(release)
    if name:
        fmt = found.filter(name__iexact=name.strip()).first()
        if fmt is None:
            listed = found.values_list("name", flat=True)
            raise CatalogLookupError(
                "format",
                _("release %(release)s has no format called %(name)s")
                % {"release": release.name, "name": repr(name)},
                listed,
            )
        return fmt
    fmt = found.filter(is_default=True).first()
    if fmt is None:
        raise CatalogLookupError(
            "format", _("release %(release)s has no default format") % {"release": release.name}
        )
    return fmt


def format_by_id(format_id: Any) -> Format:
    fmt = Format.objects.select_related("release").filter(pk=_int(format_id)).first()
    if fmt is None:
        raise CatalogLookupError(
            "format", _("no format has the id %(id)s") % {"id": repr(format_id)}
        )
    return fmt


def _int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


# Engine values --------------------------------------------------------------------------------


def engine_catalog(release: Release) -> engine_roster.Catalog:
    """The release as the engine's `Catalog`, built once per release change."""
    stamp = (release.name, release.updated_at)
    cached = _catalogs.get(release.pk)
    if cached is not None and cached[0] == stamp:
        return cached[1]
    catalog = engine_roster.Catalog(_engine_profiles(release), release.name)
    with _lock:
        _catalogs[release.pk] = (stamp, catalog)
    return catalog


def _engine_profiles(release: Release) -> list[engine_roster.Profile]:
    """Three queries of plain values: far quicker than model instances for a whole release."""
    spells: dict[int, list[engine_roster.Spell]] = {}
    for row in (
        Spell.objects.filter(profile__release=release)
        .order_by("profile_id", "position")
        .values("profile_id", *Spell.BAR_FIELDS)
    ):
        spells.setdefault(row.pop("profile_id"), []).append(
            engine_roster.Spell(
                **{
                    **row,
                    "cost": engine_roster.Cost(**row["cost"]),
                    "element": row["element"] or None,
                }
            )
        )
    powers: dict[int, list[engine_roster.Power]] = {}
    for profile_id, slug, name in (
        Power.objects.filter(profile__release=release)
        .order_by("profile_id", "position")
        .values_list("profile_id", "slug", "name")
    ):
        powers.setdefault(profile_id, []).append(engine_roster.Power(slug, name))
    return [
        engine_roster.Profile(
            id=row["code"],
            name=row["name"],
            base_name=row["base_name"],
            version=row["version"] or None,
            name_colour=row["name_colour"],
            level=row["level"],
            initiative=row["initiative"],
            mp=row["mp"],
            hp=row["hp"],
            ap=row["ap"],
            types=tuple(row["types"]),
            season=row["season"],
            edition=row["edition"],
            spells=tuple(spells.get(row["id"], ())),
            powers=tuple(powers.get(row["id"], ())),
            summon_refs=tuple(row["summon_refs"]),
            eternal_stars=row["eternal_stars"],
            season_format_legal=row["season_format_legal"],
            source_url=row["source_url"] or None,
            strength=row["strength"],
        )
        for row in Profile.objects.filter(release=release)
        .order_by("position")
        .values(
            "id",
            "code",
            "name",
            "base_name",
            "version",
            "name_colour",
            "level",
            "initiative",
            "mp",
            "hp",
            "ap",
            "types",
            "season",
            "edition",
            "summon_refs",
            "eternal_stars",
            "season_format_legal",
            "source_url",
            "strength",
        )
    ]


def engine_format(fmt: Format) -> engine_formats.Format:
    """The stored format as the engine's `Format`; raises `FormatError` if it does not read."""
    stamp = (fmt.updated_at, fmt.release.name)
    cached = _formats.get(fmt.pk)
    if cached is not None and cached[0] == stamp:
        return cached[1]
    value = engine_formats.format_from_dict(fmt.engine_fields())
    with _lock:
        _formats[fmt.pk] = (stamp, value)
    return value


def export_roster(release: Release) -> dict[str, Any]:
    """The release in our catalog format (`docs/catalog-format.md`), what export_roster writes."""
    return engine_roster.roster_to_dict(engine_catalog(release).profiles(), release.name)


# Team checks ----------------------------------------------------------------------------------


def check_entries(
    fmt: Format, entries: Iterable[TeamEntry], bans: Iterable[str] = ()
) -> LegalityReport:
    """Every violation of a team already made of profile ids (a saved team, the builder)."""
    return check_team(
        list(entries), engine_format(fmt), engine_catalog(fmt.release), bans=tuple(bans)
    )


def check_team_spec(data: Any, fmt: Format) -> LegalityReport:
    """Check a team as players write it (ids or names, labels, match bans).

    Raises `rules.engine.teamspec.TeamSpecError` listing every unreadable part with candidates.
    """
    engine_fmt = engine_format(fmt)
    catalog = engine_catalog(fmt.release)
    spec = parse_team_spec(data, catalog, engine_fmt)
    return check_team(spec.entries, engine_fmt, catalog, bans=spec.bans)


# Browsing -------------------------------------------------------------------------------------


def profiles(
    release: Release,
    *,
    q: str = "",
    colour: str = "",
    level: int | None = None,
    season: str = "",
    edition: str = "",
    type: str = "",
) -> QuerySet[Profile]:
    """Profiles of a release matching the catalog browser's and the API's filters."""
    found = Profile.objects.filter(release=release)
    if q.strip():
        found = found.filter(name__icontains=" ".join(q.split()))
    if colour:
        found = found.filter(name_colour=colour)
    if level is not None:
        found = found.filter(level=level)
    if season:
        found = found.filter(season=season)
    if edition:
        found = found.filter(edition=edition)
    if type.strip():
        found = found.filter(types_search__contains=f"|{engine_roster.name_key(type)}|")
    return found.order_by("position")


def facets(release: Release) -> dict[str, list]:
    """The values the browser's filter menus offer for a release."""
    rows = Profile.objects.filter(release=release)
    types = sorted(
        {t for row in rows.values_list("types", flat=True) for t in row}, key=str.casefold
    )
    return {
        "seasons": sorted(set(rows.values_list("season", flat=True))),
        "editions": sorted(set(rows.values_list("edition", flat=True))),
        "levels": sorted(set(rows.values_list("level", flat=True))),
        "types": types,
        "colours": list(engine_roster.NAME_COLOURS),
    }


def profile_detail(release: Release, code: str) -> Profile | None:
    """One profile with its spells and powers loaded."""
    return (
        Profile.objects.filter(release=release, code=code)
        .select_related("release")
        .prefetch_related(
            Prefetch("spells", Spell.objects.order_by("position")),
            Prefetch("powers", Power.objects.order_by("position")),
        )
        .first()
    )


def profile_versions(profile: Profile) -> QuerySet[Profile]:
    """The other profiles of the same Krosmaster in the release (2.1.2)."""
    return (
        Profile.objects.filter(release=profile.release_id, base_name__iexact=profile.base_name)
        .exclude(pk=profile.pk)
        .order_by("position")
    )


def legality_by_format(profile: Profile) -> list[tuple[Format, str | None]]:
    """Each format of the profile's release with the reason it is illegal there (1.1.1.h), in
    the reader's language (the engine's `illegal_reason` word for word in English), or None."""
    catalog = engine_catalog(profile.release)
    out = []
    for fmt in formats(profile.release):
        rules = engine_format(fmt)
        cause = rules.illegal_cause(catalog[profile.code])
        out.append((fmt, None if cause is None else _illegal_reason(*cause, rules.name)))
    return out


def _illegal_reason(why: str, value: str, format_name: str) -> str:
    facts = {"value": value, "format": format_name}
    if why == "banned":
        return _("is banned in %(format)s") % facts
    if why == "season":
        return _("is from season %(value)s, which is not legal in %(format)s") % facts
    return _("is from edition %(value)s, which is not legal in %(format)s") % facts


def pool(fmt: Format, *, q: str = "") -> list[engine_roster.Profile]:
    """The profiles a team may use in a format (1.1.1.h), by name, for the team builder."""
    catalog = engine_catalog(fmt.release)
    legal = engine_format(fmt).legal_profiles(catalog.values())
    key = engine_roster.name_key(q) if q.strip() else ""
    return sorted(
        (p for p in legal if key in engine_roster.name_key(p.name)),
        key=lambda p: (engine_roster.name_key(p.name), p.id),
    )


# Arenas ---------------------------------------------------------------------------------------


def arenas() -> QuerySet[Arena]:
    return Arena.objects.order_by("name")


def engine_arena_of(arena: Arena) -> engine_arena.Arena:
    return engine_arena.arena_from_dict(arena.layout())


def arena_problems(arena: Arena) -> list[str]:
    """Why the arena cannot be played on yet (1.3.9 start cells, overlapping scenery), in the
    reader's language."""
    return [refusal_text(problem) for problem in engine_arena_of(arena).problems()]


def can_manage_catalog(user: AbstractBaseUser | AnonymousUser) -> bool:
    """The catalog (releases, formats, arenas) is shared by every event, so only site staff
    change it. An organiser's own team-building rules (1.1.2) are their event's settings."""
    return access.allows(user, "catalog.change")


def cell_kinds(arena: Arena) -> Mapping[str, list[str]]:
    """For each cell name, what is on it ("tree", "start-A", "kama-2", ...): the editor grid."""
    found: dict[str, list[str]] = {}
    for kind, cells in (
        ("tree", arena.trees),
        ("bush", arena.bushes),
        ("crate", arena.crates),
        ("demon", arena.demon_cells),
    ):
        for cell in cells:
            found.setdefault(cell, []).append(kind)
    for cell, count in arena.kamas.items():
        found.setdefault(cell, []).append(f"kama-{count}")
    for side, cells in arena.start_cells.items():
        for cell in cells:
            found.setdefault(cell, []).append(f"start-{side}")
    return found


# Match logs -----------------------------------------------------------------------------------


def log_catalog(release_name: str | None) -> engine_roster.Catalog:
    """The catalog a match log's header names (`catalog`), or the active release."""
    return engine_catalog(release_named(release_name))


def verify_match_log(
    data: str | bytes,
    *,
    time_policy: TimePolicy | None = None,
    rulings: Mapping[str, str] | None = None,
) -> Report:
    """Verify a log against this site's catalog; a release the site lacks is a header error.

    Every adapter (API, Celery task) calls this, so an unknown release is reported the same way
    everywhere: as an unreadable log whose `catalog` field names the releases that exist.
    """
    try:
        chosen = Rulings.of(rulings) if rulings else None  # the event's; else the log's
        return verify_log_text(data, log_catalog, time_policy=time_policy, rulings=chosen)
    except CatalogLookupError as missing:
        known = ", ".join(missing.candidates)
        message = f"{missing.message} (releases here: {known})" if known else missing.message
        return UnreadableReport((ParseIssue(1, "catalog", message),))


def english_only_powers(names: Iterable[str]) -> set[str]:
    """The names among `names` (as the engine prints them) of catalog powers the French powers
    file has no name for: a French page shows them in English, marked (issue 18). A name that
    is no catalog power (a card, a spell) is not among them."""
    by_slug = {slugify(name): name for name in names}
    rows = Power.objects.filter(Q(name__in=list(by_slug.values())) | Q(slug__in=list(by_slug)))
    french = rows.exclude(name_fr="").values_list("name", "slug")
    translated = {name for name, _ in french} | {by_slug.get(slug) for _, slug in french}
    found = set()
    for name, slug in rows.filter(name_fr="").values_list("name", "slug"):
        english = name if name in by_slug.values() else by_slug.get(slug)
        if english is not None and english not in translated:
            found.add(english)
    return found


def french_power_names(names: Iterable[str]) -> dict[str, str]:
    """English power name -> the French powers file's name, for the names that have one (the
    catalog import stores it, `Power.name_fr`); a name without one is left out. The engine
    names a power as printed ("Look At Me"), the catalog may spell it otherwise ("Look at
    me!"): the slug (`look-at-me`) finds it too."""
    by_slug = {slugify(name): name for name in names}
    rows = Power.objects.filter(Q(name__in=list(by_slug.values())) | Q(slug__in=list(by_slug)))
    found: dict[str, str] = {}
    for name, slug, french in rows.exclude(name_fr="").values_list("name", "slug", "name_fr"):
        english = name if name in by_slug.values() else by_slug.get(slug)
        if english is not None:
            found.setdefault(english, french)
    return found
