#!/usr/bin/env python3
"""Slow clients against the phone remote (`podium present --remote`), as `slowhttptest -H`
attacks a server: CONNECTIONS connections from each SOURCE address (loopback addresses such as
127.0.0.2 stand in for other machines on the Wi-Fi), each sending a request line and then one
header byte every INTERVAL seconds, never ending its headers; a connection the server closes
is opened again at once. Runs for SECONDS, then prints one JSON line: connections opened,
refused, closed by the server, and the most held open at once.

  scripts/remote-slowloris.py HOST:PORT SECONDS CONNECTIONS SOURCE [SOURCE ...] [--interval S]
"""
import argparse
import asyncio
import json
import time


async def client(host, port, source, deadline, interval, counts, held):
    while time.monotonic() < deadline:
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(host, port, local_addr=(source, 0)), 2)
        except (OSError, asyncio.TimeoutError):
            counts["refused"] += 1
            await asyncio.sleep(0.05)
            continue
        counts["opened"] += 1
        held[0] += 1
        counts["most_held"] = max(counts["most_held"], held[0])
        try:
            writer.write(b"GET /api/state HTTP/1.1\r\nHost: x\r\n")
            await writer.drain()
            while time.monotonic() < deadline:
                # A byte of a header that never ends; an answer or the end means it was closed.
                try:
                    await asyncio.wait_for(reader.read(1024), interval)
                except asyncio.TimeoutError:
                    writer.write(b"X")
                    await writer.drain()
                    continue
                counts["closed"] += 1
                break
        except (OSError, ConnectionError):
            counts["closed"] += 1
        finally:
            held[0] -= 1
            writer.close()
        await asyncio.sleep(0.05)


async def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("target")
    parser.add_argument("seconds", type=float)
    parser.add_argument("connections", type=int)
    parser.add_argument("sources", nargs="+")
    parser.add_argument("--interval", type=float, default=1.0)
    args = parser.parse_args()
    host, port = args.target.rsplit(":", 1)
    deadline = time.monotonic() + args.seconds
    counts = {"opened": 0, "refused": 0, "closed": 0, "most_held": 0}
    held = [0]
    await asyncio.gather(*[
        client(host, int(port), source, deadline, args.interval, counts, held)
        for source in args.sources for _ in range(args.connections)])
    print(json.dumps(counts), flush=True)


if __name__ == "__main__":
    import resource
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    asyncio.run(main())
