"""The CLI against a live server: quote, then look up a swap sent through /rpc."""

from __future__ import annotations

import json

import httpx
import pytest
from eth_account import Account
from web3 import Web3

from swapdesk.__main__ import main
from swapdesk.address import format_address
from swapdesk.devnet.accounts import demo_key

RECEIVER = "0x2c7536E3605D9C16a7a3D7b1898e529396a65c23"


def test_quote_and_details(server_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    trader = Account.from_key(demo_key(0))
    argv = ["quote", "--chain", "matic", "--sell", "MATIC", "--buy", "usdc", "--amount", "250", "--part", "4"]
    assert main([*argv, "--to", trader.address, "--server", server_url, "--json"]) == 0
    quote = json.loads(capsys.readouterr().out)
    assert quote["amountIn"] == str(250 * 10**18) and int(quote["totalAmountOut"]) > 0

    w3 = Web3(Web3.HTTPProvider(f"{server_url}/rpc/137"))
    tx = {
        "to": quote["aggregator"], "data": quote["data"], "value": 250 * 10**18, "from": trader.address,
        "nonce": w3.eth.get_transaction_count(trader.address), "chainId": 137, "gas": 3_000_000,
        "maxFeePerGas": 2 * w3.eth.get_block("latest")["baseFeePerGas"] + 1, "maxPriorityFeePerGas": 1,
    }  # fmt: skip
    sent = w3.eth.send_raw_transaction(trader.sign_transaction(tx).raw_transaction)
    assert w3.eth.wait_for_transaction_receipt(sent)["status"] == 1
    tx_hash = sent.hex()

    assert main(["details", tx_hash, "--chain", "POLYGON", "--server", server_url]) == 0
    shown = capsys.readouterr().out
    assert shown.startswith("Success: a swap on Polygon, channel default")
    assert "sold      250 MATIC" in shown and "USDC" in shown and "(Success)" not in shown
    usdc = httpx.get(f"{server_url}/ext/v1/tokens", params={"chain": "137"}).json()["data"]
    decimals = next(t["decimals"] for t in usdc if t["symbol"] == "USDC")
    received = int(quote["totalAmountOut"]) / 10**decimals
    assert f"{received:.2f}"[:-1] in shown  # the human amount, as received


def _quote(chain: str, sell: str, buy: str, amount: str, *more: str, to: str | None = RECEIVER) -> list[str]:
    recipient = ["--to", to] if to else []
    return ["quote", "--chain", chain, "--sell", sell, "--buy", buy, "--amount", amount, *recipient, *more]


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (_quote("MARS", "a", "b", "1"), "--chain: unknown chain 'MARS'"),
        (_quote("BSC", "DOGE", "USDT", "1"), "--sell: 'DOGE' is not a token"),
        (_quote("BSC", "USDT", "USDT", "1"), "token1: must differ from token0"),
        (_quote("BSC", "USDT", "BNB", "-1"), "--amount: '-1' is not an amount"),
        (_quote("BSC", "USDT", "BNB", "1", "--part", "0"), "part: must be an integer from 1 to 100"),
        (_quote("BSC", "USDT", "BNB", "1", "--slippage", "101"), "--slippage: '101': a percentage from 0 to 100"),
        (_quote("BSC", "USDT", "BNB", "1", "--slippage", "half"), "--slippage: 'half' is not a percentage"),
        (_quote("BSC", "USDT", "BNB", "1", "--slippage", "0.001"), "--slippage: '0.001': a percentage from 0 to 100"),
        (["details", "0x1234", "--chain", "BSC"], "hash: must be a transaction hash"),
        (_quote("BSC", "USDT", "BNB", "1", to=None), "--to: say who receives, or name one of your accounts"),
        (_quote("BSC", "USDT", "BNB", "1", "--from", "Demo 0", to=None), "--account: 'Demo 0' is not one of your"),
    ],
)
def test_bad_input_is_said_plainly(
    server_url: str, capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    assert main([*argv, "--server", server_url]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: ") and said in err and "Traceback" not in err


def test_the_sender_is_one_of_your_accounts_on_the_devnet(capsys: pytest.CaptureFixture[str]) -> None:
    """On the embedded devnet the demo accounts are yours: `--from 'Demo 3'` quotes for that account, itself
    the recipient (in the chain's own address form on TRON)."""
    argv = ["quote", "--chain", "TRON", "--sell", "USDT", "--buy", "TRX", "--amount", "10", "--from", "demo 3"]
    assert main([*argv, "--json"]) == 0
    said = capsys.readouterr()
    quote = json.loads(said.out)
    # the first line says it: this TRON is swapdesk's demo world (no node for it in Settings), not the real one
    assert said.err.splitlines()[0] == (
        "answering from swapdesk's devnet, a demo world, for TRON (set a node in Settings for the real one)"
    )
    tron = format_address(bytes.fromhex(Account.from_key(demo_key(3)).address[2:]), tron=True)
    assert quote["to"] == quote["data"]["issuer"] == tron


def test_fork_with_a_command_is_refused_not_ignored(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        main(["--fork", "ETH=http://127.0.0.1:9", *_quote("ETH", "ETH", "USDC", "1")])
    assert ended.value.code == 2
    assert "--fork: practice on a fork is the window's" in capsys.readouterr().err


def test_the_split_is_never_said_below_a_single_source(server_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The gain over the best single source is after gas, as the engine chooses: never negative."""
    argv = ["quote", "--chain", "BSC", "--sell", "USDT", "--buy", "BNB", "--amount", "250000", "--part", "10"]
    assert main([*argv, "--to", RECEIVER, "--server", server_url]) == 0
    route = next(line for line in capsys.readouterr().out.splitlines() if line.lstrip().startswith("route"))
    said = route.split("(", 1)[1]
    assert said.endswith("bps over the best single source, after gas)") and not said.startswith("-"), route
