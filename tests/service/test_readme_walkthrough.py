"""The README's curl walk-through, pasted as written, and examples/play_classified.sh each play a
whole Classified Information match against a real server."""

import json
import os
import subprocess

from tests.readme_blocks import code_blocks, readme_text

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_readme_walkthrough_commands_play_to_the_end(live_server):
    blocks = code_blocks("Walk-through", "sh")
    assert len(blocks) >= 2
    # exactly what a reader pastes, one block after the other, in one shell; -e stops at a failure
    script = "set -eu -o pipefail\n" + "\n".join(blocks)
    done = subprocess.run(["bash", "-c", script], env=dict(os.environ, BASE=live_server),
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    lines = done.stdout.strip().splitlines()
    first = json.loads(lines[0])
    assert first["version"] == 0 and first["finished"] is False and len(first["to_move"]) == 1
    assert json.loads(lines[1])["hand"] is not None  # the seat's own hand, visible with its token
    played = [json.loads(line) for line in lines if '"version"' in line and '"to_move"' in line]
    assert played[-1]["version"] == 1, "the first pasted action was refused"
    outcome, replay = json.loads(lines[-2]), json.loads(lines[-1])
    assert "winners" in outcome and replay["seed"] is not None and replay["commitment"]


def test_curl_walkthrough_script_plays_to_the_end(live_server):
    script = os.path.join(ROOT, "examples", "play_classified.sh")
    done = subprocess.run(["bash", script], env=dict(os.environ, BASE=live_server),
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.strip().splitlines()
    assert lines[0].startswith("match ") and '"winners"' in lines[-2] and '"seed"' in lines[-1]
    assert "examples/play_classified.sh" in readme_text()
