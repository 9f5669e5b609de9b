"""The replay viewer: the seed shown as the digits the API sends, the commitment checked in the
browser (and a tampered replay caught), stepping forward and back by button and keyboard."""

import json
import os
import time

import requests
from selenium.webdriver.common.keys import Keys

from tests.web.helpers import By, css, open_page, wait_for

BIG_SEED = "9007199254740993"  # 2^53 + 1: a JavaScript number would round it


def finished_bot_match(base):
    made = requests.post(f"{base}/matches", timeout=10, json={
        "game": "classified", "seed": BIG_SEED, "seats": [{"bot": "random"}, {"bot": "random"}]}).json()
    deadline = time.time() + 60
    while time.time() < deadline:
        view = requests.get(f"{base}/matches/{made['match_id']}", timeout=10).json()
        if view["finished"]:
            return made["match_id"]
        time.sleep(0.1)
    raise AssertionError("the bots did not finish")


def position(browser):
    return browser.find_element(By.ID, "replay-position").text


def test_replay_viewer_checks_the_commitment_and_steps(live_server, worker, browser, screenshot_dir):
    match_id = finished_bot_match(live_server)
    replay = requests.get(f"{live_server}/matches/{match_id}/replay", timeout=10).json()
    steps = len(replay["history"])
    open_page(browser, f"{live_server}/#/replay/{match_id}")
    wait_for(browser, lambda d: "commitment OK" in d.find_element(By.ID, "commitment-verdict").text)
    assert css(browser, "#replay-seed").text == BIG_SEED == replay["seed"]
    assert position(browser) == f"step 0 of {steps}"
    css(browser, "#final-table svg")
    browser.find_element(By.ID, "replay-next").click()
    browser.find_element(By.ID, "replay-next").click()
    assert position(browser) == f"step 2 of {steps}"
    browser.find_element(By.ID, "replay-prev").click()
    assert position(browser) == f"step 1 of {steps}"
    assert browser.find_element(By.CSS_SELECTOR, "#replay-steps li.current").get_attribute("data-step") == "1"
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    assert position(browser) == f"step 2 of {steps}"
    browser.save_screenshot(os.path.join(screenshot_dir, "replay.png"))
    # the browser's check answers like the README's Python one, and catches a tampered replay
    verdicts = browser.execute_async_script("""
        const [replay, done] = arguments;
        import('/web/js/replay.js').then(async (m) => {
          const tampered = {...replay, seed: replay.seed.replace(/3$/, '4')};
          done([await m.commitmentOf(replay), await m.commitmentOf(tampered),
                m.canonicalJson({b: "\u00e9\u2603", a: [1, {d: null, c: true}], "\u00e0": "x"})]);
        }, (e) => done(String(e)));""", replay)
    assert verdicts[0] == replay["commitment"]
    assert verdicts[1] != replay["commitment"]
    assert verdicts[2] == json.dumps({"b": "\u00e9\u2603", "a": [1, {"d": None, "c": True}], "\u00e0": "x"},
                                     sort_keys=True, separators=(",", ":"))


def test_replay_of_a_running_match_is_refused_in_words(live_server, browser):
    made = requests.post(f"{live_server}/matches", json={"game": "classified"}, timeout=10).json()
    open_page(browser, f"{live_server}/#/replay/{made['match_id']}")
    wait_for(browser, lambda d: d.find_element(By.ID, "error").is_displayed())
    assert "replay is published when the match ends" in browser.find_element(By.ID, "error").text
