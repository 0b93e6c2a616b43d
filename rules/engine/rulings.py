"""Named rulings: one registry of the places where the rules text is silent and judges could
reasonably disagree, and the readings one event chose.

Every module that makes such a decision registers it here once, at import time::

    VALVE = register(
        "valve-inversion",
        default="swap",
        readings=("swap", "negate"),
        rule="7.5.1",
        description="Valve Inversion: AP and MP markers trade places (swap) or change sign.",
    )

and reads the reading in force for the game from the state, which carries the event's choice
from the log header (`GameState.rulings`, set by `turn.new_game`)::

    if state.rulings.reading("valve-inversion") == "negate": ...

A log header's `rulings` object (docs/match-log.md) names readings by ruling name; a name that
is not registered or a reading that is not offered is refused with `RulingError` naming both.
The replay report lists every ruling with the reading it applied (`Rulings.applied`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class NamedRuling:
    """A decision the engine makes where the text is silent: `readings` are the choices an
    event may make (the first being no better than the others), `default` the one applied when
    the event says nothing, `rule` the rule number the question belongs to."""

    name: str
    default: str
    readings: tuple[str, ...]
    description: str
    rule: str

    def to_dict(self, cite: Callable[[str], str] | None = None) -> dict[str, object]:
        """The ruling as a listing shows it; `cite` numbers its rule in a game's ruleset
        (`casting.Rules.cite`: Pump-Action Bow's 7.5.20 is 2.7's 7.5.16), 4.1's without it."""
        return {
            "name": self.name,
            "default": self.default,
            "readings": list(self.readings),
            "description": self.description,
            "rule": cite(self.rule) if cite else self.rule,
        }


class RulingError(ValueError):
    """A chosen ruling the registry does not know, or a reading it does not offer."""


_REGISTRY: dict[str, NamedRuling] = {}

#: Each registered ruling's default reading by name: `Rulings.reading` falls back to it about
#: four times per cast, and reading it here spares a call to `named` each time.
_DEFAULTS: dict[str, str] = {}


def register(
    name: str, *, default: str, readings: tuple[str, ...], description: str, rule: str
) -> NamedRuling:
    """Register a named ruling once (a second registration of the name is a programming error)."""
    if name in _REGISTRY:
        raise ValueError(f"the ruling {name!r} is registered twice")
    if default not in readings:
        raise ValueError(f"the default {default!r} of {name!r} is not among its readings")
    ruling = NamedRuling(name, default, tuple(readings), description, rule)
    _REGISTRY[name] = ruling
    _DEFAULTS[name] = default
    return ruling


def registered() -> tuple[NamedRuling, ...]:
    """Every named ruling, sorted by name."""
    return tuple(_REGISTRY[name] for name in sorted(_REGISTRY))


def named(name: str) -> NamedRuling:
    try:
        return _REGISTRY[name]
    except KeyError:
        raise RulingError(
            f"no ruling is named {name!r}; known: {', '.join(sorted(_REGISTRY)) or 'none'}"
        ) from None


@dataclass(frozen=True)
class Rulings:
    """The readings one event chose, as sorted (name, reading) pairs; a ruling it did not name
    keeps its default. Immutable and hashable, so that it can sit on the game state."""

    choices: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(cls, chosen: Mapping[str, str] | None) -> Rulings:
        """Validated readings: `RulingError` for an unknown name or reading."""
        pairs = []
        for name, reading in sorted((chosen or {}).items()):
            ruling = named(name)
            if reading not in ruling.readings:
                raise RulingError(
                    f"the ruling {name!r} reads {', '.join(ruling.readings)}, not {reading!r}"
                )
            pairs.append((name, reading))
        return cls(tuple(pairs))

    def reading(self, name: str) -> str:
        """The reading in force for `name`: the event's choice, else the registered default."""
        for chosen, reading in self.choices:
            if chosen == name:
                return reading
        default = _DEFAULTS.get(name)
        return named(name).default if default is None else default  # `named` refuses the name

    def or_else(self, name: str, reading: str) -> Rulings:
        """These readings, with `reading` for `name` when the event chose none for it (a
        ruleset's own answer, e.g. the official rules 2.7 keep the Boss Type)."""
        if any(chosen == name for chosen, _ in self.choices):
            return self
        return Rulings.of({**dict(self.choices), name: reading})

    def applied(self) -> dict[str, str]:
        """Every registered ruling with the reading this event applies, for the report."""
        return {r.name: self.reading(r.name) for r in registered()}

    def to_dict(self) -> dict[str, str]:
        """Only the readings the event chose, as the log header writes them."""
        return dict(self.choices)


DEFAULT_RULINGS = Rulings()
