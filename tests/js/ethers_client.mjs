// ethers (npm `ethers` 6, pinned in package.json) against a devnet chain's JSON-RPC at <url> (/rpc/<chain id>),
// used as a dapp uses it: a transfer, an ERC-20 call and transfer, a contract event and pending transactions
// heard through filters, Multicall3, a transfer sent with its access list, and a swap sent from a quote.
//
//   node tests/js/ethers_client.mjs ACTION < request.json     (prints one JSON object)
//
// The request holds `url` and what the action needs; keys are 0x-hex, amounts decimal strings.
import { ethers } from 'ethers';
import { readRequest, run } from './common.mjs';

const ERC20 = [
  'function balanceOf(address) view returns (uint256)',
  'function decimals() view returns (uint8)',
  'function symbol() view returns (string)',
  'function transfer(address to, uint256 amount) returns (bool)',
  'function approve(address spender, uint256 amount) returns (bool)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
];
const MULTICALL3 = '0xcA11bde05977b3631167028862bE2a173976CA11';
const MULTICALL3_ABI = [
  'function aggregate3((address target, bool allowFailure, bytes callData)[] calls) payable ' +
    'returns ((bool success, bytes returnData)[] returnData)',
];

function connect(request) {
  const provider = new ethers.JsonRpcProvider(request.url, undefined, { pollingInterval: 100 });
  // ethers caches identical reads for 250 ms, and a devnet receipt comes at once: a second send would read the
  // first one's nonce again, so the signer counts its nonces itself (ethers' NonceManager)
  const wallet = request.key ? new ethers.NonceManager(new ethers.Wallet(request.key, provider)) : null;
  return { provider, wallet };
}

// resolves once the provider has been answered a request of `method` (ethers installs filters in the background)
function answered(provider, method) {
  return new Promise((resolve) => {
    let sent = false;
    const listener = (info) => {
      const payloads = [info.payload ?? []].flat();
      if (info.action === 'sendRpcPayload' && payloads.some((p) => p.method === method)) sent = true;
      else if (sent && info.action === 'receiveRpcResult') {
        provider.off('debug', listener);
        resolve();
      }
    };
    provider.on('debug', listener);
  });
}

function within(ms, promise, what) {
  return Promise.race([
    promise,
    new Promise((_, reject) => setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms)),
  ]);
}

