"""Fixtures for browser tests: a live gunicorn server and RQ worker (tests/service/conftest.py),
and one headless Debian chromium driven through chromium-driver by Selenium.

Browser tests are skipped when selenium or chromium is missing (`make install` and `.ci/run`
install them), unless SAFEHOUSE_REQUIRE_BROWSER is set (`.ci/run` sets it): then they fail.
Screenshots go to a temporary directory, or to SAFEHOUSE_SCREENSHOTS when set.
"""

import os
import shutil
import subprocess
import sys
import tempfile
import time

import pytest
import requests

from tests.service.conftest import (  # noqa: F401  (fixtures re-exported for tests/web)
    ROOT, _env, _stop, free_port, namespace, redis_url, worker)

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver") or (
    "/usr/bin/chromedriver" if os.path.exists("/usr/bin/chromedriver") else None)


@pytest.fixture
def config(redis_url, namespace):
    """The service tests' config, with rate limits a person clicking fast never meets, and SSE
    keep-alives every 0.5 s so that the server notices a page gone at once (a stream that only
    learns of it at the next 15 s keep-alive holds gunicorn's graceful stop for 10 s)."""
    return {"REDIS_URL": redis_url, "ALLOW_CLIENT_SEEDS": True, "RATE_LIMIT": "100000/minute",
            "CREATE_LIMIT": "10000/minute", "SSE_KEEPALIVE_S": 0.5, **namespace}


def serve(config):
    """gunicorn (gevent) on a free port as tests/service's live server, but with a 1 s graceful
    stop: a browser's idle keep-alive connections and open event streams would otherwise hold each
    stop for up to 10 s. Yields the base URL; always stopped by its PID."""
    port = free_port()
    log = tempfile.TemporaryFile()
    proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "-k", "gevent", "-w", "1", "-b", f"127.0.0.1:{port}",
                             "--timeout", "60", "--graceful-timeout", "1", "--keep-alive", "1", "service.process.wsgi:app"],
                            env=_env(config), cwd=ROOT, stdout=subprocess.DEVNULL, stderr=log)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 60
        while time.time() < deadline and proc.poll() is None:
            try:
                if requests.get(base + "/healthz", timeout=5).status_code == 200:
                    break
            except requests.RequestException:
                time.sleep(0.1)
        else:
            log.seek(0)
            raise RuntimeError("gunicorn did not start: " + log.read().decode()[-2000:])
        yield base
    finally:
        _stop(proc)
        log.close()


@pytest.fixture
def live_server(config):
    """The web client's server: a real gunicorn on a free port; yields its base URL."""
    yield from serve(config)


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
