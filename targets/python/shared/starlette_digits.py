"""The Starlette path convertor `digits` for /echo/regex/{param:digits}, registered on import
(Starlette's own mechanism for a constrained path segment; FastAPI routes with Starlette's)."""

from starlette.convertors import Convertor, register_url_convertor


class DigitsConvertor(Convertor[str]):
    """A path whose segment is not all ASCII digits matches no route (404). It keeps the text as
    sent, where Starlette's int convertor would turn 042 into 42."""

    regex = "[0-9]+"

    def convert(self, value: str) -> str:
        return value

    def to_string(self, value: str) -> str:
        return value


register_url_convertor("digits", DigitsConvertor())