const ACTIONS = {
  // a native transfer (EIP-1559) and a legacy EIP-155 one; both read back with their chain id
  async transfer(request) {
    const { provider, wallet } = connect(request);
    const network = await provider.getNetwork();
    const before = await provider.getBalance(request.to);
    const sent = await wallet.sendTransaction({ to: request.to, value: BigInt(request.amount) });
    const receipt = await sent.wait();
    const legacy = await wallet.sendTransaction({ to: request.to, value: 1n, type: 0 });
    await legacy.wait();
    const legacyRaw = await provider.send('eth_getTransactionByHash', [legacy.hash]);
    return {
      chainId: network.chainId,
      status: receipt.status,
      received: (await provider.getBalance(request.to)) - before,
      txChainId: (await provider.getTransaction(sent.hash)).chainId,
      txType: (await provider.getTransaction(sent.hash)).type,
      legacyType: legacyRaw.type,
      legacyChainId: legacyRaw.chainId,
      legacyParsedChainId: (await provider.getTransaction(legacy.hash)).chainId,
      nonce: await provider.getTransactionCount(await wallet.getAddress(), 'pending'),
    };
  },

  // an ERC-20 read and transfer; the Transfer event parsed from the receipt
  async erc20(request) {
    const { wallet } = connect(request);
    const token = new ethers.Contract(request.token, ERC20, wallet);
    const before = await token.balanceOf(request.to);
    const sent = await token.transfer(request.to, BigInt(request.amount));
    const receipt = await sent.wait();
    const event = receipt.logs.map((log) => token.interface.parseLog(log)).find((parsed) => parsed?.name === 'Transfer');
    return {
      symbol: await token.symbol(),
      decimals: await token.decimals(),
      received: (await token.balanceOf(request.to)) - before,
      event: { from: event.args.from, to: event.args.to, value: event.args.value },
      gasUsed: receipt.gasUsed,
    };
  },

  // a contract event and a pending transaction heard through filters (eth_newFilter, eth_newPendingTransactionFilter
  // and eth_getFilterChanges: ethers' way on HTTP), for a transfer sent once both filters are installed
  async filters(request) {
    const { provider, wallet } = connect(request);
    const token = new ethers.Contract(request.token, ERC20, wallet);
    const me = await wallet.getAddress();
    const logInstalled = answered(provider, 'eth_newFilter');
    const heard = new Promise((resolve) => {
      token.on(token.filters.Transfer(me), (...args) => {
        const log = args[args.length - 1].log; // the event payload comes last, after any decoded arguments
        const { from, to, value } = token.interface.parseLog(log).args;
        resolve({ from, to, value, hash: log.transactionHash });
      });
    });
    await within(20_000, logInstalled, 'eth_newFilter');
    const pendingInstalled = answered(provider, 'eth_newPendingTransactionFilter');
    const pendingHashes = [];
    await provider.on('pending', (hash) => pendingHashes.push(hash));
    await within(20_000, pendingInstalled, 'eth_newPendingTransactionFilter');
    const sent = await token.transfer(request.to, BigInt(request.amount));
    await sent.wait();
    const event = await within(20_000, heard, 'the Transfer event');
    const deadline = Date.now() + 20_000;
    while (!pendingHashes.includes(sent.hash) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await token.removeAllListeners(); // ethers uninstalls its filters in the background
    await provider.removeAllListeners();
    return { sent: sent.hash, event, pendingHeard: pendingHashes.includes(sent.hash) };
  },

  // Multicall3 at its canonical address: several reads in one call, one of them failing and allowed to
  async multicall(request) {
    const { provider } = connect(request);
    const multicall = new ethers.Contract(MULTICALL3, MULTICALL3_ABI, provider);
    const erc20 = new ethers.Interface(ERC20);
    const calls = [
      { target: request.token, allowFailure: false, callData: erc20.encodeFunctionData('symbol') },
      { target: request.token, allowFailure: false, callData: erc20.encodeFunctionData('balanceOf', [request.owner]) },
      { target: request.token, allowFailure: true, callData: '0xdeadbeef' },
    ];
    const results = await multicall.aggregate3.staticCall(calls);
    return {
      symbol: erc20.decodeFunctionResult('symbol', results[0].returnData)[0],
      balance: erc20.decodeFunctionResult('balanceOf', results[1].returnData)[0],
      direct: await new ethers.Contract(request.token, ERC20, provider).balanceOf(request.owner),
      failed: !results[2].success,
    };
  },

  // a token transfer sent with its access list (eth_createAccessList's), the gas left to ethers, which estimates
  // it with the list, as a wallet does; the receipt waited for without ethers' throwing on a failed one
  async accessList(request) {
    const { provider, wallet } = connect(request);
    const data = new ethers.Interface(ERC20).encodeFunctionData('transfer', [request.to, BigInt(request.amount)]);
    const from = await wallet.getAddress();
    const listed = await provider.send('eth_createAccessList', [{ from, to: request.token, data }]);
    const sent = await wallet.sendTransaction({ to: request.token, data, accessList: listed.accessList });
    const receipt = await provider.waitForTransaction(sent.hash);
    return {
      status: receipt.status, gas: sent.gasLimit, gasUsed: receipt.gasUsed, type: sent.type, accessList: sent.accessList,
    };
  },

  // the quote's call data, sent as the API says: approve `amountIn` of the token sold to the router, send `data`
  async swap(request) {
    const { provider, wallet } = connect(request);
    const quote = request.quote;
    const bought = quote.dstToken === ethers.ZeroAddress ? null : new ethers.Contract(quote.dstToken, ERC20, provider);
    const balance = () => (bought ? bought.balanceOf(quote.to) : provider.getBalance(quote.to));
    const before = await balance();
    if (quote.srcToken !== ethers.ZeroAddress) {
      const sold = new ethers.Contract(quote.srcToken, ERC20, wallet);
      await (await sold.approve(quote.aggregator, BigInt(quote.amountIn))).wait();
    }
    const value = quote.srcToken === ethers.ZeroAddress ? BigInt(quote.amountIn) : 0n;
    const sent = await wallet.sendTransaction({ to: quote.aggregator, data: quote.data, value });
    const receipt = await sent.wait();
    return { hash: sent.hash, status: receipt.status, received: (await balance()) - before };
  },
};

run(ACTIONS, await readRequest());
