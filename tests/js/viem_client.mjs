// viem (npm `viem` 2, pinned in package.json) against a devnet chain's JSON-RPC at <url> (/rpc/<chain id>): a
// transfer, an ERC-20 call and transfer, Multicall3 through viem's own `multicall`, the filter family, an access
// list, a block's receipts, a transfer sent with its access list, and a swap sent from a quote.
//
//   node tests/js/viem_client.mjs ACTION < request.json     (prints one JSON object)
//
// The request holds `url`, `chainId` and what the action needs; keys are 0x-hex, amounts decimal strings.
import { createPublicClient, createWalletClient, defineChain, encodeFunctionData, erc20Abi, http, zeroAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { readRequest, run } from './common.mjs';

const MULTICALL3 = '0xcA11bde05977b3631167028862bE2a173976CA11';

function connect(request) {
  const chain = defineChain({
    id: request.chainId,
    name: `devnet ${request.chainId}`,
    nativeCurrency: { name: 'coin', symbol: 'COIN', decimals: 18 },
    rpcUrls: { default: { http: [request.url] } },
    contracts: { multicall3: { address: MULTICALL3 } }, // canonical on every devnet chain, as on real ones
  });
  const transport = http(request.url);
  const client = createPublicClient({ chain, transport, pollingInterval: 100 });
  const account = request.key ? privateKeyToAccount(request.key) : null;
  const wallet = account ? createWalletClient({ account, chain, transport }) : null;
  return { client, wallet, account };
}

const ACTIONS = {
  // a native transfer (EIP-1559) and a legacy EIP-155 one; both read back with their chain id
  async transfer(request) {
    const { client, wallet } = connect(request);
    const before = await client.getBalance({ address: request.to });
    const hash = await wallet.sendTransaction({ to: request.to, value: BigInt(request.amount) });
    const receipt = await client.waitForTransactionReceipt({ hash });
    const legacy = await wallet.sendTransaction({ to: request.to, value: 1n, type: 'legacy' });
    await client.waitForTransactionReceipt({ hash: legacy });
    const tx = await client.getTransaction({ hash });
    const legacyTx = await client.getTransaction({ hash: legacy });
    return {
      chainId: await client.getChainId(),
      status: receipt.status,
      received: (await client.getBalance({ address: request.to })) - before,
      txChainId: tx.chainId,
      txType: tx.type,
      legacyType: legacyTx.type,
      legacyChainId: legacyTx.chainId,
    };
  },

  // an ERC-20 read and transfer, the Transfer event decoded from the receipt by the ABI
  async erc20(request) {
    const { client, wallet } = connect(request);
    const token = { address: request.token, abi: erc20Abi };
    const before = await client.readContract({ ...token, functionName: 'balanceOf', args: [request.to] });
    const hash = await wallet.writeContract({ ...token, functionName: 'transfer', args: [request.to, BigInt(request.amount)] });
    const receipt = await client.waitForTransactionReceipt({ hash });
    const after = await client.readContract({ ...token, functionName: 'balanceOf', args: [request.to] });
    const events = await client.getContractEvents({
      ...token, eventName: 'Transfer', fromBlock: receipt.blockNumber, toBlock: receipt.blockNumber,
    });
    return {
      status: receipt.status,
      symbol: await client.readContract({ ...token, functionName: 'symbol' }),
      received: after - before,
      events: events.map((e) => ({ from: e.args.from, to: e.args.to, value: e.args.value, hash: e.transactionHash })),
    };
  },

  // viem's multicall: the reads batched into one Multicall3 call (the chain's `contracts.multicall3`)
  async multicall(request) {
    const { client } = connect(request);
    const token = { address: request.token, abi: erc20Abi };
    const results = await client.multicall({
      contracts: [
        { ...token, functionName: 'symbol' },
        { ...token, functionName: 'decimals' },
        ...request.owners.map((owner) => ({ ...token, functionName: 'balanceOf', args: [owner] })),
        { address: zeroAddress, abi: erc20Abi, functionName: 'decimals' }, // no contract there: fails alone
      ],
    });
    const direct = [];
    for (const owner of request.owners) {
      direct.push(await client.readContract({ ...token, functionName: 'balanceOf', args: [owner] }));
    }
    return { results: results.map((r) => ({ status: r.status, result: r.result })), direct };
  },

  // the filter family: a block filter, an event filter and a pending-transaction filter, polled after a transfer;
  // the event filter's logs; uninstalled; then an access list and the block's receipts for the same call
  async filters(request) {
    const { client, wallet, account } = connect(request);
    const token = { address: request.token, abi: erc20Abi };
    const start = await client.getBlockNumber();
    const blocks = await client.createBlockFilter();
    const events = await client.createContractEventFilter({
      ...token, eventName: 'Transfer', args: { from: account.address }, fromBlock: start,
    });
    const pending = await client.createPendingTransactionFilter();
    const hash = await wallet.writeContract({ ...token, functionName: 'transfer', args: [request.to, BigInt(request.amount)] });
    const receipt = await client.waitForTransactionReceipt({ hash });
    const newBlocks = await client.getFilterChanges({ filter: blocks });
    const newEvents = await client.getFilterChanges({ filter: events });
    const newPending = await client.getFilterChanges({ filter: pending });
    const again = await client.getFilterChanges({ filter: events }); // nothing new since
    const logs = await client.getFilterLogs({ filter: events });
    const uninstalled = await client.uninstallFilter({ filter: events });
    let afterUninstall = null;
    try {
      await client.getFilterChanges({ filter: events });
    } catch (error) {
      afterUninstall = error.details || error.shortMessage;
    }
    const data = '0xa9059cbb' + request.to.slice(2).padStart(64, '0') + (1n).toString(16).padStart(64, '0');
    const accessList = await client.createAccessList({ account: account.address, to: request.token, data });
    const receipts = await client.request({ method: 'eth_getBlockReceipts', params: [`0x${receipt.blockNumber.toString(16)}`] });
    return {
      hash,
      blockHash: receipt.blockHash,
      newBlocks,
      newEvents: newEvents.map((e) => ({ hash: e.transactionHash, from: e.args.from, to: e.args.to, value: e.args.value })),
      newPending,
      again: again.length,
      logs: logs.map((e) => e.transactionHash),
      uninstalled,
      afterUninstall,
      accessList,
      receipts: receipts.map((r) => r.transactionHash),
    };
  },

  // a token transfer sent with its access list (eth_createAccessList's), the gas left to viem, which estimates it
  // with the list, as a wallet does
  async accessList(request) {
    const { client, wallet, account } = connect(request);
    const args = [request.to, BigInt(request.amount)];
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args });
    const { accessList } = await client.createAccessList({ account: account.address, to: request.token, data });
    const hash = await wallet.sendTransaction({ to: request.token, data, accessList });
    const receipt = await client.waitForTransactionReceipt({ hash });
    const tx = await client.getTransaction({ hash });
    return { status: receipt.status, gas: tx.gas, gasUsed: receipt.gasUsed, type: tx.type, accessList: tx.accessList };
  },

  // the quote's call data, sent as the API says (the native coin as value; else approve `amountIn` first)
  async swap(request) {
    const { client, wallet } = connect(request);
    const quote = request.quote;
    const balance = () => (quote.dstToken === zeroAddress
      ? client.getBalance({ address: quote.to })
      : client.readContract({ address: quote.dstToken, abi: erc20Abi, functionName: 'balanceOf', args: [quote.to] }));
    const before = await balance();
    if (quote.srcToken !== zeroAddress) {
      const approval = await wallet.writeContract({
        address: quote.srcToken, abi: erc20Abi, functionName: 'approve', args: [quote.aggregator, BigInt(quote.amountIn)],
      });
      await client.waitForTransactionReceipt({ hash: approval });
    }
    const value = quote.srcToken === zeroAddress ? BigInt(quote.amountIn) : 0n;
    const hash = await wallet.sendTransaction({ to: quote.aggregator, data: quote.data, value });
    const receipt = await client.waitForTransactionReceipt({ hash });
    return { hash, status: receipt.status, received: (await balance()) - before };
  },
};

run(ACTIONS, await readRequest());
