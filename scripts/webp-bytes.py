#!/usr/bin/env python3
"""Bytes of the WebP twins against their JPEG derivatives, per gallery and
width, in a DATA_DIR served by a libvips build (docs/performance.md, issue 22).

Usage: scripts/webp-bytes.py DATA_DIR [gallery-url ...]
Reads DATA_DIR/gallery.db (SQLite) for the photos of each gallery and sums
DATA_DIR/blobs/photos/{id}/{hash}/{width}.jpg and .webp where both exist
(the viewer image of an original served as it is has no JPEG: its WebP is
counted apart, against the original's size, which the served stripped copy
is at most).
"""
import os
import sqlite3
import sys
from collections import defaultdict

data = sys.argv[1]
urls = sys.argv[2:] or ["gala-2026"]
db = sqlite3.connect(f"file:{os.path.join(data, 'gallery.db')}?mode=ro", uri=True)
for url in urls:
    rows = db.execute(
        "SELECT p.id, p.content_hash FROM photos p JOIN galleries g ON g.id = p.gallery_id WHERE g.url = ?", (url,)
    ).fetchall()
    per = defaultdict(lambda: [0, 0, 0])  # width -> [jpeg bytes, webp bytes, files]
    webp_only = [0, 0, 0]  # files, webp bytes, original bytes
    for pid, h in rows:
        d = os.path.join(data, "blobs", "photos", pid, h)
        if not os.path.isdir(d):
            continue
        for f in os.listdir(d):
            if not f.endswith(".webp"):
                continue
            w = int(f[:-5])
            jp = os.path.join(d, f"{w}.jpg")
            wb = os.path.getsize(os.path.join(d, f))
            if os.path.exists(jp):
                per[w][0] += os.path.getsize(jp)
                per[w][1] += wb
                per[w][2] += 1
            else:
                webp_only[0] += 1
                webp_only[1] += wb
                webp_only[2] += os.path.getsize(os.path.join(d, "original"))
    tj = sum(v[0] for v in per.values())
    tw = sum(v[1] for v in per.values())
    print(f"{url}: {len(rows)} photos")
    print("  width  files     JPEG KiB     WebP KiB   WebP/JPEG")
    for w in sorted(per):
        j, b, n = per[w]
        print(f"  {w:5d} {n:6d} {j/1024:12.1f} {b/1024:12.1f}   {b/j:8.2f}")
    if tj:
        print(f"  all   {sum(v[2] for v in per.values()):6d} {tj/1024:12.1f} {tw/1024:12.1f}   {tw/tj:8.2f}")
    if webp_only[0]:
        print(f"  and {webp_only[0]} viewer images whose JPEG is the original served as it is (stripped): "
              f"originals {webp_only[2]/1024:.1f} KiB, WebP {webp_only[1]/1024:.1f} KiB, {webp_only[1]/webp_only[2]:.2f}")
