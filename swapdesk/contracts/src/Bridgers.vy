# pragma version 0.4.3
# @pragma evm-version cancun
"""
@title SWFT Bridgers (MetaPath) deposit contract and vault
@notice The public interface of SWFT's swap contract (`swap`, `swapEth`, their
        `Swap` and `SwapEth` events, the owner's `withdraw`). toToken and
        destination are strings, as in the real contract, so a TRON base58
        address fits as well as a hex one. Deposits stay here: this contract
        is the exchange desk's vault on its chain. The desk (the operator,
        off chain) swaps, then pays token1 out of the destination chain's
        vault with `payout`, or pays the deposit back on the source chain with
        `refund`: one outcome per order id, kept in one `settled` state, so a
        vault never both pays out and refunds an order. Once the payout has
        landed, the desk records it in the source vault too (`settle`): from
        then on the deposit can no longer be refunded there, even by a desk
        that lost its records (a chain that started over, a lost store). The all-zero token means
        the native coin, kept wrapped in the vault and unwrapped when paid.
        Fees, minimum and maximum deposits and the relayer fee are not here:
        as at SWFT they are the desk's prices, returned by its quote API and
        applied in what it pays out; deposits outside them are refunded.
        Departures: `payout`, `refund`, `settle`, `settled` and their events
        are this devnet's (SWFT pays from a hot wallet, which no contract
        guards); native deposits are wrapped.
"""

from ethereum.ercs import IERC20

interface IWETH:
    def deposit(): payable
    def withdraw(wad: uint256): nonpayable

MAX_NAME: constant(uint256) = 128  # a token or an address on any chain, as text

event Swap:
    fromToken: address
    toToken: String[MAX_NAME]
    sender: address
    destination: String[MAX_NAME]
    fromAmount: uint256
    minReturnAmount: uint256

event SwapEth:
    toToken: String[MAX_NAME]
    sender: address
    destination: String[MAX_NAME]
    fromAmount: uint256
    minReturnAmount: uint256

event Payout:
    orderId: indexed(bytes32)
    token: indexed(address)
    receiver: indexed(address)
    amount: uint256

event Refund:
    orderId: indexed(bytes32)
    token: indexed(address)
    receiver: indexed(address)
    amount: uint256

event Settled:
    orderId: indexed(bytes32)

event Withdtraw:  # sic: the real contract's spelling
    token: address
    amount: uint256

event OperatorChanged:
    operator: indexed(address)

name: public(String[32])
symbol: public(String[16])
owner: public(address)
operator: public(address)
wrapped: public(immutable(address))
OPEN: constant(uint8) = 0
PAID_OUT: constant(uint8) = 1  # paid out, by this vault or (recorded with `settle`) another chain's
REFUNDED: constant(uint8) = 2
settled: public(HashMap[bytes32, uint8])  # an order's one outcome: OPEN, PAID_OUT or REFUNDED


@deploy
def __init__(wrapped_: address, operator_: address):
    self.name = "Bridgers"
    self.symbol = "SSwap"
    self.owner = msg.sender
    self.operator = operator_
    wrapped = wrapped_


@external
@payable
def __default__():
    assert msg.sender == wrapped, "Bridgers: only the wrapped coin pays in"


# -- deposits (anyone, their own funds) -------------------------------------------

@external
@nonreentrant
def swap(fromToken: address, toToken: String[MAX_NAME], destination: String[MAX_NAME], fromAmount: uint256, minReturnAmount: uint256):
    assert fromToken != empty(address), "FROMTOKEN_CANT_T_BE_0"
    assert fromAmount > 0, "FROM_TOKEN_AMOUNT_MUST_BE_MORE_THAN_0"
    assert extcall IERC20(fromToken).transferFrom(msg.sender, self, fromAmount, default_return_value=True)
    log Swap(fromToken=fromToken, toToken=toToken, sender=msg.sender, destination=destination, fromAmount=fromAmount, minReturnAmount=minReturnAmount)


@external
@payable
@nonreentrant
def swapEth(toToken: String[MAX_NAME], destination: String[MAX_NAME], minReturnAmount: uint256):
    assert msg.value > 0, "ETH_AMOUNT_MUST_BE_MORE_THAN_0"
    extcall IWETH(wrapped).deposit(value=msg.value)
    log SwapEth(toToken=toToken, sender=msg.sender, destination=destination, fromAmount=msg.value, minReturnAmount=minReturnAmount)


# -- the desk: each order paid out, or refunded, once: one outcome -----------------

@external
@nonreentrant
def payout(orderId: bytes32, token: address, receiver: address, amount: uint256):
    assert msg.sender == self.operator, "Bridgers: not the operator"
    assert self.settled[orderId] == OPEN, "Bridgers: order already settled"
    self.settled[orderId] = PAID_OUT
    self._pay(token, receiver, amount)
    log Payout(orderId=orderId, token=token, receiver=receiver, amount=amount)


@external
@nonreentrant
def refund(orderId: bytes32, token: address, receiver: address, amount: uint256):
    assert msg.sender == self.operator, "Bridgers: not the operator"
    assert self.settled[orderId] == OPEN, "Bridgers: order already settled"
    self.settled[orderId] = REFUNDED
    self._pay(token, receiver, amount)
    log Refund(orderId=orderId, token=token, receiver=receiver, amount=amount)


@external
def settle(orderId: bytes32):
    """@notice Record in the source vault that a deposit was paid out on another chain: it can no longer be refunded."""
    assert msg.sender == self.operator, "Bridgers: not the operator"
    assert self.settled[orderId] != REFUNDED, "Bridgers: order already refunded"
    if self.settled[orderId] == OPEN:
        self.settled[orderId] = PAID_OUT
        log Settled(orderId=orderId)


@internal
def _pay(token: address, receiver: address, amount: uint256):
    assert receiver != empty(address), "Bridgers: zero receiver"
    if token == empty(address):
        extcall IWETH(wrapped).withdraw(amount)
        # all gas, not send()'s 2300 stipend: contract wallets must be able to receive
        raw_call(receiver, b"", value=amount)
    else:
        assert extcall IERC20(token).transfer(receiver, amount, default_return_value=True)


# -- the owner ------------------------------------------------------------------

@external
def setOperator(operator_: address):
    assert msg.sender == self.owner, "Bridgers: not the owner"
    self.operator = operator_
    log OperatorChanged(operator=operator_)


@external
@nonreentrant
def withdraw(token: address, destination: address, amount: uint256):
    """@notice Move vault funds (the desk rebalancing its inventory)."""
    assert msg.sender == self.owner, "Bridgers: not the owner"
    assert destination != empty(address), "DESTINATION_CANNT_BE_0_ADDRESS"
    assert token != empty(address), "TOKEN_MUST_NOT_BE_0"
    assert extcall IERC20(token).transfer(destination, amount, default_return_value=True)
    log Withdtraw(token=token, amount=amount)


@external
def transferOwnership(newOwner: address):
    assert msg.sender == self.owner, "Bridgers: not the owner"
    assert newOwner != empty(address), "Bridgers: zero owner"
    self.owner = newOwner
