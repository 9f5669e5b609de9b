"""The web client's files: served at / and /web/..., outside the rate limiter, nothing else
reachable through them, every module the page imports present, and the card reference data."""

import os
import re

import pytest

from service import create_app
from service.api.static import WEB_DIR


@pytest.fixture
def tight_client(config):
    return create_app(dict(config, RATE_LIMIT="2/minute")).test_client()


def test_root_serves_the_page_and_is_not_rate_limited(tight_client):
    for _ in range(5):
        answer = tight_client.get("/")
        assert answer.status_code == 200 and answer.mimetype == "text/html"
        assert "X-RateLimit-Remaining" not in answer.headers
    assert b'type="module" src="/web/js/app.js"' in answer.data
    assert tight_client.get("/web/js/app.js").status_code == 200
    assert tight_client.get("/favicon.ico").status_code == 204


@pytest.mark.parametrize("path", ["/web/../static.py", "/web/..%2fstatic.py", "/web/js/nothing.js",
                                  "/web/.hidden.js", "/web/js", "/web/../../setup.cfg"])
def test_nothing_else_is_reachable(client, path):
    assert client.get(path).status_code == 404


def test_every_imported_module_exists_and_nothing_is_fetched_from_elsewhere(client):
    seen, todo = set(), ["js/app.js"]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        answer = client.get("/web/" + name)
        assert answer.status_code == 200, name
        text = answer.get_data(as_text=True)
        assert "http://" not in text.replace("http://www.w3.org/2000/svg", "") and "https://" not in text, name
        for target in re.findall(r'from "(\.[^"]+)"', text) + re.findall(r"import\('(/web/[^']+)'\)", text):
            if target.startswith("/web/"):
                todo.append(target[len("/web/"):])
            else:
                todo.append(os.path.normpath(os.path.join(os.path.dirname(name), target)))
    assert {"js/lobby.js", "js/table.js", "js/replay.js", "js/games/darkagent.js"} <= seen
    on_disk = {os.path.relpath(os.path.join(d, f), WEB_DIR) for d, _, fs in os.walk(WEB_DIR) for f in fs
               if f.endswith(".js")}
    assert on_disk <= seen, f"modules nobody imports: {sorted(on_disk - seen)}"


def test_card_reference_data(client):
    ref = client.get("/web/ref.json").get_json()
    assert ref["classified"]["designs"]["citrine_1"]["number"] == 1
    assert len(ref["insidejob"]["suits"]) == 4 and "M01" in ref["insidejob"]["missions"]
    assert len(ref["ifthen"]["half_codes"]) == 120
