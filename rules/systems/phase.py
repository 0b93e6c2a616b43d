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
from typing import Any, ClassVar

from rules.engine.refusals import Said, facts
from rules.systems.phase_texts import TEXTS

MALFORMED = (TypeError, ValueError, AttributeError, KeyError)
"""What a field of the wrong shape raises while a record is read."""


class PhaseError(ValueError):
    """A step the fragment does not allow; `rule` names the fragment's section, `key` and the
    facts its sentence (`TEXTS`; `message` is the English)."""

    def __init__(self, rule: str, key: str, /, **params: Any) -> None:
        message = TEXTS[key].format(**params)
        super().__init__(message)
        self.rule, self.message, self.key, self.params = rule, message, key, params


class Unreadable(ValueError):
    """A record field of the wrong shape, said by its key (`TEXTS`) and facts."""

    def __init__(self, key: str, /, **params: Any) -> None:
        message = TEXTS[key].format(**params)
        super().__init__(message)
        self.message, self.key, self.params = message, key, params


class PhaseSaid(Said):
    """A sentence of `TEXTS` inside another one's facts (why a unit reaches, how it deals)."""

    table: ClassVar[dict[str, str]] = TEXTS


def said(key: str, /, **params: Any) -> PhaseSaid:
    return PhaseSaid(key, params)


@dataclass(frozen=True, slots=True)
class Step:
    """One line of a trace: what was worked out, the section behind it, in words (English),
    with the key and facts that word it again (`said`)."""

    step: str
    rule: str
    text: str
    key: str = ""
    params: dict[str, Any] | None = None

    @classmethod
    def said(cls, step: str, rule: str, key: str, /, **params: Any) -> Step:
        return cls(step, rule, TEXTS[key].format(**params), key, params)

    def to_dict(self) -> dict[str, Any]:
        found: dict[str, Any] = {"step": self.step, "rule": self.rule, "text": self.text}
        if self.key:
            found.update(key=self.key, params=facts(self.params or {}))
        return found


def _keyed(error: Any) -> dict[str, Any]:
    """An error's message with its key and facts, where it has them."""
    found: dict[str, Any] = {"message": getattr(error, "message", None) or str(error)}
    if getattr(error, "key", None):
        found.update(key=error.key, params=facts(error.params))
    return found


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


def unreadable(system: str, counter: str, problem: Any, **parts: Any) -> dict[str, Any]:
    """The report on a record that cannot be read (`problem`: an `Unreadable`, another error
    or a message). A missing field (a `KeyError`, whose text is the bare key) is said as one."""
    if isinstance(problem, KeyError) and problem.args:
        problem = Unreadable("ph_field_missing", field=str(problem.args[0]))
    error = {"index": None, "rule": None, **_keyed(problem)}
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
            raise Unreadable("ph_recorded_phase_object")
        return check(record)
    except KeyError as missing:
        return unreadable(system, counter, missing, **empty)
    except MALFORMED as malformed:
        problem = Unreadable("ph_malformed_record", error=getattr(malformed, "message", malformed))
        return unreadable(system, counter, problem, **empty)


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


def unsupported(found: dict[str, Any], index: int, key: str) -> None:
    """The record uses what the fragment does not define (an Effect, a spell's description)."""
    found["status"] = "unsupported"
    found["unsupported"].append(
        {"index": index, "feature": "effect", "message": TEXTS[key], "key": key, "params": {}}
    )


def refuse(found: dict[str, Any], error: PhaseError, index: int | None = None) -> None:
    """The first refused step: the record is invalid from here."""
    found["status"] = "invalid"
    found["errors"].append({"index": index, "rule": error.rule, **_keyed(error)})


def finish(found: dict[str, Any], done: Any) -> dict[str, Any]:
    """The final status of a check that broke no rule: mismatch, incomplete or valid."""
    if found["status"] == "valid":
        if found["mismatches"]:
            found["status"] = "mismatch"
        elif not done:
            found["status"] = "incomplete"
    return found
