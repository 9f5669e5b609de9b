"""The lobby in a real browser: every catalog option offered with its default, a match created
with human, open and bot seats, the open seat joined from the list, filters, and a seat resumed
from its token (kept in localStorage, never in a URL)."""

import os

import requests

from tests.web.helpers import (By, click, create_via_lobby, css, local_tokens, open_page, page_error,
                               wait_for)


def test_catalog_options_are_all_offered(live_server, browser, screenshot_dir):
    games = requests.get(f"{live_server}/games", timeout=10).json()["games"]
    browser.get(live_server + "/")
    select = css(browser, "#create-game")
    for game in games:
        browser.execute_script("arguments[0].value = arguments[1];"
                               "arguments[0].dispatchEvent(new Event('change', {bubbles: true}))", select, game["game"])
        for name, spec in game["options"].items():
            field = css(browser, f"#opt-{name}")
            if "choices" in spec:
                offered = [o.get_attribute("value") for o in field.find_elements(By.TAG_NAME, "option")]
                assert len(offered) == len(spec["choices"]), (game["game"], name)
            elif spec.get("type") == "int":
                assert field.get_attribute("value") == str(spec["default"])
                if "min" in spec:
                    assert field.get_attribute("min") == str(spec["min"])
                    assert field.get_attribute("max") == str(spec["max"])
        assert browser.find_elements(By.CSS_SELECTOR, ".seat-row"), game["game"]
    browser.save_screenshot(os.path.join(screenshot_dir, "lobby.png"))


def test_create_human_open_bot_then_join_filter_and_resume(live_server, worker, browser):
    match_id = create_via_lobby(browser, live_server, "insidejob", {"players": 3}, ["human", "open", "bot"])
    assert "token" not in browser.current_url
    tokens = local_tokens(browser)
    assert list(tokens[match_id]) == ["0"]
    summary = requests.get(f"{live_server}/matches/{match_id}", timeout=10).json()
    assert [s["joined"] for s in summary["seats"]] == [True, False, True]
    assert summary["seats"][2]["kind"] == "bot"
    # the list, filtered to matches with open seats of this game, offers the join
    open_page(browser, live_server + "/#/")
    css(browser, "#filter-game")
    for field, value in (("filter-game", "insidejob"), ("filter-open", "true")):
        browser.execute_script("const f = document.getElementById(arguments[0]); f.value = arguments[1];"
                               "f.dispatchEvent(new Event('change'))", field, value)
    browser.execute_script("window.prompt = () => 'Ada'")
    click(browser, f"tr[data-match='{match_id}'] button.join[data-seat='1']")
    wait_for(browser, lambda d: d.current_url.endswith(f"#/match/{match_id}/seat/1") or page_error(d))
    assert not page_error(browser)
    css(browser, "#board svg")
    tokens = local_tokens(browser)
    assert set(tokens[match_id]) == {"0", "1"}
    seat1 = tokens[match_id]["1"]
    assert requests.get(f"{live_server}/matches/{match_id}", timeout=10).json()["seats"][1]["name"] == "Ada"
    # a fresh browser resumes seat 1 from its token alone
    browser.execute_script("localStorage.clear()")
    open_page(browser, live_server + "/#/")
    css(browser, "#resume-match").send_keys(match_id)
    browser.find_element(By.ID, "resume-token").send_keys(seat1)
    browser.find_element(By.ID, "resume-submit").click()
    wait_for(browser, lambda d: d.current_url.endswith(f"#/match/{match_id}/seat/1") or page_error(d))
    assert not page_error(browser)
    assert seat1 not in browser.current_url
    assert local_tokens(browser) == {match_id: {"1": seat1}}
    # a wrong token is refused in words
    open_page(browser, live_server + "/#/")
    css(browser, "#resume-match").send_keys(match_id)
    browser.find_element(By.ID, "resume-token").send_keys("not-a-token")
    browser.find_element(By.ID, "resume-submit").click()
    wait_for(browser, page_error)
    assert "Could not resume" in page_error(browser)


def test_the_lobby_speaks_to_players(live_server, browser, screenshot_dir):
    """Option names and help in words (the catalog's label and help), choices in words, no raw key,
    no developer note, seats numbered from 1."""
    from tests.web.test_words_ui import internals
    games = requests.get(f"{live_server}/games", timeout=10).json()["games"]
    browser.set_window_size(1366, 900)
    open_page(browser, live_server + "/#/")
    select = css(browser, "#create-game")
    for game in games:
        browser.execute_script("arguments[0].value = arguments[1];"
                               "arguments[0].dispatchEvent(new Event('change', {bubbles: true}))", select, game["game"])
        form = css(browser, "form.create")
        text = form.text + "\n" + "\n".join(o.text for o in form.find_elements(By.TAG_NAME, "option"))
        assert not internals(text), (game["game"], internals(text))
        for name, spec in game["options"].items():
            if "label" in spec:
                assert spec["label"] in text and (not spec.get("help") or spec["help"] in text), (game["game"], name)
        assert "Seat 1" in text and "Seat 0" not in text
    browser.save_screenshot(os.path.join(screenshot_dir, "lobby.png"))
