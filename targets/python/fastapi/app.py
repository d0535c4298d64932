"""The showdown app on FastAPI: path operations on FastAPI's router, a Starlette path convertor for
the digits, Jinja2Templates for the page and a Pydantic return type for the JSON (serialised by
Pydantic in Rust, which FastAPI's docs now recommend over ORJSONResponse). uvicorn serves it
(the serve script)."""

from fastapi import FastAPI, Request
from fastapi.responses import PlainTextResponse, Response
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel
from starlette.convertors import Convertor, register_url_convertor

# The scenario contract's cap on an echoed body (docs/scenarios.md, S2): larger bodies get 413.
MAX_ECHO_BODY_BYTES = 40_000_000
MEMBERS = [{"name": name} for name in ("Chris McCord", "Matt Sears", "David Stump", "Ricardo Thompson")]


class DigitsConvertor(Convertor[str]):
    """The /echo/regex/{param:digits} constraint: a path that does not match is no route (404). It
    keeps the text as sent, where Starlette's int convertor would turn 042 into 42."""

    regex = "[0-9]+"

    def convert(self, value: str) -> str:
        return value

    def to_string(self, value: str) -> str:
        return value


register_url_convertor("digits", DigitsConvertor())


class Message(BaseModel):
    message: str


# No interactive docs or OpenAPI schema: they are routes the contract does not list.
app = FastAPI(docs_url=None, redoc_url=None, openapi_url=None)
# The three targets share one set of Jinja templates (a layout, an index view, a member partial).
templates = Jinja2Templates(directory="../templates")


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
async def echo_plain(param: str) -> PlainTextResponse:
    return PlainTextResponse(param)


@app.get("/echo/regex/{param:digits}")
async def echo_regex(param: str) -> PlainTextResponse:
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
