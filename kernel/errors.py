"""Refusals raised by the services of every app.

Each names the field (or the thing) concerned and says why in a sentence, with a stable code, so
pages can show it next to the right input and the API can answer 400/409/422 instead of 500.
"""

from __future__ import annotations

from typing import Any


class ServiceError(Exception):
    """Base refusal; `status` is the HTTP status the API answers with."""

    status = 400

    def __init__(self, field: str, reason: str, code: str = "invalid", **extra: Any) -> None:
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason
        self.code = code
        self.extra = extra

    def as_dict(self) -> dict[str, Any]:
        return {"field": self.field, "reason": self.reason, "code": self.code, **self.extra}


class InvalidInput(ServiceError):
    """The request itself is wrong (unknown player, negative GG...): 400."""

    status = 400


class Forbidden(ServiceError):
    """The request was understood but this person may not do it (the role model): 403."""

    status = 403


class Conflict(ServiceError):
    """The request was fine but the event moved on (another click won, a round is open): 409."""

    status = 409


class Unprocessable(ServiceError):
    """Well-formed but refused by the rules (illegal team, no valid pairing): 422."""

    status = 422
