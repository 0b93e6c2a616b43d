"""The state after every event of a replay, without keeping every state in memory.

A long log would otherwise hold one `GameState` per event, each with its own copies of the
tuples that changed (the units, the growing list of lasting effects): a 5 MB log peaked at
170 MB. `Timeline` keeps a checkpoint every `CHECKPOINT_EVERY` events and the last state, and
remembers for each event how the replay applied it: for nearly every event, one shared flag
("the log's event at this index, applied as it is": `bind`'s `plain`); for the rare others the
event as applied, the judges' rulings waiving rules for it, the end of an `equal-turns-draw`
game. Any other state is rebuilt on
demand from the checkpoint before it, by applying the same events with the same functions: the
rules are pure functions of the state, so the rebuilt state is the one the replay computed.
Reading the states in order (the replay page's slider, its progress chart) rebuilds each once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import overload

from rules.engine.state import GameState

CHECKPOINT_EVERY = 64

#: Applies one event again: the state before it -> the state after it.
Redo = Callable[[GameState], GameState]

#: Applies the log's event at an index again, plainly (no waiver, no end of time).
Plain = Callable[[GameState, int], GameState]

#: `append`'s `redo` for an event that `bind`'s `plain` applies again.
PLAIN = True


class Timeline(Sequence[GameState]):
    """`timeline[i]` is the state after the i-th checked event (see the module docstring)."""

    def __init__(self, every: int = CHECKPOINT_EVERY) -> None:
        self._every = every
        self._redo: list[Redo | bool | None] = []  # None: the event left the state as it was
        self._kept: dict[int, GameState] = {}
        #: Events left before the next checkpoint: counting down saves about 0.4 k of an
        #: `append`'s 1.5 k instructions against `len(...) % every` (a new integer per event).
        self._due = every
        #: The last state rebuilt: reading states in order rebuilds each once. (The last state
        #: added is never the start of a rebuild, which only reads states before the last.)
        self._recent: tuple[int, GameState] | None = None

    def append(self, state: GameState, redo: Redo | bool | None) -> None:
        """The state after the next event and how to rebuild it: a function of the state before,
        `PLAIN` (see `bind`) or None (the event changed nothing)."""
        self._redo.append(redo)
        self._last = state
        self._due -= 1
        if not self._due:  # the event at index `every - 1`, `2 * every - 1`...
            self._due = self._every
            self._kept[len(self._redo) - 1] = state

    def __len__(self) -> int:
        return len(self._redo)

    @overload
    def __getitem__(self, index: int) -> GameState: ...

    @overload
    def __getitem__(self, index: slice) -> list[GameState]: ...

    def __getitem__(self, index: int | slice) -> GameState | list[GameState]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        size = len(self._redo)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("timeline index out of range")
        if index == size - 1:
            return self._last
        if index in self._kept:
            return self._kept[index]
        return self._rebuild(index)

    def __iter__(self) -> Iterator[GameState]:
        for index in range(len(self)):
            yield self[index]

    def bind(self, initial: GameState, plain: Plain | None = None) -> None:
        """The state before the first event, where rebuilding starts when no checkpoint is
        earlier, and the function applying again an event appended as `PLAIN`."""
        self._initial = initial
        self._plain = plain

    def _rebuild(self, index: int) -> GameState:
        start, state = -1, self._initial
        checkpoint = (index + 1) // self._every * self._every - 1  # the last kept index ...
        if checkpoint >= index:
            checkpoint -= self._every  # ... before `index`
        if checkpoint >= 0:
            start, state = checkpoint, self._kept[checkpoint]
        if self._recent is not None and start < self._recent[0] < index:
            start, state = self._recent
        for step in range(start + 1, index + 1):
            redo = self._redo[step]
            if redo is PLAIN:
                assert self._plain is not None, "an event appended as PLAIN needs bind(plain=)"
                state = self._plain(state, step)
            elif redo is not None and redo is not False:
                state = redo(state)
        self._recent = (index, state)
        return state


__all__ = ["CHECKPOINT_EVERY", "PLAIN", "Plain", "Redo", "Timeline"]
