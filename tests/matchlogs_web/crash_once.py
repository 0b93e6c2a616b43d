"""Loaded into a test worker (`celery worker -I tests.matchlogs_web.crash_once`): the first
`verify_match_log` task it starts kills the pool process outright, as a crash would.

The marker file named by CRASH_ONCE_MARKER records that the crash happened, so the redelivered
task runs normally and the test can tell the two runs apart.
"""

import os
from pathlib import Path

from celery.signals import task_prerun


@task_prerun.connect
def crash_the_first_verification(sender=None, **kwargs) -> None:
    marker = Path(os.environ["CRASH_ONCE_MARKER"])
    first_time = not marker.exists()
    if sender is not None and sender.name == "matches.tasks.verify_match_log" and first_time:
        marker.write_text("crashed")
        os._exit(9)
