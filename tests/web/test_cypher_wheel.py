"""Issue 25: the Classified table draws the seat's cypher wheel; a click cycles a number's mark
(none -> coloured -> black), privately: the other seat's view does not change."""

import requests

from tests.web.helpers import css, open_page, wait_for
from tests.web.test_table import hold_tokens, two_humans


def test_clicking_a_number_cycles_its_private_mark(live_server, browser):
    match_id, tokens = two_humans(live_server)
    hold_tokens(browser, live_server, match_id, tokens)
    other = requests.get(f"{live_server}/matches/{match_id}", timeout=10,
                         headers={"Authorization": f"Bearer {tokens[1]}"})
    open_page(browser, f"{live_server}/#/match/{match_id}/seat/0")
    css(browser, 'g.note[data-number="4"][data-mark="none"]')
    browser.execute_script('document.querySelector(\'g.note[data-number="4"]\')'
                           '.dispatchEvent(new MouseEvent("click", {bubbles: true}))')
    wait_for(browser, lambda d: d.find_elements("css selector", 'g.note[data-number="4"][data-mark="coloured"]'))
    browser.execute_script('document.querySelector(\'g.note[data-number="4"]\')'
                           '.dispatchEvent(new MouseEvent("click", {bubbles: true}))')
    wait_for(browser, lambda d: d.find_elements("css selector", 'g.note[data-number="4"][data-mark="black"]'))
    mine = requests.get(f"{live_server}/matches/{match_id}/notes", timeout=10,
                        headers={"Authorization": f"Bearer {tokens[0]}"}).json()
    assert mine["notes"]["4"] == "black"
    again = requests.get(f"{live_server}/matches/{match_id}", timeout=10,
                         headers={"Authorization": f"Bearer {tokens[1]}"})
    assert again.json() == other.json() and again.headers["ETag"] == other.headers["ETag"]
