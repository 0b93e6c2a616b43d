"""Notifications (issue 17): in-site notices, e-mail and an optional per-event webhook when a
round is published, an opponent reports, a judge rules, or a match log is verified."""
