"""An order's life cycle: the states it may start in and where each state may go, forward only; and the few
ways back that only a chain going back allows (a repair or a reset took the transaction a state stood on: the
order is judged again from the state before it, see `rejudge`)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Machine:
    """A life cycle: the states an order may start in, and where each state may go (none: terminal). `back`:
    where a state goes when the transaction it stood on is gone from its chain (never an ordinary move)."""

    first: tuple[str, ...]
    moves: dict[str, tuple[str, ...]]
    back: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        states = set(self.first) | set(self.moves) | {s for targets in self.moves.values() for s in targets}
        seen: set[str] = set()

        def visit(state: str, path: tuple[str, ...]) -> None:  # forward only: no way back to where one was
            if state in path:
                raise ValueError(f"the life cycle loops back to {state}")
            if state not in seen:
                for target in self.moves.get(state, ()):
                    visit(target, (*path, state))
                seen.add(state)

        for state in sorted(states):
            visit(state, ())
        for state, targets in self.back.items():  # a way back leads to a state the forward moves know
            if state not in states or not set(targets) <= states:
                raise ValueError(f"{state} goes back to a state the life cycle does not have")

    def terminal(self, state: str) -> bool:
        return not self.moves.get(state)

    def goes_back(self, state: str, target: str) -> bool:
        return target in self.back.get(state, ())

    def pairs(self) -> list[tuple[str, str]]:
        """Every move the database allows: the forward ones, and the ways back (the store lets only a rejudging
        take those)."""
        forward = [("", s) for s in self.first] + [(s, t) for s, targets in self.moves.items() for t in targets]
        return forward + [(s, t) for s, targets in self.back.items() for t in targets if (s, t) not in forward]
