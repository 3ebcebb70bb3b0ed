"""The table service stays a set of small services over one gate (docs/tables.md): no class in
bot/tables/ offers more than 25 public methods (its own and those it inherits from bot/tables/),
and no function there takes more than 8 parameters besides `self` (a change is one value object)."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from pathlib import Path

import bot.tables

MOST_METHODS = 25
MOST_PARAMETERS = 8
FOLDER = Path(bot.tables.__file__).parent


def _classes() -> list[type]:
    found = []
    for module in pkgutil.iter_modules([str(FOLDER)]):
        loaded = importlib.import_module(f"bot.tables.{module.name}")
        found += [c for _, c in inspect.getmembers(loaded, inspect.isclass) if c.__module__ == loaded.__name__]
    return found


def _public_methods(cls: type) -> set[str]:
    """Public methods (and properties) defined in bot/tables/ by the class or its bases."""
    names = set()
    for base in cls.__mro__:
        if not base.__module__.startswith("bot.tables."):
            continue
        for name, value in vars(base).items():
            if not name.startswith("_") and (inspect.isfunction(value) or isinstance(
                    value, (property, classmethod, staticmethod))):
                names.add(name)
    return names


def test_no_class_in_the_table_service_offers_more_than_25_public_methods() -> None:
    sizes = {f"{c.__module__}.{c.__qualname__}": len(_public_methods(c)) for c in _classes()}
    assert "bot.tables.service.Tables" in sizes
    assert {name: n for name, n in sizes.items() if n > MOST_METHODS} == {}


def test_no_function_in_the_table_service_takes_more_than_8_parameters() -> None:
    too_many = []
    for path in sorted(FOLDER.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                args = node.args
                names = [a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)]
                names += [a.arg for a in (args.vararg, args.kwarg) if a is not None]
                count = len([n for n in names if n not in ("self", "cls")])
                if count > MOST_PARAMETERS:
                    too_many.append(f"{path.name}:{node.lineno} {node.name} ({count})")
    assert too_many == []
