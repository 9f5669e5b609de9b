"""Dark Agent in the browser: each attack choice carries its exact success probability from
POST /darkagent/odds/attack, equal to the engine's own odds for that attack in the full state."""

import random

import requests

from engine.darkagent import data
from engine.darkagent.attack import attack_bonus
from engine.darkagent.odds import p_success
from tests.web.helpers import click, By, css, full_match, open_page, wait_for


def expected_percent(state, seat, action):
    code = state.grid[action["target"]]
    vs_spy = data.kind_of(code) in ("spy", "agent", "dark")
    p = p_success(attack_bonus(state, seat, action), data.base_defence(code), vs_spy, "rocket" in state.status)
    return f"{float(p) * 100:.1f}%"


def match_with_attacks(base):
    """A 2-seat match advanced by random moves over the API until the seat to move may attack."""
    rng = random.Random(5)
    for seed in range(1, 30):
        made = requests.post(f"{base}/matches", timeout=10, json={
            "game": "darkagent", "seed": seed, "options": {"players": 2, "max_rounds": 3}}).json()
        tokens = {t["seat"]: t["token"] for t in made["tokens"]}
        for _ in range(80):
            view = requests.get(f"{base}/matches/{made['match_id']}", timeout=10).json()
            if view["finished"]:
                break
            seat = view["to_move"][0]
            headers = {"Authorization": f"Bearer {tokens[seat]}"}
            actions = requests.get(f"{base}/matches/{made['match_id']}/actions", headers=headers,
                                   timeout=10).json()["legal_actions"]
            if any(a["type"] == "attack" for a in actions):
                return made["match_id"], seat, tokens[seat], actions
            quiet = [a for a in actions if a["type"] != "end_turn"] or actions
            requests.post(f"{base}/matches/{made['match_id']}/actions", headers=headers, timeout=10,
                          json={"action": rng.choice(quiet), "version": view["version"]}).raise_for_status()
    raise AssertionError("no attack came up")


def test_each_attack_shows_its_exact_probability(live_server, browser, config):
    match_id, seat, token, actions = match_with_attacks(live_server)
    state = full_match(config, match_id).state
    open_page(browser, live_server + "/")
    browser.execute_script("localStorage.setItem('safehouse.tokens', JSON.stringify(arguments[0]))",
                           {match_id: {str(seat): token}})
    open_page(browser, f"{live_server}/#/match/{match_id}/seat/{seat}")
    css(browser, "#status.your-turn")
    targets = sorted({a["target"] for a in actions if a["type"] == "attack"})
    checked = 0
    for target in targets:  # click the target cell: its attacks are offered with their odds
        click(browser, f"[data-ref='cell:{target // 5 + 1}:{target % 5 + 1}']")
        css(browser, "#actions button.action[data-type='attack']")
        wait_for(browser, lambda d: all("%" in b.text for b in
                                        d.find_elements(By.CSS_SELECTOR, "button.action[data-type='attack']")))
        shown = browser.execute_script("return [...document.querySelectorAll(\"button.action[data-type='attack']\")]"
                                       ".map(b => [Number(b.dataset.choice), b.textContent])")
        for index, text in shown:
            action = actions[index]
            assert action["type"] == "attack" and action["target"] == target
            assert expected_percent(state, seat, action) in text, (action, text)
            checked += 1
        click(browser, "#cancel-selection")
    assert checked == sum(a["type"] == "attack" for a in actions)
