"""The service's one settings object, built once from SAFEHOUSE_* environment variables.

This is the only module of service/ and worker/ that reads the environment. Everything else gets
a `Settings` as an argument: `create_app(settings)`, the worker and sweeper (`python -m worker`
builds one from its arguments), `make run` (service/process/run.py hands its children an explicit
environment), the CLI. Frozen: a variant is `Settings.from_env(**overrides)` or
`dataclasses.replace`. `create_app` still takes the old upper-case dict (`{"PREFIX": ...}`):
`Settings.from_config` maps its keys onto the fields, and `as_config` gives Flask's app.config.
"""

import dataclasses
import os

DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"
DAY_S = 86400


def _flag(value):
    return value.lower() in ("1", "true", "yes", "on")


def _origins(value):
    return tuple(o.strip() for o in value.split(",") if o.strip())


# field -> (environment variable, default text, parser); the variable names are the contract
ENV = {
    "redis_url": ("SAFEHOUSE_REDIS_URL", DEFAULT_REDIS_URL, str),
    "queue_redis_url": ("SAFEHOUSE_QUEUE_REDIS_URL", "", str),  # RQ's Redis (store/connection.py)
    "prefix": ("SAFEHOUSE_PREFIX", "sh:", str),
    "queue": ("SAFEHOUSE_QUEUE", "safehouse", str),
    "allow_client_seeds": ("SAFEHOUSE_ALLOW_CLIENT_SEEDS", "0", _flag),
    "max_content_length": ("SAFEHOUSE_MAX_BODY", str(64 * 1024), int),
    "rate_limit": ("SAFEHOUSE_RATE_LIMIT", "600/minute", str),
    "redis_pool": ("SAFEHOUSE_REDIS_POOL", "64", int),
    # a failover (store/resilience.py): transient errors retried this long, then 503; every save
    # waits for this many replicas (Redis WAIT, at most the timeout, else 503); 0 = no wait
    "redis_retry_s": ("SAFEHOUSE_REDIS_RETRY_S", "5", float),
    "redis_wait_replicas": ("SAFEHOUSE_REDIS_WAIT_REPLICAS", "0", int),
    "redis_wait_timeout_ms": ("SAFEHOUSE_REDIS_WAIT_TIMEOUT_MS", "1000", int),
    "tournament_remote_bots": ("SAFEHOUSE_TOURNAMENT_REMOTE_BOTS", "0", _flag),
    "tournament_max_matches": ("SAFEHOUSE_TOURNAMENT_MAX_MATCHES", "2000", int),
    # docs/security.md, "Tournaments and remote entrants"
    "tournament_max_entrants": ("SAFEHOUSE_TOURNAMENT_MAX_ENTRANTS", "32", int),
    "tournament_caller_running": ("SAFEHOUSE_TOURNAMENT_CALLER_RUNNING", "3", int),
    "tournament_caller_cpu_s": ("SAFEHOUSE_TOURNAMENT_CALLER_CPU_S", "3600", float),
    "tournament_remote_allow": ("SAFEHOUSE_TOURNAMENT_REMOTE_ALLOW", "", str),
    "create_limit": ("SAFEHOUSE_CREATE_LIMIT", "60/minute", str),
    "odds_limit": ("SAFEHOUSE_ODDS_LIMIT", "20/minute", str),  # turn-odds questions per caller
    "sse_max_s": ("SAFEHOUSE_SSE_MAX_S", "300", int),
    "sse_keepalive_s": ("SAFEHOUSE_SSE_KEEPALIVE_S", "15", float),
    "body_timeout_s": ("SAFEHOUSE_BODY_TIMEOUT_S", "10", float),
    "max_streams_per_address": ("SAFEHOUSE_MAX_STREAMS_PER_ADDRESS", "16", int),
    "cors_origins": ("SAFEHOUSE_CORS_ORIGINS", "", _origins),
    "enqueue_bots": ("SAFEHOUSE_ENQUEUE_BOTS", "1", _flag),
    "max_all_bot_matches": ("SAFEHOUSE_MAX_ALL_BOT_MATCHES", "4", int),  # per caller, 0 = no cap
    # open or unplayed matches: per caller address (429 beyond) and in all (503 beyond); 0 = no cap
    "max_open_matches_per_address": ("SAFEHOUSE_MAX_OPEN_MATCHES_PER_ADDRESS", "20", int),
    "max_open_matches": ("SAFEHOUSE_MAX_OPEN_MATCHES", "20000", int),
    # bot budget maxima and the outbox timings, shared by the API, the worker and the sweeper
    "max_bot_budget_ms": ("SAFEHOUSE_MAX_BOT_BUDGET_MS", "5000", int),
    "max_bot_iterations": ("SAFEHOUSE_MAX_BOT_ITERATIONS", "20000", int),
    "bot_grace_s": ("SAFEHOUSE_BOT_GRACE_S", "1", float),
    "sweep_interval_s": ("SAFEHOUSE_SWEEP_INTERVAL_S", "0.5", float),
    # seconds a match is kept after its last write, by status (0 = for ever): abandoned open
    # matches go after a day, active and finished ones after 30 days
    "open_ttl_s": ("SAFEHOUSE_OPEN_TTL_S", str(DAY_S), float),
    "active_ttl_s": ("SAFEHOUSE_ACTIVE_TTL_S", str(30 * DAY_S), float),
    "finished_ttl_s": ("SAFEHOUSE_FINISHED_TTL_S", str(30 * DAY_S), float),
    # per-process caches, bounded in MiB of estimated size (service/byte_cache.py, issue 31)
    "tail_cache_mb": ("SAFEHOUSE_TAIL_CACHE_MB", "64", int),
    "text_memo_mb": ("SAFEHOUSE_TEXT_MEMO_MB", "32", int),
    "views_at_cache_mb": ("SAFEHOUSE_VIEWS_AT_CACHE_MB", "64", int),  # service/views_at.py
    "event_words_cache_mb": ("SAFEHOUSE_EVENT_WORDS_CACHE_MB", "8", int),  # service/event_words.py
    # seconds after it finishes that a match is compacted by the sweeper (negative: never;
    # service/store/compaction.py)
    "compact_after_s": ("SAFEHOUSE_COMPACT_AFTER_S", "60", float),
    # process tooling (service/process/): `make run`'s address, its embedded Redis's persistence,
    # gunicorn's connections per gevent worker
    "bind": ("SAFEHOUSE_BIND", "127.0.0.1:8000", str),
    "redis_persist": ("SAFEHOUSE_REDIS_PERSIST", "1", lambda v: v.strip().lower() not in ("0", "no", "false", "off")),
    "worker_connections": ("SAFEHOUSE_WORKER_CONNECTIONS", "4000", int),
    # operations (docs/operations.md): log format (text or json) and level, worker heartbeat expiry
    "log_format": ("SAFEHOUSE_LOG_FORMAT", "text", lambda v: "json" if v.strip().lower() == "json" else "text"),
    "log_level": ("SAFEHOUSE_LOG_LEVEL", "INFO", lambda v: v.strip().upper() or "INFO"),
    "heartbeat_ttl_s": ("SAFEHOUSE_HEARTBEAT_TTL_S", "2", float),
}


