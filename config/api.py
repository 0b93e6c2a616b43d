"""API conventions shared by every endpoint under /api/v1/."""

from rest_framework.pagination import PageNumberPagination


class Pagination(PageNumberPagination):
    """Pages of 50 by default; clients may ask for up to 200 with `page_size`."""

    page_size_query_param = "page_size"
    max_page_size = 200
