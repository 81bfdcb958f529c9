"""What is true on each chain, for the engine: its catalogue.

A catalogue names the wrapped native coin, Multicall3, the tokens (address, symbol, name, decimals), the
liquidity sources (kind, factory or pool, fee tiers, the DEX's own router), swapdesk's router where one is
deployed, the explorers, and the routers people swap through (aggregators, Uniswap's later routers: named in a
transaction's details, never called); nothing else (no accounts, no deployer: those are the devnet's own business). The
package ships one for each EVM chain of the spec and TRON, with the public mainnet addresses and where each was
checked (`data/`, and `data/README.md`); the devnet writes its own in the same format; a user's file at
`<config>/catalogs/<chain id>.json` takes a chain's place.

A catalogue is checked when loaded (`Catalog.from_json`: the keys, the address spellings, the kinds) and when
first used on a chain (`engine.catalog_check`: code at every address it names).
"""

from __future__ import annotations

import json
from dataclasses import MISSING, asdict, dataclass, field, fields
from functools import cache
from pathlib import Path
from typing import Any, Self

from swapdesk.address import InvalidAddress, format_address, parse_address
from swapdesk.api.rules import BRIDGES

DATA = Path(__file__).parent / "data"
KINDS = ("uniswap_v2", "uniswap_v3", "stableswap")
TRON_CHAIN = 95500


class CatalogError(ValueError):
    """A catalogue that cannot be used, said in words: which file or chain, which entry, what is wrong."""


@dataclass(frozen=True)
class TokenEntry:
    address: str
    symbol: str
    name: str
    decimals: int
    reference: str = ""  # where the fact was checked (a public page or repository)


@dataclass(frozen=True)
class SourceEntry:
    name: str
    kind: str  # one of KINDS
    fee_bps: int  # swap fee in basis points (StableSwap: rounded for display; V3: the lowest tier's)
    address: str  # V2 and V3: the factory; StableSwap: the pool
    pools: list[str] = field(default_factory=list)  # known pools (V2, V3: found on chain besides these)
    fee_tiers: list[int] = field(default_factory=list)  # V3: the fee tiers its pools use, in millionths
    router: str | None = None  # the DEX's own router (UniswapV2Router02, V3's SwapRouter), where it has one
    quoter: str | None = None  # V3: QuoterV2
    position_manager: str | None = None  # V3: NonfungiblePositionManager
    tick_lens: str | None = None  # V3: TickLens
    reference: str = ""


@dataclass(frozen=True)
class RouterEntry:
    """A router people swap through (an aggregator's, a DEX's later one): named where a transaction calls it."""

    name: str
    address: str
    reference: str = ""


@dataclass(frozen=True)
class BridgeContracts:
    """The bridges' contracts on a chain, as swapdesk knows them (a quote's word for them is never trusted)."""

    routers: dict[str, str] = field(default_factory=dict)  # bridge -> the contract a deposit approves and calls
    any_tokens: dict[str, str] = field(default_factory=dict)  # Multichain's anyToken -> the token it wraps
    native_wraps: list[str] = field(default_factory=list)  # wrapped coins a bridge records for the coin itself


@dataclass(frozen=True)
class Catalog:
    chain_id: int
    multicall: str
    wrapped: str
    tokens: list[TokenEntry]  # ERC-20s, the wrapped native first
    sources: list[SourceEntry]
    router: str | None = None  # swapdesk's AggregationRouter, where one is deployed
    name: str = ""
    explorers: list[str] = field(default_factory=list)
    references: dict[str, str] = field(default_factory=dict)  # where the top-level facts were checked
    bridges: BridgeContracts | None = None
    routers: list[RouterEntry] = field(default_factory=list)

    def token(self, symbol: str) -> TokenEntry:
        for token in self.tokens:
            if token.symbol == symbol:
                return token
        raise KeyError(symbol)

    def catalog(self) -> Catalog:
        """The catalogue alone (a subclass with facts of its own gives them up here)."""
        return Catalog(**{f.name: getattr(self, f.name) for f in fields(Catalog)})

    def to_json(self) -> str:
        return json.dumps(asdict(self), indent=1)

    @classmethod
    def from_json(cls, text: str, where: str = "the catalogue") -> Self:
        """A catalogue from its JSON, checked: CatalogError names `where`, the entry and the rule broken."""
        try:
            raw = json.loads(text)
        except ValueError as exc:
            raise CatalogError(f"{where} is not JSON: {exc}") from None
        return cls.from_dict(raw, where)

    @classmethod
    def from_dict(cls, raw: Any, where: str = "the catalogue") -> Self:
        if not isinstance(raw, dict):
            raise CatalogError(f"{where} must be a JSON object")
        unknown = set(raw) - {f.name for f in fields(cls)}
        if unknown:
            raise CatalogError(f"{where}: unknown key {sorted(unknown)[0]!r}")
        try:
            if not isinstance(raw["chain_id"], int) or isinstance(raw["chain_id"], bool):
                raise CatalogError(f"{where}: chain_id must be a whole number")
            chain_id = raw["chain_id"]
            tron = chain_id == TRON_CHAIN
            tokens = [_entry(TokenEntry, t, f"{where}: token {n}", tron) for n, t in enumerate(raw.get("tokens", []))]
            sources = [
                _entry(SourceEntry, s, f"{where}: source {n}", tron) for n, s in enumerate(raw.get("sources", []))
            ]
            for source in sources:
                if source.kind not in KINDS:
                    raise CatalogError(f"{where}: source {source.name!r} is of kind {source.kind!r}; one of {KINDS}")
            routers = [
                _entry(RouterEntry, r, f"{where}: router {n}", tron) for n, r in enumerate(raw.get("routers", []))
            ]
            values = dict(raw) | {"tokens": tokens, "sources": sources, "routers": routers}
            if raw.get("bridges") is not None:
                values["bridges"] = _bridges(raw["bridges"], f"{where}: bridges", tron)
            for key in ("multicall", "wrapped", "router"):
                if values.get(key) is not None:
                    values[key] = _address(values[key], f"{where}: {key}", tron)
            _require(cls, values, where)
            return cls(**values)
        except KeyError as exc:
            raise CatalogError(f"{where}: missing key {exc.args[0]!r}") from None
        except (TypeError, ValueError) as exc:
            if isinstance(exc, CatalogError):
                raise
            raise CatalogError(f"{where}: {exc}") from None


