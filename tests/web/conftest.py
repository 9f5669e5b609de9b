"""Fixtures for browser tests: a live gunicorn server and RQ worker (tests/service/conftest.py),
and one headless Debian chromium driven through chromium-driver by Selenium.

Browser tests are skipped when selenium or chromium is missing (`make install` and `.ci/run`
install them), unless SAFEHOUSE_REQUIRE_BROWSER is set (`.ci/run` sets it): then they fail.
Screenshots go to a temporary directory, or to SAFEHOUSE_SCREENSHOTS when set.
"""

import os
import shutil
import tempfile

import pytest

from tests.service.conftest import (  # noqa: F401  (fixtures re-exported for tests/web)
    live_server, namespace, redis_url, worker)

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver") or (
    "/usr/bin/chromedriver" if os.path.exists("/usr/bin/chromedriver") else None)


@pytest.fixture
def config(redis_url, namespace):
    """The service tests' config, with rate limits a person clicking fast never meets."""
    return {"REDIS_URL": redis_url, "ALLOW_CLIENT_SEEDS": True, "RATE_LIMIT": "100000/minute",
            "CREATE_LIMIT": "10000/minute", **namespace}


@pytest.fixture(scope="session")
def screenshot_dir():
    """Where the tests save screenshots (a fresh temporary directory unless SAFEHOUSE_SCREENSHOTS)."""
    path = os.environ.get("SAFEHOUSE_SCREENSHOTS") or tempfile.mkdtemp(prefix="safehouse-shots-")
    os.makedirs(path, exist_ok=True)
    return path


def _unavailable(reason):
    """Skip the browser tests, or fail them when SAFEHOUSE_REQUIRE_BROWSER is set (CI)."""
    if os.environ.get("SAFEHOUSE_REQUIRE_BROWSER"):
        pytest.fail(reason + " and SAFEHOUSE_REQUIRE_BROWSER is set")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def _chromium():
    try:
        from selenium import webdriver
    except ImportError:
        _unavailable("selenium is not installed (make install)")
    if not (CHROMIUM and CHROMEDRIVER):
        _unavailable("Debian chromium and chromium-driver are not installed (make install / make browser)")
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1280,1000", "--disable-extensions", "--no-first-run"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(30)
    yield driver
    driver.quit()


@pytest.fixture
def browser(_chromium):
    """The session's chromium, with a clean localStorage and window size for each test."""
    _chromium.set_window_size(1280, 1000)
    yield _chromium
    try:
        _chromium.execute_script("window.localStorage && localStorage.clear()")
    except Exception:  # a page of another origin, or none: nothing to clear
        pass
    _chromium.get("about:blank")
