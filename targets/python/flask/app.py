"""The showdown app on Flask: Flask's router with a custom converter for the digits, Jinja2 views
through render_template, jsonify for the JSON, MAX_CONTENT_LENGTH for the 413. gunicorn serves it
(gunicorn.conf.py and the serve script). showdown_contract is in ../shared, on the venv's path."""

from flask import Flask, Response, jsonify, render_template, request
from showdown_contract import MAX_ECHO_BODY_BYTES, MEMBERS
from werkzeug.routing import BaseConverter


class DigitsConverter(BaseConverter):
    """The /echo/regex/<digits:param> constraint: a path that does not match is no route (404). It
    keeps the text as sent, where Werkzeug's int converter would turn 042 into 42."""

    regex = "[0-9]+"


# The Python targets share one set of Jinja templates (a layout, an index view, a member partial).
app = Flask(__name__, template_folder="../shared/templates")
app.config["MAX_CONTENT_LENGTH"] = MAX_ECHO_BODY_BYTES
app.url_map.converters["digits"] = DigitsConverter


def text(body: str) -> Response:
    return Response(body, mimetype="text/plain")


@app.get("/plaintext")
def plaintext():
    return text("Hello, World!")


@app.get("/json")
def json_message():
    return jsonify(message="Hello, World!")


@app.get("/echo/hello-world")
def hello_world():
    return text("Hello World")


@app.get("/echo/plain/<param>")
@app.get("/echo/regex/<digits:param>")
def echo_param(param):
    return text(param)


@app.get("/")
def root():
    return text("")


@app.get("/user/<id>")
def user_id(id):
    return text(id)


@app.post("/user")
def echo_body():
    # get_data answers 413 past MAX_CONTENT_LENGTH, for chunked bodies too.
    content_type = request.headers.get("Content-Type", "application/octet-stream")
    return Response(request.get_data(), content_type=content_type)


# Werkzeug ranks rules with fixed parts above /<title>, whatever the order.
@app.get("/<title>")
def showdown_page(title):
    return render_template("index.html", title=title, members=MEMBERS)
