"""The access line's direct path writes what logging would write for the same request, in both
formats, and steps aside for anything else installed on the logging tree."""

import io
import logging

import pytest

from service import logs


class _Settings:
    log_level = "INFO"

    def __init__(self, log_format):
        self.log_format = log_format


@pytest.fixture
def restore_logging():
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield
    for handler in list(root.handlers):
        root.removeHandler(handler)
    for handler in handlers:
        root.addHandler(handler)
    root.setLevel(level)


@pytest.mark.parametrize("log_format", ["text", "json"])
def test_the_direct_line_is_the_line_logging_writes(restore_logging, monkeypatch, log_format):
    root = logging.getLogger()
    for handler in list(root.handlers):  # pytest's capture handlers: configure()'s alone
        root.removeHandler(handler)
    handler = logs.configure(_Settings(log_format), context=lambda: "req-1")
    handler.stream = io.StringIO()
    monkeypatch.setattr(logs.time, "time", lambda: 1764680000.25)
    with monkeypatch.context() as patch:  # the direct path: logging's record path is not taken
        patch.setattr(logs.ACCESS, "info", lambda *a, **k: pytest.fail("went through logging"))
        logs.access_line("GET", "/matches/<match_id>", 200, 1.2, "req-1")
    direct = handler.stream.getvalue()
    handler.stream = io.StringIO()
    marker = logging.Filter()  # anything else on the way: the record goes through logging
    root.addFilter(marker)
    try:
        monkeypatch.setattr(logging.time, "time_ns", lambda: 1764680000250000000)
        logs.access_line("GET", "/matches/<match_id>", 200, 1.2, "req-1")
    finally:
        root.removeFilter(marker)
    through_logging = handler.stream.getvalue()
    assert direct == through_logging and direct.endswith("\n") and "req-1" in direct


def test_a_capture_handler_still_gets_the_record(restore_logging, caplog):
    logs.configure(_Settings("text"), context=lambda: "req-2")
    with caplog.at_level(logging.INFO, logger="safehouse.access"):
        logs.access_line("POST", "/matches", 201, 3.0, "req-2")
    assert [r.getMessage() for r in caplog.records if r.name == "safehouse.access"] == ["POST /matches 201 3.0ms"]
