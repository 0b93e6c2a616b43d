"""List legality for BATTLES ONE: the Rank, its LP budget and Mob count, each Mob's LP and their
distribution between Hit Points and abilities, and the resulting Total Hit Points.

A list (what a player registers) reads:

    {"rank": "page", "mobs": [{"mob": "warrior", "lp": 7, "hp": 3,
                               "abilities": {"absorbtion": 2, "bonus-damage": 2}}, ...]}

Every problem is reported, each citing the rulebook section it rests on (the rulebook has no
numbered rules: sections are named by their headings, e.g. "Definitions: Level Points").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from rules.battlesone.catalog import Catalog, Mob, slugify
from rules.battlesone.ranks import MIN_MOBS, RANKS, Rank
from rules.battlesone.sections import S_ALMANAC, S_LP, S_MOB, S_RANK, S_SETUP_2

BASE_HP = 20
"""Every Mob starts with 20 Hit Points before its LP are multiplied (Definitions: Hit Points)."""
LP_CARDS = frozenset({5, 6, 7, 8, 9, 10, 15})
"""Mob cards carry 5 to 15 LP, with no 11-14 LP cards (Definitions: Level Points)."""


class ListError(ValueError):
    """The list cannot be read at all (not an object, no Mobs): nothing to check. The sentence
    is English; `key` and `params` (`PROBLEMS`) word it in the reader's language."""

    def __init__(self, key: str, /, **params: Any) -> None:
        super().__init__(PROBLEMS[key].format(**params))
        self.key, self.params = key, params


class MobEntry(NamedTuple):
    """One Mob of a list with its LP and how they are spread over HP and its abilities (a
    tuple: records check both lists at each read, and a frozen dataclass is slow to build)."""

    mob: str
    lp: int
    hp_lp: int
    ability_lp: dict[str, int]
    label: str = ""

    def to_dict(self) -> dict[str, Any]:
        found: dict[str, Any] = {
            "mob": self.mob,
            "lp": self.lp,
            "hp": self.hp_lp,
            "abilities": dict(self.ability_lp),
        }
        if self.label:
            found["label"] = self.label
        return found


PROBLEMS: dict[str, str] = {
    "b1_unknown_rank": "unknown Rank {rank!r}; one of {names}",
    "b1_mob_count_range": "a {rank} fields {min} to {max} Mobs, not {count}",
    "b1_mob_count_exact": "a {rank} fields {min} Mobs, not {count}",
    "b1_not_in_almanac": "{mob!r} is not a Mob of the Almanac",
    "b1_lp_card": "{mob}: {lp} LP; Mob cards have 5 to 10 or 15 LP",
    "b1_unknown_abilities": "{mob} has no {unknown}; its abilities are {abilities}",
    "b1_lp_spent": "{mob}: {spent} LP placed in HP and abilities, the card has {lp}",
    "b1_lp_budget": "{total} LP of Mobs; a {rank} may spend {budget}",
    "b1_labels_needed": "two copies of one Mob need different labels to be told apart",
    # a list that cannot be read at all (`ListError`)
    "b1_list_not_object": "a list is an object with a rank and mobs",
    "b1_no_mobs": "mobs: give the Mobs of the list",
    "b1_too_many_mobs": "mobs: a list fields at most {max} Mobs, not {count}",
    "b1_mob_not_object": "mobs[{index}]: each Mob is an object naming its mob",
    "b1_mob_whole_number": "mobs[{index}].{field}: a whole number",
    "b1_mob_abilities_object": "mobs[{index}].abilities: an object of abilities and their LP",
    # no longer raised (one sentence for three fields, pointing at `mobs`): kept so that a
    # record's report stored before the two above still reads in the reader's language
    "b1_mob_numbers": "mobs[{index}]: lp and hp are whole numbers, abilities an object",
    "b1_ability_lp": "mobs[{index}].abilities.{name}: a whole number of LP, 0 or more",
    "b1_unknown_field": "{path}: not a field of a list (it takes: {fields})",
    "b1_label_too_long": "mobs[{index}].label: at most {max} characters, not {length}",
}
"""Every list problem's key and English sentence; the Django layer words the same keys in the
reader's language (`rules.wording.refusals.LIST_WORDING`), and a test fails when one has no
wording."""


