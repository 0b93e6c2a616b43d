"""Team legality (1.1.1, 1.1.3.d, 1.1.4, 2.1.2): every reason a team may not start a match.

A check never stops at the first problem: a player fixing a team wants the whole list. Each
violation names the rule it breaks, the profiles concerned and says what is wrong in a sentence.
The sentence is English; each violation also carries a stable key and the facts in it (`KEYS`),
from which the Django layer words it in the page's language (`teams.wording`).

How the rules are read:

* Versions of one Krosmaster (same name before the dash) are one Krosmaster for copy limits
  (2.1.2). Several versions of a unique Krosmaster break 1.1.1.d; too many copies of one version
  break the colour's rule (1.1.1.c, .e, .f); too many copies only once versions are added up are
  reported under 2.1.2.
* The Boss type has no effect on team building (1.1.1.g), so nothing here looks at types.
* A match ban names one profile version: banning a version leaves the others playable (1.1.3).
* Copies of one card (same name and version) must carry distinct labels (1.1.4); different
  versions already look different and need none.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from rules.engine.formats import Format
from rules.engine.roster import Catalog, Profile, name_key

COLOUR_RULES = {"gold": "1.1.1.c", "white": "1.1.1.e", "black": "1.1.1.f"}
"""The copy-limit rule for each name colour."""

_COLOUR_WORDS = {"gold": "a unique (gold-name)", "white": "a white-name", "black": "a black-name"}


@dataclass(frozen=True, slots=True)
class TeamEntry:
    """One Krosmaster of a team: a profile and, for copies, the mark that tells it apart."""

    profile_id: str
    label: str | None = None


KEYS = (
    "team_size",  # 1.1.1.a: size, min, max
    "total_level_exact",  # 1.1.1.b: total, wanted
    "total_level_max",  # 1.1.1.b: total, max
    "too_many_copies",  # colour rules (1.1.1.c, .e, .f): name, colour, count, limit
    "one_version_of_unique",  # 1.1.1.d: names
    "versions_count_together",  # 2.1.2: names, colour, count, limit
    "not_in_catalog",  # 1.1.1.h: profile, release
    "not_in_format",  # 1.1.1.h: name, profile, why (season|edition|banned), value, format
    "banned_for_match",  # 1.1.3.d: name, profile
    "labels_missing",  # 1.1.4: name, count, missing
    "labels_shared",  # 1.1.4: name, labels
    "event_rule",  # 1.1.2: replaces (the regular rule), key, params (of the violation it wraps)
)
"""Every violation's stable key, with the names of its parameters (JSON values only)."""


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule: its number, a sentence for the player, the profile ids concerned, and
    the sentence's key (`KEYS`) and facts so that it can be worded in another language."""

    rule: str
    message: str
    profiles: tuple[str, ...]
    key: str = ""
    params: dict[str, Any] = field(default_factory=dict, hash=False)

    def to_dict(self) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "message": self.message,
            "profiles": list(self.profiles),
            "key": self.key,
            "params": dict(self.params),
        }


@dataclass(frozen=True, slots=True)
class LegalityReport:
    """Outcome of a team check; :meth:`to_dict` is the shape the CLI and API return."""

    format: str
    release: str
    total_level: int
    violations: tuple[Violation, ...]

    @property
    def legal(self) -> bool:
        return not self.violations

    @property
    def rules(self) -> tuple[str, ...]:
        """Rule numbers broken, in report order (repeated when broken several times)."""
        return tuple(v.rule for v in self.violations)

    def to_dict(self) -> dict[str, Any]:
        return {
            "legal": self.legal,
            "total_level": self.total_level,
            "format": self.format,
            "release": self.release,
            "violations": [v.to_dict() for v in self.violations],
        }


@dataclass(frozen=True, slots=True, eq=False)
class _Card:
    """What the checker needs of a profile in one format, computed once per (format, catalog)."""

    profile: Profile
    level: int
    krosmaster: str
    version: str
    copy_limit: int
    illegal: str | None
    illegal_cause: tuple[str, str] | None


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _times(count: int) -> str:
    return {1: "once", 2: "twice"}.get(count, f"{count} times")


