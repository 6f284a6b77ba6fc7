#!/usr/bin/env python3
"""Writes the office decks the tests read, with real libraries: talk.pptx with python-pptx
(`pip install python-pptx`), then talk.odp from it with LibreOffice itself
(`soffice --headless --convert-to odp talk.pptx`). Run from this folder; commit what it writes.

talk.pptx: six slides. 1 a title slide with notes; 2 bullets on two levels with notes of two
paragraphs and a sub-bullet; 3 a picture (a PNG drawn here); 4 hidden (show="0"), with notes;
5 two shapes that enter on click (PowerPoint's appear effect), no notes; 6 a closing slide."""
import os
import struct
import subprocess
import tempfile
import zlib

from lxml import etree
from pptx import Presentation
from pptx.util import Inches, Pt
from pptx.dml.color import RGBColor


def png(width, height, colour):
    """A PNG of one colour with a black band, written by hand (no image library needed)."""
    rows = b""
    for y in range(height):
        pixel = b"\x00\x00\x00" if height // 3 <= y < 2 * height // 3 else bytes(colour)
        rows += b"\x00" + pixel * width
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows))
            + chunk(b"IEND", b""))


deck = Presentation()
deck.slide_width, deck.slide_height = Inches(13.333), Inches(7.5)

title = deck.slides.add_slide(deck.slide_layouts[0])
title.shapes.title.text = "Quarterly Review"
title.placeholders[1].text = "Podium's own office fixture"
title.notes_slide.notes_text_frame.text = "Welcome everyone; this takes ten minutes."

bullets = deck.slides.add_slide(deck.slide_layouts[1])
bullets.shapes.title.text = "Highlights"
body = bullets.placeholders[1].text_frame
body.text = "Revenue grew in every region"
for text, level in [("Europe led with twelve percent", 1), ("Costs stayed flat", 0)]:
    paragraph = body.add_paragraph()
    paragraph.text, paragraph.level = text, level
notes = bullets.notes_slide.notes_text_frame
notes.text = "Start with Europe."
paragraph = notes.add_paragraph()
paragraph.text = "Mention the new office"
paragraph.level = 1
paragraph = notes.add_paragraph()
paragraph.text = "Then costs."

picture = deck.slides.add_slide(deck.slide_layouts[5])
picture.shapes.title.text = "The chart"
with open("chart.png", "wb") as file:
    file.write(png(96, 54, (0x2E, 0x86, 0xC1)))
picture.shapes.add_picture("chart.png", Inches(3.5), Inches(2), Inches(6.4), Inches(3.6))

hidden = deck.slides.add_slide(deck.slide_layouts[1])
hidden.shapes.title.text = "Backup numbers"
hidden.placeholders[1].text = "Only if someone asks"
hidden.notes_slide.notes_text_frame.text = "The appendix slide."
hidden._element.set("show", "0")

clicks = deck.slides.add_slide(deck.slide_layouts[5])
clicks.shapes.title.text = "Two steps"
ids = []
for index, (text, colour) in enumerate([("First", (0xC0, 0x39, 0x2B)), ("Second", (0x27, 0xAE, 0x60))]):
    box = clicks.shapes.add_textbox(Inches(1.5 + 5.5 * index), Inches(3), Inches(4.5), Inches(1.5))
    box.text_frame.text = text
    box.text_frame.paragraphs[0].runs[0].font.size = Pt(40)
    box.fill.solid()
    box.fill.fore_color.rgb = RGBColor(*colour)
    ids.append(box.shape_id)

# PowerPoint's "Appear" entrance effect on click, once per shape: the timing tree PowerPoint
# writes (ECMA-376 part 1, 19.5: p:timing, a main sequence of click groups).
P = "http://schemas.openxmlformats.org/presentationml/2006/main"
def click(shape_id, group, node_id):
    return f"""
<p:par xmlns:p="{P}"><p:cTn id="{node_id}" fill="hold"><p:stCondLst><p:cond delay="indefinite"/></p:stCondLst><p:childTnLst>
 <p:par><p:cTn id="{node_id + 1}" fill="hold"><p:stCondLst><p:cond delay="0"/></p:stCondLst><p:childTnLst>
  <p:par><p:cTn id="{node_id + 2}" presetID="1" presetClass="entr" presetSubtype="0" fill="hold" grpId="0" nodeType="clickEffect">
   <p:stCondLst><p:cond delay="0"/></p:stCondLst><p:childTnLst>
    <p:set><p:cBhvr><p:cTn id="{node_id + 3}" dur="1" fill="hold"><p:stCondLst><p:cond delay="0"/></p:stCondLst></p:cTn>
     <p:tgtEl><p:spTgt spid="{shape_id}"/></p:tgtEl><p:attrNameLst><p:attrName>style.visibility</p:attrName></p:attrNameLst></p:cBhvr>
     <p:to><p:strVal val="visible"/></p:to></p:set>
   </p:childTnLst></p:cTn></p:par>
 </p:childTnLst></p:cTn></p:par>
</p:childTnLst></p:cTn></p:par>"""
groups = "".join(click(shape_id, n, 3 + 4 * n) for n, shape_id in enumerate(ids))
timing = etree.fromstring(f"""<p:timing xmlns:p="{P}"><p:tnLst><p:par><p:cTn id="1" dur="indefinite" restart="never" nodeType="tmRoot"><p:childTnLst>
<p:seq concurrent="1" nextAc="seek"><p:cTn id="2" dur="indefinite" nodeType="mainSeq"><p:childTnLst>{groups}</p:childTnLst></p:cTn>
<p:prevCondLst><p:cond evt="onPrev" delay="0"><p:tgtEl><p:sldTgt/></p:tgtEl></p:cond></p:prevCondLst>
<p:nextCondLst><p:cond evt="onNext" delay="0"><p:tgtEl><p:sldTgt/></p:tgtEl></p:cond></p:nextCondLst></p:seq>
</p:childTnLst></p:cTn></p:par></p:tnLst>
<p:bldLst>{"".join(f'<p:bldP spid="{i}" grpId="0"/>' for i in ids)}</p:bldLst></p:timing>""")
clicks._element.append(timing)

closing = deck.slides.add_slide(deck.slide_layouts[0])
closing.shapes.title.text = "Thank you"
closing.placeholders[1].text = "Questions"

deck.save("talk.pptx")

# The Impress deck: LibreOffice's own import of the PowerPoint one, notes and all.
with tempfile.TemporaryDirectory() as profile:
    subprocess.run(["soffice", "--headless", "--norestore", f"-env:UserInstallation=file://{profile}",
                    "--convert-to", "odp", "--outdir", os.getcwd(), "talk.pptx"], check=True)
