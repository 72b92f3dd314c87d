"""Screenshots of each game's screens as people with a colour-vision deficiency see them, to
find where colour is the only cue (docs/accessibility.md).

Chromium simulates the deficiency itself (the DevTools protocol's
``Emulation.setEmulatedVisionDeficiency``); each game is shown halfway through and at its end,
at a desktop and a phone size, in normal vision and in each deficiency:

    make site && .venv/bin/python tools/vision_check.py OUT_DIR [GAME,...]

writes OUT_DIR/GAME-SIZE-SCREEN-VISION.png. Look at the pictures side by side: whatever two
players, bags, keys or cards tell apart only by colour in "normal" and look alike in another.
"""

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright
from table_driver import CHROMIUM, CHROMIUM_ARGS, READY, SITE, game_link, open_link, serve

from engine.core.game import GAMES

VISIONS = ("none", "deuteranopia", "protanopia", "tritanopia", "achromatopsia")
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


def main(out: Path, games: tuple[str, ...]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with serve(SITE) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for size, (width, height) in SIZES.items():
            phone = size == "phone"
            context = browser.new_context(viewport={"width": width, "height": height},
                                          device_scale_factor=1, is_mobile=phone,
                                          has_touch=phone)
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            page.goto(url + "?botdelay=0")
            page.wait_for_selector(READY, timeout=90_000)
            for game in games:
                for screen, finished in (("table", False), ("end", True)):
                    open_link(page, game_link(game, finished))
                    if page.locator("#handover-ok").count():
                        page.click("#handover-ok")
                    page.wait_for_selector("#game-screen, .screen-end")
                    page.wait_for_timeout(400)  # the pieces arrive
                    for vision in VISIONS:
                        cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": vision})
                        name = f"{game}-{size}-{screen}-{vision}.png"
                        page.screenshot(path=str(out / name), full_page=True)
                        print(name, flush=True)
                    cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": "none"})
            context.close()
        browser.close()


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(Path(sys.argv[1]), tuple(sys.argv[2].split(",")) if len(sys.argv) > 2 else tuple(GAMES))