def _name_list(cards: Iterable[_Card]) -> list[str]:
    return list(dict.fromkeys(card.profile.name for card in cards))


def _names(cards: Iterable[_Card]) -> str:
    names = _name_list(cards)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _label_key(label: str | None) -> str:
    return " ".join((label or "").split()).casefold()


def _gang_leader_extra(cards: list[_Card]) -> int:
    """Gang Leader (Elite Riktus): a team formed with fewer than 8 Krosmasters and at least 5
    Bandits may add one Level-2 Bandit Krosmaster (1.1.2: the card changes team building). The
    added Bandit's 2 Levels are not counted in the total of 1.1.1.b; the team size limit still
    holds. Returns the Levels left out (0 or 2)."""
    if not any(any(p.slug == "gang-leader" for p in c.profile.powers) for c in cards):
        return 0

    def bandit(card: _Card) -> bool:
        return any(t.strip().lower() == "bandit" for t in card.profile.types)

    extra = [c for c in cards if bandit(c) and c.level == 2]
    if not extra:
        return 0
    formed = len(cards) - 1
    bandits = sum(1 for c in cards if bandit(c)) - 1
    return 2 if formed < 8 and bandits >= 5 else 0


class TeamChecker:
    """Checks teams against one format and catalog, with per-profile facts computed once.

    Build one per (format, catalog) when checking many teams; :func:`check_team` does that
    behind a small cache.
    """

    def __init__(self, fmt: Format, catalog: Catalog) -> None:
        if fmt.release != catalog.release:
            raise ValueError(
                f"format {fmt.name!r} uses release {fmt.release!r} "
                f"but the catalog is release {catalog.release!r}"
            )
        self.format = fmt
        self.catalog = catalog
        self._cards = {
            profile.id: _Card(
                profile=profile,
                level=fmt.level_of(profile),
                krosmaster=profile.krosmaster,
                version=name_key(profile.name),
                copy_limit=fmt.copy_limit_of(profile),
                illegal=fmt.illegal_reason(profile),
                illegal_cause=fmt.illegal_cause(profile),
            )
            for profile in catalog.values()
        }

    def check(self, team: Sequence[TeamEntry], bans: Iterable[str] = ()) -> LegalityReport:
        """Every violation of the team; ``bans`` are the profile ids banned for this match."""
        fmt = self.format
        violations: list[Violation] = []
        cards: list[_Card] = []
        unknown: list[str] = []
        for entry in team:
            card = self._cards.get(entry.profile_id)
            if card is None:
                unknown.append(entry.profile_id)
            else:
                cards.append(card)
        all_ids = tuple(dict.fromkeys(entry.profile_id for entry in team))
        total = sum(card.level for card in cards) - _gang_leader_extra(cards)

        size = len(team)
        if not fmt.min_team_size <= size <= fmt.max_team_size:
            wanted = (
                f"exactly {fmt.min_team_size}"
                if fmt.min_team_size == fmt.max_team_size
                else f"{fmt.min_team_size} to {fmt.max_team_size}"
            )
            violations.append(
                Violation(
                    "1.1.1.a",
                    f"Your team has {_plural(size, 'Krosmaster')}; a team needs {wanted}.",
                    all_ids,
                    "team_size",
                    {"size": size, "min": fmt.min_team_size, "max": fmt.max_team_size},
                )
            )

        if fmt.total_level is not None and total != fmt.total_level:
            gap = fmt.total_level - total
            how = f"{gap} short" if gap > 0 else f"{-gap} too many"
            violations.append(
                Violation(
                    "1.1.1.b",
                    f"Your team's total Level is {total}; it must be exactly "
                    f"{fmt.total_level} ({how}).",
                    all_ids,
                    "total_level_exact",
                    {"total": total, "wanted": fmt.total_level},
                )
            )
        if fmt.max_total_level is not None and total > fmt.max_total_level:
            violations.append(
                Violation(
                    "1.1.1.b",
                    f"Your team's total Level is {total}; it must be at most "
                    f"{fmt.max_total_level}.",
                    all_ids,
                    "total_level_max",
                    {"total": total, "max": fmt.max_total_level},
                )
            )

        violations.extend(self._copy_violations(cards))

        for profile_id in dict.fromkeys(unknown):
            violations.append(
                Violation(
                    "1.1.1.h",
                    f"{profile_id} is not a Krosmaster of the catalog release "
                    f"{self.catalog.release}.",
                    (profile_id,),
                    "not_in_catalog",
                    {"profile": profile_id, "release": self.catalog.release},
                )
            )
        distinct = {card.profile.id: card for card in cards}.values()
        for card in distinct:
            if card.illegal is not None and card.illegal_cause is not None:
                why, value = card.illegal_cause
                violations.append(
                    Violation(
                        "1.1.1.h",
                        f"{card.profile.label()} {card.illegal}.",
                        (card.profile.id,),
                        "not_in_format",
                        {
                            "name": card.profile.name,
                            "profile": card.profile.id,
                            "why": why,
                            "value": value,
                            "format": fmt.name,
                        },
                    )
                )

        banned = set(bans)
        if banned:
            for card in distinct:
                if card.profile.id in banned:
                    violations.append(
                        Violation(
                            "1.1.3.d",
                            f"{card.profile.label()} was banned for this match and cannot be in "
                            "your starting team.",
                            (card.profile.id,),
                            "banned_for_match",
                            {"name": card.profile.name, "profile": card.profile.id},
                        )
                    )

        violations.extend(self._label_violations(team))
        return LegalityReport(fmt.name, self.catalog.release, total, tuple(violations))

    def _copy_violations(self, cards: list[_Card]) -> list[Violation]:
        """1.1.1.c-f and 2.1.2: copies of one Krosmaster, counting its versions together."""
        groups: dict[str, list[_Card]] = {}
        for card in cards:
            groups.setdefault(card.krosmaster, []).append(card)
        found: list[Violation] = []
        for group in groups.values():
            if len(group) == 1:
                continue
            strictest = min(group, key=lambda card: card.copy_limit)
            limit = strictest.copy_limit
            colour = strictest.profile.name_colour
            versions: dict[str, list[_Card]] = {}
            for card in group:
                versions.setdefault(card.version, []).append(card)
            unique = any(card.profile.is_unique for card in group)
            ids = tuple(dict.fromkeys(card.profile.id for card in group))

            if len(versions) == 1:
                if len(group) > limit:
                    found.append(self._too_many(colour, group, limit))
                continue
            if unique and self.format.single_version_of_unique:
                found.append(
                    Violation(
                        "1.1.1.d",
                        f"{_names(group)} are versions of the same unique Krosmaster; a team "
                        "may contain only one version of it.",
                        ids,
                        "one_version_of_unique",
                        {"names": _name_list(group)},
                    )
                )
                found.extend(
                    self._too_many(colour, same, limit)
                    for same in versions.values()
                    if len(same) > limit
                )
            elif len(group) > limit:
                found.append(
                    Violation(
                        "2.1.2",
                        f"{_names(group)} are versions of the same Krosmaster and count together: "
                        f"{len(group)} copies of {_COLOUR_WORDS[colour]} Krosmaster, at most "
                        f"{limit} allowed.",
                        ids,
                        "versions_count_together",
                        {
                            "names": _name_list(group),
                            "colour": colour,
                            "count": len(group),
                            "limit": limit,
                        },
                    )
                )
        return found

    @staticmethod
    def _too_many(colour: str, same: list[_Card], limit: int) -> Violation:
        profile = same[0].profile
        return Violation(
            COLOUR_RULES[colour],
            f"{profile.name} is {_COLOUR_WORDS[colour]} Krosmaster and appears "
            f"{_times(len(same))}; at most {_times(limit)} allowed.",
            tuple(dict.fromkeys(card.profile.id for card in same)),
            "too_many_copies",
            {"name": profile.name, "colour": colour, "count": len(same), "limit": limit},
        )

    def _label_violations(self, team: Sequence[TeamEntry]) -> list[Violation]:
        """1.1.4: copies of one card need labels, all different, to be told apart."""
        by_card: dict[str, list[TeamEntry]] = {}
        for entry in team:
            card = self._cards.get(entry.profile_id)
            key = card.version if card is not None else entry.profile_id
            by_card.setdefault(key, []).append(entry)
        found: list[Violation] = []
        for entries in by_card.values():
            if len(entries) < 2:
                continue
            card = self._cards.get(entries[0].profile_id)
            name = card.profile.name if card is not None else entries[0].profile_id
            ids = tuple(dict.fromkeys(entry.profile_id for entry in entries))
            missing = sum(1 for entry in entries if not _label_key(entry.label))
            if missing:
                found.append(
                    Violation(
                        "1.1.4",
                        f"Your team has {len(entries)} copies of {name}: give each copy its own "
                        f"label so they can be told apart ({missing} without a label).",
                        ids,
                        "labels_missing",
                        {"name": name, "count": len(entries), "missing": missing},
                    )
                )
            labels = [_label_key(entry.label) for entry in entries if _label_key(entry.label)]
            repeated = sorted({label for label in labels if labels.count(label) > 1})
            if repeated:
                shown = ", ".join(f"'{label}'" for label in repeated)
                found.append(
                    Violation(
                        "1.1.4",
                        f"Copies of {name} share the label {shown}; each copy needs a label of "
                        "its own.",
                        ids,
                        "labels_shared",
                        {"name": name, "labels": repeated},
                    )
                )
        return found


