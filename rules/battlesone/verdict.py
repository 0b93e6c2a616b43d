"""What a check of a BATTLES ONE record says: the verdict, its trace, and the two ways an event
stops the check (a broken rule, something the engine does not model)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from rules.battlesone.texts import TEXTS
from rules.engine.refusals import facts


class RuleBroken(Exception):
    """An event breaks the rule of `rule` (a section): the record is invalid from here. Its
    sentence is `TEXTS[key]` with the facts (`message`, English), worded again where shown."""

    def __init__(self, rule: str, key: str, /, **params: Any) -> None:
        message = TEXTS[key].format(**params)
        super().__init__(message)
        self.rule, self.message, self.key, self.params = rule, message, key, params

    def entry(self, line: int) -> dict[str, Any]:
        """The report's error for this refusal on `line`."""
        return error_entry(line, self.rule, self.key, **self.params)


class NotModelled(Exception):
    """The record uses what the engine does not model: the verdict is unsupported."""

    def __init__(self, feature: str, key: str, /, **params: Any) -> None:
        message = TEXTS[key].format(**params)
        super().__init__(message)
        self.feature, self.message, self.key, self.params = feature, message, key, params

    def entry(self, line: int) -> dict[str, Any]:
        """The report's `unsupported` entry for this gap on `line`."""
        return {"line": line, "feature": self.feature, "message": self.message,
                "key": self.key, "params": facts(self.params)}  # fmt: skip


def error_entry(line: int, rule: str | None, key: str, /, **params: Any) -> dict[str, Any]:
    """A report's error: the line, the section, the English sentence, its key and facts."""
    return {"line": line, "rule": rule, "message": TEXTS[key].format(**params), "key": key,
            "params": facts(params)}  # fmt: skip


class Step(NamedTuple):
    """One line of the trace: the step, the rulebook section, and the key and facts of what
    happened (a tuple: a check writes several per event, and a frozen dataclass is slow to
    build). Its English `text` is written only when asked for (the report, a test)."""

    line: int
    step: str
    rule: str
    key: str
    params: dict[str, Any]

    @property
    def text(self) -> str:
        return TEXTS[self.key].format(**self.params)

    def to_dict(self) -> dict[str, Any]:
        return {"line": self.line, "step": self.step, "rule": self.rule, "text": self.text,
                "key": self.key, "params": facts(self.params)}  # fmt: skip


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
