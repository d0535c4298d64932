"""The showdown app on Starlette: a Starlette application with its router, a path convertor for
the digits, Jinja2Templates for the page, JSONResponse for the JSON and the route's max_body_size
for the 413. Granian serves it over ASGI (the serve script)."""

from starlette.applications import Starlette
from starlette.convertors import Convertor, register_url_convertor
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route
from starlette.templating import Jinja2Templates

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

# The three targets share one set of Jinja templates (a layout, an index view, a member partial).
templates = Jinja2Templates(directory="../templates")


async def plaintext(request: Request) -> Response:
    return PlainTextResponse("Hello, World!")


async def json_message(request: Request) -> Response:
    return JSONResponse({"message": "Hello, World!"})


async def hello_world(request: Request) -> Response:
    return PlainTextResponse("Hello World")


async def echo_param(request: Request) -> Response:
    return PlainTextResponse(request.path_params["param"])


async def root(request: Request) -> Response:
    return PlainTextResponse("")


async def user_id(request: Request) -> Response:
    return PlainTextResponse(request.path_params["id"])


async def echo_body(request: Request) -> Response:
    # As a header, not as media_type: Starlette would add a charset to a text/* type.
    content_type = request.headers.get("content-type", "application/octet-stream")
    return Response(await request.body(), headers={"content-type": content_type})


async def showdown_page(request: Request) -> Response:
    context = {"title": request.path_params["title"], "members": MEMBERS}
    return templates.TemplateResponse(request, "index.html", context)


# Starlette tries routes in order, so the fixed paths win over /{title}, which comes last.
app = Starlette(
    routes=[
        Route("/plaintext", plaintext),
        Route("/json", json_message),
        Route("/echo/hello-world", hello_world),
        Route("/echo/plain/{param}", echo_param),
        Route("/echo/regex/{param:digits}", echo_param),
        Route("/", root),
        Route("/user/{id}", user_id),
        Route("/user", echo_body, methods=["POST"], max_body_size=MAX_ECHO_BODY_BYTES),
        Route("/{title}", showdown_page),
    ]
)
