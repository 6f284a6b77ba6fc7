#!/usr/bin/env python3
"""Writes picture-pages.pdf: pages that are only pictures, which Podium decodes itself, and
pages that look like them but are not, which Poppler draws (PDFPicturesTests). Plain Python:
zlib and PNG's row filters written here, every object by hand, so each page is exactly what
its comment says.

  python3 Tests/Fixtures/pdf/picture-pages.py Tests/Fixtures/pdf/picture-pages.pdf
"""

import sys
import zlib


def pattern(width, height, seed):
    """RGB rows: gradients, stripes and a hash's noise, so every PNG filter has work to do."""
    rows = []
    for y in range(height):
        row = bytearray()
        for x in range(width):
            noise = ((x * 73856093) ^ (y * 19349663) ^ (seed * 83492791)) & 0xFF
            row += bytes(
                (
                    (x * 255 // max(1, width - 1) + seed * 40) & 0xFF,
                    (y * 255 // max(1, height - 1)) & 0xFF,
                    noise if (x // 8 + y // 8) % 2 else (x * y + seed) & 0xFF,
                )
            )
        rows.append(bytes(row))
    return rows


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def png_filtered(rows, bpp):
    """Each row after a filter byte, the five filters in turn (row i gets filter i % 5)."""
    out = bytearray()
    previous = bytes(len(rows[0]))
    for index, row in enumerate(rows):
        kind = index % 5
        out.append(kind)
        for i, value in enumerate(row):
            left = row[i - bpp] if i >= bpp else 0
            up = previous[i]
            corner = previous[i - bpp] if i >= bpp else 0
            predicted = [0, left, up, (left + up) // 2, paeth(left, up, corner)][kind]
            out.append((value - predicted) & 0xFF)
        previous = row
    return bytes(out)


def packed(indices, width, bits):
    """Palette indices packed `bits` to a byte, each row starting on a byte."""
    rows = []
    for y in range(len(indices) // width):
        row, byte, used = bytearray(), 0, 0
        for x in range(width):
            byte = (byte << bits) | indices[y * width + x]
            used += bits
            if used == 8:
                row.append(byte)
                byte, used = 0, 0
        if used:
            row.append(byte << (8 - used))
        rows.append(bytes(row))
    return rows


class PDF:
    def __init__(self):
        self.objects = []

    def add(self, body):
        self.objects.append(body)
        return len(self.objects)

    def stream(self, dictionary, data):
        return self.add(b"<< %s /Length %d >>\nstream\n" % (dictionary, len(data)) + data + b"\nendstream")

    def image(self, width, height, space, data, bits=8, extra=b""):
        return self.stream(
            b"/Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace %s "
            b"/BitsPerComponent %d /Filter /FlateDecode %s" % (width, height, space, bits, extra),
            data,
        )

    def write(self, path, pages):
        kids = []
        pages_id = len(self.objects) + 2 * len(pages) + 1
        for box, content, resources, more in pages:
            contents = self.stream(b"", content)
            kids.append(
                self.add(
                    b"<< /Type /Page /Parent %d 0 R /MediaBox [%s] /Resources %s "
                    b"/Contents %d 0 R %s >>" % (pages_id, box, resources, contents, more)
                )
            )
        assert self.add(
            b"<< /Type /Pages /Kids [%s] /Count %d >>"
            % (b" ".join(b"%d 0 R" % k for k in kids), len(kids))
        ) == pages_id
        catalog = self.add(b"<< /Type /Catalog /Pages %d 0 R >>" % pages_id)
        out = bytearray(b"%PDF-1.5\n%\xe2\xe3\xcf\xd3\n")
        offsets = []
        for number, body in enumerate(self.objects, 1):
            offsets.append(len(out))
            out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
        start = len(out)
        out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(self.objects) + 1)
        for offset in offsets:
            out += b"%010d 00000 n \n" % offset
        out += b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
            len(self.objects) + 1, catalog, start)
        with open(path, "wb") as file:
            file.write(out)


def main(path):
    pdf = PDF()
    W, H = 160, 90
    rgb = pattern(W, H, 1)
    png_rgb = pdf.image(W, H, b"/DeviceRGB", zlib.compress(png_filtered(rgb, 3)),
                        extra=b"/DecodeParms << /Predictor 15 /Colors 3 /Columns %d >>" % W)
    grey_rows = [bytes(row[0::3]) for row in pattern(W, H, 2)]
    grey = pdf.image(W, H, b"/DeviceGray", zlib.compress(b"".join(grey_rows)))
    palette = bytes(v for i in range(16) for v in (i * 16, 255 - i * 16, (i * 97) & 0xFF))
    indices4 = [((x // 20) + (y // 20)) % 16 for y in range(H) for x in range(W)]
    palette4 = pdf.image(
        W, H, b"[/Indexed /DeviceRGB 15 <%s>]" % palette.hex().encode(),
        zlib.compress(png_filtered(packed(indices4, W, 4), 1)), bits=4,
        extra=b"/DecodeParms << /Predictor 15 /Colors 1 /BitsPerComponent 4 /Columns %d >>" % W)
    indices1 = [((x // 10) ^ (y // 10)) & 1 for y in range(H) for x in range(W)]
    palette1 = pdf.image(W, H, b"[/Indexed /DeviceGray 1 <20e0>]",
                         zlib.compress(b"".join(packed(indices1, W, 1))), bits=1)
    small = pdf.image(16, 9, b"/DeviceRGB", zlib.compress(b"".join(pattern(16, 9, 3))))
    masked = pdf.image(W, H, b"/DeviceRGB", zlib.compress(b"".join(rgb)),
                       extra=b"/SMask %d 0 R" % grey)
    decoded = pdf.image(W, H, b"/DeviceGray", zlib.compress(b"".join(grey_rows)),
                        extra=b"/Decode [1 0]")
    damaged_data = bytearray(zlib.compress(b"".join(rgb)))
    damaged_data[len(damaged_data) // 2:] = bytes(len(damaged_data) - len(damaged_data) // 2)
    damaged = pdf.image(W, H, b"/DeviceRGB", bytes(damaged_data))
    form = pdf.stream(b"/Type /XObject /Subtype /Form /BBox [0 0 1 1] "
                      b"/Resources << /XObject << /I %d 0 R >> >>" % png_rgb, b"/I Do")
    font = pdf.add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    half = pdf.add(b"<< /Type /ExtGState /ca 0.5 >>")

    box = b"0 0 240 135"
    full = b"q 240 0 0 135 0 0 cm /I Do Q"
    def uses(image):
        return b"<< /XObject << /I %d 0 R >> >>" % image
    text = b"<< /XObject << /I %d 0 R >> /Font << /F %d 0 R >> >>" % (png_rgb, font)
    pages = [
        # Pictures only: Podium decodes them.
        (box, full, uses(png_rgb), b""),                                 # 1 RGB, the five filters
        (box, full, uses(grey), b""),                                    # 2 grey, no predictor
        (box, full, uses(palette4), b""),                                # 3 16 colours, 4 bits
        (box, full, uses(palette1), b""),                                # 4 2 greys, 1 bit
        (box, b"q 120 0 0 67.5 20 10 cm /I Do Q q 80 0 0 45 140 80 cm /S Do Q",
         b"<< /XObject << /I %d 0 R /S %d 0 R >> >>" % (png_rgb, small), b""),  # 5 two, placed
        (box, full + b" BT 3 Tr /F 24 Tf 10 50 Td (recognised) Tj ET", text, b""),  # 6 + unseen text
        (box, b"q 240 0 0 135 0 0 cm /Fm Do Q",
         b"<< /XObject << /Fm %d 0 R >> >>" % form, b""),                # 7 inside a form
        (box, b"q 0 0 240 135 re W n " + full[2:], uses(png_rgb), b""),  # 8 clipped to the page
        (box, b"q 0 135 -240 0 240 0 cm /I Do Q", uses(png_rgb), b""),                                            # 9 turned a quarter
        (b"0 0 240 135", full, uses(png_rgb), b"/Rotate 90"),            # 10 the page rotated
        (b"-20 -10 260 145", full, uses(png_rgb), b"/CropBox [0 0 240 135]"),  # 11 cropped
        # Not pictures only: Poppler draws them.
        (box, full + b" BT /F 24 Tf 10 50 Td (visible) Tj ET", text, b""),       # 12 text
        (box, b"q 10 10 100 60 re W n " + full[2:], uses(png_rgb), b""),         # 13 a clip
        (box, b"1 0 0 rg 0 0 240 135 re f " + full, uses(png_rgb), b""),         # 14 a fill
        (box, full, uses(masked), b""),                                          # 15 a soft mask
        (box, full, uses(decoded), b""),                                         # 16 a decode array
        (box, b"/H gs " + full, b"<< /XObject << /I %d 0 R >> /ExtGState << /H %d 0 R >> >>"
         % (png_rgb, half), b""),                                                # 17 see-through
        (box, b"q 240 0 0 135 0 0 cm BI /W 2 /H 1 /CS /G /BPC 8 ID \x00\xff EI Q", b"<< >>",
         b""),                                                                   # 18 inline
        # Pictures only, but damaged: left to Poppler as a whole.
        (box, full, uses(damaged), b""),                                         # 19
    ]
    pdf.write(path, pages)


if __name__ == "__main__":
    main(sys.argv[1])
