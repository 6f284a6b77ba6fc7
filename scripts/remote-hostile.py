#!/usr/bin/env python3
"""A hostile client of the phone remote (`podium present --remote`): for SECONDS it sends RATE
requests a second, a mix of malformed request lines, oversized bodies and headers, path
traversal, requests without the token or with a wrong one, wrong PINs, and slowloris
connections that send a byte of header every few seconds. It never sends the token.

  scripts/remote-hostile.py HOST:PORT [SECONDS] [RATE]      defaults: 30 1000

Prints what came back by status, and fails (exit 1) when anything but the app's own files was
served (a 200 to a request outside them, or a body holding /etc/passwd), or when the server no
longer answers at the end. Connections over the server's per-address limit are closed by it:
counted as "refused".
"""
import asyncio
import collections
import random
import sys
import time

ATTACKS = [
    b"GET /../../../../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n",
    b"GET /%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n",
    b"GET /app.js/../../../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n",
    b"GET /api/picture?slide=1&step=1&w=99999999 HTTP/1.1\r\nHost: x\r\n\r\n",
    b"GET /api/state HTTP/1.1\r\nHost: x\r\nX-Podium-Token: " + b"0" * 32 + b"\r\n\r\n",
    b"GET /api/events HTTP/1.1\r\nHost: x\r\nCookie: podium_token=" + b"f" * 32 + b"\r\n\r\n",
    b"POST /api/command HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n\r\nnext",
    b"POST /api/pair HTTP/1.1\r\nHost: x\r\nContent-Length: 6\r\n\r\n000000",
    b"POST /api/command HTTP/1.1\r\nHost: x\r\nContent-Length: 200000\r\n\r\n" + b"x" * 200000,
    b"GET / HTTP/1.1\r\nHost: x\r\nX-Junk: " + b"A" * 70000 + b"\r\n\r\n",
    b"\x00\x01\x02\x03garbage\r\n\r\n",
    b"GET\r\n\r\n",
    b"BREW /coffee HTTP/1.1\r\nHost: x\r\n\r\n",
    b"GET /" + b"a" * 20000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
]
ALLOWED_200 = (b"GET / ", b"GET /phone", b"GET /notes", b"GET /timer", b"GET /audience",
               b"GET /app.js ", b"GET /app.css ")


# Hostile connections come from loopback addresses of their own (127.0.0.2 to .5), as from
# several machines: each has the server's limit of 8 connections for an address that never
# showed the token, and the talk's own phone (127.0.0.1, paired) keeps the 64 places of the 256
# that the server keeps for paired addresses.
SOURCES = ["127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"]


async def one(host, port, request, counts, leaks):
    source = (random.choice(SOURCES), 0) if host.startswith("127.") else None
    try:
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection(host, port, local_addr=source), 1)
    except (OSError, asyncio.TimeoutError):
        counts["refused"] += 1
        return
    try:
        writer.write(request)
        await writer.drain()
        head = await asyncio.wait_for(reader.read(65536), 0.25)
        if not head:
            counts["closed"] += 1
            return
        status = head.split(b" ", 2)[1].decode(errors="replace") if b" " in head else "?"
        counts[status] += 1
        if b"root:x:" in head or (status == "200" and not request.startswith(ALLOWED_200)):
            leaks.append(request[:60])
    except (OSError, asyncio.TimeoutError, IndexError):
        counts["closed"] += 1
    finally:
        writer.close()


async def slowloris(host, port, until, counts):
    """A connection that sends its headers a byte at a time, every 3 s."""
    while time.monotonic() < until:
        try:
            source = (random.choice(SOURCES), 0) if host.startswith("127.") else None
            reader, writer = await asyncio.open_connection(host, port, local_addr=source)
            writer.write(b"GET / HTTP/1.1\r\nHost: x\r\n")
            while time.monotonic() < until:
                await asyncio.sleep(3)
                writer.write(b"X-a: b\r\n")
                await writer.drain()
                if reader.at_eof():
                    break
            writer.close()
        except OSError:
            pass
        counts["slowloris dropped"] += 1
        await asyncio.sleep(0.5)


async def main():
    host, port = sys.argv[1].rsplit(":", 1)
    port = int(port)
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 30
    rate = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
    counts = collections.Counter()
    leaks = []
    until = time.monotonic() + seconds
    lorises = [asyncio.create_task(slowloris(host, port, until, counts)) for _ in range(4)]
    sent = 0
    start = time.monotonic()
    pending = set()
    while time.monotonic() < until:
        # Requests go out at RATE a second, at most 36 open at once besides the 4 slowloris ones
        # (under the server's 64 connections, so that the bench's own taps still get in): the
        # rate reached is printed.
        due = int((time.monotonic() - start) * rate) - sent
        for _ in range(max(0, due)):
            if len(pending) >= 36:
                break
            task = asyncio.create_task(one(host, port, random.choice(ATTACKS), counts, leaks))
            pending.add(task)
            task.add_done_callback(pending.discard)
            sent += 1
        await asyncio.sleep(0.001)
    await asyncio.gather(*pending, *lorises, return_exceptions=True)
    elapsed = time.monotonic() - start
    alive = collections.Counter()
    await one(host, port, b"GET /app.css HTTP/1.1\r\nHost: x\r\n\r\n", alive, [])
    summary = ", ".join(f"{key} {value}" for key, value in sorted(counts.items()))
    print(f"remote-hostile: {sent} requests in {elapsed:.1f} s ({sent / elapsed:.0f}/s): {summary}")
    if leaks:
        print(f"remote-hostile: SERVED OUTSIDE THE APP: {leaks[:5]}")
    if alive["200"] != 1:
        print("remote-hostile: the server no longer answers")
    sys.exit(1 if leaks or alive["200"] != 1 else 0)


asyncio.run(main())
