"""Finding 8: all-bot matches shared the bot queue with everyone, so one caller's all-bot matches
delayed other players' bot replies. Bot turns of matches with a human seat now go to `-bots`,
all-bot matches' to `-allbots`, which workers serve only after `-bots`; and a caller may run at
most MAX_ALL_BOT_MATCHES all-bot matches at once (429 too_many_bot_matches beyond)."""

import time

import redis

from service import create_app
from worker.__main__ import _parser, queue_names

BOTS = [{"bot": "random"}, {"bot": "random"}]
HUMAN_VS_BOT = [{"bot": "random"}, {"kind": "human"}]  # the bot (seat 0) moves first


def _first_saves(pubsub, match_ids, timeout=60):
    """The order in which the matches were first saved (each save announces its match id on the
    notify channel; finished jobs keep no record to read a start time from, issue 31)."""
    order, deadline = [], time.time() + timeout
    while time.time() < deadline and len(order) < len(match_ids):
        message = pubsub.get_message(timeout=0.5)
        if message and message["type"] == "message":
            match_id = message["data"].decode()
            if match_id in match_ids and match_id not in order:
                order.append(match_id)
    assert len(order) == len(match_ids), f"only {order} ever moved"
    return order


def test_a_human_matchs_bot_turn_goes_before_queued_all_bot_matches(app, client, config, request):
    connection = redis.Redis.from_url(config["REDIS_URL"])
    all_bot = [client.post("/matches", json={"game": "toy", "seats": BOTS}).get_json()["match_id"]
               for _ in range(3)]  # queued first, no worker yet
    human = client.post("/matches", json={"game": "toy", "seats": HUMAN_VS_BOT}).get_json()["match_id"]
    pubsub = connection.pubsub(ignore_subscribe_messages=True)
    pubsub.subscribe(app.extensions["safehouse"]["store"].notify_channel)
    request.getfixturevalue("worker")  # a real RQ worker starts on a full queue
    assert _first_saves(pubsub, [human, *all_bot])[0] == human


def test_workers_listen_to_human_bot_turns_first():
    args = _parser().parse_args([])
    assert queue_names("q", args.queues) == ["q-bots", "q-allbots", "q-bulk"]


def test_a_caller_runs_a_bounded_number_of_all_bot_matches(config):
    app = create_app(dict(config, MAX_ALL_BOT_MATCHES=2, ENQUEUE_BOTS=False))
    client = app.test_client()
    for _ in range(2):
        assert client.post("/matches", json={"game": "toy", "seats": BOTS}).status_code == 201
    refused = client.post("/matches", json={"game": "toy", "seats": BOTS})
    assert refused.status_code == 429
    assert refused.get_json()["error"]["code"] == "too_many_bot_matches"
    # a match with a human seat, and another caller's all-bot match, are not counted
    assert client.post("/matches", json={"game": "toy", "seats": HUMAN_VS_BOT}).status_code == 201
    other = client.post("/matches", json={"game": "toy", "seats": BOTS},
                        environ_base={"REMOTE_ADDR": "10.0.0.9"})
    assert other.status_code == 201


def test_a_finished_all_bot_match_frees_its_slot(config):
    app = create_app(dict(config, MAX_ALL_BOT_MATCHES=1, ENQUEUE_BOTS=False))
    client, store = app.test_client(), app.extensions["safehouse"]["store"]
    mid = client.post("/matches", json={"game": "toy", "seats": BOTS}).get_json()["match_id"]
    assert client.post("/matches", json={"game": "toy", "seats": BOTS}).status_code == 429
    doc, meta, rev = store.load(mid)
    store.save(mid, rev, doc, dict(meta, status="finished"), {"version": doc["version"], "actor": None,
                                                               "entries": [], "kind": "joined"})
    assert client.post("/matches", json={"game": "toy", "seats": BOTS}).status_code == 201
