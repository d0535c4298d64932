"""The showdown app on Starlette: a Starlette application with its router, a path convertor for
the digits, Jinja2Templates for the page, JSONResponse for the JSON and the route's max_body_size
for the 413. Granian serves it over ASGI (the serve script). showdown_contract and
starlette_digits are in ../shared, on the venv's path."""

import starlette_digits  # noqa: F401 (registers the digits convertor)
from showdown_contract import MAX_ECHO_BODY_BYTES, MEMBERS
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route
from starlette.templating import Jinja2Templates

# The Python targets share one set of Jinja templates (a layout, an index view, a member partial).
templates = Jinja2Templates(directory="../shared/templates")


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
