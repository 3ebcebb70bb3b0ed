"""How the store writes JSON columns: compact, with sorted keys, so equal values store equal text."""

from __future__ import annotations

import json
from typing import Any


def dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)
