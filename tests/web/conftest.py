"""Fixtures for browser tests: a live gunicorn server and RQ worker (tests/service/conftest.py),
and one headless Debian chromium driven through chromium-driver by Selenium.

Browser tests are skipped only when selenium/chromium are not installed (`make install` and
`.ci/run` install them); screenshots go to a temporary directory (SAFEHOUSE_SCREENSHOTS to keep them).
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


@pytest.fixture(scope="session")
def _chromium():
    webdriver = pytest.importorskip("selenium.webdriver")
    if not (CHROMIUM and CHROMEDRIVER):
        pytest.skip("Debian chromium and chromium-driver are not installed (make install)")
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
