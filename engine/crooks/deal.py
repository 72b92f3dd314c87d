"""Dealing crooks to hidden slots: one of the deals that fit, each equally likely, counted
exactly (engine/crooks/determinize.py deals the crooks a seat cannot place)."""

from math import comb, factorial


def deal(cards: list, slots: list, fits, rng) -> list:
    """One of the deals of ``cards`` to ``slots`` (a crook per slot, each where it ``fits``),
    every such deal equally likely: crooks and slots are grouped by what they fit, the deals
    counted per group of slots, and a group's share drawn in proportion to its count."""
    rows = {}
    for cid in cards:
        rows.setdefault(tuple(fits(cid, s) for s in slots), []).append(cid)
    kinds = list(rows.values())  # crooks that fit the same slots
    groups = {}
    for j in range(len(slots)):
        groups.setdefault(tuple(row[j] for row in rows), []).append(j)
    fit = [tuple(i for i, ok in enumerate(key) if ok) for key in groups]
    sizes = [len(js) for js in groups.values()]
    memo = {}

    def shares(g, left, total):
        """Every way to take ``total`` crooks for group ``g`` from the kinds it fits."""
        def go(k, rest):
            if k == len(fit[g]):
                if rest == 0:
                    yield ()
                return
            i = fit[g][k]
            for take in range(min(rest, left[i]) + 1):
                for more in go(k + 1, rest - take):
                    yield (take, *more)
        yield from go(0, total)

    def ways(g, left):
        if g == len(sizes):
            return 1
        key = (g, left)
        if key not in memo:
            total = 0
            for share in shares(g, left, sizes[g]):
                total += _weight(fit[g], share, left) * ways(g + 1, _less(left, fit[g], share))
            memo[key] = total * factorial(sizes[g])
        return memo[key]

    left = tuple(len(k) for k in kinds)
    if ways(0, left) == 0:
        raise ValueError("no deal of the hidden crooks fits the view")
    pools = [list(k) for k in kinds]
    dealt = [None] * len(slots)
    for g, js in enumerate(groups.values()):
        options = list(shares(g, left, sizes[g]))
        weights = [_weight(fit[g], share, left) * ways(g + 1, _less(left, fit[g], share))
                   for share in options]
        share = options[_weighted(rng, weights)]
        hand = []
        for i, take in zip(fit[g], share, strict=True):
            for _ in range(take):
                hand.append(pools[i].pop(rng.below(len(pools[i]))))
        rng.shuffle(hand)
        for j, cid in zip(js, hand, strict=True):
            dealt[j] = cid
        left = _less(left, fit[g], share)
    return dealt


def _weighted(rng, weights: list) -> int:
    """An index drawn in proportion to ``weights`` (whole numbers of any size)."""
    pick = _below(rng, sum(weights))
    for i, w in enumerate(weights):
        if pick < w:
            return i
        pick -= w
    raise AssertionError("unreachable")


def _weight(kinds, share, left) -> int:
    """Ways to choose which crooks of each kind make up ``share``."""
    w = 1
    for i, take in zip(kinds, share, strict=True):
        w *= comb(left[i], take)
    return w


def _less(left, kinds, share) -> tuple:
    out = list(left)
    for i, take in zip(kinds, share, strict=True):
        out[i] -= take
    return tuple(out)


def _below(rng, n: int) -> int:
    """A uniform integer in [0, n) for any size of ``n`` (Rng.below takes up to 2**32)."""
    if n <= 1 << 32:
        return rng.below(n)
    words = (n.bit_length() + 31) // 32
    span = 1 << (32 * words)
    limit = span - span % n
    while True:
        r = 0
        for _ in range(words):
            r = (r << 32) | rng.next_u32()
        if r < limit:
            return r % n
