"""Settings of the service, read from the environment in one place (see README: Configuration).

With nothing set, the site runs for development: SQLite, Celery tasks executed inline, an
in-process cache. DATABASE_URL, REDIS_URL and CELERY_BROKER_URL switch to real services.
"""

from __future__ import annotations

from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy

from config.env import Env

BASE_DIR = Path(__file__).resolve().parent.parent
env = Env()

DEBUG = env.bool("DJANGO_DEBUG", default=True)
_DEV_SECRET = "dev-only-insecure-secret-key-do-not-use-in-production"
SECRET_KEY = env.str("DJANGO_SECRET_KEY") or (_DEV_SECRET if DEBUG else None)
if SECRET_KEY is None:
    raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is off")

ALLOWED_HOSTS = env.list(
    "DJANGO_ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]", "testserver"]
)
CSRF_TRUSTED_ORIGINS = env.list("DJANGO_CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "tournaments",
    "teams",
    "rules",
    "matches",
    "live",
]

MIDDLEWARE = [
    "config.db_connections.ReleaseConnectionsMiddleware",  # first in, last out: ASGI threads
    "live.middleware.BatchedNotices",  # the request's notices sent together (docs/live.md)
    "django.middleware.security.SecurityMiddleware",
    "kernel.middleware.RefuseNulBytes",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # The request's cache reads in one round trip, once the session names the user (issue 15).
    "kernel.request_cache.PrefetchMiddleware",
    # After authentication: a signed-in person's saved language comes before the cookie and the
    # browser's Accept-Language (issue 18).
    "tournaments.accounts.language.PreferredLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "tournaments.notifications.context.unread_notices",
            ],
        },
    },
]

# Database: SQLite next to the code unless DATABASE_URL names PostgreSQL.
DATABASE_URL = env.url("DATABASE_URL", schemes=("postgres", "postgresql", "sqlite"))
# Under ASGI, Django runs each request's synchronous code in a thread of its own, and a thread's
# persistent connection is never reused by another: PostgreSQL connections come from a pool per
# process instead (DATABASE_POOL_SIZE each; psycopg_pool), never from one per thread.
DATABASE_POOL_SIZE = env.int("DATABASE_POOL_SIZE", default=12, minimum=1)
# Prepared statements: PostgreSQL plans a query once per pooled connection instead of once per
# request. The hot reads of a large event are a few queries of five joins asked thousands of
# times; planning them cost PostgreSQL more CPU than running them (issue 15). Needs the
# parameters bound on the server (psycopg's own cursors); off behind a pooler in transaction
# mode (PgBouncer before 1.21), which cannot keep a connection's prepared statements.
DATABASE_PREPARED_STATEMENTS = env.bool("DATABASE_PREPARED_STATEMENTS", default=True)


def _database(url: str) -> dict:
    config = dj_database_url.parse(url, conn_max_age=0)
    if config["ENGINE"].endswith("postgresql"):
        options = config.setdefault("OPTIONS", {})
        options["pool"] = {
            "min_size": 1,
            "max_size": DATABASE_POOL_SIZE,
            "timeout": 60,
        }
        if DATABASE_PREPARED_STATEMENTS:
            # psycopg prepares a query the second time a connection runs it.
            options.update(server_side_binding=True, prepare_threshold=1)
    else:
        config["OPTIONS"] = dict(SQLITE_OPTIONS)
    return config


# SQLite (`make run`, several threads or processes on one file): a write transaction takes the
# file's lock when it begins and waits for it up to 20 s, instead of failing at once with
# "database is locked" when two requests write together.
SQLITE_OPTIONS = {"transaction_mode": "IMMEDIATE", "timeout": 20}
if DATABASE_URL:
    DATABASES = {"default": _database(DATABASE_URL)}
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": BASE_DIR / "db.sqlite3",
            "OPTIONS": dict(SQLITE_OPTIONS),
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# An optional PostgreSQL read replica (docs/deployment.md): GET requests read from it, except
# right after the same browser wrote and on live pages (kernel/db_router.py).
DATABASE_REPLICA_URL = env.url("DATABASE_REPLICA_URL", schemes=("postgres", "postgresql"))
if DATABASE_REPLICA_URL:
    DATABASES["replica"] = _database(DATABASE_REPLICA_URL)
    DATABASES["replica"]["TEST"] = {"MIRROR": "default"}
    DATABASE_ROUTERS = ["kernel.db_router.ReplicaRouter"]
    MIDDLEWARE.insert(
        MIDDLEWARE.index("django.contrib.sessions.middleware.SessionMiddleware"),
        "kernel.db_router.ReplicaReadsMiddleware",
    )

