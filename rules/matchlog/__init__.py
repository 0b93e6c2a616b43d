"""Match logs at the edge: read the JSON Lines text, publish its JSON Schema, verify a log.

No Django here: the upload endpoint, the Celery task and the management command are thin
adapters over `verify.verify_log_text`. The rules themselves live in `rules.engine.replay`.
"""
