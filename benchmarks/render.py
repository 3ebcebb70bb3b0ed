"""Render + PNG-encode time and PNG size per sample picture, and how its text reads on a phone.

    python -m benchmarks.render [--runs N] [scene-name ...]

Views are built once per scene (engine time is not counted); each picture is then drawn and
encoded `runs` times. "first" is the first call in this process (fonts loading, caches cold),
median and p95 are over the runs after it. Targets: a 5-player Nidavellir table within 80 ms
and 400 KB, a Tranquility grid within 40 ms. "key@400" is the height of the smallest capitals
or digits of a name, point, coin or card value once the picture is shown 400 px wide (at
least 9 px), "font@400" the smallest font size of any text there (at least 9 px).
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from collections.abc import Sequence

from PIL import Image

import renderer
from bot.render_cli import PICTURES, SCENES, names_for, view_of
from renderer.canvas import KEY_ROLES


def _percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("scenes", nargs="*")
    args = parser.parse_args(argv)
    wanted = set(args.scenes)
    width = max(len(scene.name) for scene in SCENES)
    print(f"{'picture':{width}} {'size':>9} {'first':>8} {'median':>8} {'p95':>8} {'PNG':>8} {'key@400':>8} "
          f"{'font@400':>8}")
    for scene in SCENES:
        if wanted and scene.name not in wanted:
            continue
        view = view_of(scene)
        names = names_for(scene)
        picture = PICTURES[scene.picture]
        times: list[float] = []
        png = b""
        for _ in range(args.runs + 1):
            start = time.perf_counter()
            png = picture(view, names)
            times.append((time.perf_counter() - start) * 1000)
        first, rest = times[0], times[1:]
        with Image.open(io.BytesIO(png)) as image:
            size = f"{image.width}×{image.height}"
        sheet = renderer.draw(view, names, scene.picture)
        key = min(d.ink_at(sheet.width) for d in sheet.texts if d.role in KEY_ROLES)
        font = min(d.size_at(sheet.width) for d in sheet.texts)
        print(f"{scene.name:{width}} {size:>9} {first:7.1f}ms {statistics.median(rest):6.1f}ms "
              f"{_percentile(rest, 0.95):6.1f}ms {len(png) / 1024:6.1f}KB {key:6.2f}px {font:6.2f}px")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
