import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_application = get_asgi_application()

from config.heap import settle  # noqa: E402  (after Django is set up)
from live.asgi import streams  # noqa: E402

# The event streams `/live/` skip Django's middleware (live/asgi.py); all else is Django's.
application = streams(django_application)
settle()
