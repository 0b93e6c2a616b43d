"""Querysets compiled once per process and run again with other values (issue 15).

The hottest reads of a large event (every phone's "my match", a person's roles) are the same
query every time with other ids. Building and compiling such a queryset (joins of
`select_related`, `EXISTS` annotations, a subquery) costs Django 5-7 ms of CPU on this
machine, several times what PostgreSQL spends answering it. `PreparedQuery` builds the
queryset once per database alias with stand-in values, keeps its SQL and its compiler (which
knows how to turn a row into the model instances with their related rows and annotations),
and for each call only swaps the stand-ins for the real values: the rows are turned into
objects by Django's own iterable, exactly as the queryset would.

Only values passed as keyword arguments change between calls; everything else in the
queryset is fixed when it is first built. The stand-ins must reach the SQL as parameters
unchanged (ids and numbers do, and text such as a token's key gets the stand-in's digits);
`PreparedQuery` refuses a query in which one of them does not appear.
"""

from __future__ import annotations

import copy
import functools
import threading
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from django.db import connections
from django.db.models import Model, QuerySet

from kernel.limits import BIGINT_RANGE

M = TypeVar("M", bound=Model)

#: Two sets of stand-in values, within the range of the smallest integer columns (Django
#: compiles a lookup on an out-of-range value to no query at all).
_STAND_INS = (30_011, 31_013)


def _converters(compiler: Any, known: dict[tuple[int, ...], dict], expressions: list) -> dict:
    """The row converters of the prepared query's columns, found once (each call's compiler
    shares the prepared one's columns): finding them asks every column of the joined rows,
    some 50, a millisecond per query on this machine. A converter takes the connection as an
    argument when it runs, so one list serves every thread."""
    key = tuple(map(id, expressions))
    found = known.get(key)
    if found is None:
        found = known[key] = compiler.get_converters(expressions)
    return found


class PreparedQuery(Generic[M]):
    """`build(**values)` returns the queryset; `PreparedQuery(build, "user_id", ...)` runs it
    as `prepared.list(user_id=5, ...)` (or `.first(...)`) without compiling it again."""

    def __init__(self, build: Callable[..., QuerySet[M]], *names: str) -> None:
        self.build = build
        self.names = names
        self._compiled: dict[str, tuple[Any, str, tuple, list[tuple[int, str]]]] = {}
        self._template_qs: QuerySet[M] | None = None
        self._lock = threading.Lock()
        self._converters: dict[tuple[int, ...], dict] = {}

    def _prepare(self, alias: str) -> tuple[Any, str, tuple, list[tuple[int, str]]]:
        """Compile the queryset with two sets of stand-ins: the parameters that differ between
        the two are the named values' places (no other constant of the query is mistaken
        for one), and the SQL must not differ at all."""
        compiled = []
        for base in _STAND_INS:
            stand_ins = {name: base + i for i, name in enumerate(self.names)}
            compiler = self.build(**stand_ins).query.get_compiler(using=alias)
            sql, params = compiler.as_sql()  # fills the compiler's select and row layout too
            compiled.append(
                (compiler, sql, tuple(params), {str(v): k for k, v in stand_ins.items()})
            )
        (compiler, sql, params, names), (_, other_sql, other_params, _) = compiled
        if sql != other_sql or len(params) != len(other_params):
            raise ValueError("the query's SQL depends on the values: it cannot be prepared")
        slots = [
            (i, names[str(param)])  # a text column gets the stand-in as text
            for i, (param, other) in enumerate(zip(params, other_params, strict=True))
            if param != other and str(param) in names
        ]
        missing = set(self.names) - {name for _, name in slots}
        if missing:
            raise ValueError(f"not query parameters: {sorted(missing)}")
        return compiler, sql, params, slots

    def _queryset(self, values: dict[str, Any]) -> QuerySet[M]:
        if set(values) != set(self.names):
            raise TypeError(f"values for exactly {sorted(self.names)}, got {sorted(values)}")
        template = self._template()
        if any(isinstance(v, int) and v not in BIGINT_RANGE for v in values.values()):
            return template.none()  # no row has such an id (as Django's own range check)
        alias = template.db  # the router's choice, for a read or (a lock) a write
        found = self._compiled.get(alias)
        if found is None:
            with self._lock:
                found = self._compiled.get(alias) or self._prepare(alias)
                self._compiled[alias] = found
        compiler, sql, params, slots = found
        filled = list(params)
        for position, name in slots:
            filled[position] = values[name]
        ready = copy.copy(compiler)  # the prepared one is shared by the process's threads,
        ready.connection = connections[alias]  # each of which has its own connection
        ready.as_sql = lambda *args, **kwargs: (sql, tuple(filled))
        ready.get_converters = functools.partial(_converters, compiler, self._converters)
        queryset = template.all()
        queryset._db = alias
        queryset.query.get_compiler = lambda *args, **kwargs: ready
        return queryset

    def _template(self) -> QuerySet[M]:
        """The queryset once built, cloned for each call (cheaper than building it again)."""
        if self._template_qs is None:
            self._template_qs = self.build(**{name: _STAND_INS[0] for name in self.names})
        return self._template_qs

    def list(self, **values: Any) -> list[M]:
        """The rows, as the queryset built with `values` would give them."""
        return list(self._queryset(values))

    def first(self, **values: Any) -> M | None:
        """The first row (the queryset is expected to be ordered and sliced already)."""
        rows = self.list(**values)
        return rows[0] if rows else None
