#!/usr/bin/python3
"""Writes the import fixtures of test_matrix_io into this folder.

Run with Debian's NumPy (python3-numpy 1.24): /usr/bin/python3 make_fixtures.py
The matrices are the ones test_matrix_io.cpp expects (kM, kP, ... there). Zip members written by
np.savez carry the current time, so re-running changes those bytes but nothing a test reads.
Special archives (fixed-Huffman members, ZIP64 records, bad CRCs) are assembled by hand below.
"""
import io
import os
import struct
import zipfile
import zlib

import numpy as np
from numpy.lib import format as npformat

HERE = os.path.dirname(os.path.abspath(__file__))

# M: exact in float16, float32 and float64.  P: values that need all 17 digits of a double.
M = (np.arange(12, dtype=np.float64).reshape(3, 4) * 0.25) - 1.375
P = np.array([[0.1, 1 / 3, np.pi], [-2.5e-308, 5e-324, -1e15]])
VECTOR = np.array([1.5, -2.5, 3.5, 0.0])


def path(name):
    return os.path.join(HERE, name)


def save(name, array, **kwargs):
    np.save(path(name), array, **kwargs)


def npy_bytes(array, version=None):
    buffer = io.BytesIO()
    npformat.write_array(buffer, np.asanyarray(array), version=version, allow_pickle=True)
    return buffer.getvalue()


def write(name, data):
    with open(path(name), "wb") as f:
        f.write(data)


# --- zip archives assembled by hand ------------------------------------------------------------


def deflate(data, level=9, strategy=zlib.Z_DEFAULT_STRATEGY):
    c = zlib.compressobj(level, zlib.DEFLATED, -15, 9, strategy)
    return c.compress(data) + c.flush()


def write_zip(name, members, zip64=False, comment=b""):
    """members: dicts with name, data (uncompressed), method (0/8/other), payload (the bytes
    stored), and optional crc, flags, size (declared uncompressed size)."""
    out = bytearray()
    central = bytearray()
    for m in members:
        fname = m["name"].encode()
        crc = m.get("crc", zlib.crc32(m["data"]) & 0xFFFFFFFF)
        flags = m.get("flags", 0)
        size = m.get("size", len(m["data"]))
        csize = len(m["payload"])
        offset = len(out)
        version = 45 if zip64 else 20
        if zip64:
            local_extra = struct.pack("<HHQQ", 1, 16, size, csize)
            out += struct.pack("<IHHHHHIIIHH", 0x04034B50, version, flags, m["method"], 0, 0x21,
                               crc, 0xFFFFFFFF, 0xFFFFFFFF, len(fname), len(local_extra))
            out += fname + local_extra
            extra = struct.pack("<HHQQQ", 1, 24, size, csize, offset)
            sizes = (0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF)
        else:
            out += struct.pack("<IHHHHHIIIHH", 0x04034B50, version, flags, m["method"], 0, 0x21,
                               crc, csize, size, len(fname), 0)
            out += fname
            extra = b""
            sizes = (csize, size, offset)
        out += m["payload"]
        central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, version, version, flags,
                               m["method"], 0, 0x21, crc, sizes[0], sizes[1], len(fname),
                               len(extra), 0, 0, 0, 0, sizes[2])
        central += fname + extra
    cd_offset = len(out)
    out += central
    count = len(members)
    if zip64:
        z64 = len(out)
        out += struct.pack("<IQHHIIQQQQ", 0x06064B50, 44, 45, 45, 0, 0, count, count,
                           len(central), cd_offset)
        out += struct.pack("<IIQI", 0x07064B50, 0, z64, 1)
        out += struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, 0xFFFF, 0xFFFF, 0xFFFFFFFF,
                           0xFFFFFFFF, len(comment))
    else:
        out += struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, count, count, len(central),
                           cd_offset, len(comment))
    out += comment
    write(name, bytes(out))


def member(name, data, method=8, level=9, strategy=zlib.Z_DEFAULT_STRATEGY, **extra):
    payload = deflate(data, level, strategy) if method == 8 else data
    return dict(name=name, data=data, method=method, payload=payload, **extra)


