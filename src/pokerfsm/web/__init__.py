"""The web calculator: a FastAPI app and a static page (extra ``web``)."""
