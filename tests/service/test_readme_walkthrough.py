"""The README's curl walk-through plays a whole Classified Information match against a real server."""

import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_curl_walkthrough_plays_to_the_end(live_server):
    script = os.path.join(ROOT, "examples", "play_classified.sh")
    done = subprocess.run(["bash", script], env=dict(os.environ, BASE=live_server),
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.strip().splitlines()
    assert lines[0].startswith("match ") and '"winners"' in lines[-2] and '"seed"' in lines[-1]
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as handle:
        assert "examples/play_classified.sh" in handle.read()
