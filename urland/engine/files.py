"""The user's files, read so that no file can stop, freeze or fool the game, and written so
that a crash never leaves half a file.

`read_yaml` is the one way a save, the settings or any other user file is read. It is bounded
and total: it opens only ordinary files (never a FIFO or a device, whatever a symlink points at),
reads at most `limit` bytes, accepts only UTF-8 text, parses with a safe loader that knows only
plain scalars, lists and mappings (no YAML aliases or anchors, no dates, no nesting deeper than
MAX_DEPTH, no number longer than MAX_DIGITS digits), and turns every failure into a
UserFileError whose message a player understands.
"""

from __future__ import annotations

import datetime
import os
import re
import stat
import tempfile
from pathlib import Path
from typing import Any

import yaml

from urland.engine.errors import Refusal, UserFileError

MAX_BYTES = 256 * 1024  # a whole game saves in a few kilobytes
MAX_DEPTH = 16  # no Urland file nests deeper than four or five levels
MAX_DIGITS = 18  # seeds and counts; a 5,000-digit number is damage, not data

# Every temporary file write_atomic makes: `.NAME.` + eight random characters + `.tmp`.
_TEMP_NAME = re.compile(r"^\..+\.[a-z0-9_]{8}\.tmp$")


class _Refused(Exception):
    """Raised inside the loader for something no Urland file contains."""


_SCALARS = ("tag:yaml.org,2002:null", "tag:yaml.org,2002:bool", "tag:yaml.org,2002:int",
            "tag:yaml.org,2002:float", "tag:yaml.org,2002:str")


class _Bounds(yaml.composer.Composer, yaml.constructor.SafeConstructor, yaml.resolver.Resolver):
    """PyYAML's safe loading, narrowed to plain data: no aliases, no dates, bounded depth. Its
    composer is PyYAML's own (in Python), so every node passes compose_node below, whichever
    parser reads the text."""

    yaml_implicit_resolvers = {
        first: [(tag, regexp) for tag, regexp in resolvers if tag in _SCALARS]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }
    yaml_constructors = {
        tag: constructor for tag, constructor in yaml.SafeLoader.yaml_constructors.items()
        if tag in (*_SCALARS, "tag:yaml.org,2002:seq", "tag:yaml.org,2002:map", None)
    }

    def __init__(self) -> None:
        yaml.composer.Composer.__init__(self)
        yaml.constructor.SafeConstructor.__init__(self)
        yaml.resolver.Resolver.__init__(self)
        self._depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent) or getattr(self.peek_event(), "anchor", None):
            raise _Refused(Refusal(
                "it uses YAML references (& and *), which Urland files never do"))
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise _Refused(Refusal("it is nested far too deeply"))
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def construct_yaml_int(self, node: yaml.ScalarNode) -> int:
        if len(node.value) > MAX_DIGITS + 2:
            raise _Refused(Refusal("it holds a number far too long"))
        return super().construct_yaml_int(node)


_Bounds.add_constructor("tag:yaml.org,2002:int", _Bounds.construct_yaml_int)


class _BoundedLoader(_Bounds, yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser):
    """The bounded loader on PyYAML's own parser, in Python: the reference, whose verdict and
    words count for every text the fast one does not read."""

    def __init__(self, stream: str) -> None:
        yaml.reader.Reader.__init__(self, stream)
        yaml.scanner.Scanner.__init__(self)
        yaml.parser.Parser.__init__(self)
        _Bounds.__init__(self)


try:  # libyaml's scanner and parser, in C, when PyYAML was built with it (5 times faster)
    from yaml._yaml import CParser

    class _FastLoader(_Bounds, CParser):
        """The same bounds on libyaml's parser."""

        def __init__(self, stream: str) -> None:
            CParser.__init__(self, stream)
            _Bounds.__init__(self)

    _FAST: type[_Bounds] | None = _FastLoader
except ImportError:  # pragma: no cover - PyYAML without libyaml
    _FAST = None


def display_name(path: str | Path) -> str:
    """The file's name as a sentence can show it: bytes that are not UTF-8 (kept by the file
    system as surrogate escapes, which no font can draw) become the replacement character."""
    name = Path(path).name
    try:
        return name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    except UnicodeEncodeError:  # a lone surrogate of a Windows name
        return re.sub("[\ud800-\udfff]", "\ufffd", name)


