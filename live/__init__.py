"""The site's one live channel: services publish "this topic changed", browsers follow topics.

Plumbing only: this package knows nothing of events, matches or ban phases. The apps name their
topics with `live.topics` and call `publish` after a write; pages subscribe with the
`{% live_follow %}` tag (server-sent events through htmx's SSE extension, with a polling
fallback that is answered `304 Not Modified` while nothing changed). See docs/live.md.

    from live import publish, topics
    publish(topics.match(match.pk), {"status": match.status})

A message is a notice, never the content: pages fetch what changed through their usual views,
which check who may see it. Payloads must therefore hold nothing private.
"""

from live.broker import publish, versions

__all__ = ["publish", "versions"]
