"""Cheap copies of the engine's frozen dataclasses and cheap cached values on them.

The replay makes a new state, and new units, many times per event. `dataclasses.replace` checks
every field on every call and `functools.cached_property` takes a lock on every first read
(Python 3.11), which together cost more than the rules themselves. The two helpers here do the
same work without those costs; they are what every engine module uses instead. A cached value
that declares the fields it reads (`lazy.on`) survives a copy that leaves them alone: a unit that
only spent AP keeps its powers, a state whose Kamas changed keeps its memo.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, fields
from dataclasses import replace as _checked_replace
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")
V = TypeVar("V")

#: Per dataclass: its field names (a set and in order) and all its `lazy` values with the
#: fields each depends on (None: unknown), or None when a plain copy would skip part of what
#: `dataclasses.replace` does (`__post_init__` checks, fields that are not `__init__`
#: arguments) or cannot be made (slots).
_Lazies = tuple[tuple[str, frozenset[str] | None], ...]
_Shape = tuple[frozenset[str], tuple[str, ...], _Lazies]
_SHAPES: dict[type, _Shape | None] = {}


def _shape(cls: type) -> _Shape | None:
    try:
        return _SHAPES[cls]
    except KeyError:
        found = fields(cls)
        simple = (
            not hasattr(cls, "__post_init__")
            and not hasattr(cls, "__slots__")
            and all(f.init for f in found)
        )
        names = tuple(f.name for f in found)
        shape = (frozenset(names), names, all_lazies(cls)) if simple else None
        _SHAPES[cls] = shape
        return shape


def all_lazies(cls: type) -> _Lazies:
    """Every `lazy` value of `cls`, with the fields it depends on (`lazy.on`) or None."""
    out = []
    for klass in reversed(cls.__mro__):
        for name, attr in vars(klass).items():
            if isinstance(attr, lazy):
                out.append((name, attr.depends))
    return tuple(out)


def dropped(lazies: _Lazies, changes: dict[str, Any]) -> tuple[str, ...]:
    """The cached values a copy changing `changes` drops: those that do not say what they
    read, and those that read one of `changes`. The copies, which run many times per event,
    keep the answer per class and tuple of changed fields (`_PLANS`, `GameState.evolve`)."""
    return tuple(
        name for name, depends in lazies if depends is None or not depends.isdisjoint(changes)
    )


_Plan = tuple[int, Callable[[Any, dict[str, Any]], None], dict[tuple[str, ...], tuple[str, ...]]]

#: Per dataclass that `replace` copies plainly: how many fields it has, the setter of its
#: instance dictionary (`dict_setter`) and, per tuple of changed field names in the order given,
#: the cached values a copy drops (worked out and checked once).
_PLANS: dict[type, _Plan | None] = {}


def _plan(cls: type) -> _Plan | None:
    shape = _shape(cls)
    plan = _PLANS[cls] = None if shape is None else (len(shape[1]), dict_setter(cls), {})
    return plan


#: `object.__new__`, read once (the copies run many times per event).
new_object = object.__new__


def dict_setter(cls: type) -> Callable[[Any, dict[str, Any]], None]:
    """`setter(new, values)` gives `new` (made by `new_object(cls)`) the instance dictionary
    `values` (a copy), as `object.__setattr__(new, "__dict__", values)` does (a frozen dataclass
    refuses ordinary attribute assignment): the setter of the `__dict__` descriptor itself, in C,
    without the attribute lookup `object.__setattr__` makes at each call (about 500 instructions
    fewer, cachegrind)."""
    for klass in cls.__mro__:
        found = vars(klass).get("__dict__")
        if found is not None:
            return found.__set__  # type: ignore[no-any-return]
    raise TypeError(f"{cls.__name__} instances have no instance dictionary")


def _drops(cls: type, changed: tuple[str, ...]) -> tuple[str, ...]:
    """The cached values a copy of `cls` changing `changed` drops; a name that is not a field
    is a TypeError, as for `dataclasses.replace`."""
    names, _, lazies = _SHAPES[cls]  # type: ignore[misc]
    if not names.issuperset(changed):
        unknown = sorted(set(changed) - names)
        raise TypeError(f"{cls.__name__} has no field {unknown[0]!r}")
    return dropped(lazies, dict.fromkeys(changed))


def replace(obj: T, /, **changes: Any) -> T:
    """`dataclasses.replace` for the engine's frozen dataclasses: the fields are copied as they
    are and the changed ones set, without re-running `__init__`. Values cached on the old object
    (`lazy`) are kept only when they name what they depend on (`lazy.on`) and none of it
    changed. A class with a `__post_init__` check goes through `dataclasses.replace`, check
    included.

    The whole instance dictionary is copied at once (`dict.copy`, in C, given to the new object
    by `dict_setter`) and the cached values that no longer hold are then removed: cheaper than
    copying field by field, or into the new object's own dictionary (about 6 % more for a unit,
    cachegrind), as this runs many times per event. What to remove is looked up once per class
    and tuple of changed names (`_PLANS`), which were checked to be fields the first time. Only
    `lazy` values and fields live in these dictionaries."""
    cls = type(obj)
    try:
        plan = _PLANS[cls]
    except KeyError:
        plan = _plan(cls)
    if plan is None:
        return _checked_replace(obj, **changes)  # type: ignore[type-var]
    count, setter, table = plan
    changed = tuple(changes)
    gone = table.get(changed)
    if gone is None:
        gone = table[changed] = _drops(cls, changed)
    new = new_object(cls)
    mine = obj.__dict__
    values = mine.copy()
    setter(new, values)
    if len(mine) > count:  # some value is cached on the old object
        for name in gone:
            values.pop(name, None)
    values.update(changes)
    return new


#: The default of a field with a default factory, in `direct_init`'s signatures.
_FACTORY_DEFAULT = object()


def direct_init(cls: type[T]) -> type[T]:
    """`cls`, a frozen dataclass (this decorator above `@dataclass`), with an `__init__` that
    fills the new instance's dictionary directly: the generated one sets each field through
    `object.__setattr__` (a generic call per field), about twice the cost for the values made
    at every cast (`CastAction`, `SpellUse`, the records in `Lasting`) and for the units and
    the first state of every game's set-up (`Unit`, `GameState`). Same signature, defaults
    and default factories; equality, hash, repr, `fields` and the frozen check stay the
    dataclass's (tests/engine/test_cast_values.py, tests/engine/test_state.py)."""
    params, stores = [], []
    names: dict[str, Any] = {"_FACTORY_DEFAULT": _FACTORY_DEFAULT}
    for found in fields(cls):  # type: ignore[arg-type]
        name = value = found.name
        if found.default is not MISSING:
            names[f"_default_{name}"] = found.default
            params.append(f"{name}=_default_{name}")
        elif found.default_factory is not MISSING:
            names[f"_factory_{name}"] = found.default_factory
            params.append(f"{name}=_FACTORY_DEFAULT")
            value = f"_factory_{name}() if {name} is _FACTORY_DEFAULT else {name}"
        else:
            params.append(name)
        stores.append(f"    values[{name!r}] = {value}\n")
    source = (
        f"def __init__(self, {', '.join(params)}):\n"
        "    values = self.__dict__\n"  # new and empty: the frozen `__setattr__` is not asked
        + "".join(stores)
    )
    namespace: dict[str, Any] = {}
    exec(source, names, namespace)  # the field names of our own classes
    namespace["__init__"].__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = namespace["__init__"]  # type: ignore[misc]
    return cls


