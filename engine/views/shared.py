"""Read-only parts a view may share with every other view: printed facts (a card's cost, an
empire's production) built once and handed out as they are, not copied for each view.

They read, compare, serialise (JSON, pickle) and copy as plain dicts and lists; any change
raises TypeError, so no reader can alter what the next view shows. A reader that wants to
change a view copies it first (`copy.deepcopy` gives plain, mutable dicts and lists).
"""

from __future__ import annotations

import copy
from typing import Any, NoReturn

SAID = "This part of the view is shared by every view (printed facts): copy the view to change it."


class SharedDict(dict[str, Any]):
    """A dict that refuses changes."""

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError(SAID)

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = __ior__ = _refuse

    def __copy__(self) -> dict[str, Any]:
        return dict(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, Any]:
        return {key: copy.deepcopy(value, memo) for key, value in self.items()}

    def __reduce__(self) -> tuple[type[dict[str, Any]], tuple[dict[str, Any]]]:
        return dict, (dict(self),)


class SharedList(list[Any]):
    """A list that refuses changes."""

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError(SAID)

    __setitem__ = __delitem__ = __iadd__ = __imul__ = append = extend = insert = pop = remove = clear = sort = \
        reverse = _refuse

    def __copy__(self) -> list[Any]:
        return list(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> list[Any]:
        return [copy.deepcopy(value, memo) for value in self]

    def __reduce__(self) -> tuple[type[list[Any]], tuple[list[Any]]]:
        return list, (list(self),)


def shared(value: Any) -> Any:
    """`value` (JSON-ready: dicts, lists, scalars) made read-only all the way down."""
    if isinstance(value, dict):
        return SharedDict({key: shared(item) for key, item in value.items()})
    if isinstance(value, list):
        return SharedList(shared(item) for item in value)
    return value
