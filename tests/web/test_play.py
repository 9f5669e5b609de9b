"""Each game end to end in a real browser: created in the lobby against random bots, played to the
end by clicking only the offered (legal) choices, then the result screen; a screenshot per table."""

import os
import random

import pytest

from tests.web.helpers import By, create_via_lobby, engine, css, full_match, play_to_the_end, wait_for

GAMES = {
    "classified": {},
    "insidejob": {"players": 3},
    "ifthen": {"players": 2},
    "darkagent": {"players": 2, "max_rounds": 1},
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_play_a_match_to_the_end_by_clicking(game, live_server, worker, browser, config, screenshot_dir):
    match_id = create_via_lobby(browser, live_server, game, GAMES[game])
    assert browser.current_url.endswith(f"#/match/{match_id}/seat/0")
    css(browser, "#status")
    shot = os.path.join(screenshot_dir, f"table-{game}.png")
    browser.save_screenshot(shot)

    def mid_game_shot(clicks):
        if clicks == 4 and browser.find_elements(By.CSS_SELECTOR, "#status.your-turn"):
            browser.save_screenshot(shot)

    clicks = play_to_the_end(browser, random.Random(game), after_click=mid_game_shot)
    assert clicks >= 1
    summary = css(browser, "#result-summary").text
    match = full_match(config, match_id)
    assert match.rules.outcome(match.state) is not None
    # the outcome in words, as the API words it for this seat; nothing left to act on
    view = engine.render(match, 0, words=True)
    assert summary == view["outcome"]["text"]
    assert not browser.find_element(By.ID, "status").is_displayed()  # the banner says it, once
    assert not browser.find_elements(By.CSS_SELECTOR, "#actions button.action, .pickable")
    page_text = browser.find_element(By.ID, "app").text
    assert "to move" not in page_text and "reconnecting" not in page_text and "to act" not in page_text
    browser.find_element(By.ID, "replay-link").click()
    wait_for(browser, lambda d: "commitment OK" in d.find_element(By.ID, "commitment-verdict").text)
