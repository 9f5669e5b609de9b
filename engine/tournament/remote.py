"""Remote bots: an entrant that is an HTTP endpoint (the tournament's only network I/O).

For each decision of a remote seat the runner POSTs JSON to the entrant's URL:

    {"game": "classified", "seat": 1, "deadline_ms": 1000,
     "view": {...engine.render(match, seat): state, legal_actions, to_move, version...},
     "legal_actions": [{...}, ...],
     "match": {"tournament": "<spec name>", "index": 17, "version": 8}}

and reads back `{"action": {...}}`, one of the legal actions. A timeout (no whole answer within
`timeout_ms`), a refusal, a bad answer or an illegal action is recorded against the entrant in
the match record's `faults`, and the seat's zombie policy plays instead ("pass" when legal, else
a random legal action from the seat's own Rng); the match goes on. Matches with remote entrants
are reproducible only as far as the remote bot is.

Safety (the runner may be a shared server's worker; whoever wrote the spec is not trusted):
- http and https only; redirects are never followed (a 3xx is a bad answer);
- the host is resolved once and every address it resolves to is checked: loopback, private,
  link-local, multicast, reserved and other non-global addresses are refused unless the
  operator's allow-list (SAFEHOUSE_TOURNAMENT_REMOTE_ALLOW: comma-separated addresses or CIDR
  blocks, e.g. `127.0.0.1,10.0.0.0/8`) names them; the connection goes to the checked address
  (a second DNS answer cannot send it elsewhere), with the URL's host in Host and in TLS SNI;
- a fault is one of FAULTS, never network detail: "timeout", "refused" (not allowed, no
  connection, no such host, a malformed URL), "bad answer" (a status other than 200, a body
  that is not {"action": {...}}, or one over MAX_ANSWER_BYTES), "illegal" (not a legal action).
  Whatever goes wrong in a call ends as one of those: `ask` and `decide` never raise.
"""

import functools
import http.client
import ipaddress
import json
import os
import socket
import ssl
import threading
import time
import urllib.parse

MAX_ANSWER_BYTES = 1_000_000
ALLOW_ENV = "SAFEHOUSE_TOURNAMENT_REMOTE_ALLOW"
FAULTS = ("timeout", "refused", "bad answer", "illegal")


class _Fault(Exception):
    """A call failed; `args[0]` is one of FAULTS."""


@functools.lru_cache(maxsize=16)
def parse_allow(text):
    """The networks of an allow-list text ("127.0.0.1, 10.0.0.0/8"); ValueError if malformed."""
    return tuple(ipaddress.ip_network(part.strip(), strict=False)
                 for part in text.split(",") if part.strip())


def allowed_networks():
    """The operator's allow-list from SAFEHOUSE_TOURNAMENT_REMOTE_ALLOW (empty: public only)."""
    try:
        return parse_allow(os.environ.get(ALLOW_ENV, ""))
    except ValueError:
        return ()


def address_allowed(address, allow=()):
    """Whether a remote bot may be called at this IP address: a global unicast address, or one
    inside an allowed network. ValueError when `address` is not an IP address."""
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if ip.version == 6 and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    if any(ip.version == net.version and ip in net for net in allow):
        return True
    return ip.is_global and not (ip.is_multicast or ip.is_reserved or ip.is_private
                                 or ip.is_loopback or ip.is_link_local or ip.is_unspecified)


def literal_refused(url, allow=()):
    """True when the URL's host is an IP literal that may not be called (no DNS look-up)."""
    try:
        return not address_allowed(urllib.parse.urlsplit(url).hostname or "", allow)
    except ValueError:
        return False  # a name: checked when it is called


