"""Tournament formats: the named, dated team-building rule sets a team is checked against.

The regular tournament rules (1.1.1) are one format; an organiser may run an event with custom
team-building rules (1.1.2), which must be fixed before the event and the same for every game.
A format therefore carries everything team legality depends on except the match's own bans
(1.1.3), which are an input of each check.

Formats are plain data so the Django side can store them (:meth:`Format.to_dict` /
:func:`format_from_dict`) and organisers can edit them.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Final

from rules.engine.roster import DEFAULT_RELEASE, NAME_COLOURS, Profile

REGULAR_COPY_LIMITS: Final[Mapping[str, int]] = MappingProxyType(
    {"gold": 1, "white": 2, "black": 3}
)
"""Copies of one Krosmaster allowed by name colour (1.1.1.c, 1.1.1.e, 1.1.1.f)."""

FIGURINE_SEASONS: Final = frozenset({"s1", "s2", "s3", "s4", "s5", "s6"})
ETERNAL_EDITION: Final = "et1"
"""The Eternal deck: season-1 Krosmasters re-profiled, not figurines of their own."""

SEASON_1_FIGURINE_EDITIONS: Final = frozenset({"arena", "dks1", "duel", "exf", "frig", "multi"})
"""Editions of the season-1 figurines that the Eternal deck re-profiles (all 52 of them)."""

RULES_4_1_DATE: Final = datetime.date(2025, 11, 1)


class FormatError(ValueError):
    """A format that cannot be used to check teams, or a stored format that cannot be read."""


@dataclass(frozen=True, slots=True)
class Adjustment:
    """A per-profile change made by a format, e.g. a rebalance decided by the organisers.

    ``level`` replaces the printed Level for the team's total (1.1.1.b); ``copy_limit`` replaces
    the limit its name colour gives. ``None`` leaves the card as printed.
    """

    level: int | None = None
    copy_limit: int | None = None
    note: str = ""


@dataclass(frozen=True)
class Format:
    """A team-building rule set.

    A profile may be played when its season is in ``seasons`` (``None``: any season), its edition
    in ``editions`` (``None``: any edition) and not in ``excluded_editions``, and its id is not in
    ``banned`` (1.1.1.h). ``total_level`` is the exact total Level required and
    ``max_total_level`` a ceiling; either may be ``None`` to drop it (1.1.2 allows other totals).
    ``single_version_of_unique`` applies 1.1.1.d.
    """

    name: str
    date: datetime.date
    release: str = DEFAULT_RELEASE
    min_team_size: int = 3
    max_team_size: int = 8
    total_level: int | None = 12
    max_total_level: int | None = None
    copy_limits: Mapping[str, int] = field(default_factory=lambda: dict(REGULAR_COPY_LIMITS))
    single_version_of_unique: bool = True
    seasons: frozenset[str] | None = FIGURINE_SEASONS
    editions: frozenset[str] | None = None
    excluded_editions: frozenset[str] = frozenset()
    banned: frozenset[str] = frozenset()
    adjustments: Mapping[str, Adjustment] = field(default_factory=dict)
    description: str = ""

    def __post_init__(self) -> None:
        # Freeze the containers so a format shared between checks cannot drift.
        for name in ("seasons", "editions"):
            value = getattr(self, name)
            if value is not None:
                object.__setattr__(self, name, frozenset(value))
        object.__setattr__(self, "excluded_editions", frozenset(self.excluded_editions))
        object.__setattr__(self, "banned", frozenset(self.banned))
        object.__setattr__(self, "copy_limits", MappingProxyType(dict(self.copy_limits)))
        object.__setattr__(self, "adjustments", MappingProxyType(dict(self.adjustments)))
        problems = self.problems()
        if problems:
            raise FormatError(f"format {self.name!r}: " + "; ".join(problems))

    def __hash__(self) -> int:
        return hash((self.name, self.date, self.release))

    def problems(self) -> list[str]:
        """Why this format cannot be used; checked on creation so a stored format fails early."""
        found: list[str] = []
        if not self.name.strip():
            found.append("the name is empty")
        if self.min_team_size < 1:
            found.append("the minimum team size must be at least 1")
        if self.max_team_size < self.min_team_size:
            found.append("the maximum team size is below the minimum")
        for key in ("total_level", "max_total_level"):
            value = getattr(self, key)
            if value is not None and value < 0:
                found.append(f"{key} must not be negative")
        missing = [colour for colour in NAME_COLOURS if colour not in self.copy_limits]
        if missing:
            found.append(f"no copy limit for name colour(s) {', '.join(missing)}")
        unknown = sorted(set(self.copy_limits) - set(NAME_COLOURS))
        if unknown:
            found.append(f"copy limits for unknown name colour(s) {', '.join(unknown)}")
        if any(limit < 1 for limit in self.copy_limits.values()):
            found.append("copy limits must be at least 1")
        for profile_id, adjustment in self.adjustments.items():
            if adjustment.level is not None and adjustment.level < 0:
                found.append(f"adjusted level of {profile_id} must not be negative")
            if adjustment.copy_limit is not None and adjustment.copy_limit < 1:
                found.append(f"adjusted copy limit of {profile_id} must be at least 1")
        return found

    def illegal_cause(self, profile: Profile) -> tuple[str, str] | None:
        """Why the profile is not authorised in this format (1.1.1.h) as a stable key and the
        season or edition concerned: ``("season", "S1")``, ``("edition", "DOFUS")`` or
        ``("banned", "")``; ``None`` if it is authorised. Pages word it in their language."""
        if self.seasons is not None and profile.season not in self.seasons:
            return "season", profile.season
        if profile.edition in self.excluded_editions or (
            self.editions is not None and profile.edition not in self.editions
        ):
            return "edition", profile.edition
        if profile.id in self.banned:
            return "banned", ""
        return None

    def illegal_reason(self, profile: Profile) -> str | None:
        """Why the profile is not authorised in this format (1.1.1.h), or ``None`` if it is.

        The reason is a sentence fragment such as "is banned in Regular"; match bans are not
        considered here (they belong to one match, 1.1.3.d).
        """
        cause = self.illegal_cause(profile)
        if cause is None:
            return None
        why, value = cause
        if why == "banned":
            return f"is banned in {self.name}"
        return f"is from {why} {value}, which is not legal in {self.name}"

    def in_pool(self, profile: Profile) -> bool:
        """Whether the profile's season and edition are legal, bans aside.

        Used to tell apart profiles sharing a name (a figurine and its Eternal re-profile): a
        banned profile is still the one a player means.
        """
        return (
            (self.seasons is None or profile.season in self.seasons)
            and profile.edition not in self.excluded_editions
            and (self.editions is None or profile.edition in self.editions)
        )

    def level_of(self, profile: Profile) -> int:
        """The profile's Level for the team total, after this format's adjustment."""
        adjustment = self.adjustments.get(profile.id)
        if adjustment is not None and adjustment.level is not None:
            return adjustment.level
        return profile.level

    def copy_limit_of(self, profile: Profile) -> int:
        """How many copies of the profile's Krosmaster a team may hold when it includes it."""
        adjustment = self.adjustments.get(profile.id)
        if adjustment is not None and adjustment.copy_limit is not None:
            return adjustment.copy_limit
        return self.copy_limits[profile.name_colour]

    def legal_profiles(self, profiles: Iterable[Profile]) -> list[Profile]:
        """The profiles a team may use in this format (1.1.1.h), e.g. for a team builder."""
        return [p for p in profiles if self.illegal_reason(p) is None]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form, read back by :func:`format_from_dict`."""

        def codes(value: frozenset[str] | None) -> list[str] | None:
            return None if value is None else sorted(value)

        return {
            "name": self.name,
            "date": self.date.isoformat(),
            "release": self.release,
            "min_team_size": self.min_team_size,
            "max_team_size": self.max_team_size,
            "total_level": self.total_level,
            "max_total_level": self.max_total_level,
            "copy_limits": dict(self.copy_limits),
            "single_version_of_unique": self.single_version_of_unique,
            "seasons": codes(self.seasons),
            "editions": codes(self.editions),
            "excluded_editions": sorted(self.excluded_editions),
            "banned": sorted(self.banned),
            "adjustments": {
                profile_id: {"level": a.level, "copy_limit": a.copy_limit, "note": a.note}
                for profile_id, a in sorted(self.adjustments.items())
            },
            "description": self.description,
        }


def format_from_dict(data: Mapping[str, Any]) -> Format:
    """Read a format written by :meth:`Format.to_dict`; raises :class:`FormatError` if invalid."""
    try:
        known = set(Format.__dataclass_fields__)
        unknown = sorted(set(data) - known)
        if unknown:
            raise FormatError(f"unknown format field(s): {', '.join(unknown)}")
        values = dict(data)
        values["date"] = datetime.date.fromisoformat(values["date"])
        for key in ("seasons", "editions"):
            if values.get(key) is not None:
                values[key] = frozenset(values[key])
        for key in ("excluded_editions", "banned"):
            if key in values:
                values[key] = frozenset(values[key])
        if "adjustments" in values:
            values["adjustments"] = {
                profile_id: Adjustment(**adjustment)
                for profile_id, adjustment in values["adjustments"].items()
            }
        return Format(**values)
    except (KeyError, TypeError, ValueError) as error:
        if isinstance(error, FormatError):
            raise
        raise FormatError(f"invalid format: {error}") from error


CUSTOM_RULE_FIELDS: Final = (
    "min_team_size",
    "max_team_size",
    "total_level",
    "max_total_level",
    "copy_limits",
    "single_version_of_unique",
)
"""What an event's own team-building rules (1.1.2) may change of its format: the team size, the
total Level, the copies allowed by name colour and the one-version-of-a-unique rule (the 1.1.2
example: teams of 2, another total, several copies of a unique). Which profiles are legal
(1.1.1.h) stays the format's: the pool is the catalog's business."""

_INTEGER_FIELDS: Final = ("min_team_size", "max_team_size", "total_level", "max_total_level")
_NULLABLE_FIELDS: Final = ("total_level", "max_total_level")


def custom_rules_problems(rules: Mapping[str, Any]) -> dict[str, str]:
    """Why each field of an event's custom rules cannot be read (field -> reason); empty if all
    can. Only the shape is checked here; :func:`with_custom_rules` checks the combination."""
    found: dict[str, str] = {}
    for key, value in rules.items():
        if key not in CUSTOM_RULE_FIELDS:
            found[key] = "not a team-building rule an event can change (1.1.2)"
        elif key in _INTEGER_FIELDS:
            if value is None and key in _NULLABLE_FIELDS:
                continue
            if isinstance(value, bool) or not isinstance(value, int):
                found[key] = "a whole number" + (" or null" if key in _NULLABLE_FIELDS else "")
        elif key == "single_version_of_unique":
            if not isinstance(value, bool):
                found[key] = "true or false"
        elif key == "copy_limits" and not _copy_limits_readable(value):
            found[key] = "copies by name colour: " + ", ".join(NAME_COLOURS)
    return found


def _copy_limits_readable(value: Any) -> bool:
    return isinstance(value, Mapping) and all(
        colour in NAME_COLOURS and isinstance(n, int) and not isinstance(n, bool)
        for colour, n in value.items()
    )


def with_custom_rules(fmt: Format, rules: Mapping[str, Any], *, name: str) -> Format:
    """``fmt`` with an event's own team-building rules (1.1.2) in place of its own; copy limits
    not named keep the format's. Raises :class:`FormatError` for rules that cannot be read or
    that make no usable format (a maximum team size below the minimum, a copy limit of 0)."""
    problems = custom_rules_problems(rules)
    if problems:
        raise FormatError("; ".join(f"{key}: {why}" for key, why in problems.items()))
    values = dict(rules)
    if "copy_limits" in values:
        values["copy_limits"] = {**fmt.copy_limits, **values["copy_limits"]}
    return dataclasses.replace(fmt, name=name, **values)


def changed_rules(fmt: Format, rules: Mapping[str, Any]) -> dict[str, Any]:
    """The custom rules that differ from ``fmt`` (what an event stores): a rule equal to the
    format's is no custom rule, and a violation of it still cites 1.1.1."""
    changed: dict[str, Any] = {}
    for key, value in rules.items():
        if key == "copy_limits":
            limits = {c: n for c, n in value.items() if fmt.copy_limits.get(c) != n}
            if limits:
                changed[key] = limits
        elif getattr(fmt, key) != value:
            changed[key] = value
    return changed


