"""The two ways the engine refuses to go on: a broken rule, or a rule it does not model.

Both carry enough for a judge: the rule number and a sentence in plain words. They are separate
classes because the replay reports them differently: a `RuleViolation` makes a log `invalid`, an
`Unsupported` makes it `unsupported` (the engine never guesses; see docs/engine-state.md).

The sentence is English. A refusal made with `RuleViolation.because` also carries a stable key
(`rules.engine.refusals.REFUSALS`) and the facts in its sentence, from which the Django layer
words it in the reader's language (`rules.wording.refusals`); the English stays as it is for
logs, the CLI and stored reports.
"""

from __future__ import annotations

from typing import Any

from rules.engine.refusals import REFUSALS, Said, facts


class RuleViolation(Exception):
    """An action the rules forbid, e.g. `RuleViolation("6.3.2", "b4 is not a free cell")`, or
    with a key: `RuleViolation.because("4.17.3", "cell_not_free", cell="b4")`."""

    def __init__(
        self, rule: str, message: str, *, key: str = "", params: dict[str, Any] | None = None
    ) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message
        self.key = key
        self.params = params or {}
        self.said: Said | None = None  # the keyed sentence with its facts as given (`because`)

    @classmethod
    def because(cls, rule: str, key: str, /, **params: Any) -> RuleViolation:
        """The refusal worded by its key (`REFUSALS`): the English sentence from the facts."""
        violation = cls(rule, REFUSALS[key].format(**params), key=key, params=facts(params))
        violation.said = Said(key, params)
        return violation


class Unsupported(Exception):
    """Something the rules allow but the engine cannot compute exactly (`power:interior-fire`).

    `unit` and `card` name the piece and the card whose unmodelled spell or power it is, when
    there is one, so that the report can say which (the event is the log line being replayed).
    A `message` made with `said(key, ...)` carries its key and facts (`key`, `params`).
    """

    def __init__(
        self, feature: str, message: str = "", *, unit: str | None = None, card: str | None = None
    ) -> None:
        super().__init__(f"{feature}: {message}" if message else feature)
        self.feature = feature
        self.message = message
        self.unit = unit
        self.card = card
        # a message worded by its key (`rules.engine.refusals.said`) keeps it, to be worded
        self.key = message.key if isinstance(message, Said) else ""
        self.params = message.fact()["params"] if isinstance(message, Said) else {}


class ChoiceMissing(RuleViolation):
    """A choice the player makes and the event does not carry yet (a card's `unit:`, a cost's
    `x:`, Potion Bag's `effect:`...): a refusal like any other for a log, and for a scoresheet
    the question to ask (`rules.engine.options`). `choice` is the choice's key (`unit`);
    `values` are the values the card allows when it knows them without the board (None: any
    unit, cell or number, the engine tries each); `given` is how many entries of `choice` the
    event already carries (Double Portals asks two). Like any refusal it may be worded by a
    refusal key (`asking`), kept in `key` and `params`."""

    def __init__(
        self,
        rule: str,
        message: str,
        choice: str,
        values: tuple[str, ...] | None = None,
        given: int = 0,
        *,
        key: str = "",
        params: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(rule, message, key=key, params=params)
        self.choice = choice
        self.values = values
        self.given = given

    @classmethod
    def asking(
        cls,
        rule: str,
        key: str,
        choice: str,
        values: tuple[str, ...] | None = None,
        given: int = 0,
        /,
        **params: Any,
    ) -> ChoiceMissing:
        """The question worded by its refusal key (`REFUSALS`), as `RuleViolation.because`."""
        missing = cls(
            rule,
            REFUSALS[key].format(**params),
            choice,
            values,
            given,
            key=key,
            params=facts(params),
        )
        missing.said = Said(key, params)
        return missing
