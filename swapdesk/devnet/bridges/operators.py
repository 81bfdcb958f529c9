"""The bridges' off-chain operators: whose keys pay out, and with what weight.

They belong to the world, not to swapdesk: Multichain's MPC, SWFT's exchange
desk and cBridge's validators. On the devnet their keys are further accounts
of the test mnemonic (DEVNET ONLY, like every demo key).
"""

from __future__ import annotations

from dataclasses import dataclass

from swapdesk.devnet.accounts import demo_address

MPC_INDEX = 11  # Multichain's MPC: the only key that may call anySwapIn*
DESK_INDEX = 12  # SWFT's exchange desk: pays out and refunds on Bridgers
VALIDATOR_INDEXES = (13, 14, 15, 16)  # cBridge's validators (SGN signers)
VALIDATOR_POWERS = (40, 30, 20, 10)  # any two of the top three reach the 2/3 quorum; 40 + 20 does not


@dataclass(frozen=True)
class Validator:
    address: str
    power: int


@dataclass(frozen=True)
class Operators:
    mpc: str
    desk: str
    validators: tuple[Validator, ...]  # ascending by address, as cBridge wants its signer set

    def __post_init__(self) -> None:
        keys = [int(v.address, 16) for v in self.validators]
        if keys != sorted(set(keys)):
            raise ValueError("validators must be distinct and in ascending order of address")

    @property
    def signers(self) -> list[str]:
        return [v.address for v in self.validators]

    @property
    def powers(self) -> list[int]:
        return [v.power for v in self.validators]

    def addresses(self) -> list[str]:
        """Every operator account: each needs the native coin for gas."""
        return [self.mpc, self.desk, *self.signers]


def devnet_operators() -> Operators:
    validators = [
        Validator(demo_address(index), power) for index, power in zip(VALIDATOR_INDEXES, VALIDATOR_POWERS, strict=True)
    ]
    return Operators(
        mpc=demo_address(MPC_INDEX),
        desk=demo_address(DESK_INDEX),
        validators=tuple(sorted(validators, key=lambda v: int(v.address, 16))),
    )
