"""Method bodies as gRPC behaviours: a RequestError they raise becomes the call's status.

The service registers its methods without request deserializers, so each body gets the raw
bytes and decodes them itself (:func:`referee.transport.validation.decode`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from referee.transport.validation import RequestError

Request = TypeVar("Request")
Response = TypeVar("Response")


def unary(
    body: Callable[[Request, Any], Response],
) -> Callable[[Request, Any], Response]:
    """Return ``body`` answering a RequestError with its status and message."""

    def behaviour(request: Request, context: Any) -> Response:
        try:
            return body(request, context)
        except RequestError as error:
            context.abort(error.code, error.detail)
            raise  # abort raises; this keeps the path typed

    return behaviour


def streaming(
    body: Callable[[Request, Any], Iterator[Response]],
) -> Callable[[Request, Any], Iterator[Response]]:
    """Return the streaming ``body`` answering a RequestError with its status and message."""

    def behaviour(request: Request, context: Any) -> Iterator[Response]:
        try:
            yield from body(request, context)
        except RequestError as error:
            context.abort(error.code, error.detail)

    return behaviour
