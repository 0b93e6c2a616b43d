"""The engine's team-legality violations in the reader's language.

The rules engine is pure Python and words each violation in English (`Violation.message`, kept
as it is for the CLI and stored reports). It also gives each one a stable key and its facts
(`rules.engine.legality.KEYS`); the sentence pages and API answers show is built here from them,
in the active language. In English it is the engine's sentence word for word. A report stored
before violations had keys (or one from another game system) keeps its message as written.

Profile names are shown as the catalog prints them: the catalog has no French profile names.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext, ngettext, pgettext

from rules.wording import refusals

Params = Mapping[str, Any]


def _times(count: int) -> str:
    if count == 1:
        return pgettext("how many times", "once")
    if count == 2:
        return pgettext("how many times", "twice")
    return pgettext("how many times", "%(n)s times") % {"n": count}


def _names(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return gettext("%(names)s and %(last)s") % {"names": ", ".join(names[:-1]), "last": names[-1]}


def _kind(colour: str) -> str:
    """A Krosmaster of this name colour, without its article (the sentences add it)."""
    kinds = {
        "gold": gettext("unique (gold-name) Krosmaster"),
        "white": gettext("white-name Krosmaster"),
        "black": gettext("black-name Krosmaster"),
    }
    return kinds.get(colour, colour)


def _label(p: Params) -> str:
    return f"{p['name']} ({p['profile']})"


def _team_size(p: Params) -> str:
    if p["min"] == p["max"]:
        wanted = gettext("exactly %(n)s") % {"n": p["min"]}
    else:
        wanted = gettext("%(min)s to %(max)s") % {"min": p["min"], "max": p["max"]}
    return ngettext(
        "Your team has %(size)s Krosmaster; a team needs %(wanted)s.",
        "Your team has %(size)s Krosmasters; a team needs %(wanted)s.",
        p["size"],
    ) % {"size": p["size"], "wanted": wanted}


def _total_level_exact(p: Params) -> str:
    gap = p["wanted"] - p["total"]
    if gap > 0:
        text = gettext(
            "Your team's total Level is %(total)s; it must be exactly %(wanted)s (%(gap)s short)."
        )
    else:
        text = gettext(
            "Your team's total Level is %(total)s; it must be exactly %(wanted)s "
            "(%(gap)s too many)."
        )
    return text % {"total": p["total"], "wanted": p["wanted"], "gap": abs(gap)}


def _total_level_max(p: Params) -> str:
    return gettext("Your team's total Level is %(total)s; it must be at most %(max)s.") % p


def _too_many_copies(p: Params) -> str:
    return gettext("%(name)s is a %(kind)s and appears %(count)s; at most %(limit)s allowed.") % {
        "name": p["name"],
        "kind": _kind(p["colour"]),
        "count": _times(p["count"]),
        "limit": _times(p["limit"]),
    }


def _one_version_of_unique(p: Params) -> str:
    return gettext(
        "%(names)s are versions of the same unique Krosmaster; a team may contain only one "
        "version of it."
    ) % {"names": _names(p["names"])}


def _versions_count_together(p: Params) -> str:
    return gettext(
        "%(names)s are versions of the same Krosmaster and count together: %(count)s copies "
        "of a %(kind)s, at most %(limit)s allowed."
    ) % {
        "names": _names(p["names"]),
        "count": p["count"],
        "kind": _kind(p["colour"]),
        "limit": p["limit"],
    }


def _not_in_catalog(p: Params) -> str:
    return gettext("%(profile)s is not a Krosmaster of the catalog release %(release)s.") % p


def _not_in_format(p: Params) -> str:
    facts = {"label": _label(p), "value": p["value"], "format": p["format"]}
    if p["why"] == "season":
        return gettext("%(label)s is from season %(value)s, which is not legal in %(format)s.") % (
            facts
        )
    if p["why"] == "edition":
        return (
            gettext("%(label)s is from edition %(value)s, which is not legal in %(format)s.")
            % facts
        )
    return gettext("%(label)s is banned in %(format)s.") % facts


def _banned_for_match(p: Params) -> str:
    return gettext("%(label)s was banned for this match and cannot be in your starting team.") % {
        "label": _label(p)
    }


def _labels_missing(p: Params) -> str:
    return (
        gettext(
            "Your team has %(count)s copies of %(name)s: give each copy its own label so they can "
            "be told apart (%(missing)s without a label)."
        )
        % p
    )


def _labels_shared(p: Params) -> str:
    return gettext(
        "Copies of %(name)s share the label %(labels)s; each copy needs a label of its own."
    ) % {"name": p["name"], "labels": ", ".join(f"'{label}'" for label in p["labels"])}


def _event_rule(p: Params) -> str:
    inner = sentence(p["key"], p["params"])
    if inner is None:
        raise KeyError(p["key"])
    return gettext("%(message)s (this event's own team-building rule, in place of %(rule)s)") % {
        "message": inner,
        "rule": p["replaces"],
    }


WORDING: dict[str, Callable[[Params], str]] = {
    "team_size": _team_size,
    "total_level_exact": _total_level_exact,
    "total_level_max": _total_level_max,
    "too_many_copies": _too_many_copies,
    "one_version_of_unique": _one_version_of_unique,
    "versions_count_together": _versions_count_together,
    "not_in_catalog": _not_in_catalog,
    "not_in_format": _not_in_format,
    "banned_for_match": _banned_for_match,
    "labels_missing": _labels_missing,
    "labels_shared": _labels_shared,
    "event_rule": _event_rule,
}
"""How each violation key (`rules.engine.legality.KEYS`) is worded."""


def sentence(key: str, params: Params) -> str | None:
    """The violation's sentence in the active language, or None for a key (or facts) this
    module does not know, so the caller keeps the engine's own sentence."""
    if key in refusals.LIST_WORDING:  # a BATTLES ONE list's problem
        return refusals.worded(refusals.LIST_WORDING, key, params)
    wording = WORDING.get(key)
    if wording is None:
        return None
    try:
        return wording(params)
    except (KeyError, TypeError, ValueError):  # a stored report of another shape
        return None


def violation_text(violation: Any) -> str:
    """What a player reads for one violation (a `Violation` or its dict), in their language."""
    data = violation if isinstance(violation, Mapping) else violation.to_dict()
    said = sentence(data.get("key") or "", data.get("params") or {})
    return said if said is not None else str(data.get("message", ""))


def worded_report(report: Mapping[str, Any]) -> dict[str, Any]:
    """A legality report (`LegalityReport.to_dict()` or a stored one) with each violation's
    `message` in the active language; rules, keys and facts unchanged. What pages and API
    answers show; the stored report keeps the engine's English."""
    violations = report.get("violations")
    if not violations:
        return dict(report)
    return {
        **report,
        "violations": [{**v, "message": violation_text(v)} for v in violations],
    }
