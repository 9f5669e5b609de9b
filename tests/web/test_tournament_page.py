"""The tournament page in a real browser: start a tournament from a spec, watch its progress to the
end (played by a real worker), then read the standings with ratings, the ratings chart and the
match list; a bad spec is refused in words."""

import json
import os

from tests.web.helpers import By, click, css, open_page, wait_for


def test_start_follow_and_read_a_tournament(live_server, worker, browser, screenshot_dir):
    open_page(browser, live_server + "/#/tournaments")
    spec = css(browser, "#tournament-spec")
    spec.clear()
    spec.send_keys(json.dumps({"game": "classified", "entrants": ["random", "heuristic"], "deals": 3, "seed": 4}))
    click(browser, "#tournament-start")
    wait_for(browser, lambda d: "#/tournament/" in d.current_url)
    wait_for(browser, lambda d: "finished: 6 of 6" in css(d, "#tournament-progress").text, timeout=120)
    rows = wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#standings tbody tr"))
    assert sorted(r.find_element(By.CSS_SELECTOR, ".entrant").text for r in rows) == ["heuristic", "random"]
    assert "±" in rows[0].text
    assert browser.find_elements(By.CSS_SELECTOR, "#ratings-chart circle")
    items = wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#tournament-matches li"))
    assert len(items) == 6
    page = css(browser, "section.tournament").text
    assert "null" not in page and "undefined" not in page and "NaN" not in page
    assert "rating" in css(browser, "#ratings-axis-label").text  # the chart's axis says what it measures
    browser.save_screenshot(os.path.join(screenshot_dir, "tournament.png"))
    # this browser lists the tournament it started, and opens one by id
    tournament_id = browser.current_url.split("#/tournament/")[1]
    open_page(browser, live_server + "/#/tournaments")
    assert tournament_id in css(browser, "#tournament-list").text
    css(browser, "#tournament-open-id").send_keys(tournament_id)
    click(browser, "#tournament-open button")
    wait_for(browser, lambda d: d.current_url.endswith("#/tournament/" + tournament_id))
    css(browser, "#standings")


def test_a_bad_spec_is_refused_in_words(live_server, browser):
    open_page(browser, live_server + "/#/tournaments")
    spec = css(browser, "#tournament-spec")
    spec.clear()
    spec.send_keys(json.dumps({"game": "classified", "entrants": ["random", "nobody"]}))
    click(browser, "#tournament-start")
    message = wait_for(browser, lambda d: css(d, "#tournament-message").text)
    assert "spec.entrants[1]" in message and "#/tournament/" not in browser.current_url


def test_the_page_that_started_a_tournament_can_cancel_it(live_server, browser):
    open_page(browser, live_server + "/#/tournaments")  # no worker: every batch stays queued
    spec = css(browser, "#tournament-spec")
    spec.clear()
    spec.send_keys(json.dumps({"game": "classified", "entrants": ["random", "heuristic"], "deals": 40, "seed": 5}))
    click(browser, "#tournament-start")
    wait_for(browser, lambda d: "#/tournament/" in d.current_url)
    assert "seed commitment" in wait_for(browser, lambda d: css(d, "#tournament-seeds").text)
    click(browser, "#tournament-cancel")  # the owner token kept in localStorage goes with it
    wait_for(browser, lambda d: "cancelled: 0 of 80" in css(d, "#tournament-progress").text, timeout=30)
    assert "secret" in css(browser, "#tournament-seeds").text