def unshadowed(cls: type[T]) -> type[T]:
    """`cls`, a dataclass, without the class attributes holding its fields' defaults when these
    are instances of classes written in Python (an enum member, another dataclass).

    Python 3.11 never specializes reading an attribute whose name the class also holds with a
    value of such a (mutable) type: every `state.phase` took the interpreter's generic path,
    about 340 instructions against about 100 (cachegrind), and the phase, the rulings and a
    unit's markers are read many times per event. The generated `__init__` keeps its defaults
    and `dataclasses.fields` its `Field`s; nothing reads these defaults from the class. (The
    `lazy` values stay on the generic path: a descriptor cannot be specialized either.)"""
    for found in fields(cls):  # type: ignore[arg-type]
        default = vars(cls).get(found.name)
        if default is not None and type(default).__module__ != "builtins":
            delattr(cls, found.name)
    return cls


class lazy(Generic[T, V]):
    """A value computed on first read and kept on the (immutable) instance: `cached_property`
    without its lock, for objects that are never shared between threads while being built."""

    def __init__(self, compute: Callable[[T], V], depends: frozenset[str] | None = None) -> None:
        self.compute = compute
        self.name = compute.__name__
        self.__doc__ = compute.__doc__
        self.depends = depends

    @classmethod
    def on(cls, *fields: str) -> Callable[[Callable[[T], V]], lazy[T, V]]:
        """A lazy value that reads only these fields of its instance: a copy made by `replace`
        that changes none of them keeps the value instead of computing it again."""
        return lambda compute: cls(compute, frozenset(fields))

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type) -> lazy[T, V]: ...

    @overload
    def __get__(self, instance: T, owner: type) -> V: ...

    def __get__(self, instance: T | None, owner: type) -> V | lazy[T, V]:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.compute(instance)
        return value
