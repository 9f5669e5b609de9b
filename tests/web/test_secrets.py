"""No secret in a page it does not belong to: a running match opened as the other seat and as a
spectator draws none of seat 0's hidden cards (checked against the full state in the store, not
against any view), and no seat token ever appears in a URL or in the DOM."""

import random

import pytest
import requests

from tests.web.helpers import By, css, dom_cards, full_match, page_html, wait_for

GAMES = {"classified": {}, "insidejob": {"players": 3}, "ifthen": {"players": 3}}


def hidden_from_others(game, state):
    """Card ids of seat 0's that no other seat nor a spectator may see, from the full state."""
    if game == "classified":
        hidden = set(state.hands[0]) | set(state.deck)
        if state.suitcases[0] >= 0 and not state.suitcase_up[0]:
            hidden.add(state.suitcases[0])
        hidden |= {slot[0] for slot in state.guards[0] if slot is not None and not slot[1]}
        hidden |= {c for c, by in zip(state.encrypted, state.encrypted_by) if by != 1}
        return hidden
    if game == "insidejob":
        return set(state.hands[0])
    if game == "ifthen":  # the All Knowing is the engine: seat 0 is codebreaker 0
        return (set(state.hands[0]) - set(state.revealed)) | set(state.deck)
    raise AssertionError(game)


def own_cards(game, state, seat):
    if game == "ifthen":
        return set(state.hands[seat])
    return set(state.hands[seat])


def known_to_seat1(game, state):
    """What seat 1 has legitimately learnt of seat 0's cards (Classified Information's peeks)."""
    if game != "classified":
        return set()
    return set(state.hand_memory[1]) | {c for c in state.deck_memory[1] if c >= 0}


def advance(base, match_id, tokens, moves, rng):
    """Play `moves` random legal actions over the API as whichever seat is to move."""
    for _ in range(moves):
        view = requests.get(f"{base}/matches/{match_id}", timeout=10).json()
        if view["finished"] or not view["to_move"]:
            return
        seat = view["to_move"][0]
        headers = {"Authorization": f"Bearer {tokens[seat]}"}
        actions = requests.get(f"{base}/matches/{match_id}/actions", headers=headers, timeout=10).json()
        answer = requests.post(f"{base}/matches/{match_id}/actions", headers=headers, timeout=10,
                               json={"action": rng.choice(actions["legal_actions"]), "version": view["version"]})
        assert answer.status_code == 200, answer.text


@pytest.mark.parametrize("game", sorted(GAMES))
def test_other_seat_and_spectator_pages_hold_no_hidden_card(game, live_server, browser, config):
    made = requests.post(f"{live_server}/matches", json={"game": game, "options": GAMES[game], "seed": 11},
                         timeout=10).json()
    match_id = made["match_id"]
    tokens = {t["seat"]: t["token"] for t in made["tokens"]}
    advance(live_server, match_id, tokens, 4, random.Random(3))
    state = full_match(config, match_id).state
    hidden = hidden_from_others(game, state) - known_to_seat1(game, state)
    assert hidden, "the scenario must have hidden cards to check"
    browser.get(live_server + "/")
    # this browser holds seat 1's token only, as a player of seat 1 would
    browser.execute_script("localStorage.setItem('safehouse.tokens', JSON.stringify(arguments[0]))",
                           {match_id: {"1": tokens[1]}})
    pages = {}
    for who, fragment in (("seat1", f"#/match/{match_id}/seat/1"), ("spectator", f"#/match/{match_id}/watch")):
        browser.get(live_server + "/" + fragment)
        css(browser, "#board svg")
        wait_for(browser, lambda d: d.find_element(By.ID, "version").text != "")
        pages[who] = dom_cards(browser)
        html = page_html(browser)
        for token in tokens.values():
            assert token not in html and token not in browser.current_url
        leaked = pages[who] & hidden
        assert not leaked, f"{who} page draws seat 0's hidden cards {sorted(leaked)}"
    # the check has teeth: seat 1's own page draws its own hand, the spectator's does not ...
    mine = own_cards(game, state, 1)
    assert mine and mine <= pages["seat1"]
    assert not (mine - set(state.revealed if game == "ifthen" else ())) & pages["spectator"]
    # ... and a card the page were to draw from a leaked view would be caught
    leak = min(hidden)
    browser.execute_script("document.querySelector('#board svg').append(Object.assign("
                           "document.createElementNS('http://www.w3.org/2000/svg', 'g'), {id: 'leak'}));"
                           "document.getElementById('leak').setAttribute('data-card', arguments[0])", leak)
    assert leak in dom_cards(browser) & hidden
