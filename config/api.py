"""API conventions shared by every endpoint under /api/v1/."""

from typing import Any

from django.utils.translation import gettext as _
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request

from kernel.ids import parse_id


class Pagination(PageNumberPagination):
    """Pages of 50 by default; clients may ask for 1 to 200 with `page_size`.

    DRF reads a `page_size` that is no number in that range as no `page_size` at all (or cuts
    it to the maximum): a client asking for `page_size=abc` or `-5` got 50 rows and no word of
    why. It is refused instead (400 naming it), and the schema says the range; a `page` past
    the last is DRF's 404."""

    page_size_query_param = "page_size"
    max_page_size = 200

    def get_page_size(self, request: Request) -> int:
        raw = request.query_params.get(self.page_size_query_param)
        if raw is None:
            return self.page_size
        number = parse_id(raw)
        if number is None or not 1 <= number <= self.max_page_size:
            said = _("a whole number from 1 to %(max)d") % {"max": self.max_page_size}
            raise ValidationError({self.page_size_query_param: [said]})
        return number

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            if parameter["name"] == self.page_size_query_param:
                parameter["schema"].update(minimum=1, maximum=self.max_page_size)
            elif parameter["name"] == self.page_query_param:
                parameter["schema"]["minimum"] = 1
        return parameters
