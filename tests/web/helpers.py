"""Helpers for the browser tests: waiting, clicking legal choices, reading the full match."""

import json
import random
import time

import redis

import engine
from service import matches
from service.store import Store
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait


def wait_for(driver, condition, timeout=20):
    return WebDriverWait(driver, timeout, poll_frequency=0.05,
                        ignored_exceptions=(StaleElementReferenceException,)).until(condition)


def css(driver, selector, timeout=20):
    return wait_for(driver, EC.presence_of_element_located((By.CSS_SELECTOR, selector)), timeout)


def page_error(driver):
    boxes = driver.find_elements(By.ID, "error")
    return boxes[0].text if boxes and boxes[0].is_displayed() else ""


def full_match(config, match_id):
    """The full (unredacted) match from the store: what the tests compare the DOM against."""
    store = Store(config["REDIS_URL"], prefix=config["PREFIX"])
    match, _meta = matches.load(store, match_id)
    return match


def version_shown(driver):
    try:
        return int(driver.find_element(By.ID, "version").text)
    except (WebDriverException, ValueError):
        return -1


def page_view(driver):
    """The view the page shows, fetched over the API with the page's own seat token (None when the
    page has moved on to another version meanwhile)."""
    import requests
    url = driver.current_url
    match_id, _, rest = url.split("#/match/")[1].partition("/")
    seat = rest.split("/")[1] if rest.startswith("seat/") else None
    headers = {}
    if seat is not None:
        headers["Authorization"] = "Bearer " + local_tokens(driver)[match_id][seat]
    view = requests.get(url.split("/#/")[0] + f"/matches/{match_id}", headers=headers, timeout=10).json()
    return view if view["version"] == version_shown(driver) else None


def play_to_the_end(driver, rng=None, max_clicks=600, timeout=240, after_click=None):
    """Play random legal choices through the page only (clicking their cards, cells, seats or
    labelled buttons) until the result screen shows; returns the moves made.
    `after_click(n)` is called once the page shows the answer to the n-th move."""
    rng = rng or random.Random(7)
    clicks, deadline = 0, time.time() + timeout
    while time.time() < deadline:
        if driver.find_elements(By.CSS_SELECTOR, "#result:not([hidden]) #result-title"):
            return clicks
        error = page_error(driver)
        assert "Move refused" not in error, error
        view = page_view(driver)
        if not view or not view.get("choices"):
            time.sleep(0.1)
            continue
        before = view["version"]
        index = rng.randrange(len(view["choices"]))
        try:
            choose_by_clicks(driver, index, view["choices"][index])
        except (StaleElementReferenceException, AssertionError):
            if version_shown(driver) != before:
                continue  # the view was redrawn under us (an SSE update): look again
            raise
        clicks += 1
        assert clicks <= max_clicks, "too many clicks"
        wait_for(driver, lambda d: version_shown(d) > before or page_error(d), timeout=20)
        if after_click:
            after_click(clicks)
    raise AssertionError(f"the match did not end in {timeout} s ({clicks} clicks)")


def dom_cards(driver):
    """Every card id the page draws (data-card attributes)."""
    return {int(x) for x in driver.execute_script(
        "return [...document.querySelectorAll('[data-card]')].map(e => e.getAttribute('data-card'))")}


def page_html(driver):
    return driver.execute_script("return document.documentElement.outerHTML")


def local_tokens(driver):
    return json.loads(driver.execute_script("return localStorage.getItem('safehouse.tokens') || '{}'"))


__all__ = ["wait_for", "css", "page_error", "full_match", "play_to_the_end", "dom_cards", "page_html",
           "local_tokens", "engine", "redis", "By"]


