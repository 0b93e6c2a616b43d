"""API routes of the teams app, mounted under /api/v1/."""

urlpatterns: list = []
