"""The showdown app on FastAPI: path operations on FastAPI's router, a Starlette path convertor for
the digits, Jinja2Templates for the page and a Pydantic return type for the JSON (serialised by
Pydantic in Rust, which FastAPI's docs now recommend over ORJSONResponse). uvicorn serves it
(the serve script). showdown_contract and starlette_digits are in ../shared, on the venv's path."""

import starlette_digits  # noqa: F401 (registers the digits convertor)
from fastapi import FastAPI, Request
from fastapi.responses import PlainTextResponse, Response
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel
from showdown_contract import MAX_ECHO_BODY_BYTES, MEMBERS


class Message(BaseModel):
    message: str


# No interactive docs or OpenAPI schema: they are routes the contract does not list.
app = FastAPI(docs_url=None, redoc_url=None, openapi_url=None)
# The Python targets share one set of Jinja templates (a layout, an index view, a member partial).
templates = Jinja2Templates(directory="../shared/templates")


@app.get("/plaintext")
async def plaintext() -> PlainTextResponse:
    return PlainTextResponse("Hello, World!")


@app.get("/json")
async def json_message() -> Message:
    return Message(message="Hello, World!")


@app.get("/echo/hello-world")
async def hello_world() -> PlainTextResponse:
    return PlainTextResponse("Hello World")


@app.get("/echo/plain/{param}")
@app.get("/echo/regex/{param:digits}")
async def echo_param(param: str) -> PlainTextResponse:
    return PlainTextResponse(param)


@app.get("/")
async def root() -> PlainTextResponse:
    return PlainTextResponse("")


@app.get("/user/{id}")
async def user_id(id: str) -> PlainTextResponse:
    return PlainTextResponse(id)


@app.post("/user", max_body_size=MAX_ECHO_BODY_BYTES)
async def echo_body(request: Request) -> Response:
    # As a header, not as media_type: Starlette would add a charset to a text/* type.
    content_type = request.headers.get("content-type", "application/octet-stream")
    return Response(await request.body(), headers={"content-type": content_type})


# Last: FastAPI tries routes in order, so the fixed paths above win over /{title}.
@app.get("/{title}")
async def showdown_page(request: Request, title: str) -> Response:
    return templates.TemplateResponse(request, "index.html", {"title": title, "members": MEMBERS})
