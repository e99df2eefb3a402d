"""A catalog's use mark lasts as long as the longest-kept report that used it, no longer."""

import pytest
import redis

from workers.catalogs import USE_MARGIN, CatalogStore

pytestmark = pytest.mark.redis
SHA = "a" * 64


@pytest.fixture
def store(redis_url):
    connection = redis.Redis.from_url(redis_url)
    yield CatalogStore(connection)
    connection.close()


def _ttl(store):
    return store.redis.ttl(store._used_key("club", SHA))


def test_the_mark_goes_with_the_last_report_that_used_it(store):
    assert not store.is_used("club", SHA)
    store.mark_used("club", SHA, 1000)
    assert store.is_used("club", SHA)
    assert 1000 < _ttl(store) <= 1000 + USE_MARGIN
    store.mark_used("club", SHA, 10)  # a report kept for less: the longer one decides
    assert _ttl(store) > 1000
    store.mark_used("club", SHA, 5000)
    assert 5000 < _ttl(store) <= 5000 + USE_MARGIN


def test_a_report_kept_for_ever_keeps_the_mark_for_ever(store):
    store.mark_used("club", SHA, 1000)
    store.mark_used("club", SHA, 0)
    assert _ttl(store) == -1
    store.mark_used("club", SHA, 1000)  # a later short-lived report does not shorten it
    assert _ttl(store) == -1


def test_once_gone_the_name_is_free_again(store):
    store.mark_used("club", SHA, 1000)
    store.redis.delete(store._used_key("club", SHA))  # what its expiry does
    assert not store.is_used("club", SHA)
    assert not store.used_by_anyone(SHA)
