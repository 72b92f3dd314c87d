"""The pseudo-locale "qps" in a real browser: every text accented and about 40 % longer
(tools/pseudo_locale.py), and still no screen overflows, on a desktop and on a phone; the same
for German, the longest real language of the table.

The pseudo catalog is built into build/site-pseudo only (`make pseudo-site`); the test switches
it on the way nothing a player does can: by the stored language value before the page loads.
Each screen is checked at 1280×800 and 390×844: the page is no wider than the viewport; no
element's content is wider or taller than its box (clipped by overflow hidden/clip, or spilling
out of a fixed size); no button, field, heading or label sticks out of its container; nothing
reaches past the viewport's edge but what a box scrolling on purpose (overflow auto/scroll)
holds. The games' tables halfway and their end screens are reached through game links made
here from bot games (as a shared link opens them), so the test plays no game through the page."""

import sys
from pathlib import Path

import pytest
from tablehelp import READY, SITE, click, game_link, open_link, serve

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
from pseudo_locale import CODE, pseudo  # noqa: E402 (a script of tools/, not a package)

PSEUDO_SITE = SITE.parent / "site-pseudo"
SIZES = [(1280, 800), (390, 844)]
GAMES = ["age_of_thieves", "crooks", "swindler"]
# what each language shows on the start button, the help button and the hand-over button
SHOWN = {CODE: (pseudo("Start the game"), pseudo("Rules & cards"),
                pseudo("I am {name} — show my screen").split("{name}")[0]),
         "de": ("Partie beginnen", "Regeln & Karten", "Ich bin ")}

# Every overflow on the page, in words. A box that scrolls on purpose (overflow auto/scroll) may
# hold more than it shows, and what it holds may reach past the viewport (the things in it are
# still checked); visually hidden elements (1px, for screen readers) are left alone.
OVERFLOWS = """() => {
  const out = [];
  const root = document.documentElement;
  const vw = root.clientWidth;
  const name = el => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
    [...el.classList].map(c => '.' + c).join('');
  const text = el => (el.innerText || el.value || '').trim().replace(/\\s+/g, ' ').slice(0, 50);
  const say = (el, what) => out.push([el, `${name(el)} ${what}: "${text(el)}"`]);
  if (root.scrollWidth > vw) say(root, `is ${root.scrollWidth}px wide in ${vw}px`);
  const scrolled = el => {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const o = getComputedStyle(a).overflowX;
      if (o === 'auto' || o === 'scroll') return true;
    }
    return false;
  };
  const box = el => {  // the nearest ancestor that lays out as a box
    let a = el.parentElement;
    while (a && getComputedStyle(a).display.startsWith('inline') ||
           a && getComputedStyle(a).display === 'contents') a = a.parentElement;
    return a;
  };
  for (const el of document.body.querySelectorAll('*')) {
    if (el.closest('svg') || el.matches('script, style, template, option')) continue;
    const cs = getComputedStyle(el);
    if (cs.display === 'none' || cs.visibility === 'hidden') continue;
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1) continue;
    const clips = /hidden|clip/;
    const scrolls = /auto|scroll/;
    const laidOut = cs.display !== 'inline';
    if (laidOut && el.clientWidth && !scrolls.test(cs.overflowX) &&
        el.scrollWidth > el.clientWidth + 1)
      say(el, `${clips.test(cs.overflowX) ? 'clips' : 'spills'} ${
        el.scrollWidth - el.clientWidth}px of its content's width`);
    if (laidOut && el.clientHeight && !scrolls.test(cs.overflowY) &&
        el.scrollHeight > el.clientHeight + 1)
      say(el, `${clips.test(cs.overflowY) ? 'clips' : 'spills'} ${
        el.scrollHeight - el.clientHeight}px of its content's height`);
    if (el.matches('button, select, input, h1, h2, h3, h4, label, .label, th, td, a, summary, ' +
                   'legend')) {
      const p = box(el);
      if (p && cs.position !== 'absolute' && cs.position !== 'fixed') {
        const q = p.getBoundingClientRect();
        if (r.right > q.right + 1 || r.left < q.left - 1)
          say(el, `sticks out of ${name(p)} by ${Math.round(Math.max(r.right - q.right,
                                                                     q.left - r.left))}px`);
      }
    }
    if ((r.right > vw + 1 || r.left < -1) && !scrolled(el))
      say(el, `reaches past the viewport's edge`);
  }
  // an element spilling because a child of it spills is not said again
  return [...new Set(out.filter(([el]) => el === root || !out.some(([other]) => other !== el &&
                                                       el.contains(other)))
                        .map(([, what]) => what))];
}"""