def main():
    # Good .npy files.
    save("f8_c.npy", M)
    save("f8_fortran.npy", np.asfortranarray(M))
    save("f4_c.npy", M.astype("<f4"))
    save("f4_fortran_be.npy", np.asfortranarray(M.astype(">f4")))
    save("f8_be.npy", M.astype(">f8"))
    save("f2.npy", M.astype("<f2"))
    save("i4.npy", (M * 8).astype("<i4"))
    save("i2_be.npy", np.array([[-300, 300]], dtype=">i2"))
    save("u1.npy", np.array([[0, 255, 7]], dtype="u1"))
    save("i8_limits.npy", np.array([[10**15, -(10**15)], [0, 7]], dtype="<i8"))
    save("vector.npy", VECTOR)
    save("precise.npy", P)
    save("single.npy", np.array([[42.0]]))
    write("v2.npy", npy_bytes(M, version=(2, 0)))
    write("v3.npy", npy_bytes(M, version=(3, 0)))
    # Python 2 era NumPy wrote long integers in the shape: (2L, 2L).
    header = b"{'descr': '<f8', 'fortran_order': False, 'shape': (2L, 2L), }"
    header += b" " * (64 - (10 + len(header) + 1) % 64) + b"\n"
    write("legacy_long.npy", b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header
          + np.array([[1.0, 2.0], [3.0, 4.0]]).tobytes())

    # .npy files that must be refused.
    save("complex.npy", np.array([[1 + 2j, 3]]))
    save("object.npy", np.array([[1.0, "a"]], dtype=object), allow_pickle=True)
    save("str.npy", np.array([["abc", "d"]]))
    save("bytes.npy", np.array([[b"abc", b"d"]]))
    save("bool.npy", np.array([[True, False]]))
    save("three_d.npy", np.zeros((2, 3, 4)))
    save("scalar.npy", np.float64(3.0))
    save("empty.npy", np.zeros((0, 3)))
    save("nan.npy", np.array([[1.0, np.nan]]))
    save("inf.npy", np.array([[1.0], [-np.inf]]))
    save("too_large_value.npy", np.array([[1e16]]))
    save("structured.npy", np.zeros((2,), dtype=[("a", "<f8"), ("b", "<i4")]))
    save("datetime.npy", np.array([["2024-01-01"]], dtype="datetime64[D]"))
    save("longdouble.npy", np.zeros((2, 2), dtype=np.longdouble))
    save("too_many_rows.npy", np.zeros((4097, 1), dtype="i1"))
    save("u8_big.npy", np.array([[2**63]], dtype="<u8"))

    # .npz archives as NumPy writes them.
    np.savez(path("savez.npz"), X=M, P=P, v=VECTOR)
    np.savez_compressed(path("savez_compressed.npz"), X=M, P=P, v=VECTOR)
    np.savez_compressed(path("positional.npz"), M, P)
    rng = np.random.default_rng(1234)
    big = np.round(np.sin(np.arange(64 * 64).reshape(64, 64) / 7.0), 3)
    noise = rng.integers(0, 256, size=(1, 4000), dtype=np.uint8)  # incompressible: stored blocks
    np.savez_compressed(path("mixed_compressed.npz"), big=big, noise=noise, tiny=np.array([[1.0]]))
    np.savez(path("empty.npz"))
    np.savez_compressed(path("listing.npz"), good=M, cube=np.zeros((2, 2, 2)),
                        cplx=np.array([[1j]]), vec=VECTOR)
    with zipfile.ZipFile(path("level0.npz"), "w", zipfile.ZIP_DEFLATED, compresslevel=0) as z:
        z.writestr("X.npy", npy_bytes(M))

    # .npz archives assembled by hand.
    xm, pm = npy_bytes(M), npy_bytes(P)
    write_zip("fixed_huffman.npz", [member("X.npy", xm, strategy=zlib.Z_FIXED),
                                     member("P.npy", pm, strategy=zlib.Z_FIXED)])
    write_zip("zip64.npz", [member("X.npy", xm), member("P.npy", pm, method=0)], zip64=True)
    write_zip("commented.npz", [member("X.npy", xm)], comment=b"attnviz fixture")
    write_zip("bad_crc.npz", [member("X.npy", xm, crc=(zlib.crc32(xm) ^ 1) & 0xFFFFFFFF)])
    write_zip("bad_crc_stored.npz",
              [member("X.npy", xm, method=0, crc=(zlib.crc32(xm) + 1) & 0xFFFFFFFF)])
    corrupt = member("X.npy", xm)
    payload = bytearray(corrupt["payload"])
    payload[len(payload) // 2] ^= 0x55
    corrupt["payload"] = bytes(payload)
    write_zip("corrupt_deflate.npz", [corrupt])
    write_zip("encrypted.npz", [member("X.npy", xm, method=0, flags=1)])
    write_zip("bzip2.npz", [dict(name="X.npy", data=xm, method=12, payload=b"BZh9" + xm[:40])])
    write_zip("no_arrays.npz", [member("readme.txt", b"no arrays in here\n", method=0)])
    write_zip("text_member.npz", [member("X.npy", b"1,2,3\n4,5,6\n", method=0)])
    zeros = bytes(1 << 20)
    write_zip("bomb.npz", [member("X.npy", zeros, size=200 << 20)])
    write_zip("oversized.npz", [member("X.npy", xm, size=300 << 20)])
    write_zip("lying_size.npz", [member("X.npy", xm, size=len(xm) - 8)])

    # Raw DEFLATE streams of one text, each coded differently (test_matrix_export's inflate
    # tests; the decoder must give deflate_plain.bin back from each).
    plain = (b"Scaled dot-product attention: softmax(Q K^T / sqrt(d_k)) V. " * 40
             + bytes(range(256)) + rng.integers(0, 256, 3000, dtype=np.uint8).tobytes())
    write("deflate_plain.bin", plain)
    write("deflate_stored.bin", deflate(plain, level=0))
    write("deflate_fixed.bin", deflate(plain, strategy=zlib.Z_FIXED))
    write("deflate_dynamic.bin", deflate(plain))
    write("deflate_empty.bin", deflate(b""))

    # Text files.
    np.savetxt(path("savetxt_default.txt"), P)  # '%.18e', space-separated: exact
    np.savetxt(path("savetxt_header.csv"), M, delimiter=",", header="a,b,c,d")
    np.savetxt(path("savetxt_17g.csv"), P, delimiter=",", fmt="%.17g")
    write("bom_crlf_header.csv", "\ufeffx,y,z,w\r\n".encode()
          + "".join(",".join(repr(float(v)) for v in row) + "\r\n" for row in M).encode())
    write("tab.tsv", "".join("\t".join(repr(float(v)) for v in row) + "\n" for row in M).encode())
    write("semicolon_decimal_comma.csv", b"sep=;\n"
          + "".join(";".join(repr(float(v)).replace(".", ",") for v in row) + "\n"
                    for row in M).encode())
    write("whitespace.txt", "".join("  ".join(repr(float(v)) for v in row) + "  \n"
                                    for row in M).encode())

    # What attnviz's .npy export must equal byte for byte.
    save("export_reference.npy",
         np.array([[1.5, -np.inf, 0.1], [-0.0, 1e-300, 2.0**60]]))
    save("export_reference_12x10.npy",
         np.arange(12)[:, None] - 0.5 * np.arange(10)[None, :])


if __name__ == "__main__":
    main()
