"""The card catalog: releases of profiles with their spells, powers and summons, the tournament
formats bound to a release, and arenas.

The rules engine (`rules.engine`) owns the meaning of these records; the models store them and
`rules.selectors` turns them back into engine values (`Catalog`, `Format`, `Arena`). Writes go
through `rules.services`, which validates everything with the engine before touching the database.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from rules.engine.roster import ELEMENTS, LIMITS, NAME_COLOURS, RANGE_KINDS


def _choices(values: tuple[str, ...]) -> list[tuple[str, str]]:
    return [(value, value.replace("_", " ").capitalize()) for value in values]


class Release(models.Model):
    """A dated set of profiles (the catalog changes: rebalances, new cards).

    Exactly one release is active: the one new checks use unless a format names another. Older
    releases stay readable so a team checked last year can still be explained.
    """

    name = models.CharField(max_length=64, unique=True)
    description = models.TextField(blank=True)
    source = models.CharField(
        max_length=200, blank=True, help_text=_("File and layout the release was imported from.")
    )
    is_active = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(
        auto_now=True, help_text=_("Bumped on every change: the catalog cache keys on it.")
    )

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["is_active"], condition=Q(is_active=True), name="one_active_release"
            )
        ]

    def __str__(self) -> str:
        return f"{self.name} (active)" if self.is_active else self.name


class Profile(models.Model):
    """One printed card: a Krosmaster in one version (2.1.2), within one release."""

    release = models.ForeignKey(Release, on_delete=models.CASCADE, related_name="profiles")
    code = models.CharField(max_length=64, help_text=_("The catalog id, e.g. s1-arena-1."))
    position = models.PositiveIntegerField(help_text=_("Order in the imported document."))
    name = models.CharField(max_length=120)
    base_name = models.CharField(max_length=120)
    version = models.CharField(max_length=120, blank=True, help_text=_("Empty for no version."))
    name_colour = models.CharField(max_length=8, choices=_choices(NAME_COLOURS))
    level = models.PositiveSmallIntegerField()
    initiative = models.PositiveSmallIntegerField()
    # Null only for a summon token (a Mechanism has no MP, a Trap no HP: 4.19.1.f, 4.19.7).
    mp = models.PositiveSmallIntegerField(null=True, blank=True)
    hp = models.PositiveSmallIntegerField(null=True, blank=True)
    ap = models.PositiveSmallIntegerField(null=True, blank=True)
    types = models.JSONField(default=list, blank=True)
    types_search = models.CharField(
        max_length=400,
        blank=True,
        editable=False,
        help_text=_("'|iop|boss|': filters by type alike on SQLite and PostgreSQL."),
    )
    season = models.CharField(max_length=32)
    edition = models.CharField(max_length=32)
    eternal_stars = models.PositiveSmallIntegerField(default=0)
    season_format_legal = models.BooleanField(default=False)
    summon_refs = models.JSONField(default=list, blank=True)
    strength = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("A summon token's Strength (4.19.9.d); empty otherwise.")
    )
    source_url = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["release", "position"]
        constraints = [
            models.UniqueConstraint(fields=["release", "code"], name="profile_code_per_release")
        ]
        indexes = [models.Index(fields=["release", "name"])]

    def __str__(self) -> str:
        return f"{self.name} ({self.code})"


class Spell(models.Model):
    """One spell bar of a profile (2.5.2); its range, element and limit as printed."""

    #: The printed bar, field by field: what the engine reads and the API shows.
    BAR_FIELDS = (
        "name",
        "cost",
        "range_kind",
        "range_min",
        "range_max",
        "range_modifiable",
        "range_line",
        "range_los",
        "element",
        "base_damage",
        "limit",
        "effects",
    )

    profile = models.ForeignKey(Profile, on_delete=models.CASCADE, related_name="spells")
    position = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=120)
    cost = models.JSONField(
        default=dict, help_text=_('{"ap": 3, "mp": 1}; an amount may be "X" (chosen when casting).')
    )
    range_kind = models.CharField(max_length=8, choices=_choices(RANGE_KINDS))
    range_min = models.PositiveSmallIntegerField(null=True, blank=True)
    range_max = models.PositiveSmallIntegerField(null=True, blank=True)
    range_modifiable = models.BooleanField()
    range_line = models.BooleanField()
    range_los = models.BooleanField()
    element = models.CharField(
        max_length=8,
        choices=_choices(ELEMENTS),
        blank=True,
        help_text=_("Empty: no damage or heal."),
    )
    base_damage = models.PositiveSmallIntegerField(null=True, blank=True)
    limit = models.CharField(max_length=32, choices=_choices(LIMITS))
    effects = models.TextField(blank=True)

    class Meta:
        ordering = ["profile", "position"]
        constraints = [
            models.UniqueConstraint(fields=["profile", "position"], name="spell_position")
        ]

    def __str__(self) -> str:
        return self.name


class Power(models.Model):
    """A power printed on a profile; the slug names the same power across profiles."""

    profile = models.ForeignKey(Profile, on_delete=models.CASCADE, related_name="powers")
    position = models.PositiveSmallIntegerField()
    slug = models.CharField(max_length=120)
    name = models.CharField(max_length=120)
    # Rules text and French wording from the catalog's powers files (issue 18); empty when the
    # files have nothing for this slug, and French pages then show the English with a marker.
    text = models.TextField(blank=True)
    name_fr = models.CharField(max_length=120, blank=True)
    text_fr = models.TextField(blank=True)

    class Meta:
        ordering = ["profile", "position"]
        constraints = [
            models.UniqueConstraint(fields=["profile", "position"], name="power_position")
        ]

    def __str__(self) -> str:
        return self.name


class Summon(models.Model):
    """A summon a release's profiles refer to (`token/8`).

    The roster carries references only; name and notes are for organisers to fill in.
    """

    release = models.ForeignKey(Release, on_delete=models.CASCADE, related_name="summons")
    ref = models.CharField(max_length=64)
    name = models.CharField(max_length=120, blank=True)
    notes = models.TextField(blank=True)

    class Meta:
        ordering = ["release", "ref"]
        constraints = [
            models.UniqueConstraint(fields=["release", "ref"], name="summon_ref_per_release")
        ]

    def __str__(self) -> str:
        return self.name or self.ref


class Format(models.Model):
    """A named, dated team-building rule set bound to a release (1.1.1, custom ones 1.1.2).

    The columns are exactly the fields of the engine's `Format`; `rules.selectors.engine_format`
    builds it through `format_from_dict`, which validates them, so what is stored round-trips.
    """

    release = models.ForeignKey(Release, on_delete=models.PROTECT, related_name="formats")
    name = models.CharField(max_length=80)
    date = models.DateField(help_text=_("When the rule set took effect."))
    description = models.TextField(blank=True)
    is_default = models.BooleanField(
        default=False, help_text=_("Used for checks that name no format (one per release).")
    )
    min_team_size = models.PositiveSmallIntegerField(default=3)
    max_team_size = models.PositiveSmallIntegerField(default=8)
    total_level = models.PositiveSmallIntegerField(
        null=True, blank=True, default=12, help_text=_("Exact total Level; empty for none.")
    )
    max_total_level = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("Ceiling of the total Level; empty for none.")
    )
    copy_limits = models.JSONField(help_text=_('Copies by name colour: {"gold": 1, ...}.'))
    single_version_of_unique = models.BooleanField(default=True, help_text=_("Applies 1.1.1.d."))
    seasons = models.JSONField(null=True, blank=True, help_text=_("Legal seasons; null for any."))
    editions = models.JSONField(null=True, blank=True, help_text=_("Legal editions; null for any."))
    excluded_editions = models.JSONField(default=list, blank=True)
    banned = models.JSONField(default=list, blank=True, help_text=_("Banned profile ids."))
    adjustments = models.JSONField(
        default=dict,
        blank=True,
        help_text=_('By profile id: {"level": 3, "copy_limit": null, "note": ""}.'),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["release", "-is_default", "name"]
        constraints = [
            models.UniqueConstraint(fields=["release", "name"], name="format_name_per_release"),
            models.UniqueConstraint(
                fields=["release"], condition=Q(is_default=True), name="one_default_format"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.release.name})"

    def engine_fields(self) -> dict:
        """The stored rule set in the engine's `Format.to_dict` shape."""
        return {
            "name": self.name,
            "date": self.date.isoformat(),
            "release": self.release.name,
            "min_team_size": self.min_team_size,
            "max_team_size": self.max_team_size,
            "total_level": self.total_level,
            "max_total_level": self.max_total_level,
            "copy_limits": self.copy_limits,
            "single_version_of_unique": self.single_version_of_unique,
            "seasons": self.seasons,
            "editions": self.editions,
            "excluded_editions": self.excluded_editions,
            "banned": self.banned,
            "adjustments": self.adjustments,
            "description": self.description,
        }


