#!/usr/bin/env python3
"""Renders a terminal screen captured with `tmux capture-pane -e -p` to SVG.

Usage: render.py [--light] COLUMNS ROWS < capture.ans > screen.svg
       render.py --shrink FILE.png

--light draws the terminal's default colours dark on white, for themes made for light terminals.
--shrink rewrites an 8-bit RGB or RGBA PNG (as rsvg-convert writes it) as a PNG of at most 256
colours, the most frequent ones, every other colour drawn as its nearest: about a third the size.

Reads UTF-8 text with SGR escape sequences (8/16/256/24-bit colours, bold, dim, italic,
underline, reverse, strikethrough) and draws it on a fixed grid of cells in DejaVu Sans Mono on a
dark background. Wide characters (CJK, emoji) take two cells, as tmux laid them out (the C
library's wcwidth, with Python's East Asian Width as a fallback); light box-drawing characters
are drawn as strokes so that borders join between rows. Standard library only.
"""

import ctypes
import collections
import ctypes.util
import re
import struct
import sys
import unicodedata
import zlib
from xml.sax.saxutils import escape

FONT_SIZE = 15
CELL_W = 9.0  # DejaVu Sans Mono advances 0.602 em: 9.03 px at 15 px
CELL_H = 18.0
PAD = 10.0
BACKGROUND = "#1c1f24"
FOREGROUND = "#d4d7dc"
# The 16 ANSI colours: a dark palette close to common terminal defaults.
ANSI = [
    "#2e3436", "#e0605a", "#8bc34a", "#e5c07b", "#3b78d8", "#c678dd", "#5fd3e0", "#d4d7dc",
    "#6b7280", "#ff7b72", "#a5e075", "#f4d58d", "#82b1ff", "#e0a0f0", "#7fdbe6", "#ffffff",
]


def palette(index):
    """Returns the #rrggbb colour of xterm's 256-colour palette entry `index`."""
    if index < 16:
        return ANSI[index]
    if index < 232:
        index -= 16
        steps = [0, 95, 135, 175, 215, 255]
        r, g, b = steps[index // 36], steps[(index // 6) % 6], steps[index % 6]
        return "#%02x%02x%02x" % (r, g, b)
    level = 8 + 10 * (index - 232)
    return "#%02x%02x%02x" % (level, level, level)


def _libc_wcwidth():
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or None)
        libc.setlocale.restype = ctypes.c_char_p
        for name in (b"C.UTF-8", b"en_US.UTF-8", b"C.utf8"):
            if libc.setlocale(6, name):  # LC_ALL
                break
        else:
            return None
        function = libc.wcwidth
        function.argtypes = [ctypes.c_wchar]
        function.restype = ctypes.c_int
        return function
    except (OSError, AttributeError):
        return None


_WCWIDTH = _libc_wcwidth()


def cell_width(char):
    """Returns how many cells `char` takes: 0 (combining), 1 or 2 (wide)."""
    if _WCWIDTH is not None:
        width = _WCWIDTH(char)
        if width >= 0:
            return width
    if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


class Style:
    """The SGR state of a cell."""

    __slots__ = ("fg", "bg", "bold", "dim", "italic", "underline", "reverse", "strike")

    def __init__(self):
        self.reset()

    def reset(self):
        self.fg = None
        self.bg = None
        self.bold = self.dim = self.italic = False
        self.underline = self.reverse = self.strike = False

    def copy(self):
        other = Style()
        for name in self.__slots__:
            setattr(other, name, getattr(self, name))
        return other

    def key(self):
        return tuple(getattr(self, name) for name in self.__slots__)

    def apply(self, params):
        """Applies one SGR sequence's parameters (a list of ints; `[]` means reset)."""
        if not params:
            params = [0]
        i = 0
        while i < len(params):
            p = params[i]
            if p == 0:
                self.reset()
            elif p == 1:
                self.bold = True
            elif p == 2:
                self.dim = True
            elif p == 3:
                self.italic = True
            elif p in (4, 21):
                self.underline = True
            elif p == 7:
                self.reverse = True
            elif p == 9:
                self.strike = True
            elif p == 22:
                self.bold = self.dim = False
            elif p == 23:
                self.italic = False
            elif p == 24:
                self.underline = False
            elif p == 27:
                self.reverse = False
            elif p == 29:
                self.strike = False
            elif 30 <= p <= 37:
                self.fg = palette(p - 30)
            elif 40 <= p <= 47:
                self.bg = palette(p - 40)
            elif 90 <= p <= 97:
                self.fg = palette(p - 90 + 8)
            elif 100 <= p <= 107:
                self.bg = palette(p - 100 + 8)
            elif p == 39:
                self.fg = None
            elif p == 49:
                self.bg = None
            elif p in (38, 48) and i + 1 < len(params):
                colour = None
                if params[i + 1] == 5 and i + 2 < len(params):
                    colour = palette(params[i + 2] % 256)
                    i += 2
                elif params[i + 1] == 2 and i + 4 < len(params):
                    colour = "#%02x%02x%02x" % tuple(v % 256 for v in params[i + 2:i + 5])
                    i += 4
                if p == 38:
                    self.fg = colour
                else:
                    self.bg = colour
            i += 1

    def colours(self):
        """Returns (foreground, background) after reverse video, background None if default."""
        fg, bg = self.fg, self.bg
        if self.reverse:
            fg, bg = (bg or BACKGROUND), (fg or FOREGROUND)
        return fg or FOREGROUND, bg


