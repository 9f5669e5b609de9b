"""The HTTP layer (everything Flask): the app factory (`app`), one route module per resource
(`matches`, `events`, `notes`, `odds`, `tournaments`, `stream_tickets`, `meta`, `static` with the
web client in `web/`), request parsing (`requests`), response and conditional headers incl. the
ETag (`headers`), the error -> status mapping (`errors`), the rate limiter's HTTP side
(`rate_limit`), idempotent POSTs (`idempotency`), schemas and OpenAPI generation."""
