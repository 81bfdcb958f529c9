# pragma version 0.4.3
# @pragma evm-version cancun
"""
@title Multichain router (AnyswapV6Router)
@notice The public interface of Multichain's router V6 on one chain.
        Out: `anySwapOut` burns the caller's anyToken, `anySwapOutUnderlying`
        pays the caller's underlying into the anyToken's pool,
        `anySwapOutNative` wraps the native coin into it; each logs
        LogAnySwapOut, which the operator (Multichain's MPC) watches.
        In: the MPC alone pays on the destination, once per source
        transaction: `anySwapIn` mints anyToken (as V6 does),
        `anySwapInAuto` pays the underlying when the pool holds enough (the
        native coin when the underlying is the wrapped coin), else anyToken,
        as Multichain did. The MPC pays the amount less its fee.
        Departures from V6, all protecting funds:
        - a source transaction is paid at most once, on chain
          (`completedSwapin(txs, fromChainID)`), so
          a transaction may swap out only once (transient flag); V6 left
          this to the MPC;
        - limits and fees live here, per anyToken and destination chain, in
          the SwapConfig of Multichain's RouterConfig (`getSwapConfig`), set by
          the owner; the MPC enforces them (below the minimum: not paid, as
          Multichain did), and swapping out to a chain with no config is
          refused, since nobody would pay it there;
        - the MPC change delay is a constructor argument (V6: 2 days).
"""

from ethereum.ercs import IERC20

interface IAnyToken:
    def underlying() -> address: view
    def mint(to: address, amount: uint256) -> bool: nonpayable
    def burn(from_: address, amount: uint256) -> bool: nonpayable
    def withdrawVault(from_: address, amount: uint256, to: address) -> uint256: nonpayable

interface IWETH:
    def deposit(): payable
    def withdraw(wad: uint256): nonpayable

MAX_CHAINS: constant(uint256) = 32
PER_MILLION: constant(uint256) = 1_000_000

struct SwapConfig:
    MaximumSwap: uint256
    MinimumSwap: uint256
    BigValueThreshold: uint256
    SwapFeeRatePerMillion: uint256
    MaximumSwapFee: uint256
    MinimumSwapFee: uint256

struct ChainSwapConfig:
    toChainID: uint256
    config: SwapConfig

event LogChangeMPC:
    oldMPC: indexed(address)
    newMPC: indexed(address)
    effectiveTime: indexed(uint256)
    chainID: uint256

event LogAnySwapIn:
    txhash: indexed(bytes32)
    token: indexed(address)
    to: indexed(address)
    amount: uint256
    fromChainID: uint256
    toChainID: uint256

event LogAnySwapOut:
    token: indexed(address)
    from_: indexed(address)
    to: indexed(address)
    amount: uint256
    fromChainID: uint256
    toChainID: uint256

event LogSwapConfig:
    token: indexed(address)
    toChainID: indexed(uint256)
    config: SwapConfig

wNATIVE: public(immutable(address))
DELAY: public(immutable(uint256))
owner: public(address)

_oldMPC: address
_newMPC: address
_newMPCEffectiveTime: uint256
_swapConfig: HashMap[address, HashMap[uint256, SwapConfig]]
_completed: HashMap[uint256, HashMap[bytes32, bool]]  # fromChainID -> source tx hash -> paid
_swappedOut: transient(bool)


@deploy
def __init__(wNATIVE_: address, mpc_: address, delay: uint256):
    assert mpc_ != empty(address), "AnyswapV6Router: address(0)"
    wNATIVE = wNATIVE_
    DELAY = delay
    self.owner = msg.sender
    self._newMPC = mpc_
    self._newMPCEffectiveTime = block.timestamp


@external
@payable
def __default__():
    assert msg.sender == wNATIVE, "AnyswapV6Router: only the wrapped coin pays in"


# -- the MPC -------------------------------------------------------------------

@view
@internal
def _mpc() -> address:
    if block.timestamp >= self._newMPCEffectiveTime:
        return self._newMPC
    return self._oldMPC


@view
@external
def mpc() -> address:
    return self._mpc()


@view
@external
def cID() -> uint256:
    return chain.id


@external
def changeMPC(newMPC: address) -> bool:
    assert msg.sender == self._mpc(), "AnyswapV6Router: FORBIDDEN"
    assert newMPC != empty(address), "AnyswapV6Router: address(0)"
    self._oldMPC = self._mpc()
    self._newMPC = newMPC
    self._newMPCEffectiveTime = block.timestamp + DELAY
    log LogChangeMPC(oldMPC=self._oldMPC, newMPC=newMPC, effectiveTime=self._newMPCEffectiveTime, chainID=chain.id)
    return True


# -- configuration (owner) -----------------------------------------------------

@view
@external
def getSwapConfig(token: address, toChainID: uint256) -> SwapConfig:
    return self._swapConfig[token][toChainID]


