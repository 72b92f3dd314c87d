"""The live table's handshake (docs/live.md): a WebRTC data channel's offer or answer (its SDP,
about 700 bytes) packed into a short text that fits a small QR code, and the SDP rebuilt from
that text on the other phone.

Only what connects two phones on one network is kept: the ICE user fragment and password, the
DTLS fingerprint, the setup role, and up to two host candidates (an mDNS name, an IPv4 or an
IPv6 address, and a port); the rest of the SDP is the same for every data channel and is
rebuilt from a template. A check sum at the end tells a damaged or cut text from a good one.
An offer with two mDNS candidates packs to 97 bytes (130 characters of base64url, a version 6
QR code at level L); an answer needs no candidate (the offerer learns its address from its
checks) and packs to 59 bytes (79 characters).
"""

import base64
import binascii
import re

VERSION = 1  # of the packing: a code of another version is refused, not misread
ICE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
IPV4, IPV6, MDNS = 0, 1, 2  # the kinds of candidate address
ADDRESS_BYTES = {IPV4: 4, IPV6: 16, MDNS: 16}
MOST_CANDIDATES = 2
LONGEST_CODE = 200  # characters; an offer with two IPv6 candidates is about 150


class Unreadable(ValueError):
    """The text is not a handshake of this table (damaged, cut short, or of another version)."""


def pack(sdp: str, candidates: bool = True) -> str:
    """The essentials of ``sdp`` (an offer or an answer) as base64url; ``candidates`` False
    leaves the host candidates out (an answer needs none)."""
    found = {key: re.search(rf"^a={key}:(\S+)", sdp, re.M) for key in ("ice-ufrag", "ice-pwd",
                                                                         "setup")}
    fingerprint = re.search(r"^a=fingerprint:sha-256 ([0-9A-Fa-f:]{95})\s*$", sdp, re.M)
    if not all(found.values()) or fingerprint is None:
        raise Unreadable("not an SDP of a data channel")
    ufrag, pwd = found["ice-ufrag"].group(1), found["ice-pwd"].group(1)
    if not (4 <= len(ufrag) <= 64 and 22 <= len(pwd) <= 64):
        raise Unreadable("ICE credentials of a length the standard does not allow")
    answer = found["setup"].group(1) == "active"
    out = bytearray([VERSION << 1 | answer, len(ufrag), len(pwd)])
    out += _six_bits(ufrag + pwd)
    out += bytes.fromhex(fingerprint.group(1).replace(":", ""))
    hosts = re.findall(r"^a=candidate:\S+ 1 udp \d+ (\S+) (\d+) typ host", sdp, re.M)
    hosts = hosts[:MOST_CANDIDATES] if candidates else []
    out.append(len(hosts))
    for address, port in hosts:
        out += _address(address) + int(port).to_bytes(2, "big")
    out += binascii.crc_hqx(out, 0).to_bytes(2, "big")
    return base64.urlsafe_b64encode(bytes(out)).rstrip(b"=").decode()


