"""The replay viewer: the seed shown as the digits the API sends, the commitment checked in the
browser (and a tampered replay caught), stepping forward and back by button and keyboard."""

import json
import os
import time

import pytest
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
    assert css(browser, "#replay-seed").get_attribute("textContent") == BIG_SEED == replay["seed"]
    assert position(browser) == f"step 0 of {steps}"
    css(browser, "#replay-table svg, #final-table svg")
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


def test_replay_slider_redraws_the_table_at_every_step(live_server, worker, browser, screenshot_dir):
    match_id = finished_bot_match(live_server)
    probe = requests.get(f"{live_server}/matches/{match_id}/replay?at=0", timeout=10)
    if probe.status_code != 200 or "state" not in probe.json():
        pytest.skip("this server answers no views at a version (GET /matches/{id}/replay?at=V)")
    steps = len(requests.get(f"{live_server}/matches/{match_id}/replay", timeout=10).json()["history"])
    log = requests.get(f"{live_server}/matches/{match_id}", timeout=10).json()["log"]
    open_page(browser, f"{live_server}/#/replay/{match_id}")
    css(browser, "#replay-table svg")
    drawn = {0: browser.find_element(By.ID, "replay-table").get_attribute("innerHTML")}
    for step in sorted({1, 2, 3, steps // 2, steps}):
        browser.execute_script("const s = document.getElementById('replay-slider'); s.value = arguments[0];"
                               "s.dispatchEvent(new Event('input'))", step)
        wait_for(browser, lambda d: position(d) == f"step {step} of {steps}")
        html = wait_for(browser, lambda d: (lambda x: x if x not in drawn.values() else False)(
            d.find_element(By.ID, "replay-table").get_attribute("innerHTML")))
        drawn[step] = html  # the table was redrawn as it stood after this step
        said = css(browser, "#replay-current").text
        for entry in (e for e in log if e["seq"] == step):
            assert entry["text"] in said
        if step == 2:
            browser.save_screenshot(os.path.join(screenshot_dir, "replay.png"))
    steps_text = css(browser, "#replay-steps").text
    assert "{" not in steps_text and "=" not in steps_text
