"""What the judge's calculators share (TactiCards battle phase, d20 cast phase): a step of a
trace, a refused step, and the report of a recorded phase with its final status.

Each calculator resolves its own fragment's rules; this module only holds the scaffolding, so
both report the same shape with the statuses of every system (`base.STATUSES`): `valid`,
`invalid` (the first refused step stops the check), `mismatch` (a claimed figure differs),
`unsupported` (what the fragment does not define), `incomplete` (not `done`), `unreadable`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

MALFORMED = (TypeError, ValueError, AttributeError, KeyError)
"""What a field of the wrong shape raises while a record is read."""


class PhaseError(ValueError):
    """A step the fragment does not allow; `rule` names the fragment's section."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule, self.message = rule, message


@dataclass(frozen=True, slots=True)
class Step:
    """One line of a trace: what was worked out, the section behind it, in words."""

    step: str
    rule: str
    text: str

    def to_dict(self) -> dict[str, str]:
        return {"step": self.step, "rule": self.rule, "text": self.text}


def report(system: str, counter: str, status: str = "valid", **parts: Any) -> dict[str, Any]:
    """A phase report: `counter` names the count of checked entries (`attacks_checked`...)."""
    base: dict[str, Any] = {
        "system": system,
        "status": status,
        "errors": [],
        "mismatches": [],
        "unsupported": [],
        counter: 0,
        "trace": [],
    }
    return base | parts


def unreadable(system: str, counter: str, message: str, **parts: Any) -> dict[str, Any]:
    """The report on a record that cannot be read."""
    error = {"index": None, "rule": None, "message": message}
    return report(system, counter, "unreadable", errors=[error], **parts)


def verify_safely(
    check: Callable[[Mapping[str, Any]], dict[str, Any]],
    record: Any,
    system: str,
    counter: str,
    **empty: Any,
) -> dict[str, Any]:
    """Run `check` on a record; never raises: a record of the wrong shape is unreadable."""
    try:
        if not isinstance(record, Mapping):
            raise TypeError("a recorded phase is an object")
        return check(record)
    except MALFORMED as malformed:
        return unreadable(system, counter, f"malformed record: {malformed}", **empty)


def compare(
    found: dict[str, Any], index: int, claims: Mapping[str, Any], computed: Any, keys: Iterable[str]
) -> None:
    """Note each figure the record claims (`claims[key]`) that differs from `computed.key`."""
    for key in keys:
        claimed, worked_out = claims.get(key), getattr(computed, key)
        if claimed is not None and claimed != worked_out:
            found["mismatches"].append(
                {"index": index, "field": key, "claimed": claimed, "computed": worked_out}
            )


def unsupported(found: dict[str, Any], index: int, message: str) -> None:
    """The record uses what the fragment does not define (an Effect, a spell's description)."""
    found["status"] = "unsupported"
    found["unsupported"].append({"index": index, "feature": "effect", "message": message})


def refuse(found: dict[str, Any], error: PhaseError, index: int | None = None) -> None:
    """The first refused step: the record is invalid from here."""
    found["status"] = "invalid"
    found["errors"].append({"index": index, "rule": error.rule, "message": error.message})


def finish(found: dict[str, Any], done: Any) -> dict[str, Any]:
    """The final status of a check that broke no rule: mismatch, incomplete or valid."""
    if found["status"] == "valid":
        if found["mismatches"]:
            found["status"] = "mismatch"
        elif not done:
            found["status"] = "incomplete"
    return found
