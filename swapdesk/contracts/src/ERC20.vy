# pragma version 0.4.3
# @pragma evm-version cancun
"""
@title ERC-20 token of the devnet world
@notice Standard ERC-20 (EIP-20) with a minter, so the world builder can
        issue balances. Decimals are a constructor argument because the same
        asset has different decimals on different chains (USDT: 6 on
        Ethereum, 18 on BSC).
"""

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
totalSupply: public(uint256)
balanceOf: public(HashMap[address, uint256])
allowance: public(HashMap[address, HashMap[address, uint256]])
minter: public(address)


@deploy
def __init__(name_: String[64], symbol_: String[32], decimals_: uint8):
    self.name = name_
    self.symbol = symbol_
    self.decimals = decimals_
    self.minter = msg.sender


@external
def transfer(receiver: address, amount: uint256) -> bool:
    self._transfer(msg.sender, receiver, amount)
    return True


@external
def transferFrom(owner: address, receiver: address, amount: uint256) -> bool:
    allowed: uint256 = self.allowance[owner][msg.sender]
    if allowed != max_value(uint256):
        assert allowed >= amount, "ERC20: insufficient allowance"
        self.allowance[owner][msg.sender] = allowed - amount
    self._transfer(owner, receiver, amount)
    return True


@external
def approve(spender: address, amount: uint256) -> bool:
    self.allowance[msg.sender][spender] = amount
    log Approval(owner=msg.sender, spender=spender, value=amount)
    return True


@external
def mint(receiver: address, amount: uint256):
    assert msg.sender == self.minter, "ERC20: not minter"
    assert receiver != empty(address), "ERC20: mint to zero address"
    self.totalSupply += amount
    self.balanceOf[receiver] += amount
    log Transfer(sender=empty(address), receiver=receiver, value=amount)


@internal
def _transfer(owner: address, receiver: address, amount: uint256):
    assert receiver != empty(address), "ERC20: transfer to zero address"
    balance: uint256 = self.balanceOf[owner]
    assert balance >= amount, "ERC20: insufficient balance"
    self.balanceOf[owner] = balance - amount
    self.balanceOf[receiver] += amount
    log Transfer(sender=owner, receiver=receiver, value=amount)
