"""``GET /api/stats`` (the answer cache's hits and misses, the computations under way) and ``GET /api/health``."""
from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from ..._version import __version__
from ..schemas import CacheStats
from ..state import Server

__all__ = ["router"]

router = APIRouter(tags=["server"])


@router.get("/api/stats", response_model=CacheStats, summary="Answer cache hits and misses, computations under way")
async def get_stats(server: Server) -> Any:
    return {**server.cache.stats(), "computing": server.cache.running, "threads_busy": server.heavy.running}


@router.get("/api/health", summary="Liveness probe")
async def health() -> dict[str, Any]:
    return {"status": "ok", "version": __version__}
