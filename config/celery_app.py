"""The Celery application. Settings come from Django's (CELERY_* names)."""

import os
from typing import Any

from celery import Celery
from celery.signals import task_postrun, worker_process_init

from config.db_connections import release_connections
from config.heap import settle

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("krosmaster")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@task_postrun.connect(dispatch_uid="release-task-connections")
def _release_connections(sender: Any = None, **kwargs: Any) -> None:
    """Give the task's database connections back to the process's pool, as the web does at
    the end of a request (config/db_connections.py): the next task reuses them. Celery's own
    Django fixup would close the whole pool after every task of a prefork worker, unless
    CELERY_DB_REUSE_MAX (config/settings.py) holds it back. An eager task runs inside a web
    request or a test, whose connection stays with them."""
    if getattr(getattr(sender, "request", None), "is_eager", False):
        return
    release_connections()


@worker_process_init.connect(dispatch_uid="settle-worker-heap")
def _settle_heap(**kwargs: Any) -> None:
    """A worker process's heap frozen once its tasks are loaded, as a web process's is
    (config/heap.py)."""
    settle()
