"""Rewrite the golden pictures: `python -m tests.renderer.regen [--views] [scene-name ...]`.

By default the pictures are redrawn from the stored views (after an intended change to a
picture). `--views` first replays every scene with the engines and stores fresh views (after
an intended change to a view schema or to how a game deals). Look at every rewritten PNG
before committing it.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence

from bot.render_cli import view_of
from tests.renderer.golden import GOLDEN_DIR, GOLDEN_SCENES, golden_path, golden_png, stored_view, view_path


def main(argv: Sequence[str]) -> int:
    fresh_views = "--views" in argv
    wanted = {name for name in argv if not name.startswith("--")}
    GOLDEN_DIR.mkdir(exist_ok=True)
    for scene in GOLDEN_SCENES:
        if wanted and scene.name not in wanted:
            continue
        if fresh_views or not view_path(scene).exists():
            view_path(scene).write_text(json.dumps(view_of(scene), sort_keys=True, ensure_ascii=False) + "\n")
        path = golden_path(scene)
        path.write_bytes(golden_png(scene, stored_view(scene)))
        print(f"{path}  {path.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