def read_text(path: str | Path, limit: int = MAX_BYTES) -> str:
    """The file's text; UserFileError unless it is an ordinary UTF-8 file of at most `limit`."""
    path = Path(path)
    name = display_name(path)
    # O_NONBLOCK: opening a FIFO must not wait for a writer (fstat then refuses it).
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(
        os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise UserFileError(Refusal("{name}: no such file.", name=name), missing=True) from None
    except OSError as exc:
        raise UserFileError(_unreadable(name, exc)) from exc
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UserFileError(Refusal("{name}: damaged (not an ordinary file).", name=name))
        if info.st_size > limit:
            raise UserFileError(Refusal("{name}: damaged (far too large: {size}).", name=name,
                                                  size=_size(info.st_size)))
        data = _read_at_most(fd, limit + 1)
    except OSError as exc:
        raise UserFileError(_unreadable(name, exc)) from exc
    finally:
        os.close(fd)
    if len(data) > limit:
        raise UserFileError(Refusal("{name}: damaged (far too large).", name=name))
    if b"\0" in data:
        raise UserFileError(Refusal("{name}: damaged (not a text file).", name=name))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise UserFileError(Refusal("{name}: damaged (not a text file).", name=name)) from None


def _unreadable(name: str, exc: OSError) -> Refusal:
    """The system's own words for why a file cannot be read (in the system's language)."""
    return Refusal("{name}: cannot be read ({why}).", name=name, why=exc.strerror or exc)


def _read_at_most(fd: int, n: int) -> bytes:
    chunks: list[bytes] = []
    while n > 0:
        chunk = os.read(fd, min(n, 65536))
        if not chunk:
            break
        chunks.append(chunk)
        n -= len(chunk)
    return b"".join(chunks)


def _size(n: int) -> str:
    return f"{n / 1_000_000:.1f} MB" if n >= 100_000 else f"{n // 1000} kB"


def parse_yaml(text: str, name: str) -> Any:
    """The YAML document in `text`, read by the narrowed safe loader; UserFileError otherwise."""
    if _FAST is not None:
        try:
            return _load(_FAST, text)
        except _Refused as exc:
            raise UserFileError(Refusal("{name}: damaged ({why}).", name=name,
                                        why=exc.args[0])) from None
        except Exception:  # libyaml refuses it: the reference loader says why, or reads it
            pass  # (libyaml refuses a few texts PyYAML reads, e.g. a "\ud800" escape)
    loader = None
    try:
        # Built inside the `try`: PyYAML's reader refuses control characters as it is made.
        loader = _BoundedLoader(text)
        return loader.get_single_data()
    except _Refused as exc:
        raise UserFileError(Refusal("{name}: damaged ({why}).", name=name,
                                    why=exc.args[0])) from None
    except yaml.reader.ReaderError:
        raise UserFileError(Refusal("{name}: damaged (it holds a control character).",
                                    name=name)) from None
    except yaml.MarkedYAMLError as exc:
        if exc.problem_mark:
            raise UserFileError(Refusal("{name}: damaged (not valid YAML, line {line}).",
                                        name=name, line=exc.problem_mark.line + 1)) from None
        raise UserFileError(Refusal("{name}: damaged (not valid YAML).", name=name)) from None
    except Exception as exc:  # the loader's own limits: RecursionError, ValueError, ...
        raise UserFileError(Refusal("{name}: damaged (not valid YAML: {kind}).", name=name,
                                    kind=type(exc).__name__)) from None
    finally:
        if loader is not None:
            loader.dispose()


def _load(loader_class: type[_Bounds], text: str) -> Any:
    loader = loader_class(text)  # type: ignore[call-arg]
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()


def read_yaml(path: str | Path, limit: int = MAX_BYTES) -> Any:
    """`read_text` then `parse_yaml`: the bounded, total reader for every user file."""
    return parse_yaml(read_text(path, limit), display_name(path))


# --- writing ----------------------------------------------------------------------------------

def write_atomic(path: str | Path, text: str) -> None:
    """Write to a temporary file beside `path`, flush it to disk, rename it over `path`, then
    flush the folder so the rename itself survives a power cut. OSError when it cannot."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    sync_folder(path.parent)


def sync_folder(folder: Path) -> None:
    """Flush a folder's entries to disk (POSIX only; elsewhere a rename is already durable)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def remove_leftover_temp_files(folder: Path) -> list[str]:
    """Delete the temporary files an interrupted `write_atomic` left in `folder`; their names."""
    removed = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        if _TEMP_NAME.match(entry.name) and entry.is_file(follow_symlinks=False):
            try:
                os.unlink(entry.path)
            except OSError:
                continue
            removed.append(entry.name)
    return removed


def move_aside(path: Path, why: str = "damaged") -> Path | None:
    """Rename a file that cannot be used to `NAME.WHY-YYYY-MM-DDTHH-MM.yaml` beside it, never
    over another file. The new path, or None when the folder refuses the rename."""
    stamp = datetime.datetime.now().strftime("%Y-%m-%dT%H-%M")
    for n in range(1, 100):
        suffix = "" if n == 1 else f"-{n}"
        target = path.with_name(f"{path.stem}.{why}-{stamp}{suffix}{path.suffix}")
        if target.exists() or target.is_symlink():
            continue
        try:
            os.rename(path, target)
        except OSError:
            return None
        return target
    return None
