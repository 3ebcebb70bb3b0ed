"""Schema 12 (2026-12-07): a game's own choice of thread pings (docs/async.md, "One notice per
step"; docs/storage.md).

`games.thread_pings` holds what the host chose for their game with `/game pings` (`to_act` or
`off`); NULL, every game so far, follows the server's `thread_pings` setting.
"""

import sqlalchemy as sa
from alembic import op

from bot.store.columns import TEXT

revision = "0012"
down_revision = "0011"


def upgrade() -> None:
    op.add_column("games", sa.Column("thread_pings", TEXT))
