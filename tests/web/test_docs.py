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
