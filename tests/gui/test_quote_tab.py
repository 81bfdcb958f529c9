"""The Quote tab, driven as a person would: pick, type, read the quote and the route."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt

from swapdesk.api import AggQuote
from swapdesk.gui.window import MainWindow

from .conftest import Typer, Until, screenshot


def _pick_chain(window: MainWindow, until: Until, name: str) -> None:
    tab = window.quote_tab
    index = tab.chain_box.findText(name)
    assert index >= 0, name
    if tab.chain_box.currentIndex() == index:
        window.start()
    else:
        tab.chain_box.setCurrentIndex(index)
    until(tab.accounts_shown)  # the tokens, then the accounts for that chain (which may re-quote)
    if tab.data.balances_of is None or tab.data.balances_of[0] != tab.chain.id:
        until(tab.balances_shown)  # the chosen account's balances (the recipient is that account)


def test_pick_type_and_see_the_route(window: MainWindow, until: Until, type_into: Typer) -> None:
    tab = window.quote_tab
    _pick_chain(window, until, "BNB Smart Chain")
    assert window.engine_state.text().startswith("Ready")
    tab.sell.choose("USDT")
    tab.buy.choose("BNB")
    type_into(tab.amount, "250000")
    (quote,) = until(tab.quote_shown)
    assert isinstance(quote, AggQuote)
    assert quote.amountIn == str(250_000 * 10**18)
    lines = tab.route_card.diagram.lines
    assert sum(line.percent for line in lines) == 100 and len(lines) > 1
    assert all(line.hops[0].token_in == "USDT" and line.hops[-1].token_out == "BNB" for line in lines)
    assert tab.route_card.sources.rowCount() == len(quote.amounts)
    assert tab.summary.impact.text().endswith(("low", "noticeable", "significant", "high"))
    assert tab.route_card.call_data.value.text() == quote.data
    assert quote.blockNumber is not None and f"block {quote.blockNumber:,}" in tab.summary.age.text()
    assert tab.buy_side.text().replace(",", "").replace(".", "").isdigit()  # the amount received, large
    screenshot(window, "quote.png")


def test_a_stale_quote_never_lands(window: MainWindow, until: Until, qtbot: Any) -> None:
    tab = window.quote_tab
    _pick_chain(window, until, "Polygon")
    shown: list[AggQuote] = []
    tab.quote_shown.connect(shown.append)
    for text in ("1", "10", "100", "1000", "10000"):  # keystrokes faster than quotes return
        tab.amount.setText(text)
        tab.asking.ask()
    until(tab.quote_shown)
    tab.amount.setText("7")  # the form moves on; whatever was out must not land now
    (last,) = until(tab.quote_shown)
    assert [q.amountIn for q in shown][-1] == last.amountIn
    decimals = tab.form.token(tab.sell, "token0").decimals
    assert all(q.amountIn in (str(10_000 * 10**decimals), str(7 * 10**decimals)) for q in shown)
    assert last.amountIn == str(7 * 10**decimals)


def test_bad_input_is_said_next_to_its_field(window: MainWindow, until: Until, type_into: Typer) -> None:
    tab = window.quote_tab
    _pick_chain(window, until, "Ethereum")
    cases: list[tuple[Callable[[], None], str, str]] = [
        (lambda: tab.amount.setText("1e5"), "amountIn", "Type an amount like 2500 or 0.25."),
        (lambda: tab.amount.setText("1.1234567"), "amountIn", "USDT has 6 decimals: at most 6 digits after the point."),
        (lambda: tab.amount.setText("1,00.5"), "amountIn", "Commas go between groups of three digits, like 2,500."),
        (lambda: tab.sell.choose("DOGE"), "token0", "No token DOGE on Ethereum's list: pick one, or paste its"),
        (lambda: tab.buy.choose("USDT"), "token1", "Choose two different tokens."),
        (lambda: tab.slippage.choose("120"), "impact", "Slippage is a percentage from 0 to 100"),
        (lambda: tab.recipient.setText("0x123"), "to", "This is not an address of Ethereum: check the recipient."),
    ]
    for apply, field, words in cases:
        tab.sell.choose("USDT")
        tab.buy.choose("WETH")
        tab.amount.setText("100")
        tab.slippage.choose("0.5")
        tab.recipient.setText("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266")
        apply()
        tab.changed()  # judged now, as after the pause
        said = tab.message.text()
        assert tab.verdict.field == field and words in said, (field, tab.verdict.field, said)
        assert "Traceback" not in said and tab.message.message is not None and tab.message.message.kind == "danger"
        assert not tab.swap_button.isEnabled() and tab.swap_button.text().startswith(("Check", "Choose"))
    # separators in the amount are read exactly
    tab.sell.choose("USDT")
    tab.buy.choose("WETH")
    tab.recipient.setText("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266")
    tab.amount.setText("1,250.5")
    (quote,) = until(tab.quote_shown)
    assert quote.amountIn == str(1_250_500_000)
    # the engine's own refusals land next to their field too
    tab.amount.setText("900000000")
    until(tab.quote_failed)
    assert "pools cannot take this much USDT" in tab.message.text() and tab.verdict.field == "amountIn"
    type_into(tab.amount, key=Qt.Key.Key_Backspace)


def test_balances_and_max(window: MainWindow, until: Until) -> None:
    tab = window.quote_tab
    _pick_chain(window, until, "Fantom")
    tab.sell.choose("DAI")
    tab.buy.choose("FTM")
    assert tab.sell_side.balance.text() == "Balance: 100,000 DAI"  # demo account 0, the account chosen first
    assert tab.buy_side.balance.text().startswith("Balance: ") and tab.buy_side.balance.text().endswith(" FTM")
    tab.max_button.click()
    assert tab.amount.text() == "100000"
    (quote,) = until(tab.quote_shown)
    assert quote.amountIn == str(100_000 * 10**18)
    tab.sell.choose_token(tab.sell.tokens[0])  # the native coin: Max keeps 0.01 FTM for gas
    tab.max_button.click()
    assert tab.amount.text() == "9999.99"


def test_a_pasted_address_is_read_from_the_chain(window: MainWindow, until: Until, devnet: Any, qloop: Any) -> None:
    tab = window.quote_tab
    _pick_chain(window, until, "Ethereum")
    manifest = qloop.run_until_complete(devnet.manifest(1))
    lp_token = manifest.sources[0].pools[0]  # a real ERC-20 (the pair's LP token) that no pool trades
    tab.sell.choose("USDT")
    tab.amount.setText("100")
    tab.buy.choose(lp_token)
    assert "Reading that token from the chain" in tab.message.text()
    until(tab.quote_failed)  # read, then quoted: no pool trades it
    assert tab.buy.text().strip().startswith("UNI-V2")
    assert tab.message.text() == "No pool on Ethereum connects USDT and UNI-V2."
    tab.buy.choose("0x000000000000000000000000000000000000dEaD")  # nobody's contract
    until(tab.token_read)
    assert tab.message.text() == "There is no token at that address on Ethereum." and tab.verdict.field == "token1"


def test_the_token_list_searches_and_takes_a_pasted_address(window: MainWindow, until: Until) -> None:
    tab = window.quote_tab
    _pick_chain(window, until, "BNB Smart Chain")
    tab.amount.setText("100")  # a form with an amount: a token it cannot use is said
    tab.buy.open_list()
    popup = tab.buy.list
    assert popup.isVisible() and popup.rows.count() == len(tab.buy.tokens)
    popup.search.setText("us")  # USDT, USDC, BUSD...: by symbol or name
    shown = [popup.rows.item(i).data(Qt.ItemDataRole.UserRole) for i in range(popup.rows.count())]
    symbols = {t.address: t.symbol for t in tab.buy.tokens}
    assert shown and all("us" in symbols[a].lower() or "us" in _name(tab, a) for a in shown)
    assert "USDT" in [symbols[a] for a in shown]
    popup.search.setText("0x" + "12" * 20)  # not on the list: offered as a pasted address
    assert popup.rows.count() == 1 and "pasted address" in popup.rows.item(0).text()
    popup.search.returnPressed.emit()
    assert not popup.isVisible() and tab.buy.typed == "0x" + "12" * 20
    until(tab.token_read)
    assert tab.message.text().startswith("There is no token at that address") and tab.verdict.field == "token1"
    tab.buy.choose("BNB")


def _name(tab: Any, address: str) -> str:
    return next(str(t.name).lower() for t in tab.buy.tokens if t.address == address)


def test_a_typed_recipient_stays_when_the_accounts_come_again(window: MainWindow, until: Until) -> None:
    """The accounts listed again (an account added, the keyring answering late) keep a recipient the person typed."""
    tab = window.quote_tab
    _pick_chain(window, until, "BNB Smart Chain")
    own = tab.recipient.text()
    assert tab.account is not None and own == tab.account.address
    other = "0x2c7536E3605D9C16a7a3D7b1898e529396a65c23"
    tab.recipient.setText(other)
    tab.set_accounts(list(tab.accounts))
    assert tab.recipient.text() == other
