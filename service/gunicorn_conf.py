"""gunicorn settings for serving Safehouse (`gunicorn -c python:service.gunicorn_conf ...`).

- `worker_class` gevent: an idle long-poll or SSE client holds a greenlet, not a worker; with
  `worker_connections` 10,000 one worker process can hold thousands of waiting clients (they share
  one Redis subscriber, see service/notifier.py).
- The access log (off unless `--access-logfile` is given) never records query strings or headers:
  a stream ticket travels as `?ticket=` and must not end up in a log.
"""

worker_class = "gevent"
worker_connections = 10000
timeout = 120
# request lines up to 8190 bytes reach the app, which answers a JSON 414 above MAX_URI_LENGTH
limit_request_line = 8190
access_log_format = '%(h)s "%(m)s %(U)s %(H)s" %(s)s %(B)s %(M)sms'
