"""The BATTLES ONE team builder: a phone-sized form with the list's legality live (htmx)."""
