"""Text from data made safe to print on a terminal.

Names and log lines come from people (a Discord display name, `--names`), from files (an
export, a saved game) and from the network (the MQTT relay). A terminal acts on the control
characters in them: ESC sequences clear the screen, retitle the window or rewrite what was
already printed, a carriage return overwrites a line, BEL rings. Every terminal tool passes such
text through `printable` on its way out; the tools' own sequences (clearing the screen between
hot-seat turns) are written beside it, never through it.
"""

from __future__ import annotations

import re

# ECMA-48, in 7-bit and 8-bit forms: control strings (OSC: a window title, DCS, SOS, PM, APC) up
# to their terminator, CSI sequences (cursor moves, erasing, colours), then any other ESC with its
# intermediate and final bytes. What is left of a cut-off sequence loses its ESC below.
_SEQUENCE = re.compile(
    r"(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f]).*?(?:\x07|\x1b\\|\x9c)"
    r"|(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]"
    r"|\x1b[ -/]*[0-~]",
    re.DOTALL,
)
# What is left: every C0 control but the newline, DEL, and every C1 control.
_CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f]")


def printable(text: str) -> str:
    """`text` without escape sequences or control characters, but with its newlines (a screen's
    text is printed whole, and the tools' own line breaks are in it)."""
    return _CONTROL.sub("", _SEQUENCE.sub("", text))
