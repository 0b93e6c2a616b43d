"""Reading a team as players write it: profile ids or names, optional labels, and match bans.

Shape (the CLI's TEAM.json and the API body)::

    {"krosmasters": ["s1-arena-1", "Bill Tell", {"profile": "s1-dks1-7", "label": "red"}],
     "bans": ["Percedal - Percylax"]}

A reference is a profile id or a full name (with version), compared ignoring case, spacing and
dash style. A name shared by several profiles (a figurine and its Eternal re-profile) is settled
by the format when only one of them is in its pool; otherwise the player must use the id. All
problems are collected and raised together, each listing the candidates a player could mean.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.engine.formats import Format
from rules.engine.legality import TeamEntry
from rules.engine.refusals import REFUSALS, facts
from rules.engine.roster import Catalog, Profile, name_key


@dataclass(frozen=True, slots=True)
class SpecProblem:
    """One unusable part of a team spec: where (``krosmasters[2]``), what, and the candidates."""

    path: str
    message: str
    candidates: tuple[str, ...] = ()
    key: str = ""  # the problem's key and facts (`rules.engine.refusals.REFUSALS`)
    params: dict[str, Any] = field(default_factory=dict, compare=False)

    @classmethod
    def said(
        cls, path: str, key: str, candidates: tuple[str, ...] = (), /, **params: Any
    ) -> SpecProblem:
        """A problem worded by its key, so that the Django layer can word it in French."""
        return cls(path, REFUSALS[key].format(**params), candidates, key, facts(params))

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"


class TeamSpecError(ValueError):
    """A team spec that cannot be read; ``problems`` lists every reason."""

    def __init__(self, problems: list[SpecProblem]) -> None:
        super().__init__("\n".join(str(problem) for problem in problems))
        self.problems = tuple(problems)


@dataclass(frozen=True, slots=True)
class TeamSpec:
    """A read team: entries in the order given, and the profile ids banned for the match."""

    entries: tuple[TeamEntry, ...]
    bans: tuple[str, ...] = ()


def _describe(profile: Profile) -> str:
    return f"{profile.name} ({profile.id}, season {profile.season}, edition {profile.edition})"


class ProfileLookupError(LookupError):
    """No single profile is meant: `args` are the English sentence and the candidate ids (as
    `LookupError` callers read them), `key` and `params` the sentence's key and facts."""

    def __init__(self, key: str, candidates: tuple[str, ...], /, **params: Any) -> None:
        super().__init__(REFUSALS[key].format(**params), candidates)
        self.key, self.params, self.candidates = key, facts(params), candidates


def resolve_profile(reference: str, catalog: Catalog, fmt: Format | None = None) -> Profile:
    """The profile a player means by an id or a name; raises ``LookupError`` naming candidates.

    The error's ``args[1]`` holds the candidate profile ids (possibly empty).
    """
    text = reference.strip()
    if text in catalog:
        return catalog[text]
    lowered = text.lower()
    if lowered in catalog:
        return catalog[lowered]

    matches = catalog.with_name(text)
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1:
        if fmt is not None:
            in_pool = [p for p in matches if fmt.in_pool(p)]
            if len(in_pool) == 1:
                return in_pool[0]
        listed = "; ".join(_describe(p) for p in matches)
        raise ProfileLookupError(
            "team_name_ambiguous",
            tuple(p.id for p in matches),
            text=text,
            count=len(matches),
            listed=listed,
        )

    versions = list(catalog.versions_of(text))
    if not versions:
        names = list(dict.fromkeys(name_key(p.name) for p in catalog.values()))
        close = difflib.get_close_matches(name_key(text), names, n=5, cutoff=0.75)
        versions = [profile for name in close for profile in catalog.with_name(name)]
    if versions:
        listed = "; ".join(_describe(p) for p in versions)
        raise ProfileLookupError(
            "team_name_unknown_close", tuple(p.id for p in versions), text=text, listed=listed
        )
    raise ProfileLookupError("team_name_unknown", (), text=text)


def parse_team_spec(data: Any, catalog: Catalog, fmt: Format | None = None) -> TeamSpec:
    """Read a team spec (decoded JSON) into entries and bans, or raise :class:`TeamSpecError`.

    ``fmt``, when given, settles names shared by profiles of which only one is in its pool.
    """
    problems: list[SpecProblem] = []

    def resolve(reference: Any, path: str) -> str | None:
        if not isinstance(reference, str) or not reference.strip():
            problems.append(SpecProblem.said(path, "team_not_a_reference"))
            return None
        try:
            return resolve_profile(reference, catalog, fmt).id
        except ProfileLookupError as error:
            problems.append(SpecProblem.said(path, error.key, error.candidates, **error.params))
            return None

    if not isinstance(data, Mapping):
        raise TeamSpecError([SpecProblem.said("", "team_not_an_object")])
    for key in data:
        if key not in ("krosmasters", "bans"):
            problems.append(SpecProblem.said(str(key), "team_field_unknown"))

    entries: list[TeamEntry] = []
    krosmasters = data.get("krosmasters")
    if not isinstance(krosmasters, list):
        problems.append(SpecProblem.said("krosmasters", "team_not_a_list"))
        krosmasters = []
    for i, item in enumerate(krosmasters):
        path = f"krosmasters[{i}]"
        label = None
        if isinstance(item, Mapping):
            for key in item:
                if key not in ("profile", "label"):
                    problems.append(SpecProblem.said(f"{path}.{key}", "team_field_unknown"))
            label = item.get("label")
            if label is not None and not isinstance(label, str):
                problems.append(SpecProblem.said(f"{path}.label", "team_label_not_text"))
                label = None
            item = item.get("profile")
            path = f"{path}.profile"
        profile_id = resolve(item, path)
        if profile_id is not None:
            entries.append(TeamEntry(profile_id, label.strip() if label else None))

    bans: list[str] = []
    raw_bans = data.get("bans", [])
    if not isinstance(raw_bans, list):
        problems.append(SpecProblem.said("bans", "team_not_a_list"))
        raw_bans = []
    for i, item in enumerate(raw_bans):
        profile_id = resolve(item, f"bans[{i}]")
        if profile_id is not None:
            bans.append(profile_id)

    if problems:
        raise TeamSpecError(problems)
    return TeamSpec(tuple(entries), tuple(dict.fromkeys(bans)))


__all__ = ["SpecProblem", "TeamSpec", "TeamSpecError", "parse_team_spec", "resolve_profile"]