# Redis: the cache and, unless CELERY_BROKER_URL says otherwise, the Celery broker.
REDIS_URL = env.url("REDIS_URL", schemes=("redis", "rediss"))
if REDIS_URL:
    CACHES = {"default": {"BACKEND": "config.cache.RedisCache", "LOCATION": REDIS_URL}}
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
# The page chrome (the main menu's links, the footer): the same for every reader of a language
# and kind (signed in, staff), never stale (its URLs and words change only with a deployment),
# so each process keeps its own copy and skips a Redis round trip (templates/base.html).
CACHES["chrome"] = {
    "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
    "LOCATION": "chrome",
    "TIMEOUT": None,
}

# Sessions are read from the cache (written through to the database): a polled page answered
# 304 from the session and the live versions costs no database query (docs/live.md).
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
# ... and so is the session's user row (dropped when it changes; kernel/auth.py).
AUTHENTICATION_BACKENDS = ["kernel.auth.CachedModelBackend"]

# The live channel (docs/live.md): Redis publish/subscribe across processes when Redis is set,
# the web process's own hub otherwise.
LIVE_REDIS_URL = env.url("LIVE_REDIS_URL", schemes=("redis", "rediss")) or REDIS_URL
LIVE_STREAM_SECONDS = env.int("LIVE_STREAM_SECONDS", default=300, minimum=1)
LIVE_HEARTBEAT_SECONDS = env.int("LIVE_HEARTBEAT_SECONDS", default=20, minimum=1)
LIVE_RETRY_MS = env.int("LIVE_RETRY_MS", default=3000, minimum=100)
LIVE_POLL_SECONDS = env.int("LIVE_POLL_SECONDS", default=30, minimum=2)
LIVE_ETAG_MAX_AGE = env.int("LIVE_ETAG_MAX_AGE", default=300, minimum=10)
# Streams per second told of a notice that many follow, per live process (live/hub.py): each
# told phone re-fetches its page, so 10,000 followers hear of a round in 50 s, not at once.
LIVE_FANOUT_PER_SECOND = env.int("LIVE_FANOUT_PER_SECOND", default=200, minimum=10)

# Events with more players than this recompute their standings in a Celery task after each
# change and show the previous snapshot meanwhile (tournaments/snapshots.py).
STANDINGS_INLINE_PLAYERS = env.int("STANDINGS_INLINE_PLAYERS", default=512, minimum=0)
# ... at most once in this many seconds while results keep coming (a 10,000-player snapshot
# costs seconds of CPU; one per result would keep a worker busy for the whole round).
STANDINGS_RECOMPUTE_SECONDS = env.int("STANDINGS_RECOMPUTE_SECONDS", default=20, minimum=0)

CELERY_BROKER_URL = env.url("CELERY_BROKER_URL", schemes=("redis", "rediss", "amqp")) or REDIS_URL
# Without a broker, tasks run inline in the web process: the embedded default for development.
CELERY_TASK_ALWAYS_EAGER = CELERY_BROKER_URL is None
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True  # a task whose worker dies is delivered again
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_IGNORE_RESULT = True  # results that matter are written to the database
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Celery's Django fixup closes a prefork worker's database connection pool after every task
# unless this many tasks have run since it last did: each task then opened two new PostgreSQL
# connections (a backend process each, its catalog caches cold, every query planned anew),
# two thirds of PostgreSQL's CPU in a 10,000-player load run (issue 15). The connections go
# back to the pool after each task instead (config/celery_app.py).
CELERY_DB_REUSE_MAX = env.int("CELERY_DB_REUSE_MAX", default=1000, minimum=1)
# A task taken by a worker that died outright goes back to the queue after this many seconds
# (Redis's default is an hour); it must stay above the longest retry delay (60 s).
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env.int("CELERY_VISIBILITY_TIMEOUT", default=600, minimum=120)
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "dashboard"
LOGOUT_REDIRECT_URL = "home"

