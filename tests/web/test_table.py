"""The table page in a real browser: live updates over SSE (also after the stream drops), a
refused move explained in words, the turn clock, keyboard play and a phone-sized screen."""

import os
import time

import pytest
import redis
import requests
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from tests.web.conftest import serve
from tests.web.helpers import By, choose_by_clicks, click, css, open_page, page_error, page_view, wait_for


@pytest.fixture
def short_stream_server(config):
    """A live server whose SSE streams end after 1 s (clients must resume)."""
    yield from serve(dict(config, SSE_MAX_S=1))


def two_humans(base, game="classified"):
    made = requests.post(f"{base}/matches", json={"game": game, "seed": 4}, timeout=10).json()
    return made["match_id"], {t["seat"]: t["token"] for t in made["tokens"]}


def move(base, match_id, tokens):
    """Seat to move plays its first legal action over the API; returns the new version."""
    view = requests.get(f"{base}/matches/{match_id}", timeout=10).json()
    seat = view["to_move"][0]
    headers = {"Authorization": f"Bearer {tokens[seat]}"}
    action = requests.get(f"{base}/matches/{match_id}/actions", headers=headers, timeout=10).json()["legal_actions"][0]
    answer = requests.post(f"{base}/matches/{match_id}/actions", headers=headers, timeout=10,
                           json={"action": action, "version": view["version"]})
    assert answer.status_code == 200, answer.text
    return answer.json()["version"]


def shown_version(browser):
    """The version the page shows (read again if the header is redrawn under the read)."""
    return wait_for(browser, lambda d: d.find_element(By.ID, "version").text)


def hold_tokens(browser, base, match_id, tokens):
    open_page(browser, base + "/")
    browser.execute_script("localStorage.setItem('safehouse.tokens', JSON.stringify(arguments[0]))",
                           {match_id: {str(s): t for s, t in tokens.items()}})


def test_spectator_and_seat_pages_follow_the_match_live(short_stream_server, browser, config):
    base = short_stream_server
    match_id, tokens = two_humans(base)
    open_page(browser, f"{base}/#/match/{match_id}/watch")
    css(browser, "#board svg")
    wait_for(browser, lambda d: d.find_element(By.ID, "live").text == "live")
    version = move(base, match_id, tokens)
    wait_for(browser, lambda d: shown_version(d) == str(version))
    # the stream ends every second: the page resumes after the last event it saw
    time.sleep(2.5)
    version = move(base, match_id, tokens)
    wait_for(browser, lambda d: shown_version(d) == str(version))
    # a seat's page follows its own stream through a ticket (never its token in a URL)
    hold_tokens(browser, base, match_id, {1: tokens[1]})
    open_page(browser, f"{base}/#/match/{match_id}/seat/1")
    css(browser, "#board svg")
    wait_for(browser, lambda d: d.find_element(By.ID, "live").text == "live")
    while True:
        version = move(base, match_id, tokens)
        view = requests.get(f"{base}/matches/{match_id}", timeout=10).json()
        if 1 in view["to_move"] or view["finished"]:
            break
    wait_for(browser, lambda d: shown_version(d) == str(version))
    css(browser, "#status.your-turn")
    # it traded its token for a stream ticket (only the ticket's hash is in Redis)
    assert list(redis.Redis.from_url(config["REDIS_URL"]).scan_iter(config["PREFIX"] + "ticket:*"))
    assert tokens[1] not in browser.current_url


def test_a_refused_move_is_explained_in_words(live_server, browser):
    match_id, tokens = two_humans(live_server)
    hold_tokens(browser, live_server, match_id, tokens)
    move(live_server, match_id, tokens)
    view = requests.get(f"{live_server}/matches/{match_id}", timeout=10).json()
    seat = view["to_move"][0]
    open_page(browser, f"{live_server}/#/match/{match_id}/seat/{seat}")
    css(browser, "#status.your-turn")
    # the page acts on an outdated version, as if someone had moved in between
    browser.execute_script("""
        const real = window.fetch;
        window.fetch = (url, init) => {
          if (init && init.method === 'POST' && String(url).endsWith('/actions')) {
            init = {...init, body: JSON.stringify({...JSON.parse(init.body), version: 0})};
          }
          return real(url, init);
        };""")
    view = page_view(browser)
    choose_by_clicks(browser, 0, view["choices"][0])
    wait_for(browser, page_error)
    assert "Move refused" in page_error(browser) and "stale_version" in page_error(browser)
    css(browser, "#board .pickable")  # offered again after the refusal


def _play_by_keyboard(browser, before):
    """Tab to a pickable card, Enter; then Tab to an offered move, Enter. True once the shown
    version moved; False when the focus was lost on the way (nothing happened within 5 s)."""
    # start the Tab walk from the top of the page: no mouse click (a click on the body's middle
    # lands on whatever is drawn there, on a phone often a card it then selects)
    browser.execute_script("document.activeElement && document.activeElement.blur()")
    for wanted in (("pickable", "action"), ("action",)):  # a turn may offer only buttons
        for _ in range(60):
            focused = browser.switch_to.active_element
            if set(wanted) & set((focused.get_attribute("class") or "").split()):
                break
            ActionChains(browser).send_keys(Keys.TAB).perform()
        else:
            return False
        ActionChains(browser).send_keys(Keys.ENTER).perform()
        try:
            wait_for(browser, lambda d: shown_version(d) != before
                     or d.find_elements(By.CSS_SELECTOR, "#actions button.action"), timeout=5)
        except TimeoutException:
            return False
        if shown_version(browser) != before:
            return True
    return shown_version(browser) != before


def test_keyboard_play_clock_and_phone_screen(live_server, worker, browser, screenshot_dir):
    browser.set_window_size(412, 900)
    open_page(browser, live_server + "/#/")
    css(browser, "#create-clock").send_keys("300")
    browser.find_element(By.ID, "create-submit").click()
    wait_for(browser, lambda d: "#/match/" in d.current_url)
    css(browser, "#status.your-turn")
    wait_for(browser, lambda d: d.find_element(By.ID, "clock").text.startswith("clock 4:") or
             d.find_element(By.ID, "clock").text.startswith("clock 5:"))
    browser.save_screenshot(os.path.join(screenshot_dir, "phone-table.png"))
    # nothing wider than the phone's screen
    assert browser.execute_script("return document.documentElement.scrollWidth <= window.innerWidth + 1")
    # keyboard only: Tab to a card a move can use, Enter selects it (or plays it); then Tab to
    # one of the moves offered for it, Enter plays it
    before = shown_version(browser)
    for _attempt in range(5):  # a redraw (the clock ticks) may take the focus away: start again
        if _play_by_keyboard(browser, before):
            break
    wait_for(browser, lambda d: shown_version(d) != before)
    assert not page_error(browser)
