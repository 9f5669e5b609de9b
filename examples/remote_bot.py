"""A tiny remote bot for tournaments: answers each decision with a random legal action.

    python examples/remote_bot.py --port 8765        # serves http://127.0.0.1:8765/

Then enter it in a spec:  - {name: mine, remote: {url: "http://127.0.0.1:8765/", timeout_ms: 1000}}

The protocol (engine/tournament/remote.py): the runner POSTs {"game", "seat", "deadline_ms",
"view", "legal_actions", "match"} as JSON and reads back {"action": <one of legal_actions>}.
Standard library only; replace `choose` with your own bot.
"""

import argparse
import json
import random
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def choose(request):
    """The bot: any legal action (the view is in request["view"], e.g. request["view"]["state"])."""
    return random.choice(request["legal_actions"])


class Handler(BaseHTTPRequestHandler):
    """POST / with a decision request -> {"action": ...}."""

    def do_POST(self):  # noqa: N802 - http.server's name
        length = int(self.headers.get("Content-Length", 0))
        request = json.loads(self.rfile.read(length))
        body = json.dumps({"action": choose(request)}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        """Quiet: one line per decision would flood the terminal."""


def main():
    """Serve until interrupted."""
    parser = argparse.ArgumentParser(description="A random remote bot for Safehouse tournaments.")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=8765, help="port to listen on")
    args = parser.parse_args()
    ThreadingHTTPServer((args.host, args.port), Handler).serve_forever()


if __name__ == "__main__":
    main()
