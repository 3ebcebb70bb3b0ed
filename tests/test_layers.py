"""The layers' import rules (docs/tables.md, "Where things may live"): imports run bot -> renderer
-> engine, the renderer reads views only, the table service imports no adapter, and database
drivers are imported only where SQL may live."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def imports(folder: str) -> Iterator[tuple[str, str]]:
    """(file, imported module) for every import under `folder`, lazy ones inside functions too."""
    for path in sorted((ROOT / folder).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                # "from engine import registry" imports engine.registry (or a name of engine)
                for alias in node.names:
                    yield str(path.relative_to(ROOT)), f"{node.module}.{alias.name}"
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    yield str(path.relative_to(ROOT)), alias.name


def top(module: str) -> str:
    return module.split(".")[0]


def test_the_engine_imports_neither_the_bot_nor_the_renderer_nor_any_io() -> None:
    found = [(f, m) for f, m in imports("engine")
             if top(m) in {"bot", "renderer", "discord", "PIL", "aiosqlite", "asyncpg", "sqlite3", "aiomqtt"}]
    assert not found


def test_the_engine_reads_no_clock() -> None:
    """Issue 42: the AI's time box called time.process_time() in engine/search.py and the
    Tranquility planner. Rules and AI get "now" or a time box from the host (an `Allowance`); no
    module of engine/ imports a clock, nor anything that reads one."""
    clocks = {"time", "datetime", "asyncio", "threading", "multiprocessing", "concurrent", "signal", "sched",
              "timeit", "os", "random"}
    found = [(f, m) for f, m in imports("engine") if top(m) in clocks]
    assert not found


def test_the_renderer_reads_views_only() -> None:
    allowed = ("engine.views", "engine.registry")  # the typed views; the registered games' keys
    found = [(f, m) for f, m in imports("renderer")
             if top(m) in {"bot", "discord", "aiosqlite", "sqlite3"}
             or (top(m) == "engine" and not m.startswith(allowed))]
    assert not found


def test_the_table_service_imports_no_adapter() -> None:
    adapters = ("bot.discord", "bot.relay", "bot.terminal", "discord", "aiomqtt", "renderer")
    found = [(f, m) for f, m in imports("bot/tables") if m.startswith(adapters)]
    assert not found


def test_database_drivers_are_imported_only_where_sql_may_live() -> None:
    drivers = {"sqlite3", "aiosqlite", "asyncpg"}
    # The store (the game database); the rules index (an in-memory FTS5 index, never the game
    # database); `skald db`, `skald play` and `skald demo`, which only name sqlite3's error type
    # to tell the user their file is not a database.
    allowed = ("bot/store/", "bot/rules/index.py", "bot/tables/cli.py", "bot/play_cli.py")
    found = [(f, m) for f, m in imports("bot") if top(m) in drivers and not f.startswith(allowed)]
    assert not found


def test_no_base_nidavellir_module_imports_an_expansion() -> None:
    """The expansions register themselves into the base game's tables (engine/nidavellir/catalogue.py);
    the package's __init__.py composes them, and no other base module imports one."""
    expansions = [path.name for path in (ROOT / "engine" / "nidavellir").iterdir()
                  if path.is_dir() and (path / "__init__.py").exists()]
    assert {"thingvellir", "idavoll"} <= set(expansions)
    named = tuple(f"engine.nidavellir.{name}" for name in expansions)
    base = {f"engine/nidavellir/{path.name}" for path in (ROOT / "engine" / "nidavellir").glob("*.py")}
    found = [(f, m) for f, m in imports("engine/nidavellir")
             if f in base and f != "engine/nidavellir/__init__.py"
             and (m.startswith(named) or m in {f"engine.nidavellir.{name}" for name in expansions})]
    assert not found


def test_no_game_and_its_ai_import_each_other() -> None:
    """Issue 44: ai.py and game.py imported each other in every game (one of them lazily, inside
    a function). Lazy imports included, no circle of imports passes through a game's `Game`
    module or its AI players' modules: the game imports its AI, never the other way round."""
    graph: dict[str, set[str]] = {}
    for file, module in imports("engine"):
        name = file.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        graph.setdefault(name, set())
        parts = module.split(".")
        for cut in (len(parts), len(parts) - 1):  # "from engine.x import y": module y or name y of x
            target = ".".join(parts[:cut])
            if target.startswith("engine.") and (ROOT / (target.replace(".", "/") + ".py")).exists():
                graph[name].add(target)
                break
    circles = []
    for start in (name for name in graph if name.rsplit(".", 1)[-1] in ("game", "ai", "planner")):
        seen, stack = set(), [(start, [start])]
        while stack:
            node, path = stack.pop()
            for nxt in graph.get(node, ()):
                if nxt == start:
                    circles.append(" -> ".join([*path, start]))
                elif nxt not in seen:
                    seen.add(nxt)
                    stack.append((nxt, [*path, nxt]))
    assert not circles, circles[:5]
