// TronWeb (npm `tronweb`, pinned in package.json) against the devnet's TRON node at <url>/tron/, used as a
// wallet or a dapp uses it: read the chain, send TRX, call and send a TRC-20, read energy and bandwidth, and
// send a swap described by /v3/core/swap.
//
//   node tests/js/tronweb_client.mjs ACTION < request.json     (prints one JSON object)
//
// ACTION is one of the keys of ACTIONS below; the request is a JSON object with `url` (the server, without
// /tron) and what the action needs. Keys are hex, without 0x. Amounts are decimal strings.
import { TronWeb } from 'tronweb';
import { readRequest, run } from './common.mjs';

const TRX = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'; // the all-zero address: TRX itself, in and out of a swap

function client(request) {
  return new TronWeb({ fullHost: `${request.url}/tron`, privateKey: request.key });
}

// wallet/gettransactioninfobyid until the transaction is in a block (the devnet mines it at once)
async function settled(tronWeb, txid) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const info = await tronWeb.trx.getUnconfirmedTransactionInfo(txid).catch(() => ({}));
    if (info && info.id) return info;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`transaction ${txid} was not mined`);
}

const ACTIONS = {
  // the node and the account's resources, as a wallet shows them
  async read(request) {
    const tronWeb = client(request);
    const trx = tronWeb.trx;
    const address = request.address;
    const current = await trx.getCurrentBlock();
    const number = current.block_header.raw_data.number;
    const reads = {
      connected: () => tronWeb.isConnected(),
      latest: async () => (await trx.getBlock('latest')).block_header.raw_data.number,
      confirmed: async () => (await trx.getConfirmedCurrentBlock()).block_header.raw_data.number,
      byNumber: async () => (await trx.getBlock(number)).blockID,
      byHash: async () => (await trx.getBlockByHash(current.blockID)).block_header.raw_data.number,
      range: async () => (await trx.getBlockRange(number - 2, number)).map((b) => b.block_header.raw_data.number),
      refBlock: () => trx.getCurrentRefBlockParams(),
      balance: async () => String(await trx.getBalance(address)),
      account: () => trx.getAccount(address),
      resources: () => trx.getAccountResources(address),
      bandwidth: () => trx.getBandwidth(address),
      chainParameters: () => trx.getChainParameters(),
      energyPrices: () => trx.getEnergyPrices(),
      bandwidthPrices: () => trx.getBandwidthPrices(),
      nodeInfo: async () => (await trx.getNodeInfo()).configNodeInfo,
    };
    // every read answered or its error, so that one missing endpoint does not hide the others
    const out = { currentBlock: number, errors: {} };
    for (const [name, read] of Object.entries(reads)) {
      try {
        out[name] = await read();
      } catch (error) {
        out.errors[name] = String(error?.message || error);
      }
    }
    return out;
  },

  // TronWeb's TRX transfer, step by step: build (on wallet/getblock's reference), sign, broadcast
  async trxTransfer(request) {
    const tronWeb = client(request);
    const from = tronWeb.address.fromPrivateKey(request.key);
    const before = await tronWeb.trx.getBalance(request.to);
    const unsigned = await tronWeb.transactionBuilder.sendTrx(request.to, Number(request.amount), from);
    const signed = await tronWeb.trx.sign(unsigned, request.key);
    const sent = await tronWeb.trx.sendRawTransaction(signed);
    if (!sent.result) throw new Error(`broadcast refused: ${JSON.stringify(sent)}`);
    const info = await settled(tronWeb, sent.txid);
    const confirmed = await tronWeb.trx.getTransactionInfo(sent.txid);
    const tx = await tronWeb.trx.getTransaction(sent.txid);
    const block = await tronWeb.trx.getBlock(info.blockNumber);
    return {
      txid: sent.txid,
      from,
      received: String((await tronWeb.trx.getBalance(request.to)) - before),
      fee: info.fee || 0,
      contractRet: tx.ret[0].contractRet,
      confirmed: confirmed.id === sent.txid,
      inBlock: (block.transactions || []).map((t) => t.txID).includes(sent.txid),
      // and the one-call form a wallet uses
      again: (await tronWeb.trx.sendTransaction(request.to, 1, { privateKey: request.key })).result,
    };
  },

  // a TRC-20 read through the contract's ABI on the node, then a transfer sent with TronWeb's contract API
  async trc20Transfer(request) {
    const tronWeb = client(request);
    const from = tronWeb.address.fromPrivateKey(request.key);
    const token = await tronWeb.contract().at(request.token);
    const decimals = Number(await token.decimals().call());
    const symbol = await token.symbol().call();
    const before = BigInt(await token.balanceOf(request.to).call());
    const fromBefore = BigInt(await token.balanceOf(from).call());
    const energy = await tronWeb.transactionBuilder.estimateEnergy(
      request.token, 'transfer(address,uint256)', {},
      [{ type: 'address', value: request.to }, { type: 'uint256', value: request.amount }], from);
    const txid = await token.transfer(request.to, request.amount).send({ feeLimit: 100_000_000 });
    const info = await settled(tronWeb, txid);
    const after = BigInt(await token.balanceOf(request.to).call());
    return {
      txid,
      symbol,
      decimals,
      received: String(after - before),
      sent: String(fromBefore - BigInt(await token.balanceOf(from).call())),
      result: info.receipt.result,
      energyUsed: info.receipt.energy_usage_total,
      energyEstimate: energy.energy_required,
      events: info.log.length,
    };
  },

  // the trigger description of /v3/core/swap, sent with TronWeb as docs/tron.md says
  async swap(request) {
    const tronWeb = client(request);
    const quote = request.quote;
    const data = quote.data;
    const bought = quote.dstToken === TRX ? null : await tronWeb.contract().at(quote.dstToken);
    const balance = async () => BigInt(bought ? await bought.balanceOf(quote.to).call() : await tronWeb.trx.getBalance(quote.to));
    const before = await balance();
    const { transaction } = await tronWeb.transactionBuilder.triggerSmartContract(
      data.contract, data.fun, { callValue: Number(data.options.callValue), feeLimit: data.options.feeLimit },
      data.parameter, data.issuer);
    const sent = await tronWeb.trx.sendRawTransaction(await tronWeb.trx.sign(transaction, request.key));
    if (!sent.result) throw new Error(`broadcast refused: ${JSON.stringify(sent)}`);
    const info = await settled(tronWeb, sent.txid);
    return { txid: sent.txid, result: info.receipt.result, received: String((await balance()) - before) };
  },
};

run(ACTIONS, await readRequest());
