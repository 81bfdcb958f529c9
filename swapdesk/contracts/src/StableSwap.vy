# pragma version 0.4.3
# @pragma evm-version cancun
"""
@title StableSwap pool of three coins (Curve interface)
@notice coins, balances, A, fee, get_dy, exchange, add_liquidity as in
        Curve's 3pool, with the invariant math of 3pool. Two changes, both
        on purpose: `exchange` and `get_dy` share one function, so a quote
        is exactly what a swap pays; and there is no admin fee or A ramp.
        `fee` has 10 decimals (4000000 = 0.04%).
"""

from ethereum.ercs import IERC20

event TokenExchange:
    buyer: indexed(address)
    sold_id: int128
    tokens_sold: uint256
    bought_id: int128
    tokens_bought: uint256

event AddLiquidity:
    provider: indexed(address)
    token_amounts: uint256[N_COINS]
    invariant: uint256
    token_supply: uint256

N_COINS: constant(uint256) = 3
FEE_DENOMINATOR: constant(uint256) = 10 ** 10
PRECISION: constant(uint256) = 10 ** 18
MAX_FEE: constant(uint256) = 5 * 10 ** 9
MAX_A: constant(uint256) = 10 ** 6

coins: public(address[N_COINS])
balances: public(uint256[N_COINS])
A: public(immutable(uint256))
fee: public(immutable(uint256))
rates: immutable(uint256[N_COINS])

totalSupply: public(uint256)
balanceOf: public(HashMap[address, uint256])


@deploy
def __init__(coins_: address[N_COINS], decimals_: uint8[N_COINS], amplification: uint256, fee_: uint256):
    assert amplification > 0 and amplification <= MAX_A, "StableSwap: A"
    assert fee_ <= MAX_FEE, "StableSwap: fee"
    A = amplification
    fee = fee_
    self.coins = coins_
    rates_: uint256[N_COINS] = empty(uint256[N_COINS])
    for i: uint256 in range(N_COINS):
        assert decimals_[i] <= 36, "StableSwap: decimals"
        rates_[i] = 10 ** (36 - convert(decimals_[i], uint256))
    rates = rates_


@view
@internal
def _xp() -> uint256[N_COINS]:
    result: uint256[N_COINS] = rates
    for i: uint256 in range(N_COINS):
        result[i] = result[i] * self.balances[i] // PRECISION
    return result


@pure
@internal
def _get_D(xp: uint256[N_COINS], amp: uint256) -> uint256:
    S: uint256 = 0
    for x: uint256 in xp:
        S += x
    if S == 0:
        return 0
    D: uint256 = S
    Ann: uint256 = amp * N_COINS
    for _i: uint256 in range(255):
        D_P: uint256 = D
        for x: uint256 in xp:
            D_P = D_P * D // (x * N_COINS)
        Dprev: uint256 = D
        D = (Ann * S + D_P * N_COINS) * D // ((Ann - 1) * D + (N_COINS + 1) * D_P)
        if D > Dprev:
            if D - Dprev <= 1:
                return D
        elif Dprev - D <= 1:
            return D
    raise "StableSwap: D did not converge"


@view
@internal
def _get_y(i: uint256, j: uint256, x: uint256, xp: uint256[N_COINS]) -> uint256:
    amp: uint256 = A
    D: uint256 = self._get_D(xp, amp)
    c: uint256 = D
    S_: uint256 = 0
    Ann: uint256 = amp * N_COINS
    for k: uint256 in range(N_COINS):
        _x: uint256 = 0
        if k == i:
            _x = x
        elif k != j:
            _x = xp[k]
        else:
            continue
        S_ += _x
        c = c * D // (_x * N_COINS)
    c = c * D // (Ann * N_COINS)
    b: uint256 = S_ + D // Ann
    y: uint256 = D
    for _k: uint256 in range(255):
        y_prev: uint256 = y
        y = (y * y + c) // (2 * y + b - D)
        if y > y_prev:
            if y - y_prev <= 1:
                return y
        elif y_prev - y <= 1:
            return y
    raise "StableSwap: y did not converge"


@view
@internal
def _dy(i: uint256, j: uint256, dx: uint256) -> uint256:
    assert i != j and i < N_COINS and j < N_COINS, "StableSwap: coin index"
    xp: uint256[N_COINS] = self._xp()
    x: uint256 = xp[i] + dx * rates[i] // PRECISION
    y: uint256 = self._get_y(i, j, x, xp)
    dy: uint256 = xp[j] - y - 1
    dy_fee: uint256 = dy * fee // FEE_DENOMINATOR
    return (dy - dy_fee) * PRECISION // rates[j]


@view
@external
def get_dy(i: int128, j: int128, dx: uint256) -> uint256:
    return self._dy(convert(i, uint256), convert(j, uint256), dx)


@external
@nonreentrant
def exchange(i: int128, j: int128, dx: uint256, min_dy: uint256) -> uint256:
    ui: uint256 = convert(i, uint256)
    uj: uint256 = convert(j, uint256)
    dy: uint256 = self._dy(ui, uj, dx)
    assert dy >= min_dy, "StableSwap: exchange resulted in fewer coins than expected"
    self.balances[ui] += dx
    self.balances[uj] -= dy
    assert extcall IERC20(self.coins[ui]).transferFrom(msg.sender, self, dx, default_return_value=True)
    assert extcall IERC20(self.coins[uj]).transfer(msg.sender, dy, default_return_value=True)
    log TokenExchange(buyer=msg.sender, sold_id=i, tokens_sold=dx, bought_id=j, tokens_bought=dy)
    return dy


@external
@nonreentrant
def add_liquidity(amounts: uint256[N_COINS], min_mint_amount: uint256) -> uint256:
    """
    @notice Balanced-deposit liquidity without imbalance fees: the world
            builder seeds pools, traders never call it.
    """
    D0: uint256 = self._get_D(self._xp(), A)
    for k: uint256 in range(N_COINS):
        if amounts[k] > 0:
            assert extcall IERC20(self.coins[k]).transferFrom(msg.sender, self, amounts[k], default_return_value=True)
            self.balances[k] += amounts[k]
    D1: uint256 = self._get_D(self._xp(), A)
    assert D1 > D0, "StableSwap: D must grow"
    supply: uint256 = self.totalSupply
    minted: uint256 = D1
    if supply > 0:
        minted = supply * (D1 - D0) // D0
    assert minted >= min_mint_amount, "StableSwap: slippage"
    self.totalSupply = supply + minted
    self.balanceOf[msg.sender] += minted
    log AddLiquidity(provider=msg.sender, token_amounts=amounts, invariant=D1, token_supply=supply + minted)
    return minted