@pytest.fixture(scope="module")
def pseudo_url():
    if not (PSEUDO_SITE / "app.zip").exists():
        pytest.fail("build/site-pseudo is missing: run `make pseudo-site` first")
    with serve(PSEUDO_SITE) as url:
        yield url


@pytest.mark.parametrize("language", [CODE, "de"])
def test_every_screen_holds_the_longer_texts(browser, pseudo_url, language):
    """The accented pseudo texts, and German, whose words are the longest of a real language."""
    start, help_, handover = SHOWN[language]
    context = browser.new_context(viewport={"width": SIZES[0][0], "height": SIZES[0][1]})
    context.add_init_script(f"localStorage.setItem('thieves.language', '{language}')")
    page = context.new_page()
    page.goto(pseudo_url + "?botdelay=0")
    page.wait_for_selector(READY, timeout=90_000)
    problems: list[str] = []

    def check(screen: str, selector: str) -> None:
        page.wait_for_selector(selector)
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            problems.extend(f"{screen} at {width}×{height}: {p}"
                            for p in page.evaluate(OVERFLOWS))

    # the language's texts are shown; the pseudo texts are never offered: the menu has
    # English and Deutsch only
    assert page.get_attribute("html", "lang") == language
    assert page.inner_text("#start-game") == start
    assert page.inner_text("#nav-help") == help_
    offered = page.locator(".appnav .language").all_inner_texts()
    assert offered and set(offered) <= {"English", "Deutsch"}, offered
    # the check sees an overflow when there is one
    page.evaluate("""() => document.body.insertAdjacentHTML('beforeend', '<div id="probe" '
        + 'style="width: 4rem"><p style="overflow: hidden">' + 'x'.repeat(80) + '</p>'
        + '<button style="white-space: nowrap">' + 'y '.repeat(40) + '</button></div>')""")
    found = page.evaluate(OVERFLOWS)
    page.evaluate("document.getElementById('probe').remove()")
    assert [f for f in found if f.startswith("p clips")], found
    assert [f for f in found if f.startswith("button sticks out of div#probe")], found
    assert not page.evaluate(OVERFLOWS)

    for game in GAMES:  # its start screen, a hand-over between two people, its table
        click(page, "#nav-start")
        click(page, f"#game-{game}")
        check(f"the start screen of {game}", "#start-game")
        click(page, "#players-2")
        click(page, "#start-game")
        check(f"the hand-over in {game}", "#handover-ok")
        assert page.inner_text("#handover-ok").startswith(handover)
        click(page, "#handover-ok")
        check(f"the {game} table at its start", "#game-screen")

    for game in GAMES:  # halfway through a game, its help page, its end
        open_link(page, game_link(game, finished=False))
        if page.locator("#handover-ok").count():
            click(page, "#handover-ok")
        check(f"the {game} table halfway", "#game-screen")
        click(page, "#nav-help")
        check(f"the help page of {game}", "#help-back")
        click(page, "#help-back")
        open_link(page, game_link(game, finished=True))
        check(f"the end screen of {game}", ".screen-end")
    click(page, "#watch-replay")
    check("the replay", ".screen-replay")
    click(page, "#nav-saves")
    check("the saved games", "#nav-saves[aria-current=page]")
    context.close()
    assert not problems, "\n".join(problems)
