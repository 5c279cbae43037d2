"""Build the browser edition and serve it, on this machine or to the local network.

Usage (normally through ``./build.sh serve``)::

    python tools/build/serve_web.py [--host ADDRESS] [--port N] [options of build_web.py]

``--host`` is where the server listens: 127.0.0.1 by default (this machine only). To try the
phone layout on a real phone, give an address of this machine on the network the phone is on,
or 0.0.0.0 (every IPv4 address of this machine; :: for IPv6), and open on the phone the address
printed. The address and the port are checked before the build: an address that is not this
machine's, a name that does not resolve, a port in use are each refused with a sentence.

The page still loads the Python runtime from its CDN (the public one unless the build says
``--cdn``), so the phone needs the internet as well as this network.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import functools
import http.server
import ipaddress
import os
import re
import socket
import sys
from pathlib import Path

import build_web

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
# The options of build_web.py that go on to the build as they are (its --stage-only makes no
# site to serve).
BUILD_OPTIONS = ("--root", "--cdn", "--pygpi", "--ume-block")
# Any address outside this machine: a UDP socket "connected" to it sends nothing, and names the
# address this machine would reach it from (documentation ranges, RFC 5737 and RFC 3849).
PROBE_V4 = "198.51.100.1"
PROBE_V6 = "2001:db8::1"


class ServeError(Exception):
    """The address or the port cannot be served; the message is a sentence for a person."""


def parse_args(argv: list[str] | None) -> tuple[argparse.Namespace, list[str]]:
    """The serve options, and the build's options to hand on (checked here too, so that a
    wrong one is refused before anything is built)."""
    parser = argparse.ArgumentParser(
        prog="./build.sh serve",
        description=(
            "Build the browser edition (as ./build.sh web does) and serve build/web over HTTP."
        ),
        epilog=(
            "--root, --cdn, --pygpi and --ume-block go to the build (./build.sh web --help "
            "says what they do). To open the game on a phone, give the address of this "
            "machine on the phone's network, or --host 0.0.0.0 to listen on all of them: "
            "the addresses to open are printed. The phone needs the internet too, for the "
            "Python runtime, unless the build names a --cdn on this network."
        ),
    )
    parser.add_argument(
        "--host",
        default=DEFAULT_HOST,
        metavar="ADDRESS",
        help=(
            f"where to listen (default {DEFAULT_HOST}: this machine only); an address of "
            "this machine, a name of one, or 0.0.0.0 (::) for all its addresses"
        ),
    )
    parser.add_argument(
        "--port",
        default=None,
        metavar="N",
        help=f"the port (default {DEFAULT_PORT}; env PORT)",
    )
    parser.add_argument("--out", type=Path, default=build_web.ROOT / "build", help="output folder")
    build = parser.add_argument_group("the build's options (./build.sh web)")
    build.add_argument("--root", help="source tree (default: here)")
    build.add_argument("--cdn", help="where the page loads the runtime from")
    build.add_argument("--pygpi", help="package index for the wheels")
    build.add_argument("--ume-block", choices=("0", "1"), help="1: wait for a click to start")
    args = parser.parse_args(argv)
    rest: list[str] = []
    for option in BUILD_OPTIONS:
        value = getattr(args, option[2:].replace("-", "_"))
        if value is not None:
            rest += [option, value]
    try:
        args.port = parse_port(args.port)
    except ServeError as err:
        parser.error(str(err))
    if not args.host.strip():
        parser.error("--host needs an address, such as 127.0.0.1 or 0.0.0.0")
    return args, rest


def parse_port(text: str | None) -> int:
    """The port from --port, else from the PORT variable, else 8000."""
    source = "--port"
    if text is None:
        text = os.environ.get("PORT")
        source = "the PORT variable"
        if text is None:
            return DEFAULT_PORT
    if not text.isascii() or not text.strip().isdigit():
        raise ServeError(f"{source} must be a port number from 1 to 65535, not {text!r}")
    port = int(text)
    if not 1 <= port <= 65535:
        raise ServeError(f"{source} must be a port number from 1 to 65535, not {port}")
    return port


def resolve(host: str, port: int) -> tuple[socket.AddressFamily, str]:
    """The address family and the numeric address that ``host`` names, for listening."""
    if "/" in host or host.startswith("[") or host.count(":") == 1:
        raise ServeError(
            f"--host takes an address alone, such as 192.168.1.20 or ::1, not {host!r} "
            "(no http://, brackets or port: the port is --port)"
        )
    if re.fullmatch(r"[0-9.]+", host):
        # The C resolver reads "1.2.3" as 1.2.0.3: a mistyped address, taken as another.
        try:
            ipaddress.IPv4Address(host)
        except ValueError:
            raise ServeError(
                f"--host {host!r} is not an IPv4 address: four numbers from 0 to 255 "
                "with dots between them, such as 192.168.1.20"
            ) from None
    try:
        found = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE | socket.AI_NUMERICSERV
        )
    except (socket.gaierror, UnicodeError) as err:
        why = err.strerror if isinstance(err, socket.gaierror) and err.strerror else str(err)
        raise ServeError(
            f"--host {host!r} is neither an IP address nor a name that resolves to one "
            f"({why}); give an address of this machine, such as 127.0.0.1, or 0.0.0.0 for "
            "all of them"
        ) from None
    # IPv4 first where a name has both: what a phone on a home network reaches.
    found.sort(key=lambda entry: entry[0] != socket.AF_INET)
    family, _, _, _, sockaddr = found[0]
    return socket.AddressFamily(family), str(sockaddr[0])


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {  # noqa: RUF012  (the base class's attribute, extended)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        # A runtime mirrored into the site (tools/build/mirror_runtime.py): module scripts and
        # WebAssembly must come with their own types.
        ".js": "text/javascript",
        ".wasm": "application/wasm",
    }


def open_server(host: str, port: int, web_dir: Path) -> http.server.ThreadingHTTPServer:
    """A server listening on ``host``:``port`` for the files of ``web_dir`` (which may be
    built after this call), or a ServeError saying why it cannot listen there."""
    family, address = resolve(host, port)
    server_class = type(
        "StrategosServer", (http.server.ThreadingHTTPServer,), {"address_family": family}
    )
    handler = functools.partial(_Handler, directory=str(web_dir))
    try:
        server: http.server.ThreadingHTTPServer = server_class((address, port), handler)
    except OSError as err:
        raise ServeError(bind_refusal(host, address, port, err)) from None
    server.daemon_threads = True
    return server


def bind_refusal(host: str, address: str, port: int, err: OSError) -> str:
    named = address if host == address else f"{host} ({address})"
    if err.errno == errno.EADDRNOTAVAIL:
        known = ", ".join(lan_addresses(ipaddress.ip_address(address).version)) or "none"
        return (
            f"--host {named} is not an address of this machine, so nothing can listen on it "
            f"(its network addresses: {known}; 127.0.0.1 for this machine alone, 0.0.0.0 "
            "for all)"
        )
    if err.errno == errno.EADDRINUSE:
        return (
            f"port {port} is in use already on {named} (another ./build.sh serve?); "
            "choose another with --port"
        )
    if err.errno == errno.EACCES:
        return f"port {port} needs administrator rights on this system; choose one above 1023"
    if err.errno == errno.EINVAL and ipaddress.ip_address(address).is_link_local:
        return (
            f"cannot listen on {named}: a link-local address needs its network interface, "
            "such as fe80::1%eth0"
        )
    return f"cannot listen on {named}, port {port}: {err.strerror or err}"


def lan_addresses(version: int = 4) -> list[str]:
    """This machine's addresses on its networks (not loopback), of IP ``version``: the one
    it reaches the outside from, and those its host name resolves to. Sorted, no repeats."""
    family = socket.AF_INET if version == 4 else socket.AF_INET6
    found: set[str] = set()
    with contextlib.suppress(OSError), socket.socket(family, socket.SOCK_DGRAM) as probe:
        probe.connect((PROBE_V4 if version == 4 else PROBE_V6, 9))
        found.add(str(probe.getsockname()[0]))
    with contextlib.suppress(OSError, UnicodeError):
        for entry in socket.getaddrinfo(socket.gethostname(), None, family, socket.SOCK_STREAM):
            found.add(str(entry[4][0]))
    usable = []
    for text in found:
        ip = ipaddress.ip_address(text.split("%", 1)[0])
        if not (ip.is_loopback or ip.is_unspecified or ip.is_link_local or ip.is_multicast):
            usable.append(str(ip))
    return sorted(usable, key=ipaddress.ip_address)


def url(address: str, port: int) -> str:
    shown = f"[{address}]" if ":" in address else address
    return f"http://{shown}:{port}/"


def addresses_to_open(server: http.server.ThreadingHTTPServer) -> tuple[list[str], str]:
    """The URLs a person opens for what ``server`` listens on, and a note (or "")."""
    address, port = str(server.server_address[0]), int(server.server_address[1])
    ip = ipaddress.ip_address(address)
    if not ip.is_unspecified:
        if ip.is_loopback:
            return [url(address, port)], (
                "this machine only; --host 0.0.0.0 opens it to a phone on the same network"
            )
        return [url(address, port)], ""
    versions = [ip.version]
    if ip.version == 6:
        with contextlib.suppress(OSError):
            if not server.socket.getsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY):
                versions.append(4)  # a dual-stack socket takes IPv4 too
    lan = [url(a, port) for version in versions for a in lan_addresses(version)]
    if not lan:
        return [url("127.0.0.1" if ip.version == 4 else "::1", port)], (
            "this machine has no network address besides its own loopback (no Wi-Fi or "
            "cable?): a phone cannot reach it"
        )
    return lan, ""


def announce(server: http.server.ThreadingHTTPServer, web_dir: Path) -> None:
    urls, note = addresses_to_open(server)
    if len(urls) == 1:
        print(f"serving {web_dir} at {urls[0]}  (Ctrl-C stops)", flush=True)
    else:
        print(f"serving {web_dir}; open one of these  (Ctrl-C stops):", flush=True)
        for each in urls:
            print(f"  {each}", flush=True)
    if note:
        print(f"  ({note})", flush=True)
    if not ipaddress.ip_address(str(server.server_address[0])).is_loopback:
        print(
            "  Anyone on that network can open it while it runs. The phone needs the internet "
            "too: the page loads the Python runtime from its CDN.",
            flush=True,
        )


def main(argv: list[str] | None = None) -> int:
    args, build_args = parse_args(argv)
    out: Path = args.out.resolve()
    web_dir = out / "web"
    # Listening before the build, so that a wrong address or a taken port is said now, not
    # after the build's half minute. Requests wait in the socket's queue until the site is
    # built.
    try:
        server = open_server(args.host, args.port, web_dir)
    except ServeError as err:
        print(f"./build.sh serve: {err}.", file=sys.stderr)
        return 2
    with server:
        built = build_web.main(["--out", str(out), *build_args])
        if built != 0:
            return built
        announce(server, web_dir)
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