@dataclasses.dataclass(frozen=True)
class Settings:
    """Every setting of the service, read once (see ENV for the variables and defaults)."""

    redis_url: str
    queue_redis_url: str
    prefix: str
    queue: str
    allow_client_seeds: bool
    max_content_length: int
    rate_limit: str
    redis_pool: int
    redis_retry_s: float
    redis_wait_replicas: int
    redis_wait_timeout_ms: int
    tournament_remote_bots: bool
    tournament_max_matches: int
    tournament_max_entrants: int
    tournament_caller_running: int
    tournament_caller_cpu_s: float
    tournament_remote_allow: str
    create_limit: str
    odds_limit: str
    sse_max_s: int
    sse_keepalive_s: float
    body_timeout_s: float
    max_streams_per_address: int
    cors_origins: tuple
    enqueue_bots: bool
    max_all_bot_matches: int
    max_open_matches_per_address: int
    max_open_matches: int
    max_bot_budget_ms: int
    max_bot_iterations: int
    bot_grace_s: float
    sweep_interval_s: float
    open_ttl_s: float
    active_ttl_s: float
    finished_ttl_s: float
    tail_cache_mb: int
    text_memo_mb: int
    views_at_cache_mb: int
    event_words_cache_mb: int
    compact_after_s: float
    bind: str
    redis_persist: bool
    worker_connections: int
    log_format: str
    log_level: str
    heartbeat_ttl_s: float

    @classmethod
    def from_env(cls, environ=None, **overrides):
        """Settings from SAFEHOUSE_* variables of `environ` (default: this process's), then
        `overrides` (field names)."""
        environ = os.environ if environ is None else environ
        values = {name: parse(environ.get(var, default)) for name, (var, default, parse) in ENV.items()}
        return cls(**dict(values, **overrides))

    def with_config(self, config):
        """A copy with an old-style upper-case dict applied ({"PREFIX": "x:", ...}); keys that name
        no setting are ignored here (create_app keeps them in app.config)."""
        fields = {key.lower(): value for key, value in (config or {}).items() if key.lower() in ENV}
        if "cors_origins" in fields:
            fields["cors_origins"] = tuple(fields["cors_origins"])
        return dataclasses.replace(self, **fields)

    def as_config(self):
        """The upper-case dict Flask's app.config carries (what the routes read)."""
        return {name.upper(): value for name, value in dataclasses.asdict(self).items()}

    @property
    def retention_s(self):
        """{status: seconds a match is kept after its last write} (0 = for ever)."""
        return {"open": self.open_ttl_s, "active": self.active_ttl_s, "finished": self.finished_ttl_s}

    def child_env(self, base):
        """`base` (a dict) plus these settings as SAFEHOUSE_* variables: the environment a child
        process is started with (never written into this process's own)."""
        out = dict(base)
        for name, (var, _, _) in ENV.items():
            value = getattr(self, name)
            out[var] = ",".join(value) if isinstance(value, tuple) else (
                ("1" if value else "0") if isinstance(value, bool) else str(value))
        return out


def from_env():
    """The upper-case configuration dict of the environment (kept for older callers)."""
    return Settings.from_env().as_config()


def environ_copy():
    """A copy of this process's environment, for a child process to start with."""
    return dict(os.environ)


def explicit_redis_url():
    """SAFEHOUSE_REDIS_URL as given ("" when unset): `make run` starts an embedded Redis unless
    one is named (service/process/run.py)."""
    return os.environ.get("SAFEHOUSE_REDIS_URL", "").strip()


def metrics_dir():
    """PROMETHEUS_MULTIPROC_DIR ("" when unset): where every process of one machine writes its
    metrics (prometheus_client's multiprocess mode, service/metrics.py)."""
    return os.environ.get("PROMETHEUS_MULTIPROC_DIR", "").strip()


def set_metrics_dir(path):
    """Name the metrics folder for this process and the children it starts (gunicorn's config
    does so before any worker imports prometheus_client)."""
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = path