def _require(kind: type[Any], values: dict[str, Any], where: str) -> None:
    """Every key the entry cannot do without is there (said by its name, not as a constructor's complaint)."""
    for known in fields(kind):
        if known.default is MISSING and known.default_factory is MISSING and known.name not in values:
            raise CatalogError(f"{where}: missing key {known.name!r}")


def _address(text: Any, where: str, tron: bool) -> str:
    """An address as the engine works with it (EIP-55 hex), from either spelling its chain writes."""
    if not isinstance(text, str):
        raise CatalogError(f"{where}: an address must be text")
    try:
        raw = parse_address(text, tron=tron and text.startswith("T"))
    except InvalidAddress as exc:
        raise CatalogError(f"{where}: {exc}") from None
    return format_address(raw, tron=False)


def _bridges(raw: Any, where: str, tron: bool) -> BridgeContracts:
    if not isinstance(raw, dict) or set(raw) - {"routers", "any_tokens", "native_wraps"}:
        raise CatalogError(f"{where} must be an object of routers, any_tokens and native_wraps")
    routers = {str(b): _address(a, f"{where}: {b}", tron) for b, a in dict(raw.get("routers", {})).items()}
    unknown = set(routers) - set(BRIDGES)
    if unknown:
        raise CatalogError(f"{where}: {sorted(unknown)[0]!r} is not a bridge; one of {BRIDGES}")
    return BridgeContracts(
        routers,
        {_address(a, f"{where}: anyToken", tron): _address(u, f"{where}: underlying", tron)
         for a, u in dict(raw.get("any_tokens", {})).items()},
        [_address(a, f"{where}: native wrap", tron) for a in raw.get("native_wraps", [])],
    )  # fmt: skip


def _entry(kind: type[Any], raw: Any, where: str, tron: bool) -> Any:
    if not isinstance(raw, dict):
        raise CatalogError(f"{where} must be a JSON object")
    unknown = set(raw) - {f.name for f in fields(kind)}
    if unknown:
        raise CatalogError(f"{where}: unknown key {sorted(unknown)[0]!r}")
    values = dict(raw)
    for key in ("address", "router", "quoter", "position_manager", "tick_lens"):
        if values.get(key) is not None:
            values[key] = _address(values[key], f"{where}: {key}", tron)
    if "pools" in values:
        values["pools"] = [_address(p, f"{where}: pool", tron) for p in values["pools"]]
    _require(kind, values, where)
    try:
        return kind(**values)
    except TypeError as exc:
        raise CatalogError(f"{where}: {exc}") from None


@cache
def shipped(chain_id: int) -> Catalog | None:
    """The catalogue the package ships for a chain, or None."""
    path = DATA / f"{chain_id}.json"
    return Catalog.from_json(path.read_text(), f"swapdesk's catalogue of chain {chain_id}") if path.exists() else None


def load(folder: Path | None, chain_ids: list[int], faults: list[str] | None = None) -> dict[int, Catalog]:
    """Each chain's catalogue: the user's own file (`<folder>/<chain id>.json`) where there is one, else the
    one the package ships; chains with neither are left out. A file that breaks a rule raises CatalogError, a
    line naming the file and the rule; or, given `faults`, is left out and its line added there."""
    found = {}
    for chain_id in chain_ids:
        path = folder / f"{chain_id}.json" if folder is not None else None
        try:
            if path is not None and path.exists():
                found[chain_id] = _of_chain(Catalog.from_json(_read(path), str(path)), chain_id, str(path))
            elif (catalog := shipped(chain_id)) is not None:
                found[chain_id] = catalog
        except CatalogError as exc:
            if faults is None:
                raise
            faults.append(str(exc))
    return found


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CatalogError(f"{path} cannot be read: {exc}") from None


def _of_chain(catalog: Catalog, chain_id: int, where: str) -> Catalog:
    """The file of a chain describes that chain: `1.json` saying chain_id 56 would put BSC's addresses on Ethereum."""
    if catalog.chain_id != chain_id:
        raise CatalogError(f"{where}: chain_id {catalog.chain_id} in the file of chain {chain_id}")
    return catalog
