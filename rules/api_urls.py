"""API routes of the rules app, mounted under /api/v1/."""

urlpatterns: list = []
