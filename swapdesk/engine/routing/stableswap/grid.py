"""What a grid of amounts takes out of a StableSwap pool: `dy_xp` of each, the same integers, faster.

get_y runs Newton's method for y from y = D, y <- (y^2 + c) // (2y + b - D), until a step moves y by 1 or
less; about nine rounds for each amount. Here each amount's y is found from the amounts before it (their y
extrapolated, a round or two), and then certified to be what the contract's rounds from D end on:

With h(y) = (y^2 + c) / (2y + b - D) and y* the positive root of f(y) = y^2 + (b - D) y - c (c > 0),
h(y) - y* = (y - y*)^2 / (2y + b - D), and 2y + b - D = 2e + Y for e = y - y* and Y = 2y* + b - D = y* + c/y*
> 0. So for e >= 2 a round falls by y - h(y) = e (e + Y) / (2e + Y) > 1 (it does not stop) and lands at or
above floor(y*) = z, with e halved at least: from D > y* (f(D) = bD - c > 0) the rounds fall strictly
into {z, z+1, z+2} within bit_length(D) + 1 rounds, never above D (so no uint256 bound is passed where it is
not passed at D) nor below z (so 2y + b - D > 0 wherever it is so at z). Within that window, if the rounds
take z, z+1 and z+2 all to z, the loop ends on z whatever it entered by. And z is floor(y*) exactly when
g(z) = z and g(z + 1) = z (g: h floored; g(z) >= z is f(z) <= 0, g(z + 1) <= z is f(z + 1) > 0). Above y*,
h grows with y (its derivative in e is 2e (e + Y) / (2e + Y)^2 > 0), so g never falls there.
Every amount whose y is not certified so (or whose checks fail anywhere) goes to `dy_xp` itself.
"""

from __future__ import annotations

from swapdesk.engine.routing.stableswap.math import PRECISION, ROUNDS, UINT256_MAX, Reverted, Variant, dy_xp

SEARCH = 8  # Newton rounds from the extrapolated y; more than that, and the amount goes to dy_xp
MOST_BITS = ROUNDS - 5  # D of at most this many bits: the contract's loop ends within its 255 rounds


def dy_xp_grid(
    i: int, j: int, dxs: list[int], xp: list[int], rates: tuple[int, ...], amp: int, d: int, variant: Variant
) -> list[int | None]:
    """`dy_xp` of each dx, None where it reverts. What does not depend on dx is computed once (get_y's floored
    chain of products over the coins before i, b's D * A_PRECISION // Ann), and y is found as the module says."""
    n, ap = len(xp), variant.a_precision
    ann = amp * n
    others = [k for k in range(n) if k not in (i, j)]
    if ann == 0 or i == j or d * ap > UINT256_MAX or d.bit_length() > MOST_BITS or any(xp[k] == 0 for k in others):
        return [_reference(i, j, dx, xp, rates, amp, d, variant) for dx in dxs]
    # get_y's c is a chain of floored steps in coin order: those before coin i are the same for every x
    before, after, s = d, [], 0
    for k in others:
        if k < i:
            before *= d
            if before > UINT256_MAX:
                return [_reference(i, j, dx, xp, rates, amp, d, variant) for dx in dxs]
            before //= xp[k] * n
        else:
            after.append(xp[k] * n)
        s += xp[k]
    d_ap_ann, ann_n, rate_i, xp_i, xp_j = d * ap // ann, ann * n, rates[i], xp[i], xp[j]
    out: list[int | None] = []
    # the y of the three amounts before (0: none), extrapolated to this one's (selling nothing leaves about xp[j])
    oldest, older, last = 0, 0, xp_j
    for dx in dxs:
        moved = dx * rate_i
        x = xp_i + moved // PRECISION
        c = before * d
        if not 0 <= moved <= UINT256_MAX or x > UINT256_MAX or x == 0 or c > UINT256_MAX:
            out.append(_reference(i, j, dx, xp, rates, amp, d, variant))
            continue
        c //= x * n
        for divisor in after:
            c *= d
            if c > UINT256_MAX:
                break
            c //= divisor
        c *= d * ap  # past the bound if c already was (d, ap >= 1)
        b = s + x + d_ap_ann
        if c > UINT256_MAX or b > UINT256_MAX:
            out.append(_reference(i, j, dx, xp, rates, amp, d, variant))
            continue
        c //= ann_n
        y = None
        if c > 0 and b * d > c and d * d + c <= UINT256_MAX and 2 * d + b <= UINT256_MAX:
            guess = (3 * (last - older) + oldest if oldest else 2 * last - older) if older else last
            y = _settled(guess if guess > 0 else d, b, c, d)
        dy = xp_j - y - 1 if y is not None and y < xp_j else _reference(i, j, dx, xp, rates, amp, d, variant)
        if dy is not None:  # the next amount's y starts from this one's
            oldest, older, last = older, last, xp_j - dy - 1
        out.append(dy)
    return out


def _settled(guess: int, b: int, c: int, d: int) -> int | None:
    """What get_y's rounds from `d` end on, found from `guess`: z with g(z) = g(z + 1) = g(z + 2) = z (the module
    says why that is it); None when the rounds from `guess` do not find one soon. g never falls above the root,
    so a round from p >= z + 2 to z already says g(z + 1) = g(z + 2) = z."""
    y, previous = guess, None
    for _ in range(SEARCH):
        below = 2 * y + b - d
        if below <= 0:
            return None
        step = (y * y + c) // below
        if step == y:
            break
        y, previous = step, y
    else:
        return None
    if previous is not None and previous >= y + 2:
        return y
    up, two_up = y + 1, y + 2
    if previous != up and (up * up + c) // (2 * up + b - d) != y:
        return None
    return y if (two_up * two_up + c) // (2 * two_up + b - d) == y else None


def _reference(
    i: int, j: int, dx: int, xp: list[int], rates: tuple[int, ...], amp: int, d: int, variant: Variant
) -> int | None:
    try:
        return dy_xp(i, j, dx, xp, rates, amp, d, variant)
    except Reverted:
        return None
