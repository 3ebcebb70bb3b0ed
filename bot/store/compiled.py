"""Statements as SQLAlchemy compiles them and a driver runs them: the store's operations are
written once in SQLAlchemy Core, compiled once per dialect and set of parameters (`Plan`), and run
by the database's own driver (sqlite3 in its connection's thread, asyncpg in the greenlet of the
transaction). SQLAlchemy's execution layer costs tens of microseconds of Python a statement,
more than many of the statements (docs/storage.md, "What the library costs"); what can't run as
compiled still goes through it, on the same connection and transaction.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import sqlalchemy as sa
from sqlalchemy import Connection, CursorResult
from sqlalchemy.engine import Dialect
from sqlalchemy.sql import Executable
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.elements import ClauseElement
from sqlalchemy.util import LRUCache


class Done:
    """A statement's rows (or count of rows changed), as the driver gave them."""

    __slots__ = ("_rows", "rowcount")

    def __init__(self, rows: list[Any], rowcount: int) -> None:
        self._rows = rows
        self.rowcount = rowcount

    def all(self) -> list[Any]:
        return self._rows

    def first(self) -> Any:
        return self._rows[0] if self._rows else None

    def one(self) -> Any:
        if len(self._rows) != 1:
            raise sa.exc.NoResultFound("one row was expected") if not self._rows else \
                sa.exc.MultipleResultsFound("one row was expected")
        return self._rows[0]

    def scalar(self) -> Any:
        return self._rows[0][0] if self._rows else None

    def scalar_one(self) -> Any:
        return self.one()[0]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._rows)


class Plan:
    """A statement as the driver runs it, compiled once by SQLAlchemy's dialect for the parameters
    it is given: its SQL, and its parameters in order (with the dialect's own conversions, if a
    type has one)."""

    __slots__ = ("compiled", "fixed", "names", "processors", "rows", "sql")

    def __init__(self, compiled: SQLCompiler) -> None:
        self.compiled = compiled
        self.sql = compiled.string
        self.rows = bool(compiled._result_columns)  # a SELECT, or a change with RETURNING
        self.names = tuple(compiled.positiontup or ())
        processors = compiled._bind_processors
        self.processors: tuple[Any, ...] = tuple(processors.get(name) for name in self.names)
        # The values written into the statement itself (`status == 'lobby'`): the same every time.
        self.fixed = {name: bind.effective_value for name, bind in compiled.binds.items() if not bind.required}

    def values(self, given: Mapping[str, Any]) -> tuple[Any, ...]:
        """The parameters in the statement's order: those given, then its own."""
        try:
            found = [given[name] if name in given else self.fixed[name] for name in self.names]
        except KeyError as missing:
            raise sa.exc.ArgumentError(f"A value is required for bind parameter {missing}") from None
        return tuple(value if convert is None or value is None else convert(value)
                     for value, convert in zip(found, self.processors, strict=True))


_PLANS: LRUCache[tuple[Any, ...], Plan | None] = LRUCache(4000)


def _reader(dialect: Dialect, kind: sa.types.TypeEngine[Any]) -> Any:
    """What the dialect does to a value of `kind` it reads (None: takes it as the driver gives it)."""
    try:
        return kind._cached_result_processor(dialect, None)
    except TypeError:  # asyncpg's floats are decided by the column's type id, known only at run time
        impl = kind.dialect_impl(dialect)
        return None if isinstance(impl, sa.Float) and not impl.asdecimal else True


def plan_of(dialect: Dialect, statement: Executable, keys: tuple[str, ...]) -> Plan | None:
    """The statement's plan, or None when it can't run as compiled once: text, an IN over a list
    (its SQL depends on the list's length), or a type that converts what it reads."""
    key = (dialect.name, statement, keys)
    found = _PLANS.get(key, False)
    if found is not False:
        return found  # type: ignore[return-value]
    if isinstance(statement, sa.TextClause) or not isinstance(statement, ClauseElement):
        _PLANS[key] = None
        return None
    compiled = statement.compile(dialect=dialect, column_keys=list(keys))
    assert isinstance(compiled, SQLCompiler)
    readers = [_reader(dialect, kind) for *_, kind in compiled._result_columns or ()]
    as_compiled = not any(bind.expanding for bind in compiled.binds.values()) and not any(readers)
    plan = Plan(compiled) if as_compiled else None
    _PLANS[key] = plan
    return plan


class Direct(ABC):
    """An operation's connection (`grouping.Sql`) over SQLAlchemy's own: each statement run as
    planned by the driver (`_run`), or, when it can't run as compiled, by SQLAlchemy on the same
    connection and transaction. Errors are raised as SQLAlchemy raises them."""

    def __init__(self, conn: Connection) -> None:
        self.connection = conn

    @property
    def dialect(self) -> Dialect:
        return self.connection.dialect

    def execute(self, statement: Executable, parameters: Any = None, /) -> Done | CursorResult[Any]:
        many = isinstance(parameters, list)
        given: Mapping[str, Any] = (parameters[0] if many else parameters) or {}
        plan = plan_of(self.dialect, statement, tuple(given))
        if plan is None:
            return self.connection.execute(statement, parameters)
        return self._run(plan, parameters if many else None, given)

    @abstractmethod
    def _run(self, plan: Plan, many: Sequence[Mapping[str, Any]] | None, given: Mapping[str, Any]) -> Done:
        """Run the plan: once with `given`, or once for each of `many`."""
