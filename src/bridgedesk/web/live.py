from fastapi import APIRouter, FastAPI

router = APIRouter()


async def stop(app: FastAPI) -> None:
    return None
