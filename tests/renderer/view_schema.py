"""Check a JSON view against its TypedDict (engine/views): the runtime half of the view contract.

mypy checks that the engines build their views through these types and that the renderer reads
them through the same types; stored JSON (the goldens' views) and the parts an engine builds from
plain dicts are checked here, key by key.
"""

from __future__ import annotations

import types
from collections.abc import Mapping
from typing import Any, Literal, Union, cast, get_args, get_origin, get_type_hints, is_typeddict

from engine.views.nidavellir import NidavellirView
from engine.views.tranquility import TranquilityView


def schema_problems(value: Any, schema: Any, path: str = "view") -> list[str]:
    """Where `value` does not have the shape `schema` (a TypedDict or a type) describes."""
    if schema is Any:
        return []
    if is_typeddict(schema):
        return _record_problems(value, schema, path)
    origin = get_origin(schema)
    if origin in (Union, types.UnionType):
        alternatives = [schema_problems(value, option, path) for option in get_args(schema)]
        return [] if any(not found for found in alternatives) else min(alternatives, key=len)
    if origin is Literal:
        return [] if value in get_args(schema) else [f"{path} is {value!r}, not one of {get_args(schema)}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{path} is not a list"]
        (item,) = get_args(schema)
        return [found for at, entry in enumerate(value) for found in schema_problems(entry, item, f"{path}[{at}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{path} is not an object"]
        _, item = get_args(schema)
        return [found for key, entry in value.items() for found in schema_problems(entry, item, f"{path}.{key}")]
    if schema is type(None):
        return [] if value is None else [f"{path} is {type(value).__name__}, not null"]
    if schema is int and isinstance(value, bool):  # a bool is an int to Python, never to the schema
        return [f"{path} is bool, not int"]
    return [] if isinstance(value, schema) else [f"{path} is {type(value).__name__}, not {schema.__name__}"]


def _record_problems(value: Any, schema: Any, path: str) -> list[str]:
    if not isinstance(value, dict):
        return [f"{path} is not an object"]
    fields = get_type_hints(schema)
    problems = [f"{path}.{key} is missing" for key in sorted(schema.__required_keys__) if key not in value]
    problems += [f"{path}.{key} is not in the schema" for key in value if key not in fields]
    for key, field in fields.items():
        if key in value:
            problems += schema_problems(value[key], field, f"{path}.{key}")
    return problems


def tranquility(view: Mapping[str, Any]) -> TranquilityView:
    """A JSON view read as a Tranquility view, once it has that shape (for the renderer's parts)."""
    problems = schema_problems(view, TranquilityView)
    assert not problems, problems
    return cast(TranquilityView, view)


def nidavellir(view: Mapping[str, Any]) -> NidavellirView:
    """A JSON view read as a Nidavellir view, once it has that shape (for the renderer's parts)."""
    problems = schema_problems(view, NidavellirView)
    assert not problems, problems
    return cast(NidavellirView, view)
