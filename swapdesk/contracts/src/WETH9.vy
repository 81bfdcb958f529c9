# pragma version 0.4.3
# @pragma evm-version cancun
"""
@title Wrapped native coin
@notice The WETH9 interface (deposit, withdraw, ERC-20). Decimals follow the
        native coin (18 for ETH or BNB, 6 for TRX).
"""

event Transfer:
    sender: indexed(address)
    receiver: indexed(address)
    value: uint256

event Approval:
    owner: indexed(address)
    spender: indexed(address)
    value: uint256

event Deposit:
    dst: indexed(address)
    wad: uint256

event Withdrawal:
    src: indexed(address)
    wad: uint256

name: public(String[64])
symbol: public(String[32])
decimals: public(uint8)
balanceOf: public(HashMap[address, uint256])
allowance: public(HashMap[address, HashMap[address, uint256]])


@deploy
def __init__(name_: String[64], symbol_: String[32], decimals_: uint8):
    self.name = name_
    self.symbol = symbol_
    self.decimals = decimals_


@external
@payable
def __default__():
    self._deposit()


@external
@payable
def deposit():
    self._deposit()


@external
def withdraw(wad: uint256):
    assert self.balanceOf[msg.sender] >= wad, "WETH: insufficient balance"
    self.balanceOf[msg.sender] -= wad
    send(msg.sender, wad)
    log Withdrawal(src=msg.sender, wad=wad)


@view
@external
def totalSupply() -> uint256:
    return self.balance


@external
def approve(spender: address, amount: uint256) -> bool:
    self.allowance[msg.sender][spender] = amount
    log Approval(owner=msg.sender, spender=spender, value=amount)
    return True


@external
def transfer(receiver: address, amount: uint256) -> bool:
    self._transfer(msg.sender, receiver, amount)
    return True


@external
def transferFrom(owner: address, receiver: address, amount: uint256) -> bool:
    if owner != msg.sender:
        allowed: uint256 = self.allowance[owner][msg.sender]
        if allowed != max_value(uint256):
            assert allowed >= amount, "WETH: insufficient allowance"
            self.allowance[owner][msg.sender] = allowed - amount
    self._transfer(owner, receiver, amount)
    return True


@internal
@payable
def _deposit():
    self.balanceOf[msg.sender] += msg.value
    log Deposit(dst=msg.sender, wad=msg.value)


@internal
def _transfer(owner: address, receiver: address, amount: uint256):
    assert self.balanceOf[owner] >= amount, "WETH: insufficient balance"
    self.balanceOf[owner] -= amount
    self.balanceOf[receiver] += amount
    log Transfer(sender=owner, receiver=receiver, value=amount)
