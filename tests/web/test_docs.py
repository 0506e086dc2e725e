"""The OpenAPI documentation is served with local assets, so /docs works offline."""
from fastapi.testclient import TestClient

from pokerfsm.web.app import create_app


def test_docs_use_local_swagger_assets():
    client = TestClient(create_app())
    page = client.get("/docs")
    assert page.status_code == 200 and "/docs-assets/swagger-ui-bundle.js" in page.text
    script = client.get("/docs-assets/swagger-ui-bundle.js")
    assert script.status_code == 200 and len(script.content) > 100_000
    assert client.get("/openapi.json").json()["info"]["title"] == "pokerfsm"


def test_redoc_works_offline_too():
    client = TestClient(create_app())
    page = client.get("/redoc")
    assert page.status_code == 200 and "/docs-assets/redoc.standalone.js" in page.text
    assert "fonts.googleapis" not in page.text
    assert client.get("/docs-assets/redoc.standalone.js").status_code == 200


def test_every_example_of_the_docs_answers():
    # "Try it out" sends the example as it is: each must be a valid question (no seed above 2**63-1)
    client = TestClient(create_app())
    spec = client.get("/openapi.json").json()
    examples = spec["paths"]["/api/equity"]["post"]["requestBody"]["content"]["application/json"]["examples"]
    assert len(examples) >= 3
    for example in examples.values():
        response = client.post("/api/equity", json=example["value"])
        assert response.status_code == 200, (example, response.text)


def test_the_schema_says_board_and_dead_are_lists():
    spec = TestClient(create_app()).get("/openapi.json").json()
    answer = spec["components"]["schemas"]["EquityResponse"]["properties"]
    for name in ("board", "dead"):
        assert answer[name]["type"] == "array" and answer[name]["items"]["type"] == "string"