def _checked_address(host, port, allow):
    """The first address the host resolves to, after checking every one of them."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        addresses = [info[4][0] for info in infos]
        if addresses and all(address_allowed(a, allow) for a in addresses):
            return addresses[0]
    except (OSError, UnicodeError, ValueError):
        pass
    raise _Fault("refused")


class _Pinned(http.client.HTTPConnection):
    """HTTP to an address checked beforehand (Host still the URL's)."""

    def __init__(self, host, port, address, timeout):
        super().__init__(host, port, timeout=timeout)
        self.address = address

    def connect(self):
        self.sock = self.kept = socket.create_connection((self.address, self.port), self.timeout)


class _PinnedTLS(http.client.HTTPSConnection):
    """HTTPS to an address checked beforehand (certificate and SNI of the URL's host)."""

    def __init__(self, host, port, address, timeout):
        super().__init__(host, port, timeout=timeout, context=ssl.create_default_context())
        self.address = address

    def connect(self):
        sock = socket.create_connection((self.address, self.port), self.timeout)
        self.sock = self.kept = self._context.wrap_socket(sock, server_hostname=self.host)


def _post(url, data, limit, allow):
    """The 200 answer's body (bytes) of POSTing `data`; raises _Fault (or anything `_call` maps)."""
    if any(ord(ch) <= 32 or ord(ch) == 127 for ch in url):
        raise _Fault("refused")  # (urlsplit would drop CR and LF silently)
    parts = urllib.parse.urlsplit(url)
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https") or not parts.hostname:
        raise _Fault("refused")
    port = parts.port or (443 if scheme == "https" else 80)
    address = _checked_address(parts.hostname, port, allow)
    connection = (_PinnedTLS if scheme == "https" else _Pinned)(parts.hostname, port, address, limit)
    fired = threading.Event()
    watchdog = threading.Timer(limit, _cut, (connection, fired))  # a trickled answer ends at the deadline
    watchdog.daemon = True
    watchdog.start()
    try:
        path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        connection.request("POST", path, body=data, headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        if response.status != 200:
            raise _Fault("bad answer")  # a redirect too: never followed
        return response.read(MAX_ANSWER_BYTES + 1)
    except Exception:
        if fired.is_set():  # whatever the cut made the call raise (EPIPE, reset, short read)
            raise _Fault("timeout") from None
        raise
    finally:
        watchdog.cancel()
        connection.close()


def _cut(connection, fired):
    """Shut the connection's socket down (the call's deadline passed mid-call) and note it in
    `fired`; `kept`: the socket the connection made (http.client hands it to the response and
    forgets it)."""
    fired.set()
    try:
        connection.kept.shutdown(socket.SHUT_RDWR)
    except (AttributeError, OSError):
        pass


def _call(url, data, limit, allow):
    """`_post` with every failure mapped to a _Fault of FAULTS (no detail kept)."""
    try:
        return _post(url, data, limit, allow)
    except _Fault:
        raise
    except (TimeoutError, socket.timeout):
        raise _Fault("timeout") from None
    except http.client.HTTPException:
        raise _Fault("bad answer") from None
    except Exception:  # noqa: BLE001 - refused, unreachable, malformed: nothing more leaves
        raise _Fault("refused") from None


def ask(remote, payload, allow=None):
    """(action, None) or (None, fault) with fault "timeout", "refused" or "bad answer"; never
    raises. `allow`: networks allowed beside public addresses (default: allowed_networks())."""
    allow = allowed_networks() if allow is None else allow
    data = json.dumps(payload, separators=(",", ":")).encode()
    limit = remote["timeout_ms"] / 1000
    started = time.monotonic()
    try:
        body = _call(remote["url"], data, limit, allow)
    except _Fault as fault:
        late = time.monotonic() - started > limit and fault.args[0] != "refused"
        return None, "timeout" if late else fault.args[0]
    if time.monotonic() - started > limit:
        return None, "timeout"
    try:
        action = json.loads(body)["action"] if len(body) <= MAX_ANSWER_BYTES else None
    except (ValueError, KeyError, TypeError):
        action = None
    if not isinstance(action, dict):
        return None, "bad answer"
    return action, None


def zombie_action(legal, rng):
    """The zombie policy: "pass" when legal, else a random legal action."""
    passes = [a for a in legal if a.get("type") == "pass"]
    return passes[0] if passes else rng.choice(legal)


def decide(remote, view, seat, rng, context):
    """(action, fault or None) for a remote seat: the endpoint's legal answer, or the zombie
    policy's action after a timeout, a refusal, a bad answer or an illegal answer."""
    legal = view["legal_actions"]
    payload = {"game": view["game"], "seat": seat, "deadline_ms": remote["timeout_ms"],
               "view": view, "legal_actions": legal, "match": context}
    action, fault = ask(remote, payload)
    if fault is None and action not in legal:
        fault = "illegal"
    if fault is not None:
        return zombie_action(legal, rng), fault
    return action, None
