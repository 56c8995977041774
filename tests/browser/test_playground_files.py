"""The playground's files as the service serves them, without a browser."""

from __future__ import annotations


def test_favicon_ico_is_an_icon_not_a_404(client) -> None:
    response = client.get("/favicon.ico")
    assert response.status_code == 200
    assert response.mimetype in {"image/vnd.microsoft.icon", "image/x-icon"}
    assert response.data[:4] == b"\x00\x00\x01\x00"  # the ICO header: reserved 0, type 1 (icon)
