"""`frozen.replace` and `GameState.evolve`: the cheap copies keep a cached value only when it
names what it reads and none of it changed, and refuse a field the class does not have."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass

import pytest

from rules.engine.frozen import lazy, replace


@dataclass(frozen=True)
class _Pair:
    a: int
    b: int

    @lazy.on("a")
    def double_a(self) -> int:
        return self.a * 2

    @lazy
    def total(self) -> int:  # says nothing of what it reads: dropped by every copy
        return self.a + self.b


def test_a_copy_keeps_a_value_whose_fields_did_not_change() -> None:
    pair = _Pair(1, 2)
    assert (pair.double_a, pair.total) == (2, 3)
    copy = replace(pair, b=5)
    assert "double_a" in copy.__dict__ and "total" not in copy.__dict__
    assert (copy.double_a, copy.total) == (2, 6)


def test_a_copy_drops_a_value_whose_field_changed() -> None:
    pair = _Pair(1, 2)
    assert pair.double_a == 2
    copy = replace(pair, a=4, b=0)
    assert copy.double_a == 8 and copy.total == 4
    again = replace(copy, b=1, a=3)  # the same fields in another order: its own entry
    assert (again.a, again.b, again.double_a) == (3, 1, 6)


def test_an_unknown_field_is_refused_every_time() -> None:
    pair = _Pair(1, 2)
    for _ in range(2):  # the first call checks; the second must not skip the check
        with pytest.raises(TypeError, match="no field 'c'"):
            replace(pair, c=3)
    with pytest.raises(TypeError, match="no field 'c'"):
        replace(pair, a=3, c=3)
    assert replace(pair, a=3) == _Pair(3, 2)


@dataclass(frozen=True)
class _Wide:
    """As many fields as a game state."""

    f0: int = 0
    f1: int = 0
    f2: int = 0
    f3: int = 0
    f4: int = 0
    f5: int = 0
    f6: int = 0
    f7: int = 0
    f8: int = 0
    f9: int = 0
    f10: int = 0
    f11: int = 0
    f12: int = 0
    f13: int = 0
    f14: int = 0
    f15: int = 0
    f16: int = 0
    f17: int = 0
    f18: int = 0
    f19: int = 0

    @lazy.on("f0")
    def twice(self) -> int:
        return self.f0 * 2


def test_a_wide_class_copies_its_whole_dictionary_with_the_same_result() -> None:
    wide = _Wide(f0=2)
    assert wide.twice == 4
    kept, changed = replace(wide, f5=1), replace(wide, f0=3)
    assert kept.__dict__ is not wide.__dict__ and "twice" in kept.__dict__
    assert (kept.f5, kept.twice, changed.twice, wide.f0, wide.f5) == (1, 4, 6, 2, 0)
    with pytest.raises(FrozenInstanceError):
        kept.f0 = 1  # type: ignore[misc]
