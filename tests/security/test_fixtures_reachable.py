"""The service fixtures are reachable from tests/security (a smoke test of the conftest)."""


def test_service_fixtures_serve_the_catalog(client):
    assert client.get("/games").status_code == 200
