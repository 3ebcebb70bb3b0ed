# Skald, the Discord bot: `docker build -t skald .` then
#   docker run -e DISCORD_TOKEN=... -v skald-data:/data skald
# The database lives on the /data volume, so a new image keeps every game.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    SKALD_DB=/data/skald.sqlite3

WORKDIR /app
COPY pyproject.toml README.md ./
COPY engine ./engine
COPY renderer ./renderer
COPY bot ./bot
COPY migrations ./migrations
RUN pip install . \
    && useradd --create-home --uid 10001 skald \
    && mkdir -p /data \
    && chown skald:skald /data

USER skald
VOLUME ["/data"]
ENTRYPOINT ["skald"]
CMD ["run"]
