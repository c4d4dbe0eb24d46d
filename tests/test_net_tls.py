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


def _certificate(folder, name):
    cert, key = folder / f"{name}-cert.pem", folder / f"{name}-key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", f"/CN={name}", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True,
                   timeout=60)
    return cert, key


def test_the_join_screen_reaches_a_wss_server_its_system_trusts(certificate, monkeypatch):
    """The Join screen's joiner gives no TLS context: a wss:// address uses the system's
    authorities (here the certificate is made one through SSL_CERT_FILE) and takes the seat."""
    from urland.net.joining import Joiner

    cert, key = certificate
    monkeypatch.setenv("SSL_CERT_FILE", str(cert))

    async def scenario():
        server = GameServer(ServerOptions(hello_seconds=2.0))
        server.open_room("tls", ["remote", "random", "random"], 3)
        async with server.serve("127.0.0.1", 0, tls_context(cert, key)) as ws:
            joiner = Joiner(f"wss://127.0.0.1:{bound_port(ws)}", "tls", "Anna")
            assert await asyncio.to_thread(joiner.done.wait, 20)
            assert joiner.failure == "" and joiner.link is not None
            assert joiner.link.client.mirror.seat == 0
            await asyncio.to_thread(joiner.link.close)
        await server.close()
    run(scenario())


def test_join_cafile_is_trusted_besides_the_systems_authorities(tmp_path, monkeypatch):
    """`join --cafile` adds a private server's certificate: a server the system trusts is
    still reached with the same context."""
    from urland.net.commands import client_tls

    public, private = _certificate(tmp_path, "public"), _certificate(tmp_path, "private")
    monkeypatch.setenv("SSL_CERT_FILE", str(public[0]))  # the system's authority, here

    async def seat_on(pair, tls) -> int:
        server = GameServer(ServerOptions(hello_seconds=2.0))
        server.open_room("tls", ["remote", "random", "random"], 3)
        async with server.serve("127.0.0.1", 0, tls_context(*pair)) as ws:
            client = NetClient(f"wss://127.0.0.1:{bound_port(ws)}", "tls", "Anna", tls=tls)
            try:
                await client.connect(5)
                return client.mirror.seat
            finally:
                await client.close()
                await server.close()

    async def scenario():
        tls = client_tls(private[0])
        assert await seat_on(private, tls) == 0
        assert await seat_on(public, tls) == 0
        with pytest.raises(ConnectionError):  # the private one without --cafile: refused
            await seat_on(private, client_tls())
    run(scenario())
