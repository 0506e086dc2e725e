"""The refusal of exact enumeration: its threshold, its duration in words and the cost it carries."""
import pytest

from pokerfsm.errors import ExactTooCostlyError, InvalidDealError
from pokerfsm.odds.exact_cost import MOST_EXACT_HOURS, readable_duration, refuse_costly


@pytest.mark.parametrize(("seconds", "words"), [
    (0.4, "0.4 seconds"), (45, "45 seconds"), (119, "2 minutes"), (1800, "30 minutes"),
    (7 * 3600, "7 hours"), (30 * 3600, "30 hours"), (47 * 3600, "2 days"), (9 * 86400, "9 days"),
    (22_849_673 * 3600, "2,600 years"), (1e15, "32,000,000 years")])
def test_durations_read_in_the_largest_fitting_unit(seconds, words):
    assert readable_duration(seconds) == words


def test_refusal_is_past_the_threshold_on_all_threads_and_says_how_long():
    limit = MOST_EXACT_HOURS * 3600
    refuse_costly(limit * 2, 2)  # an hour on each of two threads is allowed
    with pytest.raises(ExactTooCostlyError) as refused:
        refuse_costly(22_849_673 * 3600, 1)
    assert isinstance(refused.value, InvalidDealError) and refused.value.field == "players"
    assert refused.value.cost == "would take about 2,600 years"
    assert str(refused.value).startswith("exact enumeration of this deal would take about 2,600 years; ")
    assert "22849673" not in str(refused.value)
