# pragma version 0.4.3
# @pragma evm-version cancun
"""
@title Multichain anyToken (AnyswapV6ERC20)
@notice The bridge's ERC-20 wrapper of one underlying token on one chain, with
        the public interface of Multichain's AnyswapV6ERC20. Its own balance of
        the underlying is the bridge's pool on this chain: bridging out pays the
        underlying in (router.anySwapOutUnderlying), arriving transfers are paid
        out of it (withdrawVault). Only the router, the `vault` fixed at
        deployment, mints, burns and pays from the pool (V6's depositVault,
        unused by this router, is left out). A holder of anyToken
        (paid in anyToken because the pool was short) swaps it back for the
        underlying with `withdraw` once the pool holds enough; `deposit` is the
        reverse. Both move only the caller's own funds.
"""

from ethereum.ercs import IERC20

implements: IERC20

event Transfer:
    sender: indexed(address)
    receiver: indexed(address)
    value: uint256

event Approval:
    owner: indexed(address)
    spender: indexed(address)
    value: uint256

name: public(String[64])
symbol: public(String[32])
decimals: public(uint8)
underlying: public(immutable(address))
vault: public(immutable(address))
totalSupply: public(uint256)
balanceOf: public(HashMap[address, uint256])
allowance: public(HashMap[address, HashMap[address, uint256]])


@deploy
def __init__(name_: String[64], symbol_: String[32], decimals_: uint8, underlying_: address, vault_: address):
    assert underlying_ != empty(address) and vault_ != empty(address)
    self.name = name_
    self.symbol = symbol_
    self.decimals = decimals_
    underlying = underlying_
    vault = vault_


# -- ERC-20 --------------------------------------------------------------------

@external
def transfer(receiver: address, amount: uint256) -> bool:
    self._transfer(msg.sender, receiver, amount)
    return True


@external
def transferFrom(owner: address, receiver: address, amount: uint256) -> bool:
    allowed: uint256 = self.allowance[owner][msg.sender]
    if allowed != max_value(uint256):
        assert allowed >= amount, "AnyswapV6ERC20: insufficient allowance"
        self.allowance[owner][msg.sender] = allowed - amount
    self._transfer(owner, receiver, amount)
    return True


@external
def approve(spender: address, amount: uint256) -> bool:
    self.allowance[msg.sender][spender] = amount
    log Approval(owner=msg.sender, spender=spender, value=amount)
    return True


# -- the router's (vault's) powers ----------------------------------------------

@external
def mint(to: address, amount: uint256) -> bool:
    assert msg.sender == vault, "AnyswapV6ERC20: FORBIDDEN"
    self._mint(to, amount)
    return True


@external
def burn(from_: address, amount: uint256) -> bool:
    # the router passes its own msg.sender: nobody burns another's tokens
    assert msg.sender == vault, "AnyswapV6ERC20: FORBIDDEN"
    self._burn(from_, amount)
    return True


@external
def withdrawVault(from_: address, amount: uint256, to: address) -> uint256:
    """@notice Burn `from_`'s anyToken and pay the underlying from the pool to `to`."""
    assert msg.sender == vault, "AnyswapV6ERC20: FORBIDDEN"
    return self._withdraw(from_, amount, to)


# -- holders -------------------------------------------------------------------

@external
def deposit(amount: uint256, to: address = msg.sender) -> uint256:
    assert extcall IERC20(underlying).transferFrom(msg.sender, self, amount, default_return_value=True)
    self._mint(to, amount)
    return amount


@external
def withdraw(amount: uint256, to: address = msg.sender) -> uint256:
    return self._withdraw(msg.sender, amount, to)


# -- internals -----------------------------------------------------------------

@internal
def _withdraw(from_: address, amount: uint256, to: address) -> uint256:
    self._burn(from_, amount)
    assert extcall IERC20(underlying).transfer(to, amount, default_return_value=True)
    return amount


@internal
def _mint(to: address, amount: uint256):
    assert to != empty(address), "AnyswapV6ERC20: mint to the zero address"
    self.totalSupply += amount
    self.balanceOf[to] += amount
    log Transfer(sender=empty(address), receiver=to, value=amount)


@internal
def _burn(from_: address, amount: uint256):
    balance: uint256 = self.balanceOf[from_]
    assert balance >= amount, "AnyswapV6ERC20: burn amount exceeds balance"
    self.balanceOf[from_] = balance - amount
    self.totalSupply -= amount
    log Transfer(sender=from_, receiver=empty(address), value=amount)


@internal
def _transfer(owner: address, receiver: address, amount: uint256):
    assert receiver != empty(address), "AnyswapV6ERC20: transfer to the zero address"
    balance: uint256 = self.balanceOf[owner]
    assert balance >= amount, "AnyswapV6ERC20: transfer amount exceeds balance"
    self.balanceOf[owner] = balance - amount
    self.balanceOf[receiver] += amount
    log Transfer(sender=owner, receiver=receiver, value=amount)