class Arena(models.Model):
    """A 12x12 board (1.2.1): scenery, demon and kama cells, and each side's start cells (1.3.9).

    Cells are stored by name (`c7`) as the engine's `arena_to_dict` writes them. An imported tree
    layout has no start cells yet, so it is kept but not playable until an organiser completes it.
    """

    name = models.CharField(max_length=80, unique=True)
    slug = models.SlugField(max_length=80, unique=True)
    source = models.CharField(max_length=200, blank=True)
    trees = models.JSONField(default=list, blank=True)
    bushes = models.JSONField(default=list, blank=True)
    crates = models.JSONField(default=list, blank=True)
    demon_cells = models.JSONField(default=list, blank=True)
    kamas = models.JSONField(default=dict, blank=True, help_text=_('{"f6": 2}: kamas per cell.'))
    start_cells = models.JSONField(
        default=dict, blank=True, help_text=_('{"A": [...], "B": [...]}')
    )
    is_playable = models.BooleanField(
        default=False, editable=False, help_text=_("No problems reported by the engine.")
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def layout(self) -> dict:
        """The arena in the engine's `arena_from_dict` shape."""
        return {
            "name": self.name,
            "trees": self.trees,
            "bushes": self.bushes,
            "crates": self.crates,
            "demon_cells": self.demon_cells,
            "kamas": self.kamas,
            "start_cells": self.start_cells,
        }