@dataclass(frozen=True, slots=True)
class Problem:
    """One broken rule: the rulebook section, a sentence, and the Mob (index) concerned."""

    section: str
    message: str
    mob: int | None = None
    key: str = ""  # the sentence's key (`PROBLEMS`) and facts, to word it in French
    params: dict[str, Any] = field(default_factory=dict, compare=False)

    @classmethod
    def said(cls, section: str, key: str, index: int | None = None, /, **params: Any) -> Problem:
        """A problem worded by its key (`PROBLEMS`), with its facts; `index` is the Mob's."""
        return cls(section, PROBLEMS[key].format(**params), index, key, params)

    def to_dict(self) -> dict[str, Any]:
        found = {"rule": self.section, "message": self.message, "mob": self.mob}
        if self.key:
            found.update(key=self.key, params=dict(self.params))
        return found


@dataclass(frozen=True)
class ListReport:
    """The outcome of a check; `to_dict` is what registrations store and the API returns."""

    rank: Rank | None
    entries: tuple[MobEntry, ...]
    problems: tuple[Problem, ...]
    total_hp: dict[int, int] = field(default_factory=dict)

    @property
    def legal(self) -> bool:
        return not self.problems

    @property
    def total_lp(self) -> int:
        return sum(entry.lp for entry in self.entries)

    def to_dict(self) -> dict[str, Any]:
        return {
            "legal": self.legal,
            "system": "battlesone",
            "rank": self.rank.slug if self.rank else None,
            "lp_budget": self.rank.lp_budget if self.rank else None,
            "total_lp": self.total_lp,
            "mobs": [
                {**entry.to_dict(), "total_hp": self.total_hp.get(i)}
                for i, entry in enumerate(self.entries)
            ],
            "violations": [problem.to_dict() for problem in self.problems],
        }


def total_hit_points(mob: Mob, hp_lp: int) -> int:
    """THP = 20 + LP given to HP x the Mob's multiplier (never (20 + LP) x multiplier)."""
    return BASE_HP + hp_lp * mob.hp_multiplier


def _int(value: Any) -> int | None:
    return value if type(value) is int else None  # not a bool, which is an int too


def _is_mapping(value: Any) -> bool:
    """A JSON object (a dict: checked first, the ABC check is slow) or any other mapping."""
    return isinstance(value, (dict, Mapping))


def read_entries(
    data: Mapping[str, Any], *, strict: bool = False
) -> tuple[str, list[MobEntry], list[Problem]]:
    """The rank key and the Mob entries of a list, with the problems of shape found on the way.

    `strict` is for a list as a player sends it: a key the check would not read, a label
    longer than a stored one, or more Mobs than any Rank fields, is refused (`ListError`,
    naming the field's path). A misspelt `habilities` was dropped (the Mob then had no ability
    LP) and a long label cut to its first 40 characters, both silently. Records keep reading
    their lists leniently."""
    if not _is_mapping(data):
        raise ListError("b1_list_not_object")
    if strict:
        _refuse_unknown_keys(data, LIST_FIELDS, "")
    mobs = data.get("mobs")
    if not isinstance(mobs, list) or not mobs:
        raise ListError("b1_no_mobs")
    if strict and len(mobs) > MAX_MOBS:
        # Refused before reading them: 60,000 copies of one Mob were each read and each
        # answered with a problem of its own (a 2 MB list, a 9 MB report).
        raise ListError("b1_too_many_mobs", max=MAX_MOBS, count=len(mobs))
    problems: list[Problem] = []
    entries: list[MobEntry] = []
    for index, raw in enumerate(mobs):
        if not _is_mapping(raw) or not isinstance(raw.get("mob"), str):
            raise ListError("b1_mob_not_object", index=index, path=f"mobs[{index}]")
        if strict:
            _refuse_unknown_keys(raw, MOB_FIELDS, f"mobs[{index}].")
            _refuse_long_label(raw.get("label"), index)
        lp, hp = _int(raw.get("lp")), _int(raw.get("hp", 0))
        for name, number in (("lp", lp), ("hp", hp)):
            if number is None:
                raise ListError(
                    "b1_mob_whole_number", index=index, field=name, path=f"mobs[{index}].{name}"
                )
        abilities = raw.get("abilities") or {}
        if not _is_mapping(abilities):
            raise ListError("b1_mob_abilities_object", index=index, path=f"mobs[{index}].abilities")
        spread: dict[str, int] = {}
        for name, value in abilities.items():
            amount = _int(value)
            if amount is None or amount < 0:
                raise ListError(
                    "b1_ability_lp", index=index, name=name, path=f"mobs[{index}].abilities.{name}"
                )
            spread[slugify(str(name))] = amount
        label = str(raw.get("label") or "")[:LABEL_LENGTH]
        entries.append(MobEntry(slugify(raw["mob"]), lp, hp, spread, label))
    return str(data.get("rank") or ""), entries, problems


