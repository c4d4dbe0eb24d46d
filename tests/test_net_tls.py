"""With a certificate and key the server speaks TLS (wss://); a client that trusts the
certificate plays, one that speaks plain ws:// does not get in."""

from __future__ import annotations

import asyncio
import ssl
import subprocess

import pytest
from netplay import play_seat, run

from urland.net.client import NetClient
from urland.net.server import GameServer, ServerOptions, bound_port, tls_context


@pytest.fixture
def certificate(tmp_path):
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True,
                   timeout=60)
    return cert, key


def test_the_server_speaks_tls_with_a_certificate_and_key(certificate):
    cert, key = certificate

    async def scenario():
        server = GameServer(ServerOptions(hello_seconds=2.0))
        server.open_room("tls", ["remote", "random", "random"], 3)
        async with server.serve("127.0.0.1", 0, tls_context(cert, key)) as ws:
            port = bound_port(ws)
            plain = NetClient(f"ws://127.0.0.1:{port}", "tls", "Eve")
            with pytest.raises((ConnectionError, OSError, asyncio.TimeoutError)):
                await plain.connect(3)
            trust = ssl.create_default_context(cafile=str(cert))
            anna = NetClient(f"wss://127.0.0.1:{port}", "tls", "Anna", tls=trust)
            await anna.connect()
            assert anna.mirror.seat == 0
            assert await play_seat(anna, 5) == 0
        await server.close()
    run(scenario())