ESCAPE = re.compile(r"\x1b\[([0-9;:]*)([A-Za-z])|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b.")


def parse(text, columns, rows):
    """Returns a grid of rows of cells (char, width, Style), None for the right half of a wide
    character."""
    grid = []
    style = Style()
    for line in text.split("\n")[:rows]:
        row = []
        pos = 0
        for match in ESCAPE.finditer(line + "\x1b[m"):
            for char in line[pos:match.start()]:
                width = cell_width(char)
                if width == 0 and row:
                    at = len(row) - 1 if row[-1] is not None else len(row) - 2
                    base = row[at]
                    row[at] = (base[0] + char, base[1], base[2])
                    continue
                if width == 0 or char == "\r":
                    continue
                row.append((char, width, style.copy()))
                if width == 2:
                    row.append(None)
            pos = match.end()
            if match.group(2) == "m":
                params = [int(p) if p else 0 for p in re.split(r"[;:]", match.group(1))]
                style.apply(params if match.group(1) else [])
        grid.append(row[:columns])
    while len(grid) < rows:
        grid.append([])
    return grid


# Light box drawing: which of (up, right, down, left) each character joins.
BOX = {
    "─": "0101", "│": "1010", "┌": "0110", "┐": "0011", "└": "1100", "┘": "1001",
    "├": "1110", "┤": "1011", "┬": "0111", "┴": "1101", "┼": "1111",
    "╭": "0110", "╮": "0011", "╰": "1100", "╯": "1001", "╴": "0001", "╶": "0100",
    "╵": "1000", "╷": "0010",
}


def fmt(value):
    return ("%.2f" % value).rstrip("0").rstrip(".")


def render(grid, columns, rows):
    width = columns * CELL_W + 2 * PAD
    height = rows * CELL_H + 2 * PAD
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s">'
        % (fmt(width), fmt(height), fmt(width), fmt(height)),
        '<rect width="100%%" height="100%%" fill="%s"/>' % BACKGROUND,
    ]
    backgrounds, strokes, texts, lines = [], [], [], []
    baseline = CELL_H * 0.76
    for y, row in enumerate(grid):
        top = PAD + y * CELL_H
        x = 0
        run = None  # (style key, style, [(column, char)])

        def flush():
            # One <text> per character, each at its own cell: librsvg honours only the first
            # of several x values, and a fallback font's advance differs from the cell width.
            if not run:
                return
            _, style, chars = run
            fg, _ = style.colours()
            attrs = ['fill="%s"' % fg]
            if style.bold:
                attrs.append('font-weight="bold"')
            if style.italic:
                attrs.append('font-style="italic"')
            if style.dim:
                attrs.append('fill-opacity="0.6"')
            y = fmt(top + baseline)
            glyphs = "".join(
                '<text x="%s" y="%s">%s</text>' % (fmt(PAD + c * CELL_W), y, escape(ch))
                if w == 1 else  # a wide character is centred on its two cells
                '<text x="%s" y="%s" text-anchor="middle">%s</text>'
                % (fmt(PAD + (c + 1) * CELL_W), y, escape(ch))
                for c, ch, w in chars)
            texts.append('<g %s>%s</g>' % (" ".join(attrs), glyphs))

        for cell in row:
            if cell is None:
                continue
            char, cw, style = cell
            fg, bg = style.colours()
            left = PAD + x * CELL_W
            if bg is not None:
                backgrounds.append('<rect x="%s" y="%s" width="%s" height="%s" fill="%s"/>'
                                   % (fmt(left), fmt(top), fmt(cw * CELL_W), fmt(CELL_H), bg))
            if style.underline or style.strike:
                ly = top + (CELL_H - 2.5 if style.underline else CELL_H / 2)
                lines.append('<rect x="%s" y="%s" width="%s" height="1" fill="%s"/>'
                             % (fmt(left), fmt(ly), fmt(cw * CELL_W), fg))
            if char in BOX:
                flush()
                run = None
                up, right, down, left_arm = (flag == "1" for flag in BOX[char])
                cx, cy = left + CELL_W / 2, top + CELL_H / 2
                opacity = ' opacity="0.6"' if style.dim else ""
                segments = []
                if up or down:
                    y0 = top if up else cy
                    y1 = top + CELL_H if down else cy
                    segments.append((cx, y0, cx, y1))
                if left_arm or right:
                    x0 = left if left_arm else cx
                    x1 = left + CELL_W if right else cx
                    segments.append((x0, cy, x1, cy))
                for x0, y0, x1, y1 in segments:
                    strokes.append('<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s"%s/>'
                                   % (fmt(x0), fmt(y0), fmt(x1), fmt(y1), fg, opacity))
            elif char != " ":
                key = style.key()
                if run is None or run[0] != key:
                    flush()
                    run = (key, style, [])
                run[2].append((x, char, cw))
            x += cw
        flush()
    out.append("".join(backgrounds))
    out.append('<g stroke-width="1" shape-rendering="crispEdges">%s</g>' % "".join(strokes))
    out.append('<g font-family="DejaVu Sans Mono" font-size="%s" xml:space="preserve">%s</g>'
               % (FONT_SIZE, "\n".join(texts)))
    out.append("".join(lines))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))