def unpack(code: str) -> str:
    """The SDP ``code`` (from :func:`pack`) stands for, rebuilt from the template;
    :class:`Unreadable` if it is not such a code."""
    if not 0 < len(code) <= LONGEST_CODE or not re.fullmatch(r"[A-Za-z0-9_-]+", code):
        raise Unreadable("not a handshake code")
    try:
        data = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    except ValueError:
        raise Unreadable("not base64url") from None
    if len(data) < 3 or binascii.crc_hqx(data[:-2], 0) != int.from_bytes(data[-2:], "big"):
        raise Unreadable("damaged or cut short")
    reader = _Reader(data[:-2])
    head, ufrag_n, pwd_n = reader.take(3)
    if head >> 1 != VERSION or not (4 <= ufrag_n <= 64 and 22 <= pwd_n <= 64):
        raise Unreadable("another version, or damaged")
    chars = _from_six_bits(reader.take((6 * (ufrag_n + pwd_n) + 7) // 8), ufrag_n + pwd_n)
    fingerprint = ":".join(f"{b:02X}" for b in reader.take(32))
    (count,) = reader.take(1)
    if count > MOST_CANDIDATES:
        raise Unreadable("too many candidates")
    lines = ["v=0", "o=- 0 0 IN IP4 0.0.0.0", "s=-", "t=0 0",
             "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0"]
    for k in range(count):
        (kind,) = reader.take(1)
        if kind not in ADDRESS_BYTES:
            raise Unreadable("an unknown kind of address")
        address = _address_text(kind, reader.take(ADDRESS_BYTES[kind]))
        port = int.from_bytes(reader.take(2), "big")
        if port == 0:
            raise Unreadable("port 0")
        lines.append(f"a=candidate:{k} 1 udp {2113937151 - k} {address} {port} typ host")
    if not reader.done:
        raise Unreadable("bytes after the end")
    lines += [f"a=ice-ufrag:{chars[:ufrag_n]}", f"a=ice-pwd:{chars[ufrag_n:]}",
              f"a=fingerprint:sha-256 {fingerprint}",
              f"a=setup:{'active' if head & 1 else 'actpass'}", "a=mid:0", "a=sctp-port:5000"]
    return "\r\n".join(lines) + "\r\n"


class _Reader:
    def __init__(self, data: bytes):
        self.data, self.at = data, 0

    def take(self, n: int) -> bytes:
        if self.at + n > len(self.data):
            raise Unreadable("cut short")
        self.at += n
        return self.data[self.at - n:self.at]

    @property
    def done(self) -> bool:
        return self.at == len(self.data)


def _six_bits(text: str) -> bytes:
    """ICE characters (RFC 8839: letters, digits, + and /), six bits each."""
    if any(c not in ICE_CHARS for c in text):
        raise Unreadable("ICE credentials out of the standard's alphabet")
    bits = "".join(f"{ICE_CHARS.index(c):06b}" for c in text)
    bits += "0" * (-len(bits) % 8)
    return bytes(int(bits[i:i + 8], 2) for i in range(0, len(bits), 8))


def _from_six_bits(data: bytes, count: int) -> str:
    bits = "".join(f"{b:08b}" for b in data)
    return "".join(ICE_CHARS[int(bits[6 * i:6 * i + 6], 2)] for i in range(count))


def _address(text: str) -> bytes:
    """A candidate's address as its kind and bytes: an IPv4 or IPv6 address, or the UUID of
    an mDNS name (``<uuid>.local``, as browsers hide local addresses). (Written out rather
    than with ``ipaddress`` and ``uuid``: the site's trimmed standard library has neither.)"""
    try:
        if text.endswith(".local"):
            name = text[:-len(".local")]
            if [len(part) for part in name.split("-")] != [8, 4, 4, 4, 12]:
                raise ValueError(text)
            return bytes([MDNS]) + bytes.fromhex(name.replace("-", ""))
        if ":" not in text:
            parts = [int(part) for part in text.split(".") if part.isdigit()]
            if len(parts) != 4 or text.count(".") != 3:
                raise ValueError(text)
            return bytes([IPV4, *parts])
        head, gap, tail = text.partition("::")
        groups = [head.split(":") if head else [], tail.split(":") if tail else []]
        missing = 8 - len(groups[0]) - len(groups[1])
        groups = groups[0] + ["0"] * missing + groups[1] if gap and missing > 0 else \
            groups[0] if not gap else []
        if len(groups) != 8 or not all(1 <= len(g) <= 4 for g in groups):
            raise ValueError(text)
        return bytes([IPV6]) + b"".join(int(g, 16).to_bytes(2, "big") for g in groups)
    except ValueError:  # (bytes() of a number over 255 included)
        raise Unreadable("not an address") from None


def _address_text(kind: int, data: bytes) -> str:
    if kind == MDNS:
        h = data.hex()
        return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}.local"
    if kind == IPV4:
        return ".".join(map(str, data))
    groups = [f"{int.from_bytes(data[i:i + 2], 'big'):x}" for i in range(0, 16, 2)]
    # the longest run of two or more zero groups written "::" (RFC 5952)
    runs = [(j - i, i) for i in range(8) for j in range(i + 2, 9) if groups[i:j] == ["0"] * (j - i)]
    if not runs:
        return ":".join(groups)
    length, at = max(runs, key=lambda run: (run[0], -run[1]))
    return ":".join(groups[:at]) + "::" + ":".join(groups[at + length:])
