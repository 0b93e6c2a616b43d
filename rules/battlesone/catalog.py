"""The BATTLES ONE catalog, read from the rulebook at run time into our own records.

The rulebook (`004_...txt` of the shared seeds) is the source: the reader finds each Mob's line
of the Almanac (name, ATT, DEF, damage die, HP multiplier) and the two abilities or spells under
it (name, icons, kind, and the static numbers of its equations: the VC base of "(8+LP) VC", the
dice of "(3+LP) D8", the "#-or-some" limit). Nothing of the prose is kept: what an ability does
is described in our own words in `rules.battlesone.abilities`. The Rank cards come from the
"Rank" definition (`ranks`). `catalog_to_dict` is the export (docs/battlesone.md).
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from rules.battlesone.ranks import RANKS, Rank
from rules.battlesone.text import collapse, pages_joined

RULEBOOK_FILE = "004_be3268155ebeeede.txt"
ENV_VAR = "GAME_SEEDS"
ICONS = {
    "G": "go",
    "T": "turn",
    "O": "out_of_turn",
    "D": "defense_mode",
    "F": "fallow",
    "B": "busy",
    "P": "passive",
    "PP": "permanent",
    "S": "stuck",
}
"""The Ability and Spell Icons (section "Ability and Spell Icons") by the letter printed."""

_MOB_LINE = re.compile(
    r"^(?P<name>[A-Za-z][A-Za-z ]*?):?\s*ATT:\s*(?P<att>\d+)\s*DEF:\s*(?P<def>\d+)\s*"
    r"DMG:\s*D(?P<die>\d+)\s*HP:?\s*X\s*(?P<mult>\d)$"
)
_ABILITY_LINE = re.compile(
    r"^(?P<name>[A-Z][A-Z ]*?)\s*:?\s*(?P<icons>(?:\((?:PP|[GTODFBPS])\)\s*)+)"
    r"(?P<kind>ABILITY|SPELL|Ability|Spell)?$"
)
_VC = re.compile(r"\(?\s*(\d+)\s*\+\s*LP\s*\)?\s*VC")
_DICE = re.compile(r"\(?\s*(\d+)\s*\+\s*LP\s*\)?\s*D(\d+)|\bLP\s*D(\d+)")
_POOL = re.compile(r"\(\s*(\d+)\s*\+\s*LP\s*\)(?!\s*(?:VC|D\d))")
_OR_SOME = re.compile(r"(\d)-or-\s*some", re.IGNORECASE)
_FIXED_VC = re.compile(r"rolls (\d+) or less")


class CatalogError(ValueError):
    """The rulebook could not be read into a complete catalog (names what is missing)."""


@dataclass(frozen=True, slots=True)
class Dice:
    """`(base + LP) D<faces>`: how many dice an ability rolls once LP are given to it."""

    base: int
    faces: int

    def count(self, lp: int) -> int:
        return self.base + lp

    def __str__(self) -> str:
        return f"({self.base}+LP)D{self.faces}" if self.base else f"LP D{self.faces}"


@dataclass(frozen=True, slots=True)
class Ability:
    """One ability or spell of a Mob, as its heading and equations in the Almanac give it."""

    slug: str
    name: str
    mob: str
    icons: tuple[str, ...]
    kind: str | None  # "ability", "spell", or None where the Almanac does not say
    vc_base: int | None  # the static number of "(N+LP) VC"; None: no VC roll
    fixed_vc: int | None  # a VC that does not grow with LP (PROPERSTANCE's "15 or less")
    vc_bases: tuple[int, ...]  # every "(N+LP) VC" of the text, in order (a trap's own roll...)
    pool_base: int | None  # N of an "(N+LP)" total that is neither a VC nor dice (BERSERK LP)
    dice: Dice | None
    or_some: int | None  # the # of "#-or-some"
    usage: str | None  # "all-or-none", "all-or-some", "n-or-some", "permanent", "passive"

    def vc_target(self, lp: int) -> int | None:
        """The number to roll at or under on a d20 with `lp` Level Points in this ability."""
        if self.fixed_vc is not None:
            return self.fixed_vc
        return None if self.vc_base is None else self.vc_base + lp

    def has(self, icon: str) -> bool:
        return icon in self.icons


@dataclass(frozen=True, slots=True)
class Mob:
    """A Mob card of the Almanac: its printed numbers and its two abilities or spells."""

    slug: str
    name: str
    att: int
    defence: int
    damage_die: int
    hp_multiplier: int
    abilities: tuple[Ability, ...]

    def ability(self, slug: str) -> Ability | None:
        for found in self.abilities:  # two at most: a loop beats a generator here
            if found.slug == slug:
                return found
        return None


@dataclass(frozen=True)
class Catalog:
    """Every Mob of the Almanac and the 20 Rank cards; `source` names the text it came from."""

    mobs: dict[str, Mob]
    ranks: tuple[Rank, ...] = RANKS
    source: str = ""
    digest: str = ""
    abilities: dict[str, Ability] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(
            self,
            "abilities",
            {a.slug: a for mob in self.mobs.values() for a in mob.abilities},
        )

    def mob(self, key: str) -> Mob | None:
        return self.mobs.get(slugify(key))

    def rank(self, key: str) -> Rank | None:
        wanted = slugify(key)
        for rank in self.ranks:
            if rank.slug == wanted:
                return rank
        return None


@lru_cache(maxsize=4096)
def slugify(name: str) -> str:
    """`"Fire Mage"` -> `"fire-mage"`; how lists and records name Mobs, abilities and Ranks.
    Cached: records repeat the same few names on every line."""
    return re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")


def _usage(text: str, icons: tuple[str, ...]) -> tuple[str | None, int | None]:
    lowered = text.casefold()
    limit = _OR_SOME.search(text)
    if "passive" in icons:
        return "passive", None
    if "all-or-none" in lowered:
        return "all-or-none", None
    if limit:
        return "n-or-some", int(limit.group(1))
    if "all-or-some" in lowered:
        return "all-or-some", None
    if "permanent" in icons:
        return "permanent", None
    return None, None


def _ability(mob: str, heading: re.Match[str], body: str) -> Ability:
    name = " ".join(heading["name"].split())
    icons = tuple(ICONS[i] for i in re.findall(r"\((PP|[GTODFBPS])\)", heading["icons"]))
    icons = tuple(dict.fromkeys(icons))  # FIREBALL prints (T) twice
    vc = _VC.search(body)
    fixed = _FIXED_VC.search(body) if vc is None else None
    dice = _DICE.search(body)
    usage, limit = _usage(body, icons)
    return Ability(
        slug=slugify(name),
        name=name,
        mob=slugify(mob),
        icons=icons,
        kind=heading["kind"].casefold() if heading["kind"] else None,
        vc_base=int(vc.group(1)) if vc else None,
        vc_bases=tuple(int(found.group(1)) for found in _VC.finditer(body)),
        pool_base=int(pool.group(1)) if (pool := _POOL.search(body)) else None,
        fixed_vc=int(fixed.group(1)) if fixed else None,
        dice=(
            Dice(int(dice.group(1)), int(dice.group(2)))
            if dice and dice.group(1)
            else (Dice(0, int(dice.group(3))) if dice else None)
        ),
        or_some=limit,
        usage=usage,
    )


def read_catalog(text: str, source: str = "") -> Catalog:
    """Read the Almanac of the rulebook `text`; raises `CatalogError` if a Mob is incomplete."""
    lines = [collapse(line) for line in pages_joined(text).splitlines()]
    start = next((i for i, line in enumerate(lines) if line == "Almanac"), None)
    end = next((i for i, line in enumerate(lines) if line.startswith("PIRATE BATTLES")), len(lines))
    if start is None:
        raise CatalogError("the rulebook has no Almanac heading")
    mobs: dict[str, Mob] = {}
    current: dict[str, Any] | None = None
    heading: re.Match[str] | None = None
    body: list[str] = []

    def close_ability() -> None:
        if current is not None and heading is not None:
            current["abilities"].append(_ability(current["name"], heading, " ".join(body)))

    def close_mob() -> None:
        if current is None:
            return
        if len(current["abilities"]) != 2:
            raise CatalogError(
                f"{current['name']}: {len(current['abilities'])} abilities read, 2 expected"
            )
        mob = Mob(
            slug=slugify(current["name"]),
            name=current["name"],
            att=current["att"],
            defence=current["def"],
            damage_die=current["die"],
            hp_multiplier=current["mult"],
            abilities=tuple(current["abilities"]),
        )
        mobs[mob.slug] = mob

    for line in lines[start + 1 : end]:
        if (found := _MOB_LINE.match(line)) is not None:
            close_ability()
            close_mob()
            name = " ".join(found["name"].split()).title()
            current = {
                "name": name,
                "att": int(found["att"]),
                "def": int(found["def"]),
                "die": int(found["die"]),
                "mult": int(found["mult"]),
                "abilities": [],
            }
            heading, body = None, []
        elif current is not None and (found := _ABILITY_LINE.match(line)) is not None:
            close_ability()
            heading, body = found, []
        elif heading is not None:
            body.append(line)
    close_ability()
    close_mob()
    if not mobs:
        raise CatalogError("no Mob was read from the Almanac")
    digest = hashlib.sha256(text.encode()).hexdigest()[:12]
    return Catalog(mobs=mobs, source=source, digest=digest)


def seeds_dir() -> Path:
    """Where the rulebooks are: `$GAME_SEEDS`, else `shared/seeds` beside a parent folder of
    this checkout. Raises `FileNotFoundError` saying how to point to it."""
    configured = os.environ.get(ENV_VAR)
    if configured:
        candidates = [Path(configured)]
    else:
        here = Path(__file__).resolve()
        candidates = [parent / "shared" / "seeds" for parent in here.parents]
    for candidate in candidates:
        if (candidate / RULEBOOK_FILE).is_file():
            return candidate
    raise FileNotFoundError(
        f"BATTLES ONE rulebook {RULEBOOK_FILE} not found; set {ENV_VAR} to the seeds folder"
    )


@cache
def load_catalog(path: str | None = None) -> Catalog:
    """The catalog from the rulebook file (default: `seeds_dir()`), read once per process."""
    file = Path(path) if path else seeds_dir() / RULEBOOK_FILE
    return read_catalog(file.read_text(encoding="utf-8"), source=file.name)


def catalog_to_dict(catalog: Catalog) -> dict[str, Any]:
    """The export: our own format (`battlesone/1`, docs/battlesone.md), numbers only."""
    return {
        "format": "battlesone/1",
        "source": catalog.source,
        "digest": catalog.digest,
        "ranks": [rank.to_dict() for rank in catalog.ranks],
        "mobs": [
            {
                "slug": mob.slug,
                "name": mob.name,
                "att": mob.att,
                "def": mob.defence,
                "damage_die": f"D{mob.damage_die}",
                "hp_multiplier": mob.hp_multiplier,
                "abilities": [
                    {
                        "slug": a.slug,
                        "name": a.name,
                        "kind": a.kind,
                        "icons": list(a.icons),
                        "vc_base": a.vc_base,
                        "vc_bases": list(a.vc_bases),
                        "pool_base": a.pool_base,
                        "fixed_vc": a.fixed_vc,
                        "dice": None if a.dice is None else str(a.dice),
                        "usage": a.usage,
                        "or_some": a.or_some,
                    }
                    for a in mob.abilities
                ],
            }
            for mob in catalog.mobs.values()
        ],
    }
