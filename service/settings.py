"""Service configuration from the environment (SAFEHOUSE_*), overridable by create_app(config)."""

import os


def _flag(name, default):
    value = os.environ.get(name)
    return default if value is None else value.lower() in ("1", "true", "yes", "on")


def from_env():
    """The default configuration dict, read from SAFEHOUSE_* environment variables."""
    env = os.environ.get
    return {
        "REDIS_URL": env("SAFEHOUSE_REDIS_URL", "redis://127.0.0.1:6379/0"),
        "PREFIX": env("SAFEHOUSE_PREFIX", "sh:"),
        "QUEUE": env("SAFEHOUSE_QUEUE", "safehouse"),
        "ALLOW_CLIENT_SEEDS": _flag("SAFEHOUSE_ALLOW_CLIENT_SEEDS", False),
        "MAX_CONTENT_LENGTH": int(env("SAFEHOUSE_MAX_BODY", str(64 * 1024))),
        "RATE_LIMIT": env("SAFEHOUSE_RATE_LIMIT", "600/minute"),
        "REDIS_POOL": int(env("SAFEHOUSE_REDIS_POOL", "64")),
        "TOURNAMENT_REMOTE_BOTS": _flag("SAFEHOUSE_TOURNAMENT_REMOTE_BOTS", False),
        "TOURNAMENT_MAX_MATCHES": int(env("SAFEHOUSE_TOURNAMENT_MAX_MATCHES", "2000")),
        # docs/security.md, "Tournaments and remote entrants"
        "TOURNAMENT_MAX_ENTRANTS": int(env("SAFEHOUSE_TOURNAMENT_MAX_ENTRANTS", "32")),
        "TOURNAMENT_CALLER_RUNNING": int(env("SAFEHOUSE_TOURNAMENT_CALLER_RUNNING", "3")),
        "TOURNAMENT_CALLER_CPU_S": float(env("SAFEHOUSE_TOURNAMENT_CALLER_CPU_S", "3600")),
        "TOURNAMENT_REMOTE_ALLOW": env("SAFEHOUSE_TOURNAMENT_REMOTE_ALLOW", ""),
        "CREATE_LIMIT": env("SAFEHOUSE_CREATE_LIMIT", "60/minute"),
        "ODDS_LIMIT": env("SAFEHOUSE_ODDS_LIMIT", "20/minute"),  # turn-odds questions per caller
        "SSE_MAX_S": int(env("SAFEHOUSE_SSE_MAX_S", "300")),
        "SSE_KEEPALIVE_S": float(env("SAFEHOUSE_SSE_KEEPALIVE_S", "15")),
        "BODY_TIMEOUT_S": float(env("SAFEHOUSE_BODY_TIMEOUT_S", "10")),
        "MAX_STREAMS_PER_ADDRESS": int(env("SAFEHOUSE_MAX_STREAMS_PER_ADDRESS", "16")),
        "CORS_ORIGINS": [o.strip() for o in env("SAFEHOUSE_CORS_ORIGINS", "").split(",") if o.strip()],
        "ENQUEUE_BOTS": _flag("SAFEHOUSE_ENQUEUE_BOTS", True),
        "MAX_ALL_BOT_MATCHES": int(env("SAFEHOUSE_MAX_ALL_BOT_MATCHES", "4")),  # per caller, 0 = no cap
        **bot_limits(),
    }


def bot_limits():
    """Bot budget maxima and the outbox timings, shared by the API, the worker and the sweeper."""
    env = os.environ.get
    return {
        "MAX_BOT_BUDGET_MS": int(env("SAFEHOUSE_MAX_BOT_BUDGET_MS", "5000")),
        "MAX_BOT_ITERATIONS": int(env("SAFEHOUSE_MAX_BOT_ITERATIONS", "20000")),
        "BOT_GRACE_S": float(env("SAFEHOUSE_BOT_GRACE_S", "1")),
        "SWEEP_INTERVAL_S": float(env("SAFEHOUSE_SWEEP_INTERVAL_S", "0.5")),
    }
