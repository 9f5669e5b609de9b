"""Finding 10: security headers on every page (and the API), no inline script on /docs, and
`Cache-Control: no-store` on every answer that carries a token. A real chromium checks that the
web client and Swagger UI work under the Content-Security-Policy (no violation reported)."""

import re
import uuid

import pytest

from tests.web.conftest import _chromium, browser  # noqa: F401  (the browser fixtures)

PAGES = ["/", "/web/style.css", "/web/js/app.js", "/web/ref.json", "/docs", "/docs/static/init.js",
         "/openapi.yaml", "/games", "/healthz", "/matches", "/no/such/page", "/matches/nope"]


def _check_security_headers(answer):
    """Pages and assets: the self-only policy, no framing, nosniff, no referrer. JSON answers
    (data no browser renders): nothing may load from them or frame them, nosniff."""
    csp = answer.headers.get("Content-Security-Policy", "")
    directives = dict((d.strip().split(" ", 1) + [""])[:2] for d in csp.split(";") if d.strip())
    assert directives.get("frame-ancestors") == "'none'", csp
    assert answer.headers.get("X-Content-Type-Options") == "nosniff"
    if answer.mimetype == "application/json":
        assert directives == {"default-src": "'none'", "frame-ancestors": "'none'"}, csp
        return
    assert directives.get("default-src") == "'self'" and directives.get("script-src") == "'self'", csp
    assert directives.get("object-src") == "'none'"
    assert answer.headers.get("X-Frame-Options") == "DENY"
    assert answer.headers.get("Referrer-Policy") == "no-referrer"


@pytest.mark.parametrize("path", PAGES)
def test_every_answer_carries_the_security_headers(client, path):
    _check_security_headers(client.get(path))


def test_pages_and_json_answers_each_get_their_set(client):
    assert client.get("/").mimetype == "text/html" and client.get("/games").mimetype == "application/json"
    assert "X-Frame-Options" in client.get("/").headers and "X-Frame-Options" not in client.get("/games").headers


def test_the_docs_page_has_no_inline_script(client):
    page = client.get("/docs").get_data(as_text=True)
    scripts = re.findall(r"<script([^>]*)>(.*?)</script>", page, re.S)
    assert scripts and all("src=" in attrs and not body.strip() for attrs, body in scripts)
    assert client.get("/docs/static/init.js").status_code == 200


def test_answers_with_tokens_are_not_stored(client):
    key = str(uuid.uuid4())
    spec = {"game": "toy", "seats": [{"kind": "human"}, {"kind": "open"}]}
    made = client.post("/matches", json=spec, headers={"Idempotency-Key": key})
    replay = client.post("/matches", json=spec, headers={"Idempotency-Key": key})
    mid, token = made.json["match_id"], made.json["tokens"][0]["token"]
    joined = client.post(f"/matches/{mid}/join", json={})
    ticket = client.post(f"/matches/{mid}/stream-ticket", headers={"Authorization": f"Bearer {token}"})
    assert replay.headers["Idempotent-Replayed"] == "true" and ticket.status_code == 201
    for answer in (made, replay, joined, ticket):
        assert answer.headers["Cache-Control"] == "no-store"
        _check_security_headers(answer)


INSTALL_LISTENER = """window.__csp = [];
document.addEventListener('securitypolicyviolation',
  (e) => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));"""


def _violations(driver, url, ready):
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": INSTALL_LISTENER})
    driver.get(url)
    from tests.web.helpers import wait_for
    wait_for(driver, lambda d: d.execute_script(ready))
    logged = [e["message"] for e in driver.get_log("browser")
              if "Content Security Policy" in e.get("message", "")] if _has_log(driver) else []
    return driver.execute_script("return window.__csp") + logged


def _inline_script_blocked(driver):
    """Whether the page's policy is in force: an injected inline script must not run."""
    driver.execute_script("window.__ran = false; const s = document.createElement('script');"
                          "s.textContent = 'window.__ran = true'; document.body.appendChild(s);")
    return driver.execute_script("return window.__ran") is False


def _has_log(driver):
    try:
        driver.get_log("browser")
        return True
    except Exception:  # a driver without the log endpoint: the listener alone reports
        return False


def test_swagger_ui_renders_under_the_policy(live_server, browser):  # noqa: F811
    ready = "return document.querySelectorAll('.opblock').length > 5"
    assert _violations(browser, live_server + "/docs", ready) == []
    assert browser.execute_script("return document.querySelector('.info .title').textContent")
    assert _inline_script_blocked(browser)


def test_the_lobby_renders_under_the_policy(live_server, browser):  # noqa: F811
    ready = "return document.querySelectorAll('#create-game option').length > 0"
    assert _violations(browser, live_server + "/", ready) == []
    assert _inline_script_blocked(browser)
