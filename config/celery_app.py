"""The Celery application. Settings come from Django's (CELERY_* names)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("krosmaster")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
