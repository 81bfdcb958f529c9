"""The engine's own reasons in the window's language (Simplified Chinese): a refusal's details, a request's rule
the parser judges, and the trade's "the final quote failed: {reason}" carry no English left; the English stays
the API's, and an English window shows it as before."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from swapdesk.api import AggSwapRequest, ApiError, TronSwapRequest
from swapdesk.api.requests import parse
from swapdesk.gui import error_words, i18n
from swapdesk.gui.window import MainWindow

from .conftest import Until
from .test_chinese import chinese, english, untranslated
from .test_quote_tab import _pick_chain

__all__ = ["chinese"]  # the Chinese installed around each test (an autouse fixture)


def test_the_engine_s_own_reason_is_in_chinese(window: MainWindow, until: Until, qapp: QApplication) -> None:
    """The engine's refusal, made where Qt is not imported: the quote's details (the refusal's tooltip) say the
    engine's reason in the window's language, the amount's name included; the English is the API's as before, and
    an English window shows it as it is. A rule of the request the form leaves to the parser is said the same way."""
    tab = window.quote_tab
    _pick_chain(window, until, "Ethereum")
    tab.sell.choose("USDT")
    tab.buy.choose("WETH")
    tab.recipient.setText("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266")
    (message,) = until(tab.quote_failed, doing=lambda: tab.amount.setText("900000000"))  # more than the pools hold
    detail = tab.message.toolTip()
    assert message.startswith("amountIn: ") and detail.startswith("卖出数量："), (message, detail)
    assert not english(detail), detail
    left = untranslated(window, tab.sell.tokens)
    assert not left, left
    i18n.install(qapp, "en")
    (again,) = until(tab.quote_failed, doing=lambda: tab.amount.setText("900000001"))
    assert tab.message.toolTip() == again and again.startswith("amountIn: ")
    i18n.install(qapp, "zh_CN")
    tron, usdt, weth = (
        "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb", "0xdAC17F958D2ee523a2206206994597C13D831ec7",
        "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
    )  # fmt: skip
    query = {"token0": tron, "token1": tron, "decimal0": "6", "decimal1": "6", "amountIn": "1", "amountOutMin": "0",
             "impact": "50", "part": "1", "to": tron, "issuer": tron, "chain": "BSC"}  # fmt: skip
    with pytest.raises(ApiError) as refused:
        parse(TronSwapRequest, query.items())
    said = error_words.said(refused.value)
    assert str(refused.value) == "chain: BSC is not supported here: this path quotes on TRON only"
    assert said == "链：此处不支持 BSC：此路径只在 TRON 上报价", said
    with pytest.raises(ApiError) as refused:  # a TRON recipient on Ethereum
        parse(AggSwapRequest, {**query, "chain": "ETH", "token0": usdt, "token1": weth, "issuer": usdt}.items())
    said = error_words.said(refused.value)
    assert (
        str(refused.value)
        == f"to: must be 0x followed by 40 hexadecimal digits (EIP-55 when mixed case) (got {tron!r})"
    )
    assert said == f"收款地址：必须是 0x 加 40 位十六进制数字（大小写混合时须符合 EIP-55）（收到的是 {tron!r}）", said
    assert not english(said), said


def test_a_final_quote_the_engine_refuses_says_its_reason_in_chinese(
    window: MainWindow, until: Until, type_into: Any
) -> None:
    """The trade's "the final quote failed: {reason}" with the engine's reason in Chinese too: the review of a quote
    whose minimum is above what the route gives now (as when the price moves between the quote and the signing)
    asks the engine again, which refuses the minimum; nothing English is left in the sentence."""
    tab = window.quote_tab
    _pick_chain(window, until, "BNB Smart Chain")
    tab.sell.choose("BNB")
    tab.buy.choose("USDT")
    type_into(tab.amount, "2")
    until(tab.quote_shown)
    shown, _ = until(tab.swap_requested, doing=tab.swap_button.click)
    assert window.swap_dialog is not None
    window.swap_dialog.close()
    quote = shown.quote
    moved = replace(shown, quote=quote.model_copy(update={"totalAmountOutMin": str(int(quote.totalAmountOut) * 2)}))
    assert tab.account is not None
    dialog = window.open_swap(moved, tab.account)
    assert dialog is not None
    until(dialog.checked)
    (message,) = until(dialog.failed, doing=dialog.swap_button.click)
    assert message.startswith("最终报价失败：最少到账数量：要求至少 "), message
    assert not english(message), message
