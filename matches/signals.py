"""What the matches app tells the apps above it (issue 17's notifications listen): sent after
the change is made, inside its transaction; receivers defer their work to the commit."""

from django.dispatch import Signal

#: A player reported a result (`report_id`).
result_reported = Signal()
#: A judge recorded a ruling (`ruling_id`).
ruling_recorded = Signal()
#: A match log's report was written (`log_id`).
log_verified = Signal()
