"""Pages of the teams app."""

app_name = "teams"
urlpatterns: list = []