def regular_format(
    release: str = DEFAULT_RELEASE,
    *,
    name: str = "Regular (CTR 4.1)",
    date: datetime.date = RULES_4_1_DATE,
    banned: Iterable[str] = (),
) -> Format:
    """The regular tournament rules (1.1.1): every figurine profile of seasons 1 to 6.

    The Eternal deck re-profiles (edition ``et1``) are left out: they replace the season-1
    figurines in the Eternal format instead of adding to them.
    """
    return Format(
        name=name,
        date=date,
        release=release,
        seasons=FIGURINE_SEASONS,
        excluded_editions=frozenset({ETERNAL_EDITION}),
        banned=frozenset(banned),
        description="Regular tournament team building of the fan-made rules 4.1 (1.1.1).",
    )


def eternal_format(
    release: str = DEFAULT_RELEASE,
    *,
    name: str = "Eternal",
    date: datetime.date = RULES_4_1_DATE,
    banned: Iterable[str] = (),
) -> Format:
    """Eternal: the season-1 Krosmasters in their Eternal deck profiles, with seasons 2 to 6.

    Same team-building limits as the regular format; only the pool differs, the season-1
    figurine profiles giving way to their re-profiles.
    """
    return Format(
        name=name,
        date=date,
        release=release,
        seasons=None,
        excluded_editions=SEASON_1_FIGURINE_EDITIONS,
        banned=frozenset(banned),
        description=(
            "Season-1 Krosmasters played with their Eternal deck profiles (edition et1); "
            "seasons 2 to 6 as printed."
        ),
    )


__all__ = [
    "CUSTOM_RULE_FIELDS",
    "ETERNAL_EDITION",
    "FIGURINE_SEASONS",
    "REGULAR_COPY_LIMITS",
    "SEASON_1_FIGURINE_EDITIONS",
    "Adjustment",
    "Format",
    "FormatError",
    "changed_rules",
    "custom_rules_problems",
    "eternal_format",
    "format_from_dict",
    "regular_format",
    "with_custom_rules",
]