@external
def setSwapConfigs(token: address, configs: DynArray[ChainSwapConfig, MAX_CHAINS]):
    assert msg.sender == self.owner, "AnyswapV6Router: not owner"
    for entry: ChainSwapConfig in configs:
        c: SwapConfig = entry.config
        # RouterConfig's checks; a zero MaximumSwap unsets the route
        if c.MaximumSwap > 0:
            assert c.MinimumSwap > 0 and c.BigValueThreshold > 0, "AnyswapV6Router: zero limit"
            assert c.MaximumSwap >= c.MinimumSwap, "AnyswapV6Router: MaximumSwap < MinimumSwap"
            assert c.MaximumSwapFee >= c.MinimumSwapFee, "AnyswapV6Router: MaximumSwapFee < MinimumSwapFee"
            assert c.MinimumSwap >= c.MinimumSwapFee, "AnyswapV6Router: MinimumSwap < MinimumSwapFee"
            assert c.SwapFeeRatePerMillion < PER_MILLION, "AnyswapV6Router: fee rate"
        assert entry.toChainID != chain.id, "AnyswapV6Router: same chain"
        self._swapConfig[token][entry.toChainID] = c
        log LogSwapConfig(token=token, toChainID=entry.toChainID, config=c)


@external
def transferOwnership(newOwner: address):
    assert msg.sender == self.owner, "AnyswapV6Router: not owner"
    assert newOwner != empty(address), "AnyswapV6Router: address(0)"
    self.owner = newOwner


# -- out -----------------------------------------------------------------------

@internal
def _swap_out(token: address, to: address, amount: uint256, toChainID: uint256):
    assert self._swapConfig[token][toChainID].MaximumSwap > 0, "AnyswapV6Router: unsupported route"
    assert not self._swappedOut, "AnyswapV6Router: one swap out per transaction"
    self._swappedOut = True
    log LogAnySwapOut(token=token, from_=msg.sender, to=to, amount=amount, fromChainID=chain.id, toChainID=toChainID)


@external
@nonreentrant
def anySwapOut(token: address, to: address, amount: uint256, toChainID: uint256):
    extcall IAnyToken(token).burn(msg.sender, amount)
    self._swap_out(token, to, amount, toChainID)


@external
@nonreentrant
def anySwapOutUnderlying(token: address, to: address, amount: uint256, toChainID: uint256):
    underlying: address = staticcall IAnyToken(token).underlying()
    assert underlying != empty(address), "AnyswapV6Router: no underlying"
    assert extcall IERC20(underlying).transferFrom(msg.sender, token, amount, default_return_value=True)
    self._swap_out(token, to, amount, toChainID)


@external
@payable
@nonreentrant
def anySwapOutNative(token: address, to: address, toChainID: uint256):
    assert staticcall IAnyToken(token).underlying() == wNATIVE, "AnyswapV6Router: underlying is not wNATIVE"
    extcall IWETH(wNATIVE).deposit(value=msg.value)
    assert extcall IERC20(wNATIVE).transfer(token, msg.value, default_return_value=True)
    self._swap_out(token, to, msg.value, toChainID)


# -- in (the MPC, once per source transaction) ----------------------------------

@internal
def _swap_in(txs: bytes32, token: address, to: address, amount: uint256, fromChainID: uint256):
    assert msg.sender == self._mpc(), "AnyswapV6Router: FORBIDDEN"
    assert not self._completed[fromChainID][txs], "AnyswapV6Router: swap in already completed"
    self._completed[fromChainID][txs] = True
    extcall IAnyToken(token).mint(to, amount)
    log LogAnySwapIn(txhash=txs, token=token, to=to, amount=amount, fromChainID=fromChainID, toChainID=chain.id)


@external
@nonreentrant
def anySwapIn(txs: bytes32, token: address, to: address, amount: uint256, fromChainID: uint256):
    self._swap_in(txs, token, to, amount, fromChainID)


@external
@nonreentrant
def anySwapInAuto(txs: bytes32, token: address, to: address, amount: uint256, fromChainID: uint256):
    self._swap_in(txs, token, to, amount, fromChainID)
    underlying: address = staticcall IAnyToken(token).underlying()
    if underlying == empty(address) or staticcall IERC20(underlying).balanceOf(token) < amount:
        return  # the pool is short: `to` keeps the anyToken, redeemable later
    if underlying == wNATIVE:
        extcall IAnyToken(token).withdrawVault(to, amount, self)
        extcall IWETH(wNATIVE).withdraw(amount)
        # all gas, not send()'s 2300 stipend: contract wallets must be able to receive
        raw_call(to, b"", value=amount)
    else:
        extcall IAnyToken(token).withdrawVault(to, amount, to)


@view
@external
def completedSwapin(txs: bytes32, fromChainID: uint256) -> bool:
    return self._completed[fromChainID][txs]
