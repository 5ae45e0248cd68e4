"""The wire protocol (version 1): JSON messages, checked against the schemas in the package.

``schemas/client.schema.json`` describes every message a client may send and
``schemas/server.schema.json`` every message the server sends (docs/protocol.md explains
them). :func:`parse` turns a frame into a checked message or a :class:`ProtocolError` whose
message says what was expected.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator

PROTOCOL = 1
PROTOCOL_MINOR = 1
"""1.1 adds ``hello``'s optional ``lang`` and the ``words`` it brings (docs/protocol.md)."""
MAX_FRAME = 8192
"""The largest frame a client may send, in bytes of UTF-8."""


class ProtocolError(Exception):
    """A message the server refuses: a code and a sentence for the client."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code

    @property
    def message(self) -> str:
        """The sentence."""
        return str(self.args[0])


@cache
def schema(side: str) -> dict[str, Any]:
    """The JSON Schema of ``client`` or ``server`` messages."""
    text = resources.files("atout.server").joinpath(f"schemas/{side}.schema.json").read_text(
        encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@cache
def _validators(side: str) -> dict[str, Draft202012Validator]:
    from jsonschema import Draft202012Validator  # loaded with the first message checked

    defs = schema(side)["$defs"]
    return {name: Draft202012Validator(d) for name, d in defs.items()
            if "properties" in d and d["properties"].get("type") == {"const": name}}


def message_types(side: str = "client") -> list[str]:
    """The message types of one side."""
    return sorted(_validators(side))


def check(message: Any, side: str = "client") -> dict[str, Any]:
    """``message`` if it is a valid message of ``side``; :class:`ProtocolError` saying why
    not otherwise."""
    if not isinstance(message, dict):
        raise ProtocolError("bad_message", "a message must be a JSON object with a 'type'")
    kind = message.get("type")
    validators = _validators(side)
    if not isinstance(kind, str) or kind not in validators:
        raise ProtocolError("unknown_type", f"unknown message type {str(kind)[:40]!r}: "
                            f"expected one of {', '.join(sorted(validators))}")
    error = next(iter(sorted(validators[kind].iter_errors(message), key=lambda e: e.path)),
                 None)
    if error is not None:
        where = ".".join(str(p) for p in error.absolute_path) or "the message"
        raise ProtocolError("bad_message", f"{kind}: {where}: {error.message[:200]}")
    return message


def encode(frame: dict[str, Any]) -> str:
    """A server frame as the JSON text sent on the wire (UTF-8 as is, no spaces)."""
    return json.dumps(frame, ensure_ascii=False, separators=(",", ":"))


def parse(frame: str | bytes) -> dict[str, Any]:
    """A client's frame as a checked message."""
    size = len(frame.encode("utf-8")) if isinstance(frame, str) else len(frame)
    if size > MAX_FRAME:
        raise ProtocolError("too_large", f"a message may have at most {MAX_FRAME} bytes; "
                            f"this one has {size}")
    try:
        message = json.loads(frame)
    except (ValueError, UnicodeDecodeError) as exc:
        raise ProtocolError("bad_json", f"not JSON: {str(exc)[:120]}") from None
    except RecursionError:
        raise ProtocolError("bad_message", "a message may not nest this deeply") from None
    try:
        return check(message, "client")
    except RecursionError:
        raise ProtocolError("bad_message", "a message may not nest this deeply") from None


__all__ = ["MAX_FRAME", "PROTOCOL", "PROTOCOL_MINOR", "ProtocolError", "check", "encode",
           "message_types", "parse", "schema"]
