from django.apps import AppConfig


class LiveConfig(AppConfig):
    """The live channel: a Django app only for its template tag and its URL."""

    name = "live"
    verbose_name = "Live channel"