MAX_MOBS = max(rank.max_mobs for rank in RANKS)
"""No Rank fields more Mobs (Definitions: Mob); a sent list with more is not read."""
LIST_FIELDS = ("rank", "mobs", "name")
MOB_FIELDS = ("mob", "lp", "hp", "abilities", "label")
LABEL_LENGTH = 40


def _refuse_unknown_keys(data: Mapping[str, Any], fields: tuple[str, ...], prefix: str) -> None:
    for key in data:
        if key not in fields:
            raise ListError("b1_unknown_field", path=f"{prefix}{key}", fields=", ".join(fields))


def _refuse_long_label(label: Any, index: int) -> None:
    """`path` names the label itself (the API's problem `path`), not the list's `mobs`."""
    if isinstance(label, str) and len(label) > LABEL_LENGTH:
        raise ListError(
            "b1_label_too_long",
            index=index,
            max=LABEL_LENGTH,
            length=len(label),
            path=f"mobs[{index}].label",
        )


def check_list(data: Mapping[str, Any], catalog: Catalog, *, strict: bool = False) -> ListReport:
    """Every reason the list may not be played; raises `ListError` if it cannot be read (or,
    `strict`, has a key not read or a label too long: `read_entries`)."""
    rank_key, entries, problems = read_entries(data, strict=strict)
    rank = catalog.rank(rank_key)
    if rank is None:
        names = ", ".join(r.slug for r in catalog.ranks)
        problems.append(Problem.said(S_RANK, "b1_unknown_rank", rank=rank_key, names=names))
    elif not MIN_MOBS <= len(entries) <= rank.max_mobs:
        problems.append(
            Problem.said(
                S_MOB,
                "b1_mob_count_range" if rank.max_mobs > MIN_MOBS else "b1_mob_count_exact",
                rank=rank.name,
                min=MIN_MOBS,
                max=rank.max_mobs,
                count=len(entries),
            )
        )
    total_hp: dict[int, int] = {}
    for index, entry in enumerate(entries):
        mob = catalog.mob(entry.mob)
        if mob is None:
            problems.append(Problem.said(S_ALMANAC, "b1_not_in_almanac", index, mob=entry.mob))
            continue
        if entry.lp not in LP_CARDS:
            problems.append(Problem.said(S_LP, "b1_lp_card", index, mob=mob.name, lp=entry.lp))
        unknown = sorted(set(entry.ability_lp) - {a.slug for a in mob.abilities})
        if unknown:
            problems.append(
                Problem.said(
                    S_ALMANAC,
                    "b1_unknown_abilities",
                    index,
                    mob=mob.name,
                    unknown=", ".join(unknown),
                    abilities=", ".join(a.slug for a in mob.abilities),
                )
            )
        spent = entry.hp_lp + sum(entry.ability_lp.values())
        if entry.hp_lp < 0 or spent != entry.lp:
            problems.append(
                Problem.said(
                    S_SETUP_2, "b1_lp_spent", index, mob=mob.name, spent=spent, lp=entry.lp
                )
            )
        total_hp[index] = total_hit_points(mob, max(entry.hp_lp, 0))
    if rank is not None and sum(e.lp for e in entries) > rank.lp_budget:
        problems.append(
            Problem.said(
                S_RANK,
                "b1_lp_budget",
                total=sum(e.lp for e in entries),
                rank=rank.name,
                budget=rank.lp_budget,
            )
        )
    labels = [entry.mob + "|" + entry.label.casefold() for entry in entries]
    for index, key in enumerate(labels):
        if key in labels[:index]:
            problems.append(Problem.said(S_MOB, "b1_labels_needed", index))
    return ListReport(rank, tuple(entries), tuple(problems), total_hp)
