"""What a check of a BATTLES ONE record says: the verdict, its trace, and the two ways an event
stops the check (a broken rule, something the engine does not model)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple


class RuleBroken(Exception):
    """An event breaks the rule of `rule` (a section): the record is invalid from here."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule, self.message = rule, message


class NotModelled(Exception):
    """The record uses what the engine does not model: the verdict is unsupported."""

    def __init__(self, feature: str, message: str) -> None:
        super().__init__(message)
        self.feature, self.message = feature, message


class Step(NamedTuple):
    """One line of the trace: the step, the rulebook section, what happened (a tuple: a check
    writes several per event, and a frozen dataclass is slow to build)."""

    line: int
    step: str
    rule: str
    text: str

    def to_dict(self) -> dict[str, Any]:
        return {"line": self.line, "step": self.step, "rule": self.rule, "text": self.text}


@dataclass
class Verdict:
    """The outcome of a check; `to_dict` is the report shape of Krosmaster logs."""

    status: str
    events_checked: int = 0
    errors: list[dict[str, Any]] = field(default_factory=list)
    mismatches: list[dict[str, Any]] = field(default_factory=list)
    unsupported: list[dict[str, Any]] = field(default_factory=list)
    trace: list[Step] = field(default_factory=list)
    result: dict[str, Any] | None = None
    mobs: list[dict[str, Any]] = field(default_factory=list)
    lists: dict[str, dict[str, Any]] | None = None  # the header's lists, as checked

    @property
    def ok(self) -> bool:
        return self.status == "valid"

    def to_dict(self) -> dict[str, Any]:
        return {
            "system": "battlesone",
            "status": self.status,
            "events_checked": self.events_checked,
            "errors": self.errors,
            "mismatches": self.mismatches,
            "unsupported": self.unsupported,
            "result": self.result,
            "mobs": self.mobs,
            "lists": self.lists,
            "trace": [step.to_dict() for step in self.trace],
        }
