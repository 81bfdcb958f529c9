"""A bridge's quote checked as a whole before anyone sees it: the API, the command line and the window all get
quotes through `BridgeClient.checked_quote`, so each gets these checks.

Each client reads its provider's answer field by field, holding each to its rule (`model.Broken`: cBridge's
estimate, Bridgers' quote, every token list's decimals); what holds for every bridge is checked here:

- amounts: what arrives is more than 0 and below 2^256, and at most what was sent (at token1's decimals) when
  token1 is token0's asset; the bridge's fee is from 0 to what was sent; no fee of the breakdown is negative;
- decimals: a token the chain's catalogue lists has the catalogue's decimals (the native coin, its chain's);
- the contract: the deposit goes to the bridge's contract on the source chain as swapdesk's catalogue names it
  (`bridges.routers`, never the provider's word), and that contract has code there; a wrapper the deposit
  names besides it (Multichain's anyToken, `crossPool`) is the catalogue's wrapper of the token sold.

What the provider got wrong is SERVER_UNREACHABLE naming the provider, the field and the rule: the engine
refuses that provider's answer, and a comparison of routes lists the bridge under `unavailable` with these
words. A contract the catalogue does not name, or one without code, is NOT_AVAILABLE: nothing is sent there.
"""

from __future__ import annotations

from swapdesk.address import format_address, parse_evm, to_checksum
from swapdesk.api import ApiError, ErrorCode, NotFound
from swapdesk.catalogs import Catalog
from swapdesk.chains import Chain
from swapdesk.engine.bridges.model import UINT256, Broken, Quote, Token, broken, rescale
from swapdesk.engine.bridges.onchain import ChainReader
from swapdesk.engine.bridges.provider import ProviderApi
from swapdesk.words import QT_TR_NOOP, Term, Words

# what each bridge's deposit is sent to (and approved to), as messages name it
CONTRACT_NAMES = {
    "ANYSWAP": QT_TR_NOOP("Multichain router"),
    "METAPATH": QT_TR_NOOP("Bridgers contract"),
    "CBRIDGE": QT_TR_NOOP("cBridge contract"),
}


async def check_quote(api: ProviderApi, chains: ChainReader, quote: Quote) -> None:
    """Raises, in words, when the quote breaks a rule above; returns when it holds."""
    try:
        check_amounts(quote)
    except Broken as exc:
        raise api.unreachable(Words(QT_TR_NOOP("quoted {why}"), why=exc.words)) from None
    here = await chains.backend.catalog(quote.src.chain)
    try:
        there: Catalog | None = await chains.backend.catalog(quote.dst.chain)
    except ApiError:  # a destination this engine has no node for: its tokens stand as the provider lists them
        there = None
    for token, catalog in ((quote.src, here), (quote.dst, there)):
        known = _decimals(token, catalog)
        if known is not None and known != token.decimals:
            other = Words(
                QT_TR_NOOP("says {symbol} on {chain} has {decimals} decimals; swapdesk's catalogue says {known}"),
                symbol=token.symbol,
                chain=token.chain.name,
                decimals=token.decimals,
                known=known,
            )
            raise api.unreachable(other)
    await _check_contract(api, chains, quote, here)


