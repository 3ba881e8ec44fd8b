"""Render the app icons (static/icons/*.png) from their SVG sources with headless Chromium.

    python tools/icons.py        # rewrites static/icons/*.png; commit the result

The PNGs are committed (browsers and phone home screens want PNG icons in the web app
manifest); run this only after editing static/icons/icon.svg or maskable.svg.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "static" / "icons"

# (output, source svg, size in px). "maskable" is full-bleed with its content inside the
# central 80 % circle (the launcher crops it); apple-touch icons must not be transparent.
RENDERS = [
    ("icon-192.png", "icon.svg", 192),
    ("icon-512.png", "icon.svg", 512),
    ("maskable-192.png", "maskable.svg", 192),
    ("maskable-512.png", "maskable.svg", 512),
    ("apple-touch-icon.png", "maskable.svg", 180),
]


def main() -> int:
    from playwright.sync_api import sync_playwright

    exe = os.environ.get("CHROMIUM_PATH")
    if not exe and Path("/usr/bin/chromium").exists():
        exe = "/usr/bin/chromium"
    with sync_playwright() as pw:
        kwargs = {"headless": True, "args": ["--no-sandbox", "--disable-gpu"]}
        if exe:
            kwargs["executable_path"] = exe
        browser = pw.chromium.launch(**kwargs)
        for out, src, size in RENDERS:
            page = browser.new_page(viewport={"width": size, "height": size})
            svg = (ICONS / src).read_text()
            page.set_content(
                "<html><body style='margin:0;background:transparent'>"
                f"<div style='width:{size}px;height:{size}px'>{svg}</div></body></html>"
            )
            page.eval_on_selector("svg", f"s => {{ s.setAttribute('width', {size});"
                                         f" s.setAttribute('height', {size}); }}")
            clip = {"x": 0, "y": 0, "width": size, "height": size}
            page.screenshot(path=str(ICONS / out), omit_background=True, clip=clip)
            page.close()
            print(f"wrote static/icons/{out} ({(ICONS / out).stat().st_size} bytes)")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