RULES_OF_FIELD: dict[str, tuple[str, ...]] = {
    "min_team_size": ("1.1.1.a",),
    "max_team_size": ("1.1.1.a",),
    "total_level": ("1.1.1.b",),
    "max_total_level": ("1.1.1.b",),
    "single_version_of_unique": ("1.1.1.d",),
}
"""The regular rule each customisable format field stands for (`formats.CUSTOM_RULE_FIELDS`);
copy limits stand for their colour's rule (`COLOUR_RULES`) and 2.1.2, which counts versions
against them."""

CUSTOM_RULE = "1.1.2"


def replaced_rules(changed: Mapping[str, Any]) -> set[str]:
    """The regular rules an event's own rules (1.1.2, as stored: field -> value) replace."""
    replaced = {rule for key in changed for rule in RULES_OF_FIELD.get(key, ())}
    colours = changed.get("copy_limits") or {}
    if colours:
        replaced |= {COLOUR_RULES[colour] for colour in colours} | {"2.1.2"}
    return replaced


def cite_custom_rules(report: LegalityReport, changed: Mapping[str, Any]) -> LegalityReport:
    """The report with each violation of a rule the event replaced (1.1.2) citing the event's
    own rule: a team of 5 where the event asks for 2 to 4 breaks the event's rule, not 1.1.1.a.
    The message keeps the regular rule it stands in for."""
    replaced = replaced_rules(changed)
    if not replaced:
        return report
    violations = tuple(
        Violation(
            CUSTOM_RULE,
            f"{v.message} (this event's own team-building rule, in place of {v.rule})",
            v.profiles,
            "event_rule",
            {"replaces": v.rule, "key": v.key, "params": dict(v.params)},
        )
        if v.rule in replaced
        else v
        for v in report.violations
    )
    return LegalityReport(report.format, report.release, report.total_level, violations)


@lru_cache(maxsize=16)
def _checker(fmt: Format, catalog: Catalog) -> TeamChecker:
    return TeamChecker(fmt, catalog)


def check_team(
    team: Sequence[TeamEntry | str],
    fmt: Format,
    catalog: Catalog,
    bans: Iterable[str] = (),
) -> LegalityReport:
    """Check a team against a format: every violation, not just the first.

    ``team`` holds :class:`TeamEntry` values, or bare profile ids for unlabelled entries;
    ``bans`` are the profile ids banned for this match (1.1.3.d). A profile missing from the
    catalog is reported (1.1.1.h) rather than raised, so a stored team stays checkable after a
    release change. Raises ``ValueError`` if the format and the catalog are of different releases.
    """
    entries = [TeamEntry(entry) if isinstance(entry, str) else entry for entry in team]
    return _checker(fmt, catalog).check(entries, bans)


__all__ = [
    "COLOUR_RULES",
    "CUSTOM_RULE",
    "KEYS",
    "RULES_OF_FIELD",
    "LegalityReport",
    "TeamChecker",
    "TeamEntry",
    "Violation",
    "check_team",
    "cite_custom_rules",
    "replaced_rules",
]
