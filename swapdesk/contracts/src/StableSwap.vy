# pragma version 0.4.3
# @pragma evm-version cancun
"""
@title StableSwap pool (Curve interface)
@notice A Curve StableSwap pool as Curve's 3pool is: coins, balances, A and
        its ramp, fee and admin fee, get_dy, exchange and add_liquidity with
        the 3pool's math and rounding. `exchange` takes the fee in 18-decimal
        units and then converts to the coin's; `get_dy` converts first and
        then takes the fee: the two may differ by a unit of the coin, as on
        mainnet. The admin's share of each fee stays in the contract outside
        `balances` until the owner withdraws it. The pool is its own LP token
        (totalSupply, balanceOf); its owner (the deployer) ramps A and takes
        the admin fees, and can change nothing else.
        N_COINS and A_PRECISION are constants: 3 coins, and A stored as it is
        (1) as in the 3pool; the later pools store A times 100, which a test
        compiles. `fee` and `admin_fee` have 10 decimals (4000000 = 0.04%).
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
    fees: uint256[N_COINS]
    invariant: uint256
    token_supply: uint256

event RampA:
    old_A: uint256
    new_A: uint256
    initial_time: uint256
    future_time: uint256

event StopRampA:
    A: uint256
    t: uint256

N_COINS: constant(uint256) = 3
A_PRECISION: constant(uint256) = 1
FEE_DENOMINATOR: constant(uint256) = 10 ** 10
PRECISION: constant(uint256) = 10 ** 18
MAX_FEE: constant(uint256) = 5 * 10 ** 9
MAX_ADMIN_FEE: constant(uint256) = 10 ** 10
MAX_A: constant(uint256) = 10 ** 6
MAX_A_CHANGE: constant(uint256) = 10
MIN_RAMP_TIME: constant(uint256) = 86400

coins: public(address[N_COINS])
balances: public(uint256[N_COINS])
fee: public(immutable(uint256))
admin_fee: public(immutable(uint256))
owner: public(immutable(address))
rates: immutable(uint256[N_COINS])

# A's ramp, as the contract stores A (times A_PRECISION)
initial_A: public(uint256)
future_A: public(uint256)
initial_A_time: public(uint256)
future_A_time: public(uint256)

totalSupply: public(uint256)
balanceOf: public(HashMap[address, uint256])


@deploy
def __init__(
    coins_: address[N_COINS],
    decimals_: uint8[N_COINS],
    amplification: uint256,
    fee_: uint256,
    admin_fee_: uint256,
):
    assert amplification > 0 and amplification < MAX_A, "StableSwap: A"
    assert fee_ <= MAX_FEE, "StableSwap: fee"
    assert admin_fee_ <= MAX_ADMIN_FEE, "StableSwap: admin fee"
    fee = fee_
    admin_fee = admin_fee_
    owner = msg.sender
    self.initial_A = amplification * A_PRECISION
    self.future_A = amplification * A_PRECISION
    self.coins = coins_
    rates_: uint256[N_COINS] = empty(uint256[N_COINS])
    for i: uint256 in range(N_COINS):
        assert coins_[i] != empty(address), "StableSwap: coin"
        assert decimals_[i] <= 36, "StableSwap: decimals"
        rates_[i] = 10 ** (36 - convert(decimals_[i], uint256))
    rates = rates_


@view
@internal
def _A() -> uint256:
    # linear from (initial_A, initial_A_time) to (future_A, future_A_time), then future_A
    t1: uint256 = self.future_A_time
    A1: uint256 = self.future_A
    if block.timestamp < t1:
        A0: uint256 = self.initial_A
        t0: uint256 = self.initial_A_time
        if A1 > A0:
            return A0 + (A1 - A0) * (block.timestamp - t0) // (t1 - t0)
        return A0 - (A0 - A1) * (block.timestamp - t0) // (t1 - t0)
    return A1


@view
@external
def A() -> uint256:
    return self._A() // A_PRECISION


@view
@external
def A_precise() -> uint256:
    return self._A()


@view
@internal
def _xp_mem(balances_: uint256[N_COINS]) -> uint256[N_COINS]:
    result: uint256[N_COINS] = rates
    for i: uint256 in range(N_COINS):
        result[i] = result[i] * balances_[i] // PRECISION
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
            D_P = D_P * D // (x * N_COINS)  # an empty coin divides by 0: only a reverting pool
        Dprev: uint256 = D
        D = (Ann * S // A_PRECISION + D_P * N_COINS) * D // ((Ann - A_PRECISION) * D // A_PRECISION + (N_COINS + 1) * D_P)
        if D > Dprev:
            if D - Dprev <= 1:
                return D
        elif Dprev - D <= 1:
            return D
    return D  # as the 3pool: the last value when 255 rounds did not converge


@view
@internal
def _get_y(i: uint256, j: uint256, x: uint256, xp: uint256[N_COINS]) -> uint256:
    assert i != j and i < N_COINS and j < N_COINS, "StableSwap: coin index"
    amp: uint256 = self._A()
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
    c = c * D * A_PRECISION // (Ann * N_COINS)
    b: uint256 = S_ + D * A_PRECISION // Ann
    y: uint256 = D
    for _k: uint256 in range(255):
        y_prev: uint256 = y
        y = (y * y + c) // (2 * y + b - D)
        if y > y_prev:
            if y - y_prev <= 1:
                return y
        elif y_prev - y <= 1:
            return y
    return y


@view
@external
def get_dy(i: int128, j: int128, dx: uint256) -> uint256:
    # the 3pool's quote: to coin units first, then the fee
    ui: uint256 = convert(i, uint256)
    uj: uint256 = convert(j, uint256)
    xp: uint256[N_COINS] = self._xp_mem(self.balances)
    x: uint256 = xp[ui] + dx * rates[ui] // PRECISION
    y: uint256 = self._get_y(ui, uj, x, xp)
    dy: uint256 = (xp[uj] - y - 1) * PRECISION // rates[uj]
    return dy - fee * dy // FEE_DENOMINATOR


@external
@nonreentrant
def exchange(i: int128, j: int128, dx: uint256, min_dy: uint256) -> uint256:
    ui: uint256 = convert(i, uint256)
    uj: uint256 = convert(j, uint256)
    old_balances: uint256[N_COINS] = self.balances
    xp: uint256[N_COINS] = self._xp_mem(old_balances)
    x: uint256 = xp[ui] + dx * rates[ui] // PRECISION
    y: uint256 = self._get_y(ui, uj, x, xp)
    dy: uint256 = xp[uj] - y - 1  # -1: rounding in the pool's favour
    dy_fee: uint256 = dy * fee // FEE_DENOMINATOR
    dy = (dy - dy_fee) * PRECISION // rates[uj]  # the fee taken in xp units, then to coin units
    assert dy >= min_dy, "StableSwap: exchange resulted in fewer coins than expected"
    dy_admin_fee: uint256 = dy_fee * admin_fee // FEE_DENOMINATOR
    dy_admin_fee = dy_admin_fee * PRECISION // rates[uj]
    # the admin's share leaves `balances` and stays in the contract until withdrawn
    self.balances[ui] = old_balances[ui] + dx
    self.balances[uj] = old_balances[uj] - dy - dy_admin_fee
    assert extcall IERC20(self.coins[ui]).transferFrom(msg.sender, self, dx, default_return_value=True)
    assert extcall IERC20(self.coins[uj]).transfer(msg.sender, dy, default_return_value=True)
    log TokenExchange(buyer=msg.sender, sold_id=i, tokens_sold=dx, bought_id=j, tokens_bought=dy)
    return dy


@external
@nonreentrant
def add_liquidity(amounts: uint256[N_COINS], min_mint_amount: uint256) -> uint256:
    """
    @notice Deposit coins, any mix: a deposit away from the pool's proportions
            pays the 3pool's imbalance fee (fee * N / (4 * (N - 1)) on each
            coin's distance from its ideal balance), the admin's share of it
            leaving `balances`. The first deposit needs every coin.
    """
    fees: uint256[N_COINS] = empty(uint256[N_COINS])
    imbalance_fee: uint256 = fee * N_COINS // (4 * (N_COINS - 1))
    amp: uint256 = self._A()
    token_supply: uint256 = self.totalSupply
    old_balances: uint256[N_COINS] = self.balances
    D0: uint256 = 0
    if token_supply > 0:
        D0 = self._get_D(self._xp_mem(old_balances), amp)
    new_balances: uint256[N_COINS] = old_balances
    for i: uint256 in range(N_COINS):
        if token_supply == 0:
            assert amounts[i] > 0, "StableSwap: initial deposit requires all coins"
        new_balances[i] = old_balances[i] + amounts[i]
    D1: uint256 = self._get_D(self._xp_mem(new_balances), amp)
    assert D1 > D0, "StableSwap: D must grow"

    D2: uint256 = D1
    if token_supply > 0:
        for i: uint256 in range(N_COINS):
            ideal_balance: uint256 = D1 * old_balances[i] // D0
            difference: uint256 = 0
            if ideal_balance > new_balances[i]:
                difference = ideal_balance - new_balances[i]
            else:
                difference = new_balances[i] - ideal_balance
            fees[i] = imbalance_fee * difference // FEE_DENOMINATOR
            self.balances[i] = new_balances[i] - fees[i] * admin_fee // FEE_DENOMINATOR
            new_balances[i] -= fees[i]
        D2 = self._get_D(self._xp_mem(new_balances), amp)
    else:
        self.balances = new_balances

    minted: uint256 = D1  # the first deposit takes the dust
    if token_supply > 0:
        minted = token_supply * (D2 - D0) // D0
    assert minted >= min_mint_amount, "StableSwap: slippage"
    self.totalSupply = token_supply + minted
    self.balanceOf[msg.sender] += minted
    for i: uint256 in range(N_COINS):
        if amounts[i] > 0:
            assert extcall IERC20(self.coins[i]).transferFrom(msg.sender, self, amounts[i], default_return_value=True)
    log AddLiquidity(provider=msg.sender, token_amounts=amounts, fees=fees, invariant=D1, token_supply=token_supply + minted)
    return minted


@view
@external
def admin_balances(i: uint256) -> uint256:
    return staticcall IERC20(self.coins[i]).balanceOf(self) - self.balances[i]


@external
def withdraw_admin_fees():
    assert msg.sender == owner, "StableSwap: only owner"
    for i: uint256 in range(N_COINS):
        value: uint256 = staticcall IERC20(self.coins[i]).balanceOf(self) - self.balances[i]
        if value > 0:
            assert extcall IERC20(self.coins[i]).transfer(msg.sender, value, default_return_value=True)


@external
def ramp_A(future_A_: uint256, future_time: uint256):
    # Curve's limits: a day between ramps, at least a day long, at most 10x up or down
    assert msg.sender == owner, "StableSwap: only owner"
    assert block.timestamp >= self.initial_A_time + MIN_RAMP_TIME, "StableSwap: ramp too soon"
    assert future_time >= block.timestamp + MIN_RAMP_TIME, "StableSwap: ramp too short"
    initial: uint256 = self._A()
    future: uint256 = future_A_ * A_PRECISION
    assert future_A_ > 0 and future_A_ < MAX_A, "StableSwap: A"
    assert (future >= initial and future <= initial * MAX_A_CHANGE) or (
        future < initial and future * MAX_A_CHANGE >= initial
    ), "StableSwap: A changes too much"
    self.initial_A = initial
    self.future_A = future
    self.initial_A_time = block.timestamp
    self.future_A_time = future_time
    log RampA(old_A=initial, new_A=future, initial_time=block.timestamp, future_time=future_time)


@external
def stop_ramp_A():
    assert msg.sender == owner, "StableSwap: only owner"
    current: uint256 = self._A()
    self.initial_A = current
    self.future_A = current
    self.initial_A_time = block.timestamp
    self.future_A_time = block.timestamp
    log StopRampA(A=current, t=block.timestamp)