def shrink_png(path):
    """Rewrites the RGB(A) PNG at `path` as an indexed-colour PNG of at most 256 colours."""
    data = open(path, "rb").read()
    pos, idat, header = 8, b"", None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
    if header is None or header[2] != 8 or header[3] not in (2, 6) or header[6] != 0:
        raise ValueError("%s: not an 8-bit, non-interlaced RGB or RGBA PNG" % path)
    width, height, channels = header[0], header[1], 3 if header[3] == 2 else 4
    stride = width * channels
    raw = zlib.decompress(idat)
    pixels, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        if kind == 1:
            for i in range(channels, stride):
                line[i] = (line[i] + line[i - channels]) & 0xFF
        elif kind == 2:
            for i in range(stride):
                line[i] = (line[i] + previous[i]) & 0xFF
        elif kind == 3:
            for i in range(stride):
                left = line[i - channels] if i >= channels else 0
                line[i] = (line[i] + ((left + previous[i]) >> 1)) & 0xFF
        elif kind == 4:
            for i in range(stride):
                a = line[i - channels] if i >= channels else 0
                b = previous[i]
                c = previous[i - channels] if i >= channels else 0
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                predictor = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + predictor) & 0xFF
        pixels.append([bytes(line[i:i + 3]) for i in range(0, stride, channels)])
        previous = line
    counts = collections.Counter(p for row in pixels for p in row)
    palette_colours = [colour for colour, _ in counts.most_common(256)]
    index = {colour: i for i, colour in enumerate(palette_colours)}
    for colour in counts:
        if colour not in index:
            index[colour] = min(
                range(len(palette_colours)),
                key=lambda i: sum((x - y) ** 2 for x, y in zip(colour, palette_colours[i])))
    out = bytearray()
    for row in pixels:
        out.append(0)
        out.extend(index[p] for p in row)
    png = b"\x89PNG\r\n\x1a\n"
    png += _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0))
    png += _chunk(b"PLTE", b"".join(palette_colours))
    png += _chunk(b"IDAT", zlib.compress(bytes(out), 9))
    png += _chunk(b"IEND", b"")
    open(path, "wb").write(png)


def main():
    global BACKGROUND, FOREGROUND
    args = sys.argv[1:]
    if len(args) == 2 and args[0] == "--shrink":
        shrink_png(args[1])
        return 0
    if args[:1] == ["--light"]:
        BACKGROUND, FOREGROUND = "#ffffff", "#1f2328"
        args = args[1:]
    if len(args) != 2 or not all(a.isdigit() for a in args):
        sys.stderr.write("usage: render.py [--light] COLUMNS ROWS < capture.ans > screen.svg\n")
        return 2
    columns, rows = int(args[0]), int(args[1])
    text = sys.stdin.buffer.read().decode("utf-8", errors="replace")
    sys.stdout.write(render(parse(text, columns, rows), columns, rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
