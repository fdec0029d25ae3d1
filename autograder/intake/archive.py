"""Open a zip whose entries may each be damaged, without losing the others.

zipfile reads the whole central directory when it opens an archive, and refuses the archive when
one entry's header is odd: a name flagged UTF-8 that is not, a "version needed to extract" it does
not know, a damaged extra field. `open_zip` hands zipfile a view of the file whose headers are
patched (the flag cleared in both headers, so the name decodes as cp437 byte for byte; the version
lowered; the extra field blanked) and says which entries were, so the caller can judge each entry
on its own. Everything else (sizes, CRCs, encryption, compression methods) zipfile checks as it reads.
"""
import struct
import zipfile
from pathlib import Path
from typing import BinaryIO


class PatchedFile:
    """A read-only file in which some byte ranges read as patched copies."""

    def __init__(self, path: Path, patches: dict[int, bytes]):
        self._file = open(path, "rb")
        self._patches, self._pos = patches, 0

    def seekable(self) -> bool:
        return True

    def seek(self, offset: int, whence: int = 0) -> int:
        self._pos = self._file.seek(offset, whence)
        return self._pos

    def tell(self) -> int:
        return self._pos

    def read(self, n: int = -1) -> bytes:
        self._file.seek(self._pos)
        data = self._file.read(n)
        low, high = self._pos, self._pos + len(data)
        for start, patch in self._patches.items():
            a, b = max(low, start), min(high, start + len(patch))
            if a < b:
                data = data[:a - low] + patch[a - start:b - start] + data[b - low:]
        self._pos = high
        return data

    def close(self) -> None:
        self._file.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def patch_headers(file: BinaryIO) -> tuple[dict[int, bytes], dict[int, set[str]]]:
    """({offset: patched bytes}, {entry index: what was patched: "name", "version", "extra"}) for a zip."""
    end = zipfile._EndRecData(file)
    if not end:
        raise zipfile.BadZipFile("not a zip file (no end of central directory)")
    size, offset = end[zipfile._ECD_SIZE], end[zipfile._ECD_OFFSET]
    concat = end[zipfile._ECD_LOCATION] - size - offset
    if end[zipfile._ECD_SIGNATURE] == zipfile.stringEndArchive64:
        concat -= zipfile.sizeEndCentDir64 + zipfile.sizeEndCentDir64Locator
    start = offset + concat
    file.seek(start)
    cd = bytearray(file.read(size))
    patches, patched, pos, index = {}, {}, 0, 0
    while pos + zipfile.sizeCentralDir <= len(cd):
        header = struct.unpack(zipfile.structCentralDir, cd[pos:pos + zipfile.sizeCentralDir])
        if header[zipfile._CD_SIGNATURE] != zipfile.stringCentralDir:
            break  # zipfile says what is wrong
        name_len, extra_len = header[zipfile._CD_FILENAME_LENGTH], header[zipfile._CD_EXTRA_FIELD_LENGTH]
        name_at = pos + zipfile.sizeCentralDir
        flags = header[zipfile._CD_FLAG_BITS]
        if flags & 0x800:
            try:
                bytes(cd[name_at:name_at + name_len]).decode("utf-8")
            except UnicodeDecodeError:
                struct.pack_into("<H", cd, pos + 8, flags & ~0x800)
                patched.setdefault(index, set()).add("name")
                local = header[zipfile._CD_LOCAL_HEADER_OFFSET] + concat
                file.seek(local + 6)
                local_flags = file.read(2)
                if len(local_flags) == 2:
                    patches[local + 6] = struct.pack("<H", struct.unpack("<H", local_flags)[0] & ~0x800)
        if header[zipfile._CD_EXTRACT_VERSION] > zipfile.MAX_EXTRACT_VERSION:
            cd[pos + 6] = 20
            patched.setdefault(index, set()).add("version")
        extra_at = name_at + name_len
        if not _extra_ok(bytes(cd[extra_at:extra_at + extra_len]), header):
            cd[extra_at:extra_at + extra_len] = _blank_extra(extra_len)
            patched.setdefault(index, set()).add("extra")
        pos = extra_at + extra_len + header[zipfile._CD_COMMENT_LENGTH]
        index += 1
    patches[start] = bytes(cd)
    return patches, patched


def _extra_ok(extra: bytes, header) -> bool:
    """Whether zipfile can decode this extra field (records that fit; a ZIP64 record long enough)."""
    while len(extra) >= 4:
        kind, length = struct.unpack("<HH", extra[:4])
        if length + 4 > len(extra):
            return False
        if kind == 1:  # ZIP64: an 8-byte field for each size or offset saturated in the header
            needed = sum(8 for value, full in ((header[zipfile._CD_UNCOMPRESSED_SIZE], 0xFFFFFFFF),
                                                (header[zipfile._CD_COMPRESSED_SIZE], 0xFFFFFFFF),
                                                (header[zipfile._CD_LOCAL_HEADER_OFFSET], 0xFFFFFFFF))
                         if value == full)
            if length < needed:
                return False
        extra = extra[length + 4:]
    return True


def _blank_extra(length: int) -> bytes:
    if length < 4:
        return bytes(length)
    return struct.pack("<HH", 0xCAFE, length - 4) + bytes(length - 4)  # one record of an unknown kind


def open_zip(archive: Path) -> tuple[PatchedFile, dict[int, set[str]]]:
    """The archive as a file zipfile can open whatever one entry's header says, and what was patched."""
    with open(archive, "rb") as file:
        patches, patched = patch_headers(file)
    return PatchedFile(archive, patches), patched