def check_amounts(quote: Quote) -> None:
    """`Broken` names the first amount of the quote that cannot be so. "Sent" is the amount in, at the
    decimals of the token an amount is in; token1's amounts are held to it only when it is token0's asset."""
    sent = quote.src.human(quote.amount_in)
    if not 0 < quote.amount_out < UINT256:
        raise broken("amountOut", quote.amount_out, Words(QT_TR_NOOP("must be more than 0 and below 2^256")))
    if quote.same_asset and quote.amount_out > rescale(quote.amount_in, quote.src.decimals, quote.dst.decimals):
        raise broken("amountOut", quote.amount_out, Words(QT_TR_NOOP("more than the {sent} sent"), sent=sent))
    within = Words(QT_TR_NOOP("from 0 to the {sent} sent"), sent=sent)
    if not 0 <= quote.fee <= quote.amount_in:
        raise broken("fee", quote.fee, within)
    charged = [(f"{fee.kind} fee", fee.token, fee.amount) for fee in quote.fees]
    if quote.relayer_fee is not None:
        charged.append(("relayerFee", quote.dst, quote.relayer_fee))
    for field, token, amount in charged:
        if token == quote.src or (token == quote.dst and quote.same_asset):
            most = rescale(quote.amount_in, quote.src.decimals, token.decimals)
            if not 0 <= amount <= most:
                raise broken(field, amount, within)
        elif not 0 <= amount < UINT256:
            raise broken(field, amount, Words(QT_TR_NOOP("from 0 to 2^256 - 1")))


def _decimals(token: Token, catalog: Catalog | None) -> int | None:
    """The decimals swapdesk knows the token by: its chain's for the native coin, else its catalogue's."""
    if token.native:
        return token.chain.native_decimals
    listed = to_checksum(token.address)
    return next((t.decimals for t in (catalog.tokens if catalog else []) if t.address == listed), None)


async def _check_contract(api: ProviderApi, chains: ChainReader, quote: Quote, catalog: Catalog) -> None:
    chain, bridge = quote.src.chain, quote.bridge
    contract = Term(CONTRACT_NAMES.get(bridge, bridge))
    known = catalog.bridges.routers.get(bridge) if catalog.bridges else None
    if known is None:
        unknown = Words(
            QT_TR_NOOP(
                "bridge: swapdesk's catalogue of {chain} names no {bridge} {contract}: the {router} its provider names"
                " cannot be checked, and nothing is sent there (add it to {id}.json, bridges.routers)"
            ),
            chain=chain.name,
            bridge=bridge,
            contract=contract,
            router=_shown(quote.router, chain),
            id=chain.id,
        )
        raise NotFound(ErrorCode.NOT_AVAILABLE, unknown, "bridge")
    if quote.router != parse_evm(known):
        other = Words(
            QT_TR_NOOP("names {router} as the contract of the deposit on {chain}: not {bridge}'s {contract} ({known})"
                       " in swapdesk's catalogue"),
            router=_shown(quote.router, chain),
            chain=chain.name,
            bridge=bridge,
            contract=contract,
            known=_shown(parse_evm(known), chain),
        )  # fmt: skip
        raise api.unreachable(other)
    if quote.cross_pool != quote.router:
        _check_wrapper(api, quote, catalog)
    if not await chains.has_code(chain, quote.router):
        empty = Words(
            QT_TR_NOOP("bridge: {bridge}'s {contract} on {chain} ({router}) has no code there: nothing is sent to it"),
            bridge=bridge,
            contract=contract,
            chain=chain.name,
            router=_shown(quote.router, chain),
        )
        raise NotFound(ErrorCode.NOT_AVAILABLE, empty, "bridge")


def _check_wrapper(api: ProviderApi, quote: Quote, catalog: Catalog) -> None:
    """A wrapper the deposit names (Multichain's anyToken) must wrap the token sold, by the catalogue."""
    bridges = catalog.bridges
    underlying = bridges.any_tokens.get(to_checksum(quote.cross_pool)) if bridges else None
    wraps = (
        bridges is not None
        and underlying is not None
        and (parse_evm(underlying) == quote.src.address or (quote.src.native and underlying in bridges.native_wraps))
    )
    if not wraps:
        other = Words(
            QT_TR_NOOP("names {pool} as the wrapper of {symbol} on {chain}: not one swapdesk's catalogue knows"),
            pool=_shown(quote.cross_pool, quote.src.chain),
            symbol=quote.src.symbol,
            chain=quote.src.chain.name,
        )
        raise api.unreachable(other)


def _shown(address: bytes, chain: Chain) -> str:
    return format_address(address, chain.tron)
