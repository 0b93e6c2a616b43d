"""The replay's trace in the reader's language.

The engine explains each event in English (`rules.engine.replay.trace`): a heading (the step
of the procedure, "Step 3", "Move", "Roll for Tension"...), the rule behind it and a detail.
The page shows the heading in its own language, and beside the rule number the title of its
section (`rules.sections`). The detail names units, cells and dice as the engine computed
them and stays in English; a heading this table does not know is shown as the engine gave it.
"""

from __future__ import annotations

import re
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext, pgettext_lazy

from rules import sections
from rules.refusals import refusal_text

HEADINGS: dict[str, Promise] = {
    "Allocate": pgettext_lazy("trace heading", "Allocate"),
    "Block": pgettext_lazy("trace heading", "Block"),
    "Block: Dodge": pgettext_lazy("trace heading", "Block: Dodge"),
    "Block: Lock": pgettext_lazy("trace heading", "Block: Lock"),
    "Block: result": pgettext_lazy("trace heading", "Block: result"),
    "Buffs": pgettext_lazy("trace heading", "Buffs"),
    "Buy a Demonic Reward": pgettext_lazy("trace heading", "Buy a Demonic Reward"),
    "Buy a GG": pgettext_lazy("trace heading", "Buy a GG"),
    "Checkpoint": pgettext_lazy("trace heading", "Checkpoint"),
    "Claimed result": pgettext_lazy("trace heading", "Claimed result"),
    "Concession": pgettext_lazy("trace heading", "Concession"),
    "Double": pgettext_lazy("trace heading", "Double"),
    "End of turn": pgettext_lazy("trace heading", "End of turn"),
    "Farmer": pgettext_lazy("trace heading", "Farmer"),
    "Fight": pgettext_lazy("trace heading", "Fight"),
    "Game over": pgettext_lazy("trace heading", "Game over"),
    "Inspiration": pgettext_lazy("trace heading", "Inspiration"),
    "Move": pgettext_lazy("trace heading", "Move"),
    "Next piece": pgettext_lazy("trace heading", "Next piece"),
    "Next turn": pgettext_lazy("trace heading", "Next turn"),
    "No double": pgettext_lazy("trace heading", "No double"),
    "Not modelled": pgettext_lazy("trace heading", "Not modelled"),
    "Pick up Kamas": pgettext_lazy("trace heading", "Pick up Kamas"),
    "Preliminary Phase": pgettext_lazy("trace heading", "Preliminary Phase"),
    "Prerequisites": pgettext_lazy("trace heading", "Prerequisites"),
    "Range markers": pgettext_lazy("trace heading", "Range markers"),
    "Refund!": pgettext_lazy("trace heading", "Refund!"),
    "Refused": pgettext_lazy("trace heading", "Refused"),
    "Reroll": pgettext_lazy("trace heading", "Reroll"),
    "Reveal": pgettext_lazy("trace heading", "Reveal"),
    "Roll for Tension": pgettext_lazy("trace heading", "Roll for Tension"),
    "Ruling": pgettext_lazy("trace heading", "Ruling"),
    "Set-up": pgettext_lazy("trace heading", "Set-up"),
    "Time": pgettext_lazy("trace heading", "Time"),
    "Waiver": pgettext_lazy("trace heading", "Waiver"),
}
"""The fixed headings of the engine's traces (`TraceStep.step`), found in `rules/engine`."""

MARKS: dict[str, Promise] = {
    "error": pgettext_lazy("replay mark", "error"),
    "mismatch": pgettext_lazy("replay mark", "mismatch"),
    "unsupported": pgettext_lazy("replay mark", "not modelled"),
    "waived": pgettext_lazy("replay mark", "waived"),
    "incomplete": pgettext_lazy("replay mark", "incomplete"),
    "not-replayed": pgettext_lazy("replay mark", "not replayed"),
}
"""What each mark on the replay's list of events (`Step.mark`) is called."""


def mark_label(mark: str) -> str:
    return str(MARKS.get(mark, mark))


_STEP = re.compile(r"^Step (?P<n>\d+)$")
_STEPS = re.compile(r"^Steps (?P<first>\d+)-(?P<last>\d+)$")


def heading(step: str) -> str:
    """A trace heading in the active language; the steps of casting a spell (7.2: "Step 1" to
    "Step 8", "Steps 4-7") by their numbers."""
    if step in HEADINGS:
        return str(HEADINGS[step])
    found = _STEP.match(step)
    if found:
        return gettext("Step %(n)s") % {"n": found.group("n")}
    found = _STEPS.match(step)
    if found:
        return gettext("Steps %(first)s-%(last)s") % found.groupdict()
    return step


def worded_trace(trace: dict[str, Any]) -> dict[str, Any]:
    """`EventTrace.to_dict()` with each step's heading translated and its rule's section title
    (`title`) added; rules, details and changes unchanged."""
    return {
        **trace,
        "steps": [
            {
                **s,
                "step": heading(s["step"]),
                "title": sections.title(s.get("rule")),
                "text": refusal_text(s) if s.get("key") else s["text"],
                "english": not s.get("key"),  # the engine's detail, marked `lang="en"`
            }
            for s in trace["steps"]
        ],
    }
