"""API routes of the matches app, mounted under /api/v1/."""

urlpatterns: list = []
