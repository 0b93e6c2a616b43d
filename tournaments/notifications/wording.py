"""A notice's sentence, worded when it is read (issue 18).

A notice stores a stable key and its facts (`Notice.text_key`, `Notice.facts`), never only a
sentence, so the same notice reads in English for one reader and in French for another: the
notices page words it in the page's language, the e-mail in the recipient's saved language.
Names, table numbers, rule numbers and a judge's own words are facts and never change.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext as _

from kernel.choices import LogStatus
from tournaments.templatetags.event_tags import worded_result

Facts = dict[str, Any]


def _round_published(facts: Facts, event: Any) -> str:
    return _("Round %(n)s is published: table %(t)s against %(name)s.") % {
        "n": facts["round"],
        "t": facts["table"],
        "name": facts["opponent"],
    }


def _round_bye(facts: Facts, event: Any) -> str:
    return _("Round %(n)s is published: you have the bye.") % {"n": facts["round"]}


def _opponent_reported(facts: Facts, event: Any) -> str:
    return _(
        "%(name)s reported the result of table %(t)s: %(result)s. Accept it or say otherwise."
    ) % {
        "name": facts["reporter"],
        "t": facts["table"],
        "result": worded_result(facts["result"], event),
    }


def _judge_ruled(facts: Facts, event: Any) -> str:
    said = _("A judge ruled under rule %(rule)s: %(text)s") % {
        "rule": facts["rule"],
        "text": facts["ruling"],
    }
    if facts.get("result"):
        said += " " + _("Result: %(result)s.") % {"result": worded_result(facts["result"], event)}
    return said


def _log_valid(facts: Facts, event: Any) -> str:
    return _("Match log #%(n)s of table %(t)s is valid: accept its result.") % {
        "n": facts["log"],
        "t": facts["table"],
    }


def _log_for_a_judge(facts: Facts, event: Any) -> str:
    return _("Match log #%(n)s of table %(t)s is %(status)s: a judge will look at it.") % {
        "n": facts["log"],
        "t": facts["table"],
        "status": str(LogStatus(facts["status"]).label).lower(),
    }


#: Every key a notice may carry, and how it is worded in the active language.
WORDING: dict[str, Callable[[Facts, Any], str]] = {
    "round_published": _round_published,
    "round_bye": _round_bye,
    "opponent_reported": _opponent_reported,
    "judge_ruled": _judge_ruled,
    "log_valid": _log_valid,
    "log_for_a_judge": _log_for_a_judge,
}


def notice_text(key: str, facts: Facts, event: Any) -> str:
    """The sentence for `key` and `facts` in the active language."""
    return WORDING[key](facts, event)