# English and French (issue 18): the language is the signed-in person's saved choice, else the
# language cookie set by the switch, else the browser's Accept-Language, else English. URLs carry
# no language prefix, so every address works in both languages.
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("fr", "Français")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = env.str("DJANGO_TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(env.str("DJANGO_STATIC_ROOT") or BASE_DIR / "staticfiles")
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if env.bool("DJANGO_STATIC_MANIFEST", default=False)
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "kernel.auth.CachedTokenAuthentication",  # the token and its user from the cache
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PAGINATION_CLASS": "config.api.Pagination",
    "PAGE_SIZE": 50,
    "DEFAULT_FILTER_BACKENDS": ["kernel.filters.FilterBackend"],
    "DEFAULT_THROTTLE_CLASSES": [
        "rest_framework.throttling.AnonRateThrottle",
        "rest_framework.throttling.UserRateThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "anon": env.str("API_THROTTLE_ANON", "120/minute"),
        "user": env.str("API_THROTTLE_USER", "1200/minute"),
    },
    "DEFAULT_SCHEMA_CLASS": "kernel.schema.AutoSchema",
    "DEFAULT_PARSER_CLASSES": [
        "kernel.api.JSONParser",
        "kernel.api.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "EXCEPTION_HANDLER": "kernel.api.exception_handler",
}
# Verifying a log without storing it replays a whole game: a tighter rate of its own.
LOG_VERIFY_RATE = env.str("API_THROTTLE_LOG_VERIFY", "30/minute")
# Match logs may be up to 5 MB (docs/match-log.md); leave room above that for the request.
DATA_UPLOAD_MAX_MEMORY_SIZE = 6 * 1024 * 1024

SPECTACULAR_SETTINGS = {
    # in the reader's language (`?lang=fr` or a French request): `kernel.api.worded_info`
    "TITLE": gettext_lazy("Krosmaster Tournaments API"),
    "DESCRIPTION": gettext_lazy(
        "Events, teams, pairings and match verification for Krosmaster Arena."
    ),
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "GET_LIB_DOC_EXCLUDES": "kernel.schema.lib_doc_excludes",
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "kernel.api.document_refusals",
        "kernel.api.worded_info",
    ],
}

# Production hardening: on whenever DEBUG is off (`manage.py check --deploy` passes).
if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env.bool("DJANGO_SECURE_SSL_REDIRECT", default=True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env.int("DJANGO_HSTS_SECONDS", default=31536000, minimum=0)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_CONTENT_TYPE_NOSNIFF = True

# The card roster and arena data are imported from here at run time, never copied into the repo.
KROSMASTER_DATA = Path(
    env.str("KROSMASTER_DATA") or BASE_DIR.parent / "shared" / "data" / "krosmaster"
)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("DJANGO_LOG_LEVEL", "INFO")},
}

# Notifications and accounts e-mail (issue 17): the console backend prints mails unless
# DJANGO_EMAIL_BACKEND names another (e.g. django.core.mail.backends.smtp.EmailBackend with
# the EMAIL_* settings below). SITE_URL makes the links in mails and webhook posts absolute.
EMAIL_BACKEND = env.str("DJANGO_EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = env.str("EMAIL_HOST", "localhost")
EMAIL_PORT = env.int("EMAIL_PORT", 25)
EMAIL_HOST_USER = env.str("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = env.str("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env.bool("EMAIL_USE_TLS", default=False)
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", "Krosmaster Tournaments <noreply@localhost>")
SITE_URL = env.str("SITE_URL", "http://127.0.0.1:8000")
