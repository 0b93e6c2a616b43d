"""The builder's form: a Rank and up to four Mob rows (Mob, LP card, LP in HP, LP per ability).

The rows are plain fields (`mob_0`, `lp_0`, `hp_0`, `ab_0_0`, `ab_0_1`...), so the page works
without JavaScript; `to_list` turns them into the list format the API and registrations take.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from rules.battlesone.catalog import Catalog
from rules.battlesone.legality import LP_CARDS

ROWS = 4
"""A Guardian or higher fields four Mobs (Definitions: Mob)."""


class ListBuilderForm(forms.Form):
    rank = forms.ChoiceField(label=_("Rank"))
    name = forms.CharField(label=_("List name"), max_length=80, required=False)

    def __init__(self, *args: Any, catalog: Catalog, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.catalog = catalog
        self.fields["rank"].choices = [
            (rank.slug, _("%(name)s (%(lp)s LP, up to %(mobs)s Mobs)")
             % {"name": rank.name, "lp": rank.lp_budget, "mobs": rank.max_mobs})
            for rank in catalog.ranks
        ]  # fmt: skip
        mob_choices = [("", _("(no Mob)"))] + [
            (mob.slug, mob.name) for mob in sorted(catalog.mobs.values(), key=lambda m: m.name)
        ]
        for i in range(ROWS):
            self.fields[f"mob_{i}"] = forms.ChoiceField(
                label=_("Mob %(n)s") % {"n": i + 1}, choices=mob_choices, required=False
            )
            self.fields[f"lp_{i}"] = forms.TypedChoiceField(
                label=_("Level Points"),
                choices=[(lp, lp) for lp in sorted(LP_CARDS)],
                coerce=int,
                initial=7,
                required=False,
            )
            self.fields[f"hp_{i}"] = forms.IntegerField(
                label=_("LP in HP"), min_value=0, max_value=15, initial=0, required=False
            )
            for slot in range(2):
                self.fields[f"ab_{i}_{slot}"] = forms.IntegerField(
                    min_value=0, max_value=15, initial=0, required=False
                )

    def rows(self) -> list[dict[str, Any]]:
        """Each row's bound fields and the chosen Mob's two abilities (for the labels)."""
        found = []
        for i in range(ROWS):
            slug = self[f"mob_{i}"].value() or ""
            mob = self.catalog.mobs.get(slug)
            found.append(
                {
                    "index": i,
                    "mob": self[f"mob_{i}"],
                    "lp": self[f"lp_{i}"],
                    "hp": self[f"hp_{i}"],
                    "abilities": [
                        (ability, self[f"ab_{i}_{slot}"])
                        for slot, ability in enumerate(mob.abilities if mob else ())
                    ],
                }
            )
        return found

    def to_list(self) -> dict[str, Any]:
        """The list as registrations and the API take it (docs/battlesone.md)."""
        data = self.cleaned_data
        mobs = []
        for i in range(ROWS):
            mob = self.catalog.mobs.get(data.get(f"mob_{i}") or "")
            if mob is None:
                continue
            mobs.append(
                {
                    "mob": mob.slug,
                    "lp": data.get(f"lp_{i}") or 0,
                    "hp": data.get(f"hp_{i}") or 0,
                    "abilities": {
                        ability.slug: data.get(f"ab_{i}_{slot}") or 0
                        for slot, ability in enumerate(mob.abilities)
                    },
                }
            )
        return {"rank": data.get("rank") or "", "mobs": mobs}
