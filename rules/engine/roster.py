"""The roster (catalog): Krosmaster profiles, and reading them from JSON.

A profile is one printed card: a Krosmaster in one version (2.1.2), with its characteristics
(2.4), spells (2.5) and powers. Profiles are grouped into a *release*: the catalog changes over
time (fan-made rebalances, new profiles), and a tournament format names the release it uses, so a
team is always checked against the cards that were in force.

Two JSON layouts are read by :func:`parse_roster`:

* the community roster ``krosmasters_normalized.json``: a bare list of profile records;
* our own catalog document (``{"format": "krosmaster-catalog/1", ...}``), which is what
  :func:`roster_to_dict` writes; see ``docs/catalog-format.md``.

Reading never raises on bad data: every problem is reported with the record's id and the path of
the field, so an importer can show all of them at once and refuse the whole file.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Final

CATALOG_FORMAT: Final = "krosmaster-catalog/1"
"""Tag of our own catalog document; bump the number on an incompatible change."""

NORMALIZED_FORMAT: Final = "krosmasters-normalized"
"""Name under which a bare list of community roster records is reported."""

DEFAULT_RELEASE: Final = "krosfinder-2019"
"""Release given to the community roster: the 2019 profiles archived from krosfinder.com."""

NAME_COLOURS: Final = ("gold", "white", "black")
RANGE_KINDS: Final = ("melee", "ranged", "self")
ELEMENTS: Final = ("water", "air", "earth", "fire", "neutral", "heal")
LIMITS: Final = ("unlimited", "once_per_turn", "once_per_turn_per_target", "once_per_game")
COST_RESOURCES: Final = ("ap", "mp", "hp", "kama")
VARIABLE_COST: Final = "X"
"""A cost whose amount the player chooses when casting (printed as X)."""

_ID_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")
_CODE_RE = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}")
_DASHES = re.compile(r"\s*[-\u2010\u2011\u2012\u2013\u2014\u2212]\s*")

# Bounds wide enough for any printed card and for organiser rebalances, tight enough to catch a
# shifted column or a stray digit in an import.
_LEVEL = (0, 12)
_INITIATIVE = (0, 30)
_MP = (0, 12)
_HP = (1, 99)
_AP = (0, 20)
_RANGE = (0, 20)
_DAMAGE = (0, 20)
_COST = (0, 20)
_STARS = (0, 3)
_STRENGTH = (0, 6)  # a summon's Strength never exceeds the team's limit of 6 (4.19.9.d)

_MAX_COPIES_BY_COLOUR: Final = {"gold": 1, "white": 2, "black": 3}


def name_key(text: str) -> str:
    """Compare names the way a player reads them: ignoring case, spacing and dash style.

    Printed rules separate name and version with an en dash while the roster uses a hyphen; both
    must find the same profile.
    """
    text = unicodedata.normalize("NFKC", text)
    text = _DASHES.sub(" - ", text)
    return " ".join(text.split()).casefold()


@dataclass(frozen=True, slots=True)
class Cost:
    """What casting a spell costs; ``None`` means the resource is not part of the cost.

    A printed "0 AP" is kept apart from "no AP" so that a catalog round-trips exactly. An amount
    may be :data:`VARIABLE_COST` ("X"), chosen by the player.
    """

    ap: int | str | None = None
    mp: int | str | None = None
    hp: int | str | None = None
    kama: int | str | None = None

    def parts(self) -> tuple[tuple[str, int | str], ...]:
        """The resources that are part of the cost, in the order AP, MP, HP, kama."""
        return tuple(
            (name, amount) for name in COST_RESOURCES if (amount := getattr(self, name)) is not None
        )


@dataclass(frozen=True, slots=True)
class Spell:
    """One spell bar (2.5.2).

    ``range_min``/``range_max`` are ``None`` for a personal spell (range kind ``self``);
    ``element`` and ``base_damage`` are both ``None`` for a spell that neither damages nor heals,
    and ``element == "heal"`` means ``base_damage`` is the number of injuries healed.
    """

    name: str
    cost: Cost
    range_kind: str
    range_min: int | None
    range_max: int | None
    range_modifiable: bool
    range_line: bool
    range_los: bool
    element: str | None
    base_damage: int | None
    limit: str
    effects: str = ""


@dataclass(frozen=True, slots=True)
class Power:
    """A power printed on a card; the slug identifies the same power across profiles."""

    slug: str
    name: str


@dataclass(frozen=True, slots=True)
class Profile:
    """One Krosmaster card in one version.

    ``ap`` is ``None`` for a card that prints no AP value. ``summon_refs`` name the summons the
    card can bring into play (e.g. ``token/8``); their own statistics are not in the catalog.
    """

    id: str
    name: str
    base_name: str
    version: str | None
    name_colour: str
    level: int
    initiative: int
    #: None only for a summon token (a log's header, or a catalog document: `summon_stats`): a
    #: Mechanism has no MP (4.19.1.f, 4.3.4.b) and a Trap no HP (4.19.7).
    mp: int | None
    hp: int | None
    ap: int | None
    types: tuple[str, ...]
    season: str
    edition: str
    spells: tuple[Spell, ...]
    powers: tuple[Power, ...] = ()
    summon_refs: tuple[str, ...] = ()
    eternal_stars: int = 0
    season_format_legal: bool = False
    source_url: str | None = None
    #: A summon token's Strength (4.19.9.d); None for Krosmasters and unknown summons.
    strength: int | None = None

    @property
    def krosmaster(self) -> str:
        """Key shared by every version of this Krosmaster (2.1.2): the name without version."""
        return name_key(self.base_name)

    @property
    def is_unique(self) -> bool:
        """A gold name marks a unique Krosmaster (1.1.1.c)."""
        return self.name_colour == "gold"

    def label(self) -> str:
        """Name and id, the way messages to players mention a profile."""
        return f"{self.name} ({self.id})"


class RosterError(ValueError):
    """A catalog was asked of a roster that did not parse cleanly, or two profiles share an id."""


class Catalog(Mapping[str, Profile]):
    """The profiles of one release, by id, with lookups by name.

    Immutable once built, so checkers may precompute per-catalog tables and keep them.
    """

    def __init__(self, profiles: Iterable[Profile], release: str = DEFAULT_RELEASE) -> None:
        self.release = release
        self._by_id: dict[str, Profile] = {}
        self._by_name: dict[str, list[Profile]] = {}
        for profile in profiles:
            if profile.id in self._by_id:
                raise RosterError(f"two profiles with the id {profile.id!r}")
            self._by_id[profile.id] = profile
            self._by_name.setdefault(name_key(profile.name), []).append(profile)

    def __getitem__(self, profile_id: str) -> Profile:
        return self._by_id[profile_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_id)

    def __len__(self) -> int:
        return len(self._by_id)

    def __repr__(self) -> str:
        return f"Catalog(release={self.release!r}, profiles={len(self)})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Catalog):
            return NotImplemented
        return self.release == other.release and self._by_id == other._by_id

    def __hash__(self) -> int:
        # Hashable so checkers can be cached per catalog; content is fixed once built.
        return hash((self.release, len(self._by_id)))

    def as_dict(self) -> dict[str, Profile]:
        """A new dict of the profiles by id, in import order: copied at once, where `dict(self)`
        would go key by key through the `Mapping` protocol."""
        return self._by_id.copy()

    def profiles(self) -> tuple[Profile, ...]:
        """All profiles, in import order."""
        return tuple(self._by_id.values())

    def with_name(self, name: str) -> tuple[Profile, ...]:
        """Profiles whose full name (with version) matches, compared with :func:`name_key`."""
        return tuple(self._by_name.get(name_key(name), ()))

    def versions_of(self, krosmaster: str) -> tuple[Profile, ...]:
        """Every profile of one Krosmaster, all versions and editions (2.1.2)."""
        key = name_key(krosmaster)
        return tuple(p for p in self._by_id.values() if p.krosmaster == key)


@dataclass(frozen=True, slots=True)
class RosterIssue:
    """One problem in an imported document.

    ``record_id`` is ``None`` when the record has no usable id; ``index`` is then the only way to
    find it (position in the list of profiles, from 0). ``field`` is a path such as
    ``spells[1].range_max``; it is empty for a problem with the document as a whole.
    """

    record_id: str | None
    index: int | None
    field: str
    message: str

    def __str__(self) -> str:
        if self.record_id is not None:
            where = self.record_id
        elif self.index is not None:
            where = f"record #{self.index}"
        else:
            where = "document"
        return (
            f"{where}: {self.field}: {self.message}" if self.field else f"{where}: {self.message}"
        )


@dataclass(frozen=True, slots=True)
class DuplicateRecord:
    """An id that occurs several times with identical records: imported once, and said so."""

    record_id: str
    indexes: tuple[int, ...]

    def __str__(self) -> str:
        where = ", ".join(f"#{i}" for i in self.indexes)
        return (
            f"{self.record_id} occurs {len(self.indexes)} times (records {where}) with identical "
            "content; imported once"
        )


@dataclass(frozen=True)
class RosterParse:
    """Outcome of reading a roster document: the good profiles, every problem, and notes.

    ``records`` counts the profile records read. ``profiles`` holds the records that were valid
    (first occurrence of each id). An importer
    must refuse the document when ``issues`` is not empty, so that a failed import changes
    nothing; :meth:`catalog` enforces that.
    """

    source_format: str
    release: str
    profiles: tuple[Profile, ...]
    issues: tuple[RosterIssue, ...] = ()
    duplicates: tuple[DuplicateRecord, ...] = ()
    records: int = 0

    @property
    def ok(self) -> bool:
        return not self.issues

    def catalog(self) -> Catalog:
        """The catalog of this document; raises :class:`RosterError` listing the issues if any."""
        if self.issues:
            listed = "\n".join(str(issue) for issue in self.issues)
            raise RosterError(f"{len(self.issues)} problem(s) in the roster:\n{listed}")
        return Catalog(self.profiles, self.release)


_MISSING: Any = object()


class _Reader:
    """Reads one record, collecting a :class:`RosterIssue` for each bad field instead of raising."""

    def __init__(self, record_id: str | None, index: int, issues: list[RosterIssue]) -> None:
        self.record_id = record_id
        self.index = index
        self.issues = issues
        self.failed = False

    def problem(self, path: str, message: str) -> None:
        self.failed = True
        self.issues.append(RosterIssue(self.record_id, self.index, path, message))

    def get(self, obj: Mapping[str, Any], key: str, path: str, default: Any = _MISSING) -> Any:
        if key in obj:
            return obj[key]
        if default is _MISSING:
            self.problem(path, "is required")
        return default

    def known_keys(self, obj: Mapping[str, Any], allowed: Iterable[str], prefix: str) -> None:
        """Unknown keys are errors: in a hand-edited catalog they are almost always typos."""
        allowed = set(allowed)
        for key in obj:
            if key not in allowed:
                self.problem(f"{prefix}{key}", "unknown field")

    def integer(
        self,
        obj: Mapping[str, Any],
        key: str,
        path: str,
        bounds: tuple[int, int],
        *,
        nullable: bool = False,
        default: Any = _MISSING,
    ) -> Any:
        value = self.get(obj, key, path, default)
        if value is _MISSING or (value is None and nullable):
            return None if value is _MISSING else value
        if not isinstance(value, int) or isinstance(value, bool):
            self.problem(path, f"must be an integer, not {value!r}")
            return None
        low, high = bounds
        if not low <= value <= high:
            self.problem(path, f"must be between {low} and {high}, not {value}")
            return None
        return value

    def text(
        self,
        obj: Mapping[str, Any],
        key: str,
        path: str,
        *,
        nullable: bool = False,
        empty: bool = False,
        default: Any = _MISSING,
    ) -> Any:
        value = self.get(obj, key, path, default)
        if value is _MISSING or (value is None and nullable):
            return None if value is _MISSING else value
        if not isinstance(value, str):
            self.problem(path, f"must be a string, not {value!r}")
            return None
        value = value.strip()
        if not value and not empty:
            self.problem(path, "must not be empty")
            return None
        return value

    def boolean(
        self, obj: Mapping[str, Any], key: str, path: str, default: Any = _MISSING
    ) -> bool | None:
        value = self.get(obj, key, path, default)
        if value is _MISSING:
            return None
        if not isinstance(value, bool):
            self.problem(path, f"must be true or false, not {value!r}")
            return None
        return value

    def choice(
        self,
        obj: Mapping[str, Any],
        key: str,
        path: str,
        allowed: tuple[str, ...],
        *,
        nullable: bool = False,
    ) -> str | None:
        value = self.get(obj, key, path)
        if value is _MISSING or (value is None and nullable):
            return None
        if value not in allowed:
            listed = ", ".join(allowed) + (" or null" if nullable else "")
            self.problem(path, f"must be one of {listed}, not {value!r}")
            return None
        return value

    def code(self, obj: Mapping[str, Any], key: str, path: str) -> str | None:
        value = self.text(obj, key, path)
        if value is not None and not _CODE_RE.fullmatch(value):
            self.problem(
                path, f"must be a short lowercase code such as 's1' or 'dks1', not {value!r}"
            )
            return None
        return value

    def items(self, obj: Mapping[str, Any], key: str, path: str, default: Any = _MISSING) -> list:
        value = self.get(obj, key, path, default)
        if value is _MISSING:
            return []
        if not isinstance(value, list):
            self.problem(path, f"must be a list, not {type(value).__name__}")
            return []
        return value

    def mapping(self, value: Any, path: str) -> Mapping[str, Any] | None:
        if not isinstance(value, dict):
            self.problem(path, f"must be an object, not {type(value).__name__}")
            return None
        return value


_PROFILE_KEYS = (
    "id", "name", "base_name", "version", "name_colour", "level", "initiative", "mp", "hp", "ap",
    "types", "season", "edition", "eternal_stars", "season_format_legal", "spells", "powers",
    "summon_refs", "source_url", "strength",
)  # fmt: skip
_SPELL_KEYS = (
    "name", "cost", "range_kind", "range_min", "range_max", "range_modifiable", "range_line",
    "range_los", "element", "base_damage", "limit", "effects",
)  # fmt: skip
# Fields of the community roster that we derive or do not keep: max_copies follows from the name
# colour (and is checked against it), range_icon is the archive's picture of the range fields.
_NORMALIZED_PROFILE_EXTRA = ("max_copies",)
_NORMALIZED_SPELL_EXTRA = ("range_icon",)


def _slug(name: str) -> str:
    return "-".join(re.findall(r"[a-z0-9]+", name_key(name)))


def _read_cost(r: _Reader, value: Any, path: str) -> Cost | None:
    if value is _MISSING:
        return None
    cost = r.mapping(value, path)
    if cost is None:
        return None
    r.known_keys(cost, COST_RESOURCES, f"{path}.")
    amounts: dict[str, int | str] = {}
    for resource in COST_RESOURCES:
        if resource not in cost:
            continue
        amount = cost[resource]
        if amount == VARIABLE_COST:
            amounts[resource] = amount
        else:
            checked = r.integer(cost, resource, f"{path}.{resource}", _COST)
            if checked is not None:
                amounts[resource] = checked
    return Cost(**amounts)


def _read_spell(r: _Reader, value: Any, path: str, normalized: bool) -> Spell | None:
    spell = r.mapping(value, path)
    if spell is None:
        return None
    failed_before = r.failed
    r.failed = False
    extra = _NORMALIZED_SPELL_EXTRA if normalized else ()
    r.known_keys(spell, (*_SPELL_KEYS, *extra), f"{path}.")
    if normalized and "range_icon" in spell and not isinstance(spell["range_icon"], str):
        r.problem(f"{path}.range_icon", "must be a string")
    name = r.text(spell, "name", f"{path}.name")
    cost = _read_cost(r, r.get(spell, "cost", f"{path}.cost"), f"{path}.cost")
    kind = r.choice(spell, "range_kind", f"{path}.range_kind", RANGE_KINDS)
    low = r.integer(spell, "range_min", f"{path}.range_min", _RANGE, nullable=True)
    high = r.integer(spell, "range_max", f"{path}.range_max", _RANGE, nullable=True)
    modifiable = r.boolean(spell, "range_modifiable", f"{path}.range_modifiable")
    line = r.boolean(spell, "range_line", f"{path}.range_line")
    los = r.boolean(spell, "range_los", f"{path}.range_los")
    element = r.choice(spell, "element", f"{path}.element", ELEMENTS, nullable=True)
    damage = r.integer(spell, "base_damage", f"{path}.base_damage", _DAMAGE, nullable=True)
    limit = r.choice(spell, "limit", f"{path}.limit", LIMITS)
    effects = r.text(spell, "effects", f"{path}.effects", empty=True, default="")
    if not r.failed:
        # Range fields must describe one of the three range kinds of chapter 7.
        if kind == "self" and (low is not None or high is not None):
            r.problem(f"{path}.range_min", "must be null (with range_max) for a personal spell")
        elif kind == "melee" and (low, high) != (1, 1):
            r.problem(f"{path}.range_min", "a close combat spell has range 1 to 1")
        elif kind == "ranged":
            if low is None:
                r.problem(f"{path}.range_min", "is required for a ranged spell")
            if high is None:
                r.problem(f"{path}.range_max", "is required for a ranged spell")
            elif low is not None and low > high:
                r.problem(f"{path}.range_max", f"must not be below range_min ({low}), not {high}")
        if (element is None) != (damage is None):
            r.problem(
                f"{path}.base_damage",
                "must be given exactly when the spell has an element (damage or heal)",
            )
    failed = r.failed
    r.failed = failed_before or failed
    if failed or cost is None:
        return None
    return Spell(
        name=name,
        cost=cost,
        range_kind=kind,
        range_min=low,
        range_max=high,
        range_modifiable=modifiable,
        range_line=line,
        range_los=los,
        element=element,
        base_damage=damage,
        limit=limit,
        effects=effects,
    )


def _read_profile(
    record: Mapping[str, Any],
    index: int,
    issues: list[RosterIssue],
    normalized: bool,
    summon_stats: bool = False,
) -> Profile | None:
    raw_id = record.get("id")
    record_id = raw_id if isinstance(raw_id, str) and _ID_RE.fullmatch(raw_id) else None
    r = _Reader(record_id, index, issues)
    if record_id is None:
        r.problem("id", f"must be a string of letters, digits, '.', '_' or '-', not {raw_id!r}")
    extra = _NORMALIZED_PROFILE_EXTRA if normalized else ()
    r.known_keys(record, (*_PROFILE_KEYS, *extra), "")

    name = r.text(record, "name", "name")
    version = r.text(record, "version", "version", nullable=True, default=None)
    base_name = r.text(
        record, "base_name", "base_name", default=name if version is None else _MISSING
    )
    if name is not None and base_name is not None:
        expected = base_name if version is None else f"{base_name} - {version}"
        if name_key(name) != name_key(expected):
            r.problem("name", f"must be {expected!r} (base_name and version), not {name!r}")
    colour = r.choice(record, "name_colour", "name_colour", NAME_COLOURS)
    if normalized and "max_copies" in record and colour is not None:
        copies = record["max_copies"]
        if copies != _MAX_COPIES_BY_COLOUR[colour]:
            r.problem(
                "max_copies",
                f"a {colour} name allows {_MAX_COPIES_BY_COLOUR[colour]} copies, not {copies!r}",
            )
    level = r.integer(record, "level", "level", _LEVEL)
    initiative = r.integer(record, "initiative", "initiative", _INITIATIVE)
    mp = r.integer(record, "mp", "mp", _MP, nullable=summon_stats)
    hp = r.integer(record, "hp", "hp", _HP, nullable=summon_stats)
    # The community roster prints "-" for the one card without an AP value.
    ap_value = record.get("ap")
    ap = (
        None
        if normalized and ap_value == "-"
        else r.integer(record, "ap", "ap", _AP, nullable=True)
    )

    types: list[str] = []
    for i, value in enumerate(r.items(record, "types", "types")):
        if isinstance(value, str) and value.strip():
            types.append(value.strip())
        else:
            r.problem(f"types[{i}]", f"must be a non-empty string, not {value!r}")
    season = r.code(record, "season", "season")
    edition = r.code(record, "edition", "edition")
    stars = r.integer(record, "eternal_stars", "eternal_stars", _STARS, default=0)
    season_legal = r.boolean(record, "season_format_legal", "season_format_legal", default=False)

    spells: list[Spell] = []
    raw_spells = r.items(record, "spells", "spells")
    strength = r.integer(record, "strength", "strength", _STRENGTH, nullable=True, default=None)
    # A Mob (a summon token with MP, 4.19.1.f) only usually has a spell (4.19.4); a Tombstone
    # (by its name or Type) has only Profanation (4.19.8.c), no spell.
    token = summon_stats and strength is not None
    tombstone = "tombstone" in {str(name).strip().lower(), *(t.lower() for t in types)}
    spell_free = token and (mp is not None or tombstone)
    if (
        "spells" in record
        and not raw_spells
        and isinstance(record["spells"], list)
        and not spell_free
    ):
        r.problem("spells", "a Krosmaster has at least one spell (2.5.1)")
    for i, value in enumerate(raw_spells):
        spell = _read_spell(r, value, f"spells[{i}]", normalized)
        if spell is not None:
            spells.append(spell)

    powers: list[Power] = []
    for i, value in enumerate(r.items(record, "powers", "powers", default=[])):
        power = r.mapping(value, f"powers[{i}]")
        if power is None:
            continue
        r.known_keys(power, ("slug", "name"), f"powers[{i}].")
        power_name = r.text(power, "name", f"powers[{i}].name")
        # Three records of the community roster lost their slug; the name still identifies the
        # power, so derive the slug the way the others were made rather than refuse the card.
        slug = r.text(power, "slug", f"powers[{i}].slug", nullable=True, empty=True, default="")
        if power_name is not None:
            powers.append(Power(slug or _slug(power_name), power_name))

    summons: list[str] = []
    for i, value in enumerate(r.items(record, "summon_refs", "summon_refs", default=[])):
        if isinstance(value, str) and value.strip():
            summons.append(value.strip())
        else:
            r.problem(f"summon_refs[{i}]", f"must be a non-empty string, not {value!r}")
    source_url = r.text(record, "source_url", "source_url", nullable=True, default=None)
    for key in ("mp", "hp"):  # only a summon token may print none
        if summon_stats and key in record and record[key] is None and strength is None:
            r.problem(key, "may be null only for a summon token (with its strength)")

    if r.failed:
        return None
    return Profile(
        id=record_id,
        name=" ".join(name.split()),
        base_name=" ".join(base_name.split()),
        version=version,
        name_colour=colour,
        level=level,
        initiative=initiative,
        mp=mp,
        hp=hp,
        ap=ap,
        types=tuple(types),
        season=season,
        edition=edition,
        spells=tuple(spells),
        powers=tuple(powers),
        summon_refs=tuple(summons),
        eternal_stars=stars,
        season_format_legal=season_legal,
        source_url=source_url,
        strength=strength,
    )


def _differences(first: Any, second: Any, path: str = "") -> Iterator[tuple[str, Any, Any]]:
    """Field paths where two raw records differ, so a conflict names the exact field."""
    if isinstance(first, dict) and isinstance(second, dict):
        for key in sorted(first.keys() | second.keys()):
            sub = f"{path}.{key}" if path else key
            yield from _differences(first.get(key, _MISSING), second.get(key, _MISSING), sub)
    elif isinstance(first, list) and isinstance(second, list) and len(first) == len(second):
        for i, (a, b) in enumerate(zip(first, second, strict=True)):
            yield from _differences(a, b, f"{path}[{i}]")
    elif first != second or type(first) is not type(second):
        yield path, first, second


def _shown(value: Any) -> str:
    return "absent" if value is _MISSING else json.dumps(value)[:60]


#: What `_read_profile` made of each distinct record of decoded JSON (`parse_roster(...,
#: decoded=True)`): the profile and the record's own issues, both immutable, keyed by the record's
#: `repr`, which names a JSON value exactly (str keys; str, int, float, bool, None, list and dict
#: values each written differently). A match log's inline profiles (summons, mostly) recur from
#: log to log. Emptied when full, so memory stays bounded.
_READ: dict[tuple[str, bool, bool], tuple[Profile | None, tuple[RosterIssue, ...]]] = {}
_READ_MAX = 512


def _read_decoded(
    record: dict[str, Any],
    index: int,
    issues: list[RosterIssue],
    normalized: bool,
    summon_stats: bool,
) -> Profile | None:
    """`_read_profile` of a record decoded from JSON text, each distinct record read once."""
    key = (repr(record), normalized, summon_stats)
    found = _READ.get(key)
    if found is None:
        own: list[RosterIssue] = []
        profile = _read_profile(record, index, own, normalized, summon_stats)
        if len(_READ) >= _READ_MAX:
            _READ.clear()
        found = _READ[key] = (profile, tuple(own))
    profile, own_issues = found
    issues.extend(i if i.index == index else replace(i, index=index) for i in own_issues)
    return profile


def parse_roster(
    document: Any,
    *,
    release: str | None = None,
    summon_stats: bool = False,
    decoded: bool = False,
) -> RosterParse:
    """Read a roster document (already decoded from JSON) into profiles and problems.

    ``document`` is either a list of community roster records or our own catalog document.
    ``release`` names the release the profiles belong to; by default the document's own
    ``release`` field, or :data:`DEFAULT_RELEASE` for a bare list.

    Records repeating an id with identical content are imported once and listed in
    ``duplicates``; a repeated id with different content is an issue for each differing field.
    ``summon_stats`` (a match log's inline profiles, and always for a catalog document) lets a
    summon token print no MP (a Mechanism, 4.19.1.f) or no HP (a Trap, 4.19.7): `mp`/`hp` null
    when `strength` is set. ``decoded`` says that the document was just decoded from JSON text
    and is read nowhere else (`json.loads`: plain values only), so that a record already read
    once is not read again (`_read_decoded`).
    """
    read_profile = _read_decoded if decoded else _read_profile
    issues: list[RosterIssue] = []
    if isinstance(document, list):
        source_format, records, normalized = NORMALIZED_FORMAT, document, True
        own_release = DEFAULT_RELEASE
    elif isinstance(document, dict) and document.get("format") == CATALOG_FORMAT:
        source_format, normalized = CATALOG_FORMAT, False
        # An organiser's catalog carries its summon cards as a log's header does: a Trap token
        # prints no MP or HP (4.19.7), and the scoresheet copies the token into its header.
        summon_stats = True
        for key in document:
            if key not in ("format", "release", "profiles"):
                issues.append(RosterIssue(None, None, key, "unknown field"))
        own_release = document.get("release")
        if not isinstance(own_release, str) or not own_release.strip():
            issues.append(RosterIssue(None, None, "release", "must be a non-empty string"))
            own_release = ""
        records = document.get("profiles")
        if not isinstance(records, list):
            issues.append(RosterIssue(None, None, "profiles", "must be a list of profiles"))
            records = []
    else:
        found = document.get("format") if isinstance(document, dict) else type(document).__name__
        message = (
            f"expected a list of roster records or a {CATALOG_FORMAT!r} document, not {found!r}"
        )
        return RosterParse("unknown", release or "", (), (RosterIssue(None, None, "", message),))

    profiles: dict[str, Profile] = {}
    first_seen: dict[str, int] = {}
    repeats: dict[str, list[int]] = {}
    for index, record in enumerate(records):
        if not isinstance(record, dict):
            issues.append(
                RosterIssue(None, index, "", f"must be an object, not {type(record).__name__}")
            )
            continue
        record_id = record.get("id")
        if isinstance(record_id, str) and record_id in first_seen:
            original = first_seen[record_id]
            diffs = list(_differences(records[original], record))
            if not diffs:
                repeats.setdefault(record_id, [original]).append(index)
                continue
            for path, was, now in diffs:
                issues.append(
                    RosterIssue(
                        record_id,
                        index,
                        path,
                        f"conflicts with record #{original} of the same id "
                        f"({_shown(was)} there, {_shown(now)} here)",
                    )
                )
            continue
        if isinstance(record_id, str):
            first_seen[record_id] = index
        profile = read_profile(record, index, issues, normalized, summon_stats)
        if profile is not None:
            profiles[profile.id] = profile

    duplicates = tuple(DuplicateRecord(rid, tuple(idx)) for rid, idx in repeats.items())
    return RosterParse(
        source_format=source_format,
        release=release or own_release,
        profiles=tuple(profiles.values()),
        issues=tuple(issues),
        duplicates=duplicates,
        records=len(records),
    )


def load_roster(path: str | Path, *, release: str | None = None) -> RosterParse:
    """Read a roster file; unreadable or non-JSON files come back as a single document issue."""
    try:
        document = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        issue = RosterIssue(None, None, "", f"cannot read {path}: {error}")
        return RosterParse("unknown", release or "", (), (issue,))
    return parse_roster(document, release=release)


def spell_to_dict(spell: Spell) -> dict[str, Any]:
    """A spell as a record of our catalog format."""
    return {
        "name": spell.name,
        "cost": dict(spell.cost.parts()),
        "range_kind": spell.range_kind,
        "range_min": spell.range_min,
        "range_max": spell.range_max,
        "range_modifiable": spell.range_modifiable,
        "range_line": spell.range_line,
        "range_los": spell.range_los,
        "element": spell.element,
        "base_damage": spell.base_damage,
        "limit": spell.limit,
        "effects": spell.effects,
    }


def profile_to_dict(profile: Profile) -> dict[str, Any]:
    """A profile as a record of our catalog format (see ``docs/catalog-format.md``)."""
    return {
        "id": profile.id,
        "name": profile.name,
        "base_name": profile.base_name,
        "version": profile.version,
        "name_colour": profile.name_colour,
        "level": profile.level,
        "initiative": profile.initiative,
        "mp": profile.mp,
        "hp": profile.hp,
        "ap": profile.ap,
        "types": list(profile.types),
        "season": profile.season,
        "edition": profile.edition,
        "eternal_stars": profile.eternal_stars,
        "season_format_legal": profile.season_format_legal,
        "spells": [spell_to_dict(spell) for spell in profile.spells],
        "powers": [{"slug": p.slug, "name": p.name} for p in profile.powers],
        "summon_refs": list(profile.summon_refs),
        "source_url": profile.source_url,
        "strength": profile.strength,
    }


def roster_to_dict(profiles: Iterable[Profile], release: str) -> dict[str, Any]:
    """Our catalog document for a release: what export writes and :func:`parse_roster` reads."""
    return {
        "format": CATALOG_FORMAT,
        "release": release,
        "profiles": [profile_to_dict(profile) for profile in profiles],
    }


__all__ = [
    "CATALOG_FORMAT",
    "DEFAULT_RELEASE",
    "ELEMENTS",
    "LIMITS",
    "NAME_COLOURS",
    "NORMALIZED_FORMAT",
    "RANGE_KINDS",
    "VARIABLE_COST",
    "Catalog",
    "Cost",
    "DuplicateRecord",
    "Power",
    "Profile",
    "RosterError",
    "RosterIssue",
    "RosterParse",
    "Spell",
    "load_roster",
    "name_key",
    "parse_roster",
    "profile_to_dict",
    "roster_to_dict",
    "spell_to_dict",
]