def create_via_lobby(driver, base, game, options=None, seats=None):
    """Fill the lobby's New match form (game, options, seat kinds) and submit it; returns the match id
    once the table shows."""
    open_page(driver, base + "/#/")
    select = css(driver, "#create-game")
    driver.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('change', {bubbles: true}))",
                          select, game)
    for name, value in (options or {}).items():
        field = css(driver, f"#opt-{name}")
        if field.get_attribute("type") == "checkbox":
            if field.is_selected() != bool(value):
                field.click()
        else:
            driver.execute_script(
                "const f = arguments[0]; f.value = f.tagName === 'SELECT' ? JSON.stringify(arguments[1]) : arguments[1];"
                "f.dispatchEvent(new Event('change', {bubbles: true}))", field, value)
    for i, kind in enumerate(seats or []):
        driver.execute_script("const f = document.getElementById(arguments[0]); f.value = arguments[1];"
                              "f.dispatchEvent(new Event('change', {bubbles: true}))", f"seat-{i}-kind", kind)
    driver.find_element(By.ID, "create-submit").click()
    wait_for(driver, lambda d: "#/match/" in d.current_url or page_error(d))
    assert not page_error(driver), page_error(driver)
    css(driver, "#board svg")
    return driver.current_url.split("#/match/")[1].split("/")[0]


def open_page(driver, url):
    """Load `url` as a fresh document (a hash-only change would keep the old page around)."""
    driver.get("about:blank")
    driver.get(url)


def click(driver, selector, timeout=20):
    """Click the element matching `selector` once it exists, retrying while the page redraws it."""
    def attempt(d):
        found = d.find_elements(By.CSS_SELECTOR, selector)
        if not found:
            return False
        try:
            found[0].click()
            return True
        except (StaleElementReferenceException, WebDriverException):
            return False
    return wait_for(driver, attempt, timeout)


# ---- choosing moves through the table (cards, cells, labelled buttons) ----------------------

RECORD_POSTS = """
  window.__posted = [];
  if (!window.__realFetch) window.__realFetch = window.fetch;
  window.fetch = (url, init) => {
    if (init && init.method === 'POST' && String(url).endsWith('/actions')) {
      window.__posted.push(JSON.parse(init.body).action);
      return Promise.resolve(new Response(JSON.stringify({error: {code: 'test_only', message: 'recorded by the test'}}),
                                          {status: 409, headers: {'Content-Type': 'application/json'}}));
    }
    return window.__realFetch(url, init);
  };"""


def ref_key(ref):
    """The page's data-ref key of a choice's ref (service/api/web/js/picker.js refKey)."""
    kind = ref["kind"]
    if kind == "cell":
        return f"cell:{ref['line']}:{ref['depth']}"
    if kind == "slot":
        return f"slot:{ref['seat']}:{ref['slot']}"
    if kind == "market":
        return f"market:{ref['slot']}"
    if kind == "line":
        return f"line:{ref['line']}"
    if kind == "seat":
        return f"seat:{ref['seat']}"
    return f"{kind}:{ref['id']}"


def ui_click(driver, element):
    """A real click on the element, scrolled to the middle of the screen (the sticky status bar
    stays clear); a synthetic one only if the browser reports it covered."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'center'})", element)
    try:
        element.click()
    except WebDriverException:
        driver.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", element)


def choose_by_clicks(driver, index, choice):
    """Trigger choice `index` through the page only: click the things its refs name (a card, a
    cell, a seat...) until the move is sent or offered as a labelled button, then that button.
    Returns how it was reached ("refs", "refs+button" or "button")."""
    button = f"#actions button.action[data-choice='{index}']"
    before = version_shown(driver)
    used = []
    for ref in choice["refs"]:
        if driver.execute_script("return (window.__posted || []).length"):
            return "refs"
        if driver.find_elements(By.CSS_SELECTOR, button):
            break
        found = driver.find_elements(By.CSS_SELECTOR, f"[data-ref='{ref_key(ref)}']")
        if not found or ref_key(ref) in used:
            continue
        used.append(ref_key(ref))
        ui_click(driver, found[-1])
    def answered(d):  # sent (recorded, or the page moved on / refused), or offered as a button
        if d.execute_script("return (window.__posted || []).length") or d.find_elements(By.CSS_SELECTOR, "#actions button.sent"):
            return "sent"
        if version_shown(d) != before or page_error(d):
            return "sent"
        return "button" if d.find_elements(By.CSS_SELECTOR, button) else False
    if wait_for(driver, answered, timeout=10) == "sent":
        return "refs"
    buttons = driver.find_elements(By.CSS_SELECTOR, button)
    assert buttons, f"choice {index} ({choice['label']}) cannot be reached by clicking"
    ui_click(driver, buttons[0])
    return "refs+button" if used else "button"
