<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
    <context>
        <name />
        <message>
            <source>in the system keyring</source>
            <translation>存于系统密钥环</translation>
        </message>
        <message>
            <source>in an encrypted keystore file</source>
            <translation>存于加密的密钥库文件</translation>
        </message>
        <message>
            <source>watch-only</source>
            <translation>仅观察</translation>
        </message>
        <message>
            <source>devnet demo account: its key is public</source>
            <translation>开发网演示账户：其私钥是公开的</translation>
        </message>
        <message>
            <source>this machine has no keyring service (such as GNOME Keyring, KWallet or the macOS Keychain)</source>
            <translation>本机没有密钥环服务（如 GNOME Keyring、KWallet 或 macOS 钥匙串）</translation>
        </message>
        <message>
            <source>New keys are kept in your system keyring.</source>
            <translation>新私钥保存在系统密钥环中。</translation>
        </message>
        <message>
            <source>{reason}. New keys go to an encrypted keystore file instead, locked with a password you choose.</source>
            <translation>{reason}。新私钥将改存到加密的密钥库文件中，由你设置的密码锁定。</translation>
        </message>
        <message>
            <source>Accounts</source>
            <translation>账户</translation>
        </message>
        <message>
            <source>Your accounts</source>
            <translation>我的账户</translation>
        </message>
        <message>
            <source>Back up…</source>
            <translation>备份…</translation>
        </message>
        <message>
            <source>Show the recovery phrase or the private key, after its password</source>
            <translation>输入密码后显示助记词或私钥</translation>
        </message>
        <message>
            <source>Remove…</source>
            <translation>移除…</translation>
        </message>
        <message>
            <source>Forget the account and delete its key from this computer</source>
            <translation>忘记此账户，并从本机删除其私钥</translation>
        </message>
        <message>
            <source>Label, e.g. Main</source>
            <translation>名称，如：主账户</translation>
        </message>
        <message>
            <source>Label of the imported account</source>
            <translation>导入账户的名称</translation>
        </message>
        <message>
            <source>Label of the watched account</source>
            <translation>观察账户的名称</translation>
        </message>
        <message>
            <source>Private key: 64 hex digits</source>
            <translation>私钥：64 位十六进制字符</translation>
        </message>
        <message>
            <source>Private key</source>
            <translation>私钥</translation>
        </message>
        <message>
            <source>0x… (or T… as TRON writes it)</source>
            <translation>0x…（或 TRON 格式的 T…）</translation>
        </message>
        <message>
            <source>Address to watch</source>
            <translation>要观察的地址</translation>
        </message>
        <message>
            <source>Keep the key in an encrypted keystore file</source>
            <translation>将私钥保存在加密的密钥库文件中</translation>
        </message>
        <message>
            <source>Keystore password</source>
            <translation>密钥库密码</translation>
        </message>
        <message>
            <source>Import key</source>
            <translation>导入私钥</translation>
        </message>
        <message>
            <source>Watch address</source>
            <translation>观察地址</translation>
        </message>
        <message>
            <source>Paste a private key you already have. It is stored, never shown again, and never logged.</source>
            <translation>粘贴你已有的私钥。私钥将被保存，此后不再显示，也绝不写入日志。</translation>
        </message>
        <message>
            <source>Label</source>
            <translation>名称</translation>
        </message>
        <message>
            <source>Password</source>
            <translation>密码</translation>
        </message>
        <message>
            <source>Import a key</source>
            <translation>导入私钥</translation>
        </message>
        <message>
            <source>Create a new key</source>
            <translation>创建新私钥</translation>
        </message>
        <message>
            <source>Follow an address without its key: quotes and balances, never a signature.</source>
            <translation>无需私钥即可关注一个地址：可查看报价和余额，但无法签名。</translation>
        </message>
        <message>
            <source>Address</source>
            <translation>地址</translation>
        </message>
        <message>
            <source>Watch an address</source>
            <translation>观察地址</translation>
        </message>
        <message>
            <source>Close</source>
            <translation>关闭</translation>
        </message>
        <message>
            <source>Add an account</source>
            <translation>添加账户</translation>
        </message>
        <message>
            <source>Watching</source>
            <translation>观察中</translation>
        </message>
        <message>
            <source>That is not a private key: 64 hexadecimal digits, optionally after 0x.</source>
            <translation>这不是有效的私钥：应为 64 位十六进制字符，可带 0x 前缀。</translation>
        </message>
        <message>
            <source>Imported</source>
            <translation>已导入</translation>
        </message>
        <message>
            <source>Created</source>
            <translation>已创建</translation>
        </message>
        <message>
            <source>on TRON: {address}</source>
            <translation>TRON 地址：{address}</translation>
        </message>
        <message>
            <source>No accounts of your own yet: add one below. The devnet's demo accounts follow.</source>
            <translation>你还没有自己的账户：请在下方添加。下面是开发网的演示账户。</translation>
        </message>
        <message>
            <source>No accounts yet: add one below.</source>
            <translation>还没有账户：请在下方添加。</translation>
        </message>
        <message>
            <source>Removed {label}</source>
            <translation>已移除 {label}</translation>
        </message>
        <message>
            <source>Saving… (the keyring or the keystore's encryption may take a moment)</source>
            <translation>正在保存…（密钥环或密钥库加密可能需要一点时间）</translation>
        </message>
        <message>
            <source>Multichain router</source>
            <translation>Multichain 路由合约</translation>
        </message>
        <message>
            <source>Bridgers contract</source>
            <translation>Bridgers 合约</translation>
        </message>
        <message>
            <source>cBridge contract</source>
            <translation>cBridge 合约</translation>
        </message>
        <message>
            <source>quoted {why}</source>
            <translation>的报价中 {why}</translation>
        </message>
        <message>
            <source>says {symbol} on {chain} has {decimals} decimals; swapdesk's catalogue says {known}</source>
            <translation>称 {chain} 上的 {symbol} 有 {decimals} 位小数；swapdesk 的目录为 {known} 位</translation>
        </message>
        <message>
            <source>must be more than 0 and below 2^256</source>
            <translation>必须大于 0 且小于 2^256</translation>
        </message>
        <message>
            <source>more than the {sent} sent</source>
            <translation>超过了发送的 {sent}</translation>
        </message>
        <message>
            <source>from 0 to the {sent} sent</source>
            <translation>应介于 0 和发送的 {sent} 之间</translation>
        </message>
        <message>
            <source>bridge: swapdesk's catalogue of {chain} names no {bridge} {contract}: the {router} its provider names cannot be checked, and nothing is sent there (add it to {id}.json, bridges.routers)</source>
            <translation>bridge：swapdesk 的 {chain} 目录未列出 {bridge} 的{contract}：其服务商指定的 {router} 无法核对，不会向其发送任何资产（请将其加入 {id}.json 的 bridges.routers）</translation>
        </message>
        <message>
            <source>names {router} as the contract of the deposit on {chain}: not {bridge}'s {contract} ({known}) in swapdesk's catalogue</source>
            <translation>将 {router} 指定为 {chain} 上存入的合约：不是 swapdesk 目录中 {bridge} 的{contract}（{known}）</translation>
        </message>
        <message>
            <source>bridge: {bridge}'s {contract} on {chain} ({router}) has no code there: nothing is sent to it</source>
            <translation>bridge：{bridge} 在 {chain} 上的{contract}（{router}）在该链上没有合约代码：不会向其发送任何资产</translation>
        </message>
        <message>
            <source>names {pool} as the wrapper of {symbol} on {chain}: not one swapdesk's catalogue knows</source>
            <translation>将 {pool} 指定为 {chain} 上 {symbol} 的包装代币：swapdesk 的目录中没有它</translation>
        </message>
        <message>
            <source>or the desk refunds the deposit</source>
            <translation>否则兑换方会退还存入的资金</translation>
        </message>
        <message>
            <source>or cBridge refunds it (you then withdraw the refund here)</source>
            <translation>否则 cBridge 会退款（之后你可在此提取退款）</translation>
        </message>
        <message>
            <source>the bridge's fixed terms: the amount less its fee</source>
            <translation>桥的固定条款：金额扣除其手续费</translation>
        </message>
        <message>
            <source>Send</source>
            <translation>发送</translation>
        </message>
        <message>
            <source>Sending…</source>
            <translation>发送中…</translation>
        </message>
        <message>
            <source>{bridge}'s contract</source>
            <translation>{bridge} 的合约</translation>
        </message>
        <message>
            <source>Send {token} to {chain}</source>
            <translation>将 {token} 发送到 {chain}</translation>
        </message>
        <message>
            <source>Deposit transaction</source>
            <translation>存入交易</translation>
        </message>
        <message>
            <source>Status</source>
            <translation>状态</translation>
        </message>
        <message>
            <source>Deposit</source>
            <translation>存入</translation>
        </message>
        <message>
            <source>Order</source>
            <translation>订单</translation>
        </message>
        <message>
            <source>Follow the order</source>
            <translation>跟踪订单</translation>
        </message>
        <message>
            <source>{give} → about {get} on {chain}</source>
            <translation>{give} → {chain} 上约 {get}</translation>
        </message>
        <message>
            <source>{fee}, paid on {chain}</source>
            <translation>{fee}，在 {chain} 上支付</translation>
        </message>
        <message>
            <source>measured when the deposit is built</source>
            <translation>在构建存入交易时计算</translation>
        </message>
        <message>
            <source> (devnet)</source>
            <translation>（开发网）</translation>
        </message>
        <message>
            <source>{src} → {dst}{devnet}, through {bridge}</source>
            <translation>{src} → {dst}{devnet}，通过 {bridge}</translation>
        </message>
        <message>
            <source>From</source>
            <translation>从</translation>
        </message>
        <message>
            <source>Route</source>
            <translation>路由</translation>
        </message>
        <message>
            <source>You send</source>
            <translation>你发送</translation>
        </message>
        <message>
            <source>You receive</source>
            <translation>你收到</translation>
        </message>
        <message>
            <source>{amount} (quoted)</source>
            <translation>{amount}（报价）</translation>
        </message>
        <message>
            <source>At least</source>
            <translation>至少</translation>
        </message>
        <message>
            <source>Fees</source>
            <translation>费用</translation>
        </message>
        <message>
            <source>Network fee</source>
            <translation>网络费</translation>
        </message>
        <message>
            <source>Time</source>
            <translation>时间</translation>
        </message>
        <message>
            <source>about {time} from the deposit to the payout</source>
            <translation>从存入到到账约 {time}</translation>
        </message>
        <message>
            <source>Receiver</source>
            <translation>收款地址</translation>
        </message>
        <message>
            <source>{address} (you)</source>
            <translation>{address}（你）</translation>
        </message>
        <message>
            <source>{address} — not this account</source>
            <translation>{address} — 不是当前账户</translation>
        </message>
        <message>
            <source>Contract</source>
            <translation>合约</translation>
        </message>
        <message>
            <source>reading swapdesk's catalogue…</source>
            <translation>正在读取 swapdesk 的合约目录…</translation>
        </message>
        <message>
            <source>Dollar values</source>
            <translation>美元价值</translation>
        </message>
        <message>
            <source>{address}
{bridge}'s {name}, from swapdesk's own catalogue</source>
            <translation>{address}
{bridge} 的{name}，取自 swapdesk 自己的目录</translation>
        </message>
        <message>
            <source>the bridge's contract</source>
            <translation>跨链桥合约</translation>
        </message>
        <message>
            <source>Sent: {bridge} is carrying it to {chain}</source>
            <translation>已发送：{bridge} 正在将其转到 {chain}</translation>
        </message>
        <message>
            <source>on its way</source>
            <translation>转账中</translation>
        </message>
        <message>
            <source>registering with the bridge: the order is followed by its deposit</source>
            <translation>正在向桥登记：订单随存入交易一起跟踪</translation>
        </message>
        <message>
            <source>Its timeline moves in the Cross-chain tab; you are told when it arrives.</source>
            <translation>其进度会在“跨链”页中更新；到账时会通知你。</translation>
        </message>
        <message>
            <source>unlimited {symbol}</source>
            <translation>无限额 {symbol}</translation>
        </message>
        <message>
            <source>real</source>
            <translation>真实网络</translation>
        </message>
        <message>
            <source>Exported one transaction to {path}.</source>
            <translation>已将 1 笔交易导出到 {path}。</translation>
        </message>
        <message>
            <source>Exported {count} transactions to {path}.</source>
            <translation>已将 {count} 笔交易导出到 {path}。</translation>
        </message>
        <message>
            <source>Max</source>
            <translation>最大</translation>
        </message>
        <message>
            <source>Use the whole balance (less a little for the network fee)</source>
            <translation>使用全部余额（预留少量网络费）</translation>
        </message>
        <message>
            <source>Use the whole balance</source>
            <translation>使用全部余额</translation>
        </message>
        <message>
            <source>A key was not taken: an amount is digits and one point, like 2500 or 0.25 (no letters, signs or exponents).</source>
            <translation>有按键未被接受：金额只能是数字和一个小数点，如 2500 或 0.25（不能有字母、正负号或指数）。</translation>
        </message>
        <message>
            <source>Status: {word}</source>
            <translation>状态：{word}</translation>
        </message>
        <message>
            <source>Status:</source>
            <translation>状态：</translation>
        </message>
        <message>
            <source>Which API and local statuses become which</source>
            <translation>各 API 状态与本地状态的对应关系</translation>
        </message>
        <message>
            <source>Status legend</source>
            <translation>状态图例</translation>
        </message>
        <message>
            <source>Copy</source>
            <translation>复制</translation>
        </message>
        <message>
            <source>Copy the {what}</source>
            <translation>复制{what}</translation>
        </message>
        <message>
            <source>Look up</source>
            <translation>查询</translation>
        </message>
        <message>
            <source>Show it in the History tab</source>
            <translation>在“历史”页中显示</translation>
        </message>
        <message>
            <source>Open in the explorer</source>
            <translation>在区块浏览器中打开</translation>
        </message>
        <message>
            <source>Working</source>
            <translation>处理中</translation>
        </message>
        <message>
            <source>Progress</source>
            <translation>进度</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>取消</translation>
        </message>
        <message>
            <source>What the window is doing</source>
            <translation>窗口正在进行的操作</translation>
        </message>
        <message>
            <source>Loading</source>
            <translation>加载中</translation>
        </message>
        <message>
            <source>Auto</source>
            <translation>自动</translation>
        </message>
        <message>
            <source>0.1 % between two stablecoins, 0.5 % otherwise</source>
            <translation>两种稳定币之间为 0.1 %，其他为 0.5 %</translation>
        </message>
        <message>
            <source>Custom</source>
            <translation>自定义</translation>
        </message>
        <message>
            <source>Custom slippage, percent</source>
            <translation>自定义滑点（百分比）</translation>
        </message>
        <message>
            <source>Slippage</source>
            <translation>滑点</translation>
        </message>
        <message>
            <source>Slippage tolerance</source>
            <translation>滑点容差</translation>
        </message>
        <message>
            <source>Slippage {value}</source>
            <translation>滑点 {value}</translation>
        </message>
        <message>
            <source>Auto {percent}</source>
            <translation>自动 {percent}</translation>
        </message>
        <message>
            <source>Steps</source>
            <translation>步骤</translation>
        </message>
        <message>
            <source>Select a token</source>
            <translation>选择代币</translation>
        </message>
        <message>
            <source>nothing chosen</source>
            <translation>未选择</translation>
        </message>
        <message>
            <source>Use a point for decimals and commas between thousands, like 2,500.5.</source>
            <translation>小数请用小数点，千位之间用逗号，如 2,500.5。</translation>
        </message>
        <message>
            <source>Commas go between groups of three digits, like 2,500.</source>
            <translation>逗号只能放在每三位数字之间，如 2,500。</translation>
        </message>
        <message>
            <source>{symbol} has {decimals} decimals: at most {decimals} digits after the point.</source>
            <translation>{symbol} 有 {decimals} 位小数：小数点后最多 {decimals} 位。</translation>
        </message>
        <message>
            <source>Type an amount like 2500 or 0.25.</source>
            <translation>请输入金额，如 2500 或 0.25。</translation>
        </message>
        <message>
            <source>Type an amount above zero.</source>
            <translation>请输入大于零的金额。</translation>
        </message>
        <message>
            <source>the recipient</source>
            <translation>收款地址</translation>
        </message>
        <message>
            <source>the account</source>
            <translation>账户</translation>
        </message>
        <message>
            <source>the amount</source>
            <translation>金额</translation>
        </message>
        <message>
            <source>the token to sell</source>
            <translation>要卖出的代币</translation>
        </message>
        <message>
            <source>the token to receive</source>
            <translation>要收到的代币</translation>
        </message>
        <message>
            <source>address</source>
            <translation>地址</translation>
        </message>
        <message>
            <source>amountIn</source>
            <translation>卖出数量</translation>
        </message>
        <message>
            <source>amountOutMin</source>
            <translation>最少到账数量</translation>
        </message>
        <message>
            <source>bridge</source>
            <translation>跨链桥</translation>
        </message>
        <message>
            <source>channel</source>
            <translation>渠道</translation>
        </message>
        <message>
            <source>decimal0</source>
            <translation>卖出代币的精度</translation>
        </message>
        <message>
            <source>decimal1</source>
            <translation>买入代币的精度</translation>
        </message>
        <message>
            <source>exclude</source>
            <translation>排除的跨链桥</translation>
        </message>
        <message>
            <source>include</source>
            <translation>包含的跨链桥</translation>
        </message>
        <message>
            <source>fromChainID</source>
            <translation>源链</translation>
        </message>
        <message>
            <source>toChainID</source>
            <translation>目标链</translation>
        </message>
        <message>
            <source>hash</source>
            <translation>哈希</translation>
        </message>
        <message>
            <source>impact</source>
            <translation>滑点</translation>
        </message>
        <message>
            <source>issuer</source>
            <translation>发送账户</translation>
        </message>
        <message>
            <source>part</source>
            <translation>拆分份数</translation>
        </message>
        <message>
            <source>to</source>
            <translation>收款地址</translation>
        </message>
        <message>
            <source>token0</source>
            <translation>卖出代币</translation>
        </message>
        <message>
            <source>token1</source>
            <translation>买入代币</translation>
        </message>
        <message>
            <source>This is not an address of {chain}: check the recipient.</source>
            <translation>这不是 {chain} 的地址：请检查收款地址。</translation>
        </message>
        <message>
            <source>This is not a TRON address: a character is wrong or missing. Paste it again from its source.</source>
            <translation>这不是 TRON 地址：有字符错误或缺失。请从来源重新粘贴。</translation>
        </message>
        <message>
            <source>The address's capital letters do not match its checksum: paste it again from its source.</source>
            <translation>地址的大小写与其校验和不符：请从原处重新粘贴。</translation>
        </message>
        <message>
            <source>This address cannot receive the tokens here (a contract of the swap itself, or a demo account on a real network): choose another recipient.</source>
            <translation>此地址无法在这里接收代币（它是兑换本身的合约，或是真实网络上的演示账户）：请换一个收款地址。</translation>
        </message>
        <message>
            <source>This account cannot send here: on a real network the devnet's demo accounts are refused.</source>
            <translation>此账户无法在这里发送：真实网络上不接受开发网的演示账户。</translation>
        </message>
        <message>
            <source>Choose two different tokens.</source>
            <translation>请选择两种不同的代币。</translation>
        </message>
        <message>
            <source>There is no token at that address on {chain}.</source>
            <translation>{chain} 上该地址没有代币。</translation>
        </message>
        <message>
            <source>The chain says this token has other decimals than the list: choose it again.</source>
            <translation>链上显示该代币的小数位数与列表不符：请重新选择。</translation>
        </message>
        <message>
            <source>No pool on {chain} connects {sell} and {buy}.</source>
            <translation>{chain} 上没有连接 {sell} 和 {buy} 的流动性池。</translation>
        </message>
        <message>
            <source>{chain}'s pools cannot take this much {sell}: try a smaller amount.</source>
            <translation>{chain} 的流动性池容纳不了这么多 {sell}：请减少金额。</translation>
        </message>
        <message>
            <source>This amount is too small: the fees would take all of it.</source>
            <translation>金额太小：费用会将其全部扣光。</translation>
        </message>
        <message>
            <source>This amount is more than the router can take in one swap.</source>
            <translation>金额超出了路由合约单笔兑换的上限。</translation>
        </message>
        <message>
            <source>Slippage is a percentage from 0 to 100, like 0.5.</source>
            <translation>滑点是 0 到 100 之间的百分比，如 0.5。</translation>
        </message>
        <message>
            <source>Split the amount into 1 to 100 parts.</source>
            <translation>请将金额拆分为 1 到 100 份。</translation>
        </message>
        <message>
            <source>The price moved: the route gives less than the minimum now. Quote again.</source>
            <translation>价格已变动：该路由现在的兑换结果低于最低值。请重新报价。</translation>
        </message>
        <message>
            <source>{chain} cannot be reached right now: swapdesk tries again on its own.</source>
            <translation>暂时无法连接 {chain}：swapdesk 会自动重试。</translation>
        </message>
        <message>
            <source>This is not offered on {chain}.</source>
            <translation>{chain} 上不提供此项。</translation>
        </message>
        <message>
            <source>Choose another chain to send to: a transfer goes from one chain to another.</source>
            <translation>请换一条目标链：跨链转账须从一条链转到另一条链。</translation>
        </message>
        <message>
            <source>No bridge takes this amount.</source>
            <translation>没有桥能承接这个金额。</translation>
        </message>
        <message>
            <source>This engine does not offer it.</source>
            <translation>当前引擎不提供此功能。</translation>
        </message>
        <message>
            <source>the form</source>
            <translation>表单</translation>
        </message>
        <message>
            <source>The engine refused {what}: see the details.</source>
            <translation>引擎拒绝了{what}：请查看详情。</translation>
        </message>
        <message>
            <source>Something went wrong inside swapdesk ({kind}); the log has the details.</source>
            <translation>swapdesk 内部出错（{kind}）；详情见日志。</translation>
        </message>
        <message>
            <source>Back up {label}</source>
            <translation>备份 {label}</translation>
        </message>
        <message>
            <source>Recovery phrase</source>
            <translation>助记词</translation>
        </message>
        <message>
            <source>Show</source>
            <translation>显示</translation>
        </message>
        <message>
            <source>Ask for the password, then show it here</source>
            <translation>先输入密码，然后在此显示</translation>
        </message>
        <message>
            <source>The secret</source>
            <translation>密钥内容</translation>
        </message>
        <message>
            <source>Whoever sees these has the account. Show them only where no one else can see the screen.</source>
            <translation>看到这些内容的人就能控制此账户。请只在无人能看到屏幕的地方显示。</translation>
        </message>
        <message>
            <source>The password you chose for this account.</source>
            <translation>你为此账户设置的密码。</translation>
        </message>
        <message>
            <source>Checking the password…</source>
            <translation>正在验证密码…</translation>
        </message>
        <message>
            <source>Wrong password.</source>
            <translation>密码错误。</translation>
        </message>
        <message>
            <source>under $0.01</source>
            <translation>不到 $0.01</translation>
        </message>
        <message>
            <source>≈ {usd}</source>
            <translation>≈ {usd}</translation>
        </message>
        <message>
            <source>{gas} gas</source>
            <translation>{gas} Gas</translation>
        </message>
        <message>
            <source>{gas} gas at {price}</source>
            <translation>{gas} Gas，单价 {price}</translation>
        </message>
        <message>
            <source>{n} s</source>
            <translation>{n} 秒</translation>
        </message>
        <message>
            <source>{n} min</source>
            <translation>{n} 分钟</translation>
        </message>
        <message>
            <source>{h} h {m} min</source>
            <translation>{h} 小时 {m} 分钟</translation>
        </message>
        <message>
            <source>{n} h</source>
            <translation>{n} 小时</translation>
        </message>
        <message>
            <source>just now</source>
            <translation>刚刚</translation>
        </message>
        <message>
            <source>{time} ago</source>
            <translation>{time}前</translation>
        </message>
        <message>
            <source>{chain} native coin</source>
            <translation>{chain} 原生币</translation>
        </message>
        <message>
            <source>devnet only</source>
            <translation>仅限开发网</translation>
        </message>
        <message>
            <source>keystore file</source>
            <translation>密钥库文件</translation>
        </message>
        <message>
            <source>Demo {n}</source>
            <translation>演示 {n}</translation>
        </message>
        <message>
            <source>{text}: use a point for decimals, and commas only between groups of three</source>
            <translation>{text}：小数请用小数点，逗号只能放在每三位数字之间</translation>
        </message>
        <message>
            <source>measured once the swap can run (after the approval, with the balance)</source>
            <translation>可以执行兑换时计算（授权之后、余额确认之后）</translation>
        </message>
        <message>
            <source>up to {fee} of energy, burnt only as used, and about 1 {coin} of bandwidth</source>
            <translation>最多 {fee} 能量（按实际用量燃烧），以及约 1 {coin} 的带宽</translation>
        </message>
        <message>
            <source>about {fee}</source>
            <translation>约 {fee}</translation>
        </message>
        <message>
            <source>{energy} energy</source>
            <translation>{energy} 能量</translation>
        </message>
        <message>
            <source>the quote's fee limit: the energy measured, with a margin</source>
            <translation>报价的手续费上限：测得的能量加上余量</translation>
        </message>
        <message>
            <source>{chain} (devnet) started afresh: {why}. Its previous blocks and balances were not deleted: they are kept at {kept}.</source>
            <translation>{chain}（开发网）已重新开始：{why}。之前的区块和余额没有删除，保存在 {kept}。</translation>
        </message>
        <message>
            <source>{chain} (devnet) is run by another swapdesk: this window shows it read-only, as that swapdesk last saved it, and nothing done on it here is kept.</source>
            <translation>{chain}（开发网）正由另一个 swapdesk 运行：此窗口以只读方式显示它上次保存的状态，在这里的任何操作都不会保留。</translation>
        </message>
        <message>
            <source>Dismiss</source>
            <translation>关闭提示</translation>
        </message>
        <message>
            <source>Hide these notices (new ones show again)</source>
            <translation>隐藏这些提示（有新提示时会再次显示）</translation>
        </message>
        <message>
            <source>Notices</source>
            <translation>提示</translation>
        </message>
        <message>
            <source>Label of the new account</source>
            <translation>新账户的名称</translation>
        </message>
        <message>
            <source>The password again</source>
            <translation>再次输入密码</translation>
        </message>
        <message>
            <source>Keep the key in an encrypted keystore file (instead of the system keyring)</source>
            <translation>将私钥保存在加密的密钥库文件中（而非系统密钥环）</translation>
        </message>
        <message>
            <source>Create…</source>
            <translation>创建…</translation>
        </message>
        <message>
            <source>Make a new key and show its recovery phrase</source>
            <translation>生成新私钥并显示其助记词</translation>
        </message>
        <message>
            <source>A new key is made on this computer, with a recovery phrase of twelve words: the phrase is the key, and the password protects it here.</source>
            <translation>新私钥在本机生成，附带 12 个单词的助记词：助记词就是私钥，密码则在本机保护它。</translation>
        </message>
        <message>
            <source>Again</source>
            <translation>确认密码</translation>
        </message>
        <message>
            <source>I wrote them down</source>
            <translation>我已抄写好</translation>
        </message>
        <message>
            <source>Next: type three of the words back</source>
            <translation>下一步：回填其中三个单词</translation>
        </message>
        <message>
            <source>Your recovery phrase</source>
            <translation>你的助记词</translation>
        </message>
        <message>
            <source>Write these twelve words down, in order, and keep them where only you can find them. Anyone with them has the account. swapdesk shows them this once; later, only with your password.</source>
            <translation>请按顺序抄写这 12 个单词，并保存在只有你能找到的地方。任何人拿到它们就能控制此账户。swapdesk 只显示这一次；以后需要密码才能查看。</translation>
        </message>
        <message>
            <source>The recovery phrase</source>
            <translation>助记词</translation>
        </message>
        <message>
            <source>A word of the phrase</source>
            <translation>助记词中的一个单词</translation>
        </message>
        <message>
            <source>Create account</source>
            <translation>创建账户</translation>
        </message>
        <message>
            <source>Keep the account, its key and its sealed phrase</source>
            <translation>保存账户、私钥及加密的助记词</translation>
        </message>
        <message>
            <source>Show the words again</source>
            <translation>再次显示单词</translation>
        </message>
        <message>
            <source>Check that you wrote them down</source>
            <translation>确认你已抄写好</translation>
        </message>
        <message>
            <source>Type these words of your phrase, as you wrote them.</source>
            <translation>按你抄写的内容输入助记词中的这些单词。</translation>
        </message>
        <message>
            <source>Choose a password: it protects the recovery phrase, and the key when exported.</source>
            <translation>设置密码：它保护助记词，以及导出时的私钥。</translation>
        </message>
        <message>
            <source>This password is too short: use at least {n} characters, better a few words.</source>
            <translation>密码太短：至少 {n} 个字符，最好是几个词。</translation>
        </message>
        <message>
            <source>The two passwords differ: type the same one twice.</source>
            <translation>两次输入的密码不一致：请输入相同的密码。</translation>
        </message>
        <message>
            <source>Word {n}</source>
            <translation>第 {n} 个单词</translation>
        </message>
        <message>
            <source>Word {n} of the phrase</source>
            <translation>助记词的第 {n} 个单词</translation>
        </message>
        <message>
            <source>Word {n} is not the one shown: look at what you wrote.</source>
            <translation>第 {n} 个单词与显示的不符：请核对你抄写的内容。</translation>
        </message>
        <message>
            <source>Deploy swapdesk's router</source>
            <translation>部署 swapdesk 路由合约</translation>
        </message>
        <message>
            <source>Chain</source>
            <translation>链</translation>
        </message>
        <message>
            <source>Account</source>
            <translation>账户</translation>
        </message>
        <message>
            <source>Fee rate</source>
            <translation>费率</translation>
        </message>
        <message>
            <source>0x… (default: the account deploying)</source>
            <translation>0x…（默认：部署所用的账户）</translation>
        </message>
        <message>
            <source>Fee collector</source>
            <translation>手续费接收地址</translation>
        </message>
        <message>
            <source>Review…</source>
            <translation>审核…</translation>
        </message>
        <message>
            <source>The router goes to the same address on every chain through the deterministic-deployment proxy; you are its owner. Every transaction is shown before you sign.</source>
            <translation>路由合约通过确定性部署代理在每条链上部署到同一地址；你是它的所有者。每笔交易在签名前都会显示给你。</translation>
        </message>
        <message>
            <source>Name a node for the chain first (Settings → RPC endpoints): the router is deployed there.</source>
            <translation>请先为该链指定一个节点（设置 → RPC 节点）：路由合约将部署在那里。</translation>
        </message>
        <message>
            <source>Add an account of your own first (Accounts): the router is deployed from it.</source>
            <translation>请先添加一个自己的账户（账户）：路由合约将从该账户部署。</translation>
        </message>
        <message>
            <source>Fee collector: write an address, 0x and 40 hex digits</source>
            <translation>手续费接收地址：请填写 0x 加 40 位十六进制字符的地址</translation>
        </message>
        <message>
            <source>Deploy</source>
            <translation>部署</translation>
        </message>
        <message>
            <source>Deploying…</source>
            <translation>部署中…</translation>
        </message>
        <message>
            <source>nobody</source>
            <translation>无</translation>
        </message>
        <message>
            <source>Deploy swapdesk's router on {chain}</source>
            <translation>在 {chain} 上部署 swapdesk 路由合约</translation>
        </message>
        <message>
            <source>Reading the chain…</source>
            <translation>正在读取链上数据…</translation>
        </message>
        <message>
            <source>Done</source>
            <translation>完成</translation>
        </message>
        <message>
            <source>swapdesk has no catalogue of {chain}</source>
            <translation>swapdesk 没有 {chain} 的合约目录</translation>
        </message>
        <message>
            <source>The node named for {chain} is another chain</source>
            <translation>为 {chain} 指定的节点属于另一条链</translation>
        </message>
        <message>
            <source>Router address: {address}</source>
            <translation>路由合约地址：{address}</translation>
        </message>
        <message>
            <source>Owner: {owner}</source>
            <translation>所有者：{owner}</translation>
        </message>
        <message>
            <source>Fee: {bps} bps, to {collector}</source>
            <translation>手续费：{bps} 个基点，付给 {collector}</translation>
        </message>
        <message>
            <source>It is there already: nothing to send; its catalogue is written.</source>
            <translation>合约已存在：无需发送交易；已写入其合约目录。</translation>
        </message>
        <message>
            <source>{account} holds no {coin} on {chain} for the gas</source>
            <translation>{account} 在 {chain} 上没有用于支付 Gas 的 {coin}</translation>
        </message>
        <message>
            <source>swapdesk's router is at {address} on {chain}; the chain's catalogue is written to {path}. The engine uses it from now.</source>
            <translation>swapdesk 路由合约位于 {chain} 上的 {address}；该链的合约目录已写入 {path}。引擎从现在起使用它。</translation>
        </message>
        <message>
            <source>Done. Its transactions are in the History tab.</source>
            <translation>完成。相关交易可在“历史”页查看。</translation>
        </message>
        <message>
            <source>Every devnet chain starts over from its world: the blocks, balances and transactions made on the devnet are deleted. Your accounts and the list of transactions sent from this app are kept.</source>
            <translation>每条开发网链都将从初始状态重新开始：在开发网上产生的区块、余额和交易都会被删除。你的账户以及本应用发送的交易列表会保留。</translation>
        </message>
        <message>
            <source>System</source>
            <translation>跟随系统</translation>
        </message>
        <message>
            <source>Light</source>
            <translation>浅色</translation>
        </message>
        <message>
            <source>Dark</source>
            <translation>深色</translation>
        </message>
        <message>
            <source>Settings</source>
            <translation>设置</translation>
        </message>
        <message>
            <source>Embedded devnet (offline)</source>
            <translation>内置开发网（离线）</translation>
        </message>
        <message>
            <source>A server speaking the swap API</source>
            <translation>支持兑换 API 的服务器</translation>
        </message>
        <message>
            <source>Engine</source>
            <translation>引擎</translation>
        </message>
        <message>
            <source>Server URL</source>
            <translation>服务器地址</translation>
        </message>
        <message>
            <source>Devnet speed</source>
            <translation>开发网速度</translation>
        </message>
        <message>
            <source>Devnet block times are divided by this: 1 × is the real networks' pace</source>
            <translation>开发网的出块时间除以此数值：1 × 即真实网络的速度</translation>
        </message>
        <message>
            <source>Reset devnet chains…</source>
            <translation>重置开发网链…</translation>
        </message>
        <message>
            <source>RPC endpoints</source>
            <translation>RPC 节点</translation>
        </message>
        <message>
            <source>One chain a line: BSC https://…</source>
            <translation>每行一条链：BSC https://…</translation>
        </message>
        <message>
            <source>A chain listed here is reached through its own node, with the pools and router swapdesk knows for it; the others stay on the devnet.</source>
            <translation>此处列出的链将通过它自己的节点访问，使用 swapdesk 为其记录的流动性池和路由合约；其余链仍使用开发网。</translation>
        </message>
        <message>
            <source>Bridge providers</source>
            <translation>跨链桥服务</translation>
        </message>
        <message>
            <source>One a line: cbridge https://cbridge-prod2.celer.app</source>
            <translation>每行一个：cbridge https://cbridge-prod2.celer.app</translation>
        </message>
        <message>
            <source>A bridge named here (cbridge, metapath or anyswap) is asked at its real service; the others stay the devnet's. Multichain (anyswap) stopped in July 2023: only its old transfers can be read.</source>
            <translation>此处指定的桥（cbridge、metapath 或 anyswap）将向其真实服务查询；其余仍使用开发网的。Multichain（anyswap）已于 2023 年 7 月停止运营：只能查询其过去的转账。</translation>
        </message>
        <message>
            <source>Practice on a fork</source>
            <translation>在分叉链上练习</translation>
        </message>
        <message>
            <source>One chain a line: ETH https://…</source>
            <translation>每行一条链：ETH https://…</translation>
        </message>
        <message>
            <source>A chain listed here runs on a local copy (anvil) of the real network at this URL, from its latest block: real pools and prices, your accounts funded there, nothing sent to the real network.</source>
            <translation>此处列出的链将在本地运行真实网络（位于该 URL）的副本（anvil），从其最新区块开始：真实的流动性池和价格，你的账户在那里获得资金，不会向真实网络发送任何交易。</translation>
        </message>
        <message>
            <source>Deploy swapdesk's router…</source>
            <translation>部署 swapdesk 路由合约…</translation>
        </message>
        <message>
            <source>On a chain reached through a node above, from one of your accounts</source>
            <translation>在通过上方节点访问的链上，从你的某个账户部署</translation>
        </message>
        <message>
            <source>Theme</source>
            <translation>主题</translation>
        </message>
        <message>
            <source>Language</source>
            <translation>语言</translation>
        </message>
        <message>
            <source>A new language applies when swapdesk next starts.</source>
            <translation>更改语言将在下次启动 swapdesk 时生效。</translation>
        </message>
        <message>
            <source>What is wrong</source>
            <translation>问题所在</translation>
        </message>
        <message>
            <source>Real networks</source>
            <translation>真实网络</translation>
        </message>
        <message>
            <source>Appearance</source>
            <translation>外观</translation>
        </message>
        <message>
            <source>a chain and a URL, like 'BSC https://…'</source>
            <translation>链名和 URL，如“BSC https://…”</translation>
        </message>
        <message>
            <source>a provider and a URL, like 'cbridge https://…'</source>
            <translation>桥服务名和 URL，如“cbridge https://…”</translation>
        </message>
        <message>
            <source>a chain and a URL, like 'ETH https://…'</source>
            <translation>链名和 URL，如“ETH https://…”</translation>
        </message>
        <message>
            <source>Reset devnet chains</source>
            <translation>重置开发网链</translation>
        </message>
        <message>
            <source>This cannot be undone.</source>
            <translation>此操作无法撤销。</translation>
        </message>
        <message>
            <source>Reset every chain</source>
            <translation>重置所有链</translation>
        </message>
        <message>
            <source>Checking what the settings name: anvil, nodes, providers, the server…</source>
            <translation>正在检查设置中指定的项目：anvil、节点、服务商、服务器…</translation>
        </message>
        <message>
            <source>Keep anyway</source>
            <translation>仍然保存</translation>
        </message>
        <message>
            <source>Keep anyway: swapdesk starts without what cannot be used, and says so above its tabs.</source>
            <translation>仍然保存：swapdesk 启动时会跳过无法使用的项目，并在标签页上方说明。</translation>
        </message>
        <message>
            <source>{pace} ×</source>
            <translation>{pace} ×</translation>
        </message>
        <message>
            <source>line {n}: write {shape}</source>
            <translation>第 {n} 行：请填写{shape}</translation>
        </message>
        <message>
            <source>Approve {token}</source>
            <translation>授权 {token}</translation>
        </message>
        <message>
            <source>Approved {token}</source>
            <translation>已授权 {token}</translation>
        </message>
        <message>
            <source>Approve {amount}</source>
            <translation>授权 {amount}</translation>
        </message>
        <message>
            <source>Lets {spender} take exactly this amount of the token, nothing more</source>
            <translation>仅允许 {spender} 使用该代币的这一金额，不会更多</translation>
        </message>
        <message>
            <source>Approve an unlimited amount (skips this step next time; riskier)</source>
            <translation>无限额授权（下次跳过这一步；风险更高）</translation>
        </message>
        <message>
            <source>Approving…</source>
            <translation>授权中…</translation>
        </message>
        <message>
            <source>Checking your balance and what {spender} may take…</source>
            <translation>正在检查你的余额以及 {spender} 可使用的额度…</translation>
        </message>
        <message>
            <source>{spender} may not take your {token} yet: approve it first, for this amount only.</source>
            <translation>{spender}尚未获准使用你的 {token}：请先授权，仅限此金额。</translation>
        </message>
        <message>
            <source>Ready to {action}. The call data is checked again before you sign.</source>
            <translation>可以{action}了。签名前会再次检查调用数据。</translation>
        </message>
        <message>
            <source>Approving: signing and sending; waiting for the receipt…</source>
            <translation>授权中：正在签名并发送，等待回执…</translation>
        </message>
        <message>
            <source>The approval stopped: {why}</source>
            <translation>授权已中止：{why}</translation>
        </message>
        <message>
            <source>Unlocking the keystore…</source>
            <translation>正在解锁密钥库…</translation>
        </message>
        <message>
            <source>Nothing more was sent.</source>
            <translation>没有再发送任何交易。</translation>
        </message>
        <message>
            <source>Success</source>
            <translation>成功</translation>
        </message>
        <message>
            <source>done as asked</source>
            <translation>已按要求完成</translation>
        </message>
        <message>
            <source>API: Success, DONE · sent from here: confirmed</source>
            <translation>API：“Success”、“DONE” · 本应用发送：已确认</translation>
        </message>
        <message>
            <source>Pending</source>
            <translation>处理中</translation>
        </message>
        <message>
            <source>sent, not final yet</source>
            <translation>已发送，尚未最终确认</translation>
        </message>
        <message>
            <source>API: Receiving, PENDING · sent from here: signed, sent</source>
            <translation>API：“Receiving”、“PENDING” · 本应用发送：已签名、已发送</translation>
        </message>
        <message>
            <source>Failed</source>
            <translation>失败</translation>
        </message>
        <message>
            <source>reverted or refused</source>
            <translation>已回滚或被拒绝</translation>
        </message>
        <message>
            <source>API: Failure, FAILED · sent from here: failed</source>
            <translation>API：“Failure”、“FAILED” · 本应用发送：失败</translation>
        </message>
        <message>
            <source>Refunded</source>
            <translation>已退款</translation>
        </message>
        <message>
            <source>paid back on the source chain</source>
            <translation>已在源链上退回</translation>
        </message>
        <message>
            <source>API: Failure after a refund, DONE/REFUNDED</source>
            <translation>API：退款后的“Failure”、“DONE/REFUNDED”</translation>
        </message>
        <message>
            <source>Dropped</source>
            <translation>已丢弃</translation>
        </message>
        <message>
            <source>replaced, never mined</source>
            <translation>已被替换，未被打包</translation>
        </message>
        <message>
            <source>sent from here: dropped (its nonce went to another)</source>
            <translation>本应用发送：已丢弃（其 nonce 被另一笔交易使用）</translation>
        </message>
        <message>
            <source>signed, not sent yet: it is sent on the next start</source>
            <translation>已签名，尚未发送：将在下次启动时发送</translation>
        </message>
        <message>
            <source>waiting for its block</source>
            <translation>等待打包进区块</translation>
        </message>
        <message>
            <source>Waiting for the deposit</source>
            <translation>等待存入</translation>
        </message>
        <message>
            <source>The deposit failed</source>
            <translation>存入失败</translation>
        </message>
        <message>
            <source>Deposit received, exchange starting</source>
            <translation>已收到存入，开始兑换</translation>
        </message>
        <message>
            <source>Exchanging</source>
            <translation>兑换中</translation>
        </message>
        <message>
            <source>Exchanged, payout being prepared</source>
            <translation>已兑换，正在准备出款</translation>
        </message>
        <message>
            <source>The exchange cannot pay out: refund coming</source>
            <translation>兑换方无法出款：即将退款</translation>
        </message>
        <message>
            <source>Sending to the recipient</source>
            <translation>正在发送给收款人</translation>
        </message>
        <message>
            <source>Payout sent, confirming</source>
            <translation>出款已发送，确认中</translation>
        </message>
        <message>
            <source>The payout failed: refund coming</source>
            <translation>出款失败：即将退款</translation>
        </message>
        <message>
            <source>Received</source>
            <translation>已到账</translation>
        </message>
        <message>
            <source>Refund starting</source>
            <translation>开始退款</translation>
        </message>
        <message>
            <source>Refund sent, confirming</source>
            <translation>退款已发送，确认中</translation>
        </message>
        <message>
            <source>The refund failed: support is needed</source>
            <translation>退款失败：需要联系客服</translation>
        </message>
        <message>
            <source>Timed out: the deposit never came</source>
            <translation>已超时：未收到存入</translation>
        </message>
        <message>
            <source>Failed: the order is wrong</source>
            <translation>失败：订单有误</translation>
        </message>
        <message>
            <source>Deposit confirming</source>
            <translation>存入确认中</translation>
        </message>
        <message>
            <source>Payout in progress</source>
            <translation>出款进行中</translation>
        </message>
        <message>
            <source>Below the bridge's minimum: not paid</source>
            <translation>低于桥的最低金额：不予出款</translation>
        </message>
        <message>
            <source>Above the bridge's maximum: not paid</source>
            <translation>高于桥的最高金额：不予出款</translation>
        </message>
        <message>
            <source>Large amount: held for a while, then paid</source>
            <translation>大额转账：暂时扣留，稍后出款</translation>
        </message>
        <message>
            <source>Validators checking and signing</source>
            <translation>验证者正在检查并签名</translation>
        </message>
        <message>
            <source>Large amount: delayed, then released</source>
            <translation>大额转账：延迟后放行</translation>
        </message>
        <message>
            <source>Cannot be paid: your refund is waiting for you</source>
            <translation>无法出款：你的退款正等待你领取</translation>
        </message>
        <message>
            <source>Refund asked: validators signing it</source>
            <translation>已申请退款：验证者正在签名</translation>
        </message>
        <message>
            <source>Refund signed: withdraw it on the source chain</source>
            <translation>退款已签名：请在源链上提取</translation>
        </message>
        <message>
            <source>Withdrawal sent, confirming</source>
            <translation>提取已发送，确认中</translation>
        </message>
        <message>
            <source>Deposit sent</source>
            <translation>已存入</translation>
        </message>
        <message>
            <source>Deposit received</source>
            <translation>已收到存入</translation>
        </message>
        <message>
            <source>Exchanged</source>
            <translation>已兑换</translation>
        </message>
        <message>
            <source>Payout prepared</source>
            <translation>出款已准备好</translation>
        </message>
        <message>
            <source>Payout sent</source>
            <translation>出款已发送</translation>
        </message>
        <message>
            <source>Payout confirmed</source>
            <translation>出款已确认</translation>
        </message>
        <message>
            <source>Refund started</source>
            <translation>已开始退款</translation>
        </message>
        <message>
            <source>Refund confirmed</source>
            <translation>退款已确认</translation>
        </message>
        <message>
            <source>Deposit confirmed</source>
            <translation>存入已确认</translation>
        </message>
        <message>
            <source>Paid out</source>
            <translation>已出款</translation>
        </message>
        <message>
            <source>Validators signed</source>
            <translation>验证者已签名</translation>
        </message>
        <message>
            <source>Payout released</source>
            <translation>出款已放行</translation>
        </message>
        <message>
            <source>Released after a delay</source>
            <translation>延迟后已放行</translation>
        </message>
        <message>
            <source>Refund offered</source>
            <translation>已提供退款</translation>
        </message>
        <message>
            <source>Refund signed by the validators</source>
            <translation>验证者已签署退款</translation>
        </message>
        <message>
            <source>Refund ready to withdraw</source>
            <translation>退款可提取</translation>
        </message>
        <message>
            <source>Withdrawal confirmed</source>
            <translation>提取已确认</translation>
        </message>
        <message>
            <source>waiting for the source chain to confirm the deposit</source>
            <translation>等待源链确认存入</translation>
        </message>
        <message>
            <source>waiting for the payout on the destination chain</source>
            <translation>等待目标链出款</translation>
        </message>
        <message>
            <source>a refund is under way</source>
            <translation>正在退款</translation>
        </message>
        <message>
            <source>completed</source>
            <translation>已完成</translation>
        </message>
        <message>
            <source>completed, paid in another token</source>
            <translation>已完成，以另一种代币支付</translation>
        </message>
        <message>
            <source>refunded on the source chain</source>
            <translation>已在源链退款</translation>
        </message>
        <message>
            <source>expired</source>
            <translation>已过期</translation>
        </message>
        <message>
            <source>failed</source>
            <translation>失败</translation>
        </message>
        <message>
            <source>Swap</source>
            <translation>兑换</translation>
        </message>
        <message>
            <source>Swapping…</source>
            <translation>兑换中…</translation>
        </message>
        <message>
            <source>swapdesk's router</source>
            <translation>swapdesk 路由合约</translation>
        </message>
        <message>
            <source>Swap {sell} for {buy}</source>
            <translation>用 {sell} 兑换 {buy}</translation>
        </message>
        <message>
            <source>Your balances</source>
            <translation>你的余额</translation>
        </message>
        <message>
            <source>Fee</source>
            <translation>手续费</translation>
        </message>
        <message>
            <source>Block</source>
            <translation>区块</translation>
        </message>
        <message>
            <source>Transaction</source>
            <translation>交易</translation>
        </message>
        <message>
            <source>Transaction hash</source>
            <translation>交易哈希</translation>
        </message>
        <message>
            <source>View in History</source>
            <translation>在“历史”中查看</translation>
        </message>
        <message>
            <source>{give} → about {get}</source>
            <translation>{give} → 约 {get}</translation>
        </message>
        <message>
            <source>({worth}, priced on other pools than this swap)</source>
            <translation>（{worth}，按此兑换以外的资金池定价）</translation>
        </message>
        <message>
            <source>, discounted from {amount} for holding SWAP</source>
            <translation>，持 SWAP 折后价（原 {amount}）</translation>
        </message>
        <message>
            <source>{amount} at {slippage} slippage, or nothing is swapped</source>
            <translation>{amount}（滑点 {slippage}），否则不执行兑换</translation>
        </message>
        <message>
            <source>You sell</source>
            <translation>你卖出</translation>
        </message>
        <message>
            <source>Rate</source>
            <translation>汇率</translation>
        </message>
        <message>
            <source>Price impact</source>
            <translation>价格影响</translation>
        </message>
        <message>
            <source>estimating…</source>
            <translation>估算中…</translation>
        </message>
        <message>
            <source>the router</source>
            <translation>路由合约</translation>
        </message>
        <message>
            <source>Swapped: you received {amount}</source>
            <translation>兑换完成：你收到了 {amount}</translation>
        </message>
        <message>
            <source>{amount} (quoted {quoted})</source>
            <translation>{amount}（报价 {quoted}）</translation>
        </message>
        <message>
            <source>reading…</source>
            <translation>读取中…</translation>
        </message>
        <message>
            <source>Done. The transaction is in the History tab.</source>
            <translation>完成。交易可在“历史”页查看。</translation>
        </message>
        <message>
            <source>could not be read; see History</source>
            <translation>无法读取；请查看“历史”</translation>
        </message>
        <message>
            <source>{bridge} holds a transfer this large a while before paying it out.</source>
            <translation>{bridge} 会将这么大额的转账暂扣一段时间后再出款。</translation>
        </message>
        <message>
            <source>No bridge can carry this transfer: see why beside the form.</source>
            <translation>没有桥能承接这笔转账：原因见表单旁。</translation>
        </message>
        <message>
            <source>Use {amount}</source>
            <translation>使用 {amount}</translation>
        </message>
        <message>
            <source>Type an amount: every bridge that can carry it is compared here.</source>
            <translation>输入金额：所有能承接的桥都会在这里比较。</translation>
        </message>
        <message>
            <source>The bridges are compared here once the form is complete.</source>
            <translation>表单填写完整后，会在这里比较各个桥。</translation>
        </message>
        <message>
            <source>The bridges' chains are loading…</source>
            <translation>正在加载各个桥支持的链…</translation>
        </message>
        <message>
            <source>Starting swapdesk's engine…</source>
            <translation>正在启动 swapdesk 引擎…</translation>
        </message>
        <message>
            <source>Loading the bridges' chains and tokens…</source>
            <translation>正在加载各个桥支持的链和代币…</translation>
        </message>
        <message>
            <source>Building the devnet's bridge chains for a first start: on a slow machine this can take several minutes…</source>
            <translation>首次启动，正在构建开发网的跨链桥链：在较慢的机器上可能需要几分钟…</translation>
        </message>
        <message>
            <source>Reading balances on {chain}…</source>
            <translation>正在读取 {chain} 上的余额…</translation>
        </message>
        <message>
            <source>no bridge provider answers right now</source>
            <translation>目前没有任何跨链桥服务商响应</translation>
        </message>
        <message>
            <source>Accounts…</source>
            <translation>账户…</translation>
        </message>
        <message>
            <source>Import, create or watch accounts</source>
            <translation>导入、创建或观察账户</translation>
        </message>
        <message>
            <source>From chain</source>
            <translation>源链</translation>
        </message>
        <message>
            <source>To chain</source>
            <translation>目标链</translation>
        </message>
        <message>
            <source>Token to send</source>
            <translation>发送代币</translation>
        </message>
        <message>
            <source>Token to receive</source>
            <translation>接收代币</translation>
        </message>
        <message>
            <source>Amount to send</source>
            <translation>发送金额</translation>
        </message>
        <message>
            <source>Flip: send back the other way</source>
            <translation>互换：反向发送</translation>
        </message>
        <message>
            <source>Flip the chains</source>
            <translation>互换两条链</translation>
        </message>
        <message>
            <source>Recipient on the destination chain</source>
            <translation>目标链上的收款地址</translation>
        </message>
        <message>
            <source>Send…</source>
            <translation>发送…</translation>
        </message>
        <message>
            <source>Review, approve if needed, and sign this transfer</source>
            <translation>审核、按需授权并签署这笔转账</translation>
        </message>
        <message>
            <source>Bridge</source>
            <translation>跨链桥</translation>
        </message>
        <message>
            <source>To</source>
            <translation>到</translation>
        </message>
        <message>
            <source>Recipient</source>
            <translation>收款地址</translation>
        </message>
        <message>
            <source>No account yet</source>
            <translation>尚无账户</translation>
        </message>
        <message>
            <source>Type a recipient to compare bridges, or add an account with Accounts… to send.</source>
            <translation>输入收款人即可比较跨链桥，或通过“账户…”添加账户以发送。</translation>
        </message>
        <message>
            <source>{chain} (loading…)</source>
            <translation>{chain}（加载中…）</translation>
        </message>
        <message>
            <source>The bridges' tokens on {chain} are being listed</source>
            <translation>正在列出各个桥在 {chain} 上支持的代币</translation>
        </message>
        <message>
            <source>Pick a token the bridges carry.</source>
            <translation>请选择桥支持的代币。</translation>
        </message>
        <message>
            <source>Balance: {amount}</source>
            <translation>余额：{amount}</translation>
        </message>
        <message>
            <source>{bridge} needs at least {amount}</source>
            <translation>{bridge} 至少需要 {amount}</translation>
        </message>
        <message>
            <source>{bridge} takes at most {amount}</source>
            <translation>{bridge} 最多接受 {amount}</translation>
        </message>
        <message>
            <source>takes {low} to {high}</source>
            <translation>接受 {low} 至 {high}</translation>
        </message>
        <message>
            <source>takes {low} or more</source>
            <translation>接受 {low} 及以上</translation>
        </message>
        <message>
            <source>; this one is above {amount}: it is held a while, longer than shown</source>
            <translation>；此金额高于 {amount}：会被暂扣一段时间，比显示的更久</translation>
        </message>
        <message>
            <source>; holds transfers above {amount}</source>
            <translation>；高于 {amount} 的转账会被暂扣</translation>
        </message>
        <message>
            <source>The deposit is signed, not sent yet</source>
            <translation>存入交易已签名，尚未发送</translation>
        </message>
        <message>
            <source>The deposit waits for its block</source>
            <translation>存入交易正在等待打包</translation>
        </message>
        <message>
            <source>The deposit did not go through</source>
            <translation>存入交易未成功</translation>
        </message>
        <message>
            <source>Waiting for the bridge to see the deposit</source>
            <translation>等待桥确认收到存入</translation>
        </message>
        <message>
            <source>{headline} through {bridge}</source>
            <translation>{headline}，通过 {bridge}</translation>
        </message>
        <message>
            <source>{what}: {amount} received on {chain}.</source>
            <translation>{what}：已在 {chain} 上收到 {amount}。</translation>
        </message>
        <message>
            <source>Transfer arrived</source>
            <translation>转账已到账</translation>
        </message>
        <message>
            <source>{what}: the deposit is back with the sender on {chain}.</source>
            <translation>{what}：存入资金已退回 {chain} 上的发送方。</translation>
        </message>
        <message>
            <source>Transfer refunded</source>
            <translation>转账已退款</translation>
        </message>
        <message>
            <source>Transfer failed</source>
            <translation>转账失败</translation>
        </message>
        <message>
            <source>Sent</source>
            <translation>已发送</translation>
        </message>
        <message>
            <source>Started</source>
            <translation>已开始</translation>
        </message>
        <message>
            <source>Payout</source>
            <translation>出款</translation>
        </message>
        <message>
            <source>Payout transaction</source>
            <translation>出款交易</translation>
        </message>
        <message>
            <source>Refund</source>
            <translation>退款</translation>
        </message>
        <message>
            <source>Refund withdrawal</source>
            <translation>提取退款</translation>
        </message>
        <message>
            <source>Order id</source>
            <translation>订单号</translation>
        </message>
        <message>
            <source>Signs cBridge's refund request, then sends the withdrawal from your account</source>
            <translation>签署 cBridge 的退款请求，然后从你的账户发送提取交易</translation>
        </message>
        <message>
            <source>Withdraw your refund</source>
            <translation>提取你的退款</translation>
        </message>
        <message>
            <source>New transfer</source>
            <translation>新转账</translation>
        </message>
        <message>
            <source>Back to the bridges compared for the form</source>
            <translation>返回为此表单比较的各个桥</translation>
        </message>
        <message>
            <source>Cross-chain order</source>
            <translation>跨链订单</translation>
        </message>
        <message>
            <source>through {bridge}</source>
            <translation>通过 {bridge}</translation>
        </message>
        <message>
            <source>nothing: the deposit went back to the sender</source>
            <translation>无：存入资金已退回发送方</translation>
        </message>
        <message>
            <source>nothing: the deposit is being refunded</source>
            <translation>无：存入资金正在退款</translation>
        </message>
        <message>
            <source>nothing yet · quoted {quoted}</source>
            <translation>尚未到账 · 报价 {quoted}</translation>
        </message>
        <message>
            <source>nothing</source>
            <translation>无</translation>
        </message>
        <message>
            <source>cBridge cannot pay this transfer out: your refund waits for you to withdraw it.</source>
            <translation>cBridge 无法完成这笔转账的出款：你的退款正等待你提取。</translation>
        </message>
        <message>
            <source>Your cross-chain transfers</source>
            <translation>你的跨链转账</translation>
        </message>
        <message>
            <source>Cross-chain transfers sent from this app</source>
            <translation>本应用发送的跨链转账</translation>
        </message>
        <message>
            <source>Nothing sent yet: the transfers you send are followed here until they arrive.</source>
            <translation>还没有发送记录：你发送的转账会在这里跟踪直到到账。</translation>
        </message>
        <message>
            <source>bridge fee</source>
            <translation>桥手续费</translation>
        </message>
        <message>
            <source>relayer fee</source>
            <translation>中继费</translation>
        </message>
        <message>
            <source>network fee</source>
            <translation>网络费</translation>
        </message>
        <message>
            <source>{fees}, taken from the amount</source>
            <translation>{fees}，从金额中扣除</translation>
        </message>
        <message>
            <source>under {amount}</source>
            <translation>低于 {amount}</translation>
        </message>
        <message>
            <source>about {amount}</source>
            <translation>约 {amount}</translation>
        </message>
        <message>
            <source>{provider} cannot be reached right now: its bridge is left out of this comparison, and asked again with the next.</source>
            <translation>目前无法连接 {provider}：它的跨链桥不参与本次比较，下次比较时会再次询问。</translation>
        </message>
        <message>
            <source>{bridge}: {why}</source>
            <translation>{bridge}：{why}</translation>
        </message>
        <message>
            <source>about {time}</source>
            <translation>约 {time}</translation>
        </message>
        <message>
            <source>{bridge}: {amount}, {eta}</source>
            <translation>{bridge}：{amount}，{eta}</translation>
        </message>
        <message>
            <source>Bridges compared</source>
            <translation>各桥比较</translation>
        </message>
        <message>
            <source>&lt;b&gt;Cannot carry this transfer&lt;/b&gt;</source>
            <translation>&lt;b&gt;无法承接这笔转账&lt;/b&gt;</translation>
        </message>
        <message>
            <source>Best return</source>
            <translation>到账最多</translation>
        </message>
        <message>
            <source>Fastest</source>
            <translation>最快</translation>
        </message>
        <message>
            <source>{count} bridges can carry {amount}, the best return first</source>
            <translation>{count} 个桥可以承接 {amount}，到账最多的排在前面</translation>
        </message>
        <message>
            <source>One bridge can carry {amount}</source>
            <translation>有 1 个桥可以承接 {amount}</translation>
        </message>
        <message>
            <source>No bridge can carry this transfer: see why below.</source>
            <translation>没有桥能承接这笔转账：原因见下方。</translation>
        </message>
        <message>
            <source>A transfer is on its way…</source>
            <translation>有 1 笔转账正在途中…</translation>
        </message>
        <message>
            <source>{count} transfers are on their way…</source>
            <translation>有 {count} 笔转账正在途中…</translation>
        </message>
        <message>
            <source>Check the amount</source>
            <translation>请检查金额</translation>
        </message>
        <message>
            <source>Choose a token</source>
            <translation>请选择代币</translation>
        </message>
        <message>
            <source>Check the recipient</source>
            <translation>请检查收款地址</translation>
        </message>
        <message>
            <source>Choose the chains</source>
            <translation>请选择链</translation>
        </message>
        <message>
            <source>Loading…</source>
            <translation>加载中…</translation>
        </message>
        <message>
            <source>Cross-chain is not available here: {why}</source>
            <translation>此处无法使用跨链：{why}</translation>
        </message>
        <message>
            <source>Try again</source>
            <translation>重试</translation>
        </message>
        <message>
            <source>Enter an amount</source>
            <translation>请输入金额</translation>
        </message>
        <message>
            <source>The bridges' chains and tokens could not be listed again ({why}): the list shown is the last one.</source>
            <translation>无法再次列出跨链桥的链和代币（{why}）：显示的是上一次的列表。</translation>
        </message>
        <message>
            <source>Comparing the bridges…</source>
            <translation>正在比较各个桥…</translation>
        </message>
        <message>
            <source>Add an account, or type the recipient on the destination chain.</source>
            <translation>请添加账户，或输入目标链上的收款地址。</translation>
        </message>
        <message>
            <source>Add an account…</source>
            <translation>添加账户…</translation>
        </message>
        <message>
            <source>No comparison for this form: change it to ask again.</source>
            <translation>此表单没有比较结果：修改表单以重新查询。</translation>
        </message>
        <message>
            <source>No bridge for this amount</source>
            <translation>没有桥支持此金额</translation>
        </message>
        <message>
            <source>Choose a bridge beside the form.</source>
            <translation>请在表单旁选择一个桥。</translation>
        </message>
        <message>
            <source>Sending needs the embedded engine: a server only compares.</source>
            <translation>发送需要使用内置引擎：服务器只提供比较。</translation>
        </message>
        <message>
            <source>Add an account to send…</source>
            <translation>添加账户以发送…</translation>
        </message>
        <message>
            <source>{label} is watch-only: it can compare bridges, not sign.</source>
            <translation>{label} 是观察账户：可以比较各个桥，但不能签名。</translation>
        </message>
        <message>
            <source>Watch-only account</source>
            <translation>观察账户</translation>
        </message>
        <message>
            <source>You have {held}.</source>
            <translation>你有 {held}。</translation>
        </message>
        <message>
            <source>Not enough {symbol}</source>
            <translation>{symbol} 余额不足</translation>
        </message>
        <message>
            <source>Send with {bridge}…</source>
            <translation>通过 {bridge} 发送…</translation>
        </message>
        <message>
            <source>Another recipient than this account: check it, a transfer to a wrong address cannot be undone.</source>
            <translation>收款地址不是当前账户：请仔细核对，转到错误地址的资金无法追回。</translation>
        </message>
        <message>
            <source>No chain knows that transaction hash.</source>
            <translation>没有任何链上有这个交易哈希。</translation>
        </message>
        <message>
            <source>Paste a transaction hash (0x…, or a TRON transaction id)</source>
            <translation>粘贴交易哈希（0x…，或 TRON 交易 ID）</translation>
        </message>
        <message>
            <source>Chain of the transaction</source>
            <translation>交易所在的链</translation>
        </message>
        <message>
            <source>Detect chain</source>
            <translation>自动识别链</translation>
        </message>
        <message>
            <source>Many hashes…</source>
            <translation>批量哈希…</translation>
        </message>
        <message>
            <source>Look up a list of hashes (pasted, or a CSV) and read a table of results</source>
            <translation>查询一组哈希（粘贴或导入 CSV），以表格查看结果</translation>
        </message>
        <message>
            <source>Nothing sent yet</source>
            <translation>还没有发送记录</translation>
        </message>
        <message>
            <source>What you send from swapdesk is listed here. To read another transaction, paste its hash above.</source>
            <translation>你从 swapdesk 发送的交易会列在这里。要查看其他交易，请在上方粘贴其哈希。</translation>
        </message>
        <message>
            <source>Make a swap</source>
            <translation>去兑换</translation>
        </message>
        <message>
            <source>Export CSV…</source>
            <translation>导出 CSV…</translation>
        </message>
        <message>
            <source>Every transaction sent from this app, amounts in smallest units</source>
            <translation>本应用发送的所有交易，金额以最小单位表示</translation>
        </message>
        <message>
            <source>&lt;b&gt;Sent from this app&lt;/b&gt; (double-click one to look it up)</source>
            <translation>&lt;b&gt;本应用发送的交易&lt;/b&gt;（双击可查询）</translation>
        </message>
        <message>
            <source>Export transactions</source>
            <translation>导出交易</translation>
        </message>
        <message>
            <source>swapdesk-transactions.csv</source>
            <translation>swapdesk-transactions.csv</translation>
        </message>
        <message>
            <source>“{text}” is not a transaction hash: a hash is 64 hexadecimal digits (0x and 64 on EVM chains, the 64 alone on TRON).</source>
            <translation>“{text}”不是交易哈希：哈希是 64 位十六进制数字（EVM 链上为 0x 加 64 位，TRON 上只有 64 位）。</translation>
        </message>
        <message>
            <source>CSV (*.csv)</source>
            <translation>CSV 文件 (*.csv)</translation>
        </message>
        <message>
            <source>Looking up the transaction…</source>
            <translation>正在查询交易…</translation>
        </message>
        <message>
            <source>Lookup cancelled.</source>
            <translation>查询已取消。</translation>
        </message>
        <message>
            <source>Looking up on {chain}…</source>
            <translation>正在 {chain} 上查询…</translation>
        </message>
        <message>
            <source>Sent from this app: looking up on {chain}…</source>
            <translation>本应用发送的交易：正在 {chain} 上查询…</translation>
        </message>
        <message>
            <source>Detecting the chain: asking every chain at once ({asked} of {all} asked, latest {chain})…</source>
            <translation>正在识别链：同时查询所有链（已查询 {asked}/{all}，最新为 {chain}）…</translation>
        </message>
        <message>
            <source>Something went wrong inside swapdesk ({error}); see the log.</source>
            <translation>swapdesk 内部出错（{error}）；请查看日志。</translation>
        </message>
        <message>
            <source>Naming the tokens…</source>
            <translation>正在识别代币名称…</translation>
        </message>
        <message>
            <source>Approval</source>
            <translation>授权</translation>
        </message>
        <message>
            <source>Token transfer</source>
            <translation>代币转账</translation>
        </message>
        <message>
            <source>Payment</source>
            <translation>原生币转账</translation>
        </message>
        <message>
            <source>Contract call</source>
            <translation>合约调用</translation>
        </message>
        <message>
            <source>Contract deployment</source>
            <translation>合约部署</translation>
        </message>
        <message>
            <source>Sold</source>
            <translation>卖出</translation>
        </message>
        <message>
            <source>Bought</source>
            <translation>买入</translation>
        </message>
        <message>
            <source>Minimum</source>
            <translation>最少</translation>
        </message>
        <message>
            <source>Token</source>
            <translation>代币</translation>
        </message>
        <message>
            <source>Amount allowed</source>
            <translation>授权额度</translation>
        </message>
        <message>
            <source>Spender</source>
            <translation>授权对象</translation>
        </message>
        <message>
            <source>Amount sent</source>
            <translation>发送金额</translation>
        </message>
        <message>
            <source>Channel</source>
            <translation>渠道</translation>
        </message>
        <message>
            <source>Sources</source>
            <translation>来源</translation>
        </message>
        <message>
            <source>Cross-chain, {chains}</source>
            <translation>跨链，{chains}</translation>
        </message>
        <message>
            <source>Swap on {chain}</source>
            <translation>在 {chain} 上兑换</translation>
        </message>
        <message>
            <source>{kind} on {chain}</source>
            <translation>{chain} 上的{kind}</translation>
        </message>
        <message>
            <source>not in a block yet</source>
            <translation>尚未打包进区块</translation>
        </message>
        <message>
            <source>unlimited</source>
            <translation>无限额</translation>
        </message>
        <message>
            <source>{gas} energy</source>
            <translation>{gas} 能量</translation>
        </message>
        <message>
            <source>Hash</source>
            <translation>哈希</translation>
        </message>
        <message>
            <source>What it is</source>
            <translation>类型</translation>
        </message>
        <message>
            <source>Why / notes</source>
            <translation>原因 / 备注</translation>
        </message>
        <message>
            <source>Paste transaction hashes: one a line or any way, from anywhere (a chain's name on a line goes with its hashes); or open a CSV with a hash column.</source>
            <translation>粘贴交易哈希：每行一个或任意格式，来源不限（某行写上链名，其后的哈希即属于该链）；或打开带有哈希列的 CSV 文件。</translation>
        </message>
        <message>
            <source>Transaction hashes</source>
            <translation>交易哈希</translation>
        </message>
        <message>
            <source>Open CSV…</source>
            <translation>打开 CSV…</translation>
        </message>
        <message>
            <source>Look up all</source>
            <translation>全部查询</translation>
        </message>
        <message>
            <source>Export results…</source>
            <translation>导出结果…</translation>
        </message>
        <message>
            <source>The table as CSV: every field, amounts in smallest units</source>
            <translation>将表格导出为 CSV：包含所有字段，金额以最小单位表示</translation>
        </message>
        <message>
            <source>Transactions looked up</source>
            <translation>已查询的交易</translation>
        </message>
        <message>
            <source>Open hashes</source>
            <translation>打开哈希文件</translation>
        </message>
        <message>
            <source>CSV or text (*.csv *.txt *.tsv);;Any (*)</source>
            <translation>CSV 或文本文件 (*.csv *.txt *.tsv);;所有文件 (*)</translation>
        </message>
        <message>
            <source>Reading {file}…</source>
            <translation>正在读取 {file}…</translation>
        </message>
        <message>
            <source>Export results</source>
            <translation>导出结果</translation>
        </message>
        <message>
            <source>swapdesk-lookups.csv</source>
            <translation>swapdesk-lookups.csv</translation>
        </message>
        <message>
            <source>Reading the hashes…</source>
            <translation>正在读取哈希…</translation>
        </message>
        <message>
            <source>No transaction hash there: 64 hexadecimal digits, with or without 0x.</source>
            <translation>这里没有交易哈希：应为 64 位十六进制字符，可带 0x 前缀。</translation>
        </message>
        <message>
            <source>looking up…</source>
            <translation>查询中…</translation>
        </message>
        <message>
            <source>Looking up {count} transactions…</source>
            <translation>正在查询 {count} 笔交易…</translation>
        </message>
        <message>
            <source>Reading the hashes… {percent}%</source>
            <translation>正在读取哈希… {percent}%</translation>
        </message>
        <message>
            <source>Cancelled before the hashes were all read.</source>
            <translation>已取消：哈希尚未全部读取。</translation>
        </message>
        <message>
            <source>Cancelled: {done} of {count} looked up.</source>
            <translation>已取消：已查询 {done}/{count}。</translation>
        </message>
        <message>
            <source>Looked up {done} of {count}…</source>
            <translation>已查询 {done}/{count}…</translation>
        </message>
        <message>
            <source>{found} found, {missing} not found</source>
            <translation>找到 {found} 笔，未找到 {missing} 笔</translation>
        </message>
        <message>
            <source>Not found</source>
            <translation>未找到</translation>
        </message>
        <message>
            <source>from the app's records</source>
            <translation>来自本应用的记录</translation>
        </message>
        <message>
            <source>Price impact {impact}: you get much less than the pools' price. The review asks you to confirm it.</source>
            <translation>价格影响 {impact}：你得到的远少于池子价格。审核时会请你确认。</translation>
        </message>
        <message>
            <source>Type an amount: the route shows here, split across the chain's sources.</source>
            <translation>输入金额：路由会显示在这里，并在该链的各个来源之间拆分。</translation>
        </message>
        <message>
            <source>The route shows here once the form can be quoted.</source>
            <translation>表单可以报价后，路由会显示在这里。</translation>
        </message>
        <message>
            <source>Loading the tokens of {chain}…</source>
            <translation>正在加载 {chain} 的代币…</translation>
        </message>
        <message>
            <source>No account: quotes for the recipient</source>
            <translation>没有账户：按收款地址报价</translation>
        </message>
        <message>
            <source>Slippage is a percentage, like 0.5.</source>
            <translation>滑点是一个百分比，如 0.5。</translation>
        </message>
        <message>
            <source>Slippage is a percentage from 0 to 100, in steps of 0.01.</source>
            <translation>滑点是 0 到 100 之间的百分比，步长 0.01。</translation>
        </message>
        <message>
            <source>Token to sell</source>
            <translation>卖出代币</translation>
        </message>
        <message>
            <source>Token to buy</source>
            <translation>买入代币</translation>
        </message>
        <message>
            <source>Amount to sell</source>
            <translation>卖出金额</translation>
        </message>
        <message>
            <source>Flip: sell what you would buy</source>
            <translation>互换：卖出你原本要买入的代币</translation>
        </message>
        <message>
            <source>Flip sell and buy</source>
            <translation>互换买卖</translation>
        </message>
        <message>
            <source>Split into parts</source>
            <translation>拆分份数</translation>
        </message>
        <message>
            <source>The address that receives what you buy</source>
            <translation>接收所买代币的地址</translation>
        </message>
        <message>
            <source>Advanced: split, channel, recipient</source>
            <translation>高级：拆分、渠道、收款地址</translation>
        </message>
        <message>
            <source>Swap…</source>
            <translation>兑换…</translation>
        </message>
        <message>
            <source>Review, approve if needed, and sign this swap</source>
            <translation>审核、按需授权并签署这笔兑换</translation>
        </message>
        <message>
            <source>Reading that token from the chain…</source>
            <translation>正在从链上读取该代币…</translation>
        </message>
        <message>
            <source>No token {text} on {chain}'s list: pick one, or paste its address.</source>
            <translation>{chain} 的列表中没有代币 {text}：请选择一个，或粘贴其地址。</translation>
        </message>
        <message>
            <source>Pick a token, or paste its address.</source>
            <translation>请选择代币，或粘贴其地址。</translation>
        </message>
        <message>
            <source>{worth} (priced on other pools than this swap)</source>
            <translation>{worth}（按此兑换以外的资金池定价）</translation>
        </message>
        <message>
            <source>The received {buy} is priced on other pools than this swap's route: its dollars are {gap} above what you sell, where the swap's fee and price impact alone take {cost}. The difference comes from the pools' prices, not from the swap.</source>
            <translation>收到的 {buy} 是按此兑换路线以外的资金池定价的：其美元价值比你卖出的高 {gap}，而兑换的手续费和价格影响本身就要扣去 {cost}。差额来自资金池的价格，而不是兑换本身。</translation>
        </message>
        <message>
            <source>≈ $: {stable} counted as one dollar on {chain}.</source>
            <translation>≈ $：{chain} 上的 {stable} 按 1 美元计。</translation>
        </message>
        <message>
            <source>≈ $: priced in {stable} on {chain}'s own pools, now.</source>
            <translation>≈ $：按 {chain} 自身流动性池中的 {stable} 计价，当前价格。</translation>
        </message>
        <message>
            <source>≈ $: priced in {stable} on {chain}'s own pools, at block {block}.</source>
            <translation>≈ $：按 {chain} 自身流动性池中的 {stable} 计价，区块 {block} 时的价格。</translation>
        </message>
        <message>
            <source>≈ $: {stable} counted as one dollar on {chain} and {other}.</source>
            <translation>≈ $：{chain} 和 {other} 上的 {stable} 均按 1 美元计。</translation>
        </message>
        <message>
            <source>{stable} counted as one dollar</source>
            <translation>{stable} 按 1 美元计</translation>
        </message>
        <message>
            <source>swapdesk's own quote into {stable} on {chain}'s pools</source>
            <translation>swapdesk 在 {chain} 流动性池中兑换为 {stable} 的报价</translation>
        </message>
        <message>
            <source>, at block {block}</source>
            <translation>，区块 {block}</translation>
        </message>
        <message>
            <source>very high: confirm before swapping</source>
            <translation>非常高：兑换前请确认</translation>
        </message>
        <message>
            <source>high</source>
            <translation>高</translation>
        </message>
        <message>
            <source>significant</source>
            <translation>较大</translation>
        </message>
        <message>
            <source>noticeable</source>
            <translation>明显</translation>
        </message>
        <message>
            <source>low</source>
            <translation>低</translation>
        </message>
        <message>
            <source>no route for this pair</source>
            <translation>此交易对没有路由</translation>
        </message>
        <message>
            <source>the same: it takes the whole amount</source>
            <translation>相同：由它承接全部金额</translation>
        </message>
        <message>
            <source>about the same as the split</source>
            <translation>与拆分结果大致相同</translation>
        </message>
        <message>
            <source>about the same as the route chosen</source>
            <translation>与所选路线大致相同</translation>
        </message>
        <message>
            <source>the split gives {percent} more</source>
            <translation>拆分可多得 {percent}</translation>
        </message>
        <message>
            <source>the route chosen gives {percent} more</source>
            <translation>所选路线可多得 {percent}</translation>
        </message>
        <message>
            <source>{percent} more than the split</source>
            <translation>比拆分多 {percent}</translation>
        </message>
        <message>
            <source>{percent} more than the route chosen</source>
            <translation>比所选路线多 {percent}</translation>
        </message>
        <message>
            <source>No swapdesk router on this chain: the swap goes through {name}'s own {contract}, in one route, and swapdesk takes no fee.</source>
            <translation>此链上没有 swapdesk 路由合约：兑换将通过 {name} 自己的 {contract} 以单一路由完成，swapdesk 不收取手续费。</translation>
        </message>
        <message>
            <source>Minimum received</source>
            <translation>最少收到</translation>
        </message>
        <message>
            <source>Quote</source>
            <translation>报价</translation>
        </message>
        <message>
            <source>{amount} at {slippage} slippage</source>
            <translation>{amount}（滑点 {slippage}）</translation>
        </message>
        <message>
            <source> · block {block}</source>
            <translation> · 区块 {block}</translation>
        </message>
        <message>
            <source>Each source alone</source>
            <translation>各来源单独报价</translation>
        </message>
        <message>
            <source>&lt;b&gt;Each source alone&lt;/b&gt;, for the whole amount, compared after network fees</source>
            <translation>&lt;b&gt;各来源单独报价&lt;/b&gt;，按全部金额计算，扣除网络费后比较</translation>
        </message>
        <message>
            <source>Router address</source>
            <translation>路由合约地址</translation>
        </message>
        <message>
            <source>Call data (on TRON: the trigger description)</source>
            <translation>调用数据（TRON 上为触发描述）</translation>
        </message>
        <message>
            <source>Router</source>
            <translation>路由合约</translation>
        </message>
        <message>
            <source>Call data</source>
            <translation>调用数据</translation>
        </message>
        <message>
            <source>Transaction: router and call data</source>
            <translation>交易：路由合约与调用数据</translation>
        </message>
        <message>
            <source>{sold} → {bought}, through {count} sources</source>
            <translation>{sold} → {bought}，经由 {count} 个来源</translation>
        </message>
        <message>
            <source>{sold} → {bought}, through one source</source>
            <translation>{sold} → {bought}，经由 1 个来源</translation>
        </message>
        <message>
            <source>Check the slippage</source>
            <translation>请检查滑点</translation>
        </message>
        <message>
            <source>Check the split</source>
            <translation>请检查拆分份数</translation>
        </message>
        <message>
            <source>Could not load the tokens of {chain}: {why}</source>
            <translation>无法加载 {chain} 的代币：{why}</translation>
        </message>
        <message>
            <source>Quoting…</source>
            <translation>报价中…</translation>
        </message>
        <message>
            <source>Add an account, or type who receives the tokens under Advanced.</source>
            <translation>请添加账户，或在“高级”中输入收款地址。</translation>
        </message>
        <message>
            <source>No quote for this form: change it to quote again.</source>
            <translation>此表单没有报价：修改表单以重新报价。</translation>
        </message>
        <message>
            <source>Swapping needs the embedded engine: a server only quotes.</source>
            <translation>兑换需要使用内置引擎：服务器只提供报价。</translation>
        </message>
        <message>
            <source>Add an account to swap…</source>
            <translation>添加账户以兑换…</translation>
        </message>
        <message>
            <source>{label} is watch-only: it can quote, not sign.</source>
            <translation>{label} 是观察账户：可以报价，但不能签名。</translation>
        </message>
        <message>
            <source>{tokens}: not on swapdesk's list for this chain. Check the address before swapping.</source>
            <translation>{tokens}：不在 swapdesk 的该链代币列表中。兑换前请核对地址。</translation>
        </message>
        <message>
            <source>Bridge {amount}, {chain} → {to_chain}, through {bridge}</source>
            <translation>跨链 {amount}，{chain} → {to_chain}，经 {bridge}</translation>
        </message>
        <message>
            <source>Refund withdrawal {amount}, from {bridge}</source>
            <translation>提取退款 {amount}，来自 {bridge}</translation>
        </message>
        <message>
            <source>Approve unlimited {symbol}</source>
            <translation>无限额授权 {symbol}</translation>
        </message>
        <message>
            <source>Swap {sold} → {bought}</source>
            <translation>兑换 {sold} → {bought}</translation>
        </message>
        <message>
            <source>devnet</source>
            <translation>开发网</translation>
        </message>
        <message>
            <source>practice fork</source>
            <translation>练习分叉</translation>
        </message>
        <message>
            <source>the bridge is about to see it</source>
            <translation>桥即将确认收到</translation>
        </message>
        <message>
            <source>Practice: {what}</source>
            <translation>练习：{what}</translation>
        </message>
        <message>
            <source>{chain} ({network})</source>
            <translation>{chain}（{network}）</translation>
        </message>
        <message>
            <source>Transactions sent from this app</source>
            <translation>本应用发送的交易</translation>
        </message>
        <message>
            <source>Timeline</source>
            <translation>时间线</translation>
        </message>
        <message>
            <source>Copy the transaction hash</source>
            <translation>复制交易哈希</translation>
        </message>
        <message>
            <source>Show this {chain} transaction in History</source>
            <translation>在“历史”中显示这笔 {chain} 交易</translation>
        </message>
        <message>
            <source>explorer</source>
            <translation>区块浏览器</translation>
        </message>
        <message>
            <source>{name} · balance {amount}</source>
            <translation>{name} · 余额 {amount}</translation>
        </message>
        <message>
            <source>Search by name or symbol, or paste an address</source>
            <translation>按名称或符号搜索，或粘贴地址</translation>
        </message>
        <message>
            <source>Search: {what}</source>
            <translation>搜索：{what}</translation>
        </message>
        <message>
            <source>{what}: the list</source>
            <translation>{what}：列表</translation>
        </message>
        <message>
            <source>Use the pasted address {address}</source>
            <translation>使用粘贴的地址 {address}</translation>
        </message>
        <message>
            <source>Not on swapdesk's list: it is read from the chain; check it before swapping</source>
            <translation>不在 swapdesk 的列表中：信息读自链上；兑换前请核对</translation>
        </message>
        <message>
            <source>server {url}</source>
            <translation>服务器 {url}</translation>
        </message>
        <message>
            <source>embedded devnet</source>
            <translation>内置开发网</translation>
        </message>
        <message>
            <source>devnet + RPC for {chains}</source>
            <translation>开发网 + RPC（{chains}）</translation>
        </message>
        <message>
            <source>Cross-chain</source>
            <translation>跨链</translation>
        </message>
        <message>
            <source>History</source>
            <translation>历史</translation>
        </message>
        <message>
            <source>Sections</source>
            <translation>分区</translation>
        </message>
        <message>
            <source>Starting the {engine}…</source>
            <translation>正在启动{engine}…</translation>
        </message>
        <message>
            <source>No account yet · {engine}</source>
            <translation>尚无账户 · {engine}</translation>
        </message>
        <message>
            <source>&amp;File</source>
            <translation>文件(&amp;F)</translation>
        </message>
        <message>
            <source>&amp;Accounts…</source>
            <translation>账户(&amp;A)…</translation>
        </message>
        <message>
            <source>&amp;Settings…</source>
            <translation>设置(&amp;S)…</translation>
        </message>
        <message>
            <source>&amp;Quit</source>
            <translation>退出(&amp;Q)</translation>
        </message>
        <message>
            <source>&amp;About swapdesk…</source>
            <translation>关于 swapdesk(&amp;A)…</translation>
        </message>
        <message>
            <source>&amp;Help</source>
            <translation>帮助(&amp;H)</translation>
        </message>
        <message>
            <source>Engine unavailable</source>
            <translation>引擎不可用</translation>
        </message>
        <message>
            <source>Ready · {engine}</source>
            <translation>就绪 · {engine}</translation>
        </message>
        <message>
            <source>About swapdesk</source>
            <translation>关于 swapdesk</translation>
        </message>
        <message>
            <source>Swap tokens, bridge them across chains and check what happened to a transaction.</source>
            <translation>兑换代币、跨链转移代币，并查看交易的结果。</translation>
        </message>
        <message>
            <source>Free software under the MIT licence.</source>
            <translation>基于 MIT 许可证的自由软件。</translation>
        </message>
        <message>
            <source>Switching to the {engine}…</source>
            <translation>正在切换到{engine}…</translation>
        </message>
        <message>
            <source>swapdesk's engine could not start: {why}. Check Settings: it starts again once they are kept.</source>
            <translation>swapdesk 的引擎无法启动：{why}。请检查设置：保存后引擎会重新启动。</translation>
        </message>
        <message>
            <source>Resetting the devnet…</source>
            <translation>正在重置开发网…</translation>
        </message>
        <message>
            <source>Reading your accounts…</source>
            <translation>正在读取您的账户…</translation>
        </message>
        <message>
            <source>Withdrawing your refund…</source>
            <translation>正在提取你的退款…</translation>
        </message>
        <message>
            <source>The refund's withdrawal stopped: {why}</source>
            <translation>退款提取已中止：{why}</translation>
        </message>
        <message>
            <source>Form status</source>
            <translation>表单状态</translation>
        </message>
        <message>
            <source>Notification</source>
            <translation>通知</translation>
        </message>
        <message>
            <source>the call data is not a swap through {kind}: {reason}</source>
            <translation>调用数据不是通过 {kind} 的兑换：{reason}</translation>
        </message>
        <message>
            <source>the call is not one of UniswapV2Router02's exact-input swaps</source>
            <translation>该调用不是 UniswapV2Router02 的精确输入兑换之一</translation>
        </message>
        <message>
            <source>the native coin's side of the path is not the chain's wrapped coin</source>
            <translation>路径中原生币一端不是该链的包装币</translation>
        </message>
        <message>
            <source>a SwapRouter multicall other than a swap then an unwrap</source>
            <translation>SwapRouter 的 multicall 不是“先兑换再解包”</translation>
        </message>
        <message>
            <source>the swap's output is not what the router unwraps to the receiver</source>
            <translation>兑换的输出不是路由合约解包给收款地址的那笔</translation>
        </message>
        <message>
            <source>the call is not SwapRouter's exactInput</source>
            <translation>该调用不是 SwapRouter 的 exactInput</translation>
        </message>
        <message>
            <source>a V3 path of the wrong length</source>
            <translation>V3 路径长度不对</translation>
        </message>
        <message>
            <source>devnet speed must be a number from 1 to {most} (got {text!r})</source>
            <translation>开发网速度必须是 1 到 {most} 之间的数字（收到的是 {text!r}）</translation>
        </message>
        <message>
            <source>must be one of {names}</source>
            <translation>必须是以下之一：{names}</translation>
        </message>
        <message>
            <source>engine</source>
            <translation>引擎</translation>
        </message>
        <message>
            <source>server_url</source>
            <translation>服务器地址</translation>
        </message>
        <message>
            <source>theme</source>
            <translation>主题</translation>
        </message>
        <message>
            <source>language</source>
            <translation>语言</translation>
        </message>
        <message>
            <source>devnet_speed</source>
            <translation>开发网速度</translation>
        </message>
        <message>
            <source>rpc</source>
            <translation>RPC 节点</translation>
        </message>
        <message>
            <source>providers</source>
            <translation>跨链桥服务</translation>
        </message>
        <message>
            <source>forks</source>
            <translation>在分叉链上练习</translation>
        </message>
        <message>
            <source>{setting} {item}</source>
            <translation>{setting} {item}</translation>
        </message>
        <message>
            <source>{name}: {rule}</source>
            <translation>{name}：{rule}</translation>
        </message>
        <message>
            <source>must be an http:// or https:// URL (got {text!r})</source>
            <translation>必须是 http:// 或 https:// 开头的 URL（收到的是 {text!r}）</translation>
        </message>
        <message>
            <source>{provider!r} is not a bridge provider; one of {names}</source>
            <translation>{provider!r} 不是跨链桥服务商；应为以下之一：{names}</translation>
        </message>
        <message>
            <source>unknown chain {flag!r}</source>
            <translation>未知的链 {flag!r}</translation>
        </message>
        <message>
            <source>insufficient balance: you have {balance}, the transfer needs {amount}</source>
            <translation>余额不足：你有 {balance}，这笔转账需要 {amount}</translation>
        </message>
        <message>
            <source>the native {coin} needs no approval</source>
            <translation>原生币 {coin} 无需授权</translation>
        </message>
        <message>
            <source>the approval did not go through: {reason}</source>
            <translation>授权未成功：{reason}</translation>
        </message>
        <message>
            <source>the node answering for {chain} is another chain</source>
            <translation>为 {chain} 应答的节点属于另一条链</translation>
        </message>
        <message>
            <source>approve {symbol} first: {bridge}'s contract may not take it yet</source>
            <translation>请先授权 {symbol}：{bridge} 的合约目前还不能动用它</translation>
        </message>
        <message>
            <source>Getting the final quote…</source>
            <translation>正在获取最终报价…</translation>
        </message>
        <message>
            <source>Checking the call data against what you were shown…</source>
            <translation>正在对照向你显示的内容检查调用数据…</translation>
        </message>
        <message>
            <source>Dry run of the deposit…</source>
            <translation>正在模拟执行存入…</translation>
        </message>
        <message>
            <source>deposit</source>
            <translation>存入</translation>
        </message>
        <message>
            <source>cannot reach {chain}: {reason}</source>
            <translation>无法连接 {chain}：{reason}</translation>
        </message>
        <message>
            <source>Signing and sending the deposit; waiting for its receipt…</source>
            <translation>正在签名并发送存入交易，等待回执…</translation>
        </message>
        <message>
            <source>Registering the order with {bridge}…</source>
            <translation>正在向 {bridge} 登记订单…</translation>
        </message>
        <message>
            <source>the final quote failed: {reason}</source>
            <translation>最终报价失败：{reason}</translation>
        </message>
        <message>
            <source>swapdesk's catalogue names no {bridge} contract on {chain}: nothing is sent</source>
            <translation>swapdesk 的合约目录中没有 {chain} 上的 {bridge} 合约：不会发送任何交易</translation>
        </message>
        <message>
            <source>swapdesk knows no bridge contracts on {chain}: its catalogue names none ({id}.json)</source>
            <translation>swapdesk 不知道 {chain} 上有任何跨链桥合约：其合约目录（{id}.json）中一个也没有</translation>
        </message>
        <message>
            <source>the call data is not a deposit into {bridge}: nothing is sent</source>
            <translation>调用数据不是存入 {bridge} 的操作：不会发送任何交易</translation>
        </message>
        <message>
            <source>the call data of {bridge}'s {found} cannot be decoded: nothing is sent</source>
            <translation>无法解码 {bridge} 的 {found} 的调用数据：不会发送任何交易</translation>
        </message>
        <message>
            <source>the call names {token}, which is not a Multichain token swapdesk knows</source>
            <translation>该调用指定了 {token}，它不是 swapdesk 已知的 Multichain 代币</translation>
        </message>
        <message>
            <source>the call sends the native coin through a Multichain token of another asset</source>
            <translation>该调用通过另一种资产的 Multichain 代币发送原生币</translation>
        </message>
        <message>
            <source>the call asks to be paid in {code}, not the {symbol} you were shown</source>
            <translation>该调用要求以 {code} 出款，而不是向你显示的 {symbol}</translation>
        </message>
        <message>
            <source>the call pays {destination!r}, which is not an address of {chain}</source>
            <translation>该调用付款给 {destination!r}，它不是 {chain} 的地址</translation>
        </message>
        <message>
            <source>the quote is for {exchange}, not the {bridge} you chose</source>
            <translation>该报价来自 {exchange}，而不是你选择的 {bridge}</translation>
        </message>
        <message>
            <source>the quote's contract {router!r} is not an address of {chain}</source>
            <translation>报价中的合约 {router!r} 不是 {chain} 的地址</translation>
        </message>
        <message>
            <source>the quote sends the deposit to {router}, which is not {bridge}'s {contract} on {chain} in swapdesk's catalogue</source>
            <translation>该报价把存入发往 {router}，它不是 swapdesk 合约目录中 {bridge} 在 {chain} 上的{contract}</translation>
        </message>
        <message>
            <source>the call takes {token}, not the {symbol} you were shown</source>
            <translation>该调用动用的是 {token}，而不是向你显示的 {symbol}</translation>
        </message>
        <message>
            <source>the call sends {amount}, not the {shown} shown</source>
            <translation>该调用发送 {amount}，而不是显示的 {shown}</translation>
        </message>
        <message>
            <source>the call sends {amount} {coin} with it</source>
            <translation>该调用会随附发送 {amount} {coin}</translation>
        </message>
        <message>
            <source>the call pays {receiver}, not the recipient {shown} shown</source>
            <translation>该调用付款给 {receiver}，而不是显示的收款地址 {shown}</translation>
        </message>
        <message>
            <source>the call sends to {where}, not to {chain}</source>
            <translation>该调用发往 {where}，而不是 {chain}</translation>
        </message>
        <message>
            <source>the call guarantees the receiver {amount}, below the {shown} you were shown</source>
            <translation>该调用只保证收款方收到 {amount}，低于向你显示的 {shown}</translation>
        </message>
        <message>
            <source>cBridge's gateway: {reason}</source>
            <translation>cBridge 网关：{reason}</translation>
        </message>
        <message>
            <source>this order has no refund waiting for you</source>
            <translation>这笔订单没有等待你提取的退款</translation>
        </message>
        <message>
            <source>only the account that sent the transfer can withdraw its refund</source>
            <translation>只有发送这笔转账的账户才能提取其退款</translation>
        </message>
        <message>
            <source>cBridge has not named the transfer yet: try again in a moment</source>
            <translation>cBridge 尚未给出这笔转账的编号：请稍后再试</translation>
        </message>
        <message>
            <source>Asking cBridge's validators for the refund (signing the request)…</source>
            <translation>正在向 cBridge 的验证者申请退款（签署请求）…</translation>
        </message>
        <message>
            <source>Waiting for the validators to sign the withdrawal…</source>
            <translation>正在等待验证者签署提取…</translation>
        </message>
        <message>
            <source>cBridge's validators have not signed the refund yet: try again later</source>
            <translation>cBridge 的验证者尚未签署退款：请稍后再试</translation>
        </message>
        <message>
            <source>Checking the withdrawal against your transfer…</source>
            <translation>正在对照你的转账检查提取…</translation>
        </message>
        <message>
            <source>the withdrawal is not for cBridge's contract on {chain} in swapdesk's catalogue</source>
            <translation>该提取不是发往 swapdesk 合约目录中 cBridge 在 {chain} 上的合约</translation>
        </message>
        <message>
            <source>Dry run of the withdrawal…</source>
            <translation>正在模拟执行提取…</translation>
        </message>
        <message>
            <source>withdrawal</source>
            <translation>提取</translation>
        </message>
        <message>
            <source>Signing and sending the withdrawal; waiting for its receipt…</source>
            <translation>正在签名并发送提取交易，等待回执…</translation>
        </message>
        <message>
            <source>the withdrawal cannot be decoded: nothing is sent</source>
            <translation>无法解码该提取：不会发送任何交易</translation>
        </message>
        <message>
            <source>chain</source>
            <translation>链</translation>
        </message>
        <message>
            <source>receiver</source>
            <translation>收款地址</translation>
        </message>
        <message>
            <source>token</source>
            <translation>代币</translation>
        </message>
        <message>
            <source>amount</source>
            <translation>金额</translation>
        </message>
        <message>
            <source>transfer</source>
            <translation>转账</translation>
        </message>
        <message>
            <source>the withdrawal's {what} is not your transfer's: nothing is sent</source>
            <translation>该提取的{what}与你的转账不符：不会发送任何交易</translation>
        </message>
        <message>
            <source>a dry run of the {what} failed: {reason}</source>
            <translation>{what}的模拟执行失败：{reason}</translation>
        </message>
        <message>
            <source>a dry run of the {what} reverts: {reason}</source>
            <translation>{what}的模拟执行被回滚：{reason}</translation>
        </message>
        <message>
            <source>the TRON node refused to prepare the transaction: {reason}</source>
            <translation>TRON 节点拒绝构建该交易：{reason}</translation>
        </message>
        <message>
            <source>the TRON node cannot be reached: {reason}</source>
            <translation>无法连接 TRON 节点：{reason}</translation>
        </message>
        <message>
            <source>the call is to no function of the contract swapdesk knows: nothing is sent</source>
            <translation>该调用不对应 swapdesk 所知合约的任何函数：不会发送任何交易</translation>
        </message>
        <message>
            <source>the TRON transaction built for the call is not that call: nothing is sent</source>
            <translation>为该调用构建的 TRON 交易与该调用不符：不会发送任何交易</translation>
        </message>
        <message>
            <source>the call data is not a swap through the router</source>
            <translation>调用数据不是通过路由合约的兑换</translation>
        </message>
        <message>
            <source>insufficient balance: you have {balance} {symbol}, the swap needs {needed} {symbol}</source>
            <translation>余额不足：你有 {balance} {symbol}，这笔兑换需要 {needed} {symbol}</translation>
        </message>
        <message>
            <source>the quote sends the swap to {router}, which is not swapdesk's router on {chain}</source>
            <translation>该报价把兑换发往 {router}，它不是 {chain} 上的 swapdesk 路由合约</translation>
        </message>
        <message>
            <source>the description calls {contract!r}, which is not a TRON address</source>
            <translation>交易描述调用的是 {contract!r}，它不是 TRON 地址</translation>
        </message>
        <message>
            <source>the description calls {contract}, which is not swapdesk's router on TRON</source>
            <translation>交易描述调用的是 {contract}，它不是 TRON 上的 swapdesk 路由合约</translation>
        </message>
        <message>
            <source>the description is not a swap through the router: {reason}</source>
            <translation>交易描述不是通过路由合约的兑换：{reason}</translation>
        </message>
        <message>
            <source>the description sends {value} sun of TRX with the call, not {sent}</source>
            <translation>交易描述随调用发送 {value} sun 的 TRX，而不是 {sent}</translation>
        </message>
        <message>
            <source>the description is to be sent by {issuer}, not by your account {signer}</source>
            <translation>交易描述的发送方是 {issuer}，而不是你的账户 {signer}</translation>
        </message>
        <message>
            <source>the description's fee limit leaves no energy for the swap</source>
            <translation>交易描述的手续费上限没有给兑换留下任何能量</translation>
        </message>
        <message>
            <source>token sold</source>
            <translation>卖出的代币</translation>
        </message>
        <message>
            <source>token bought</source>
            <translation>买入的代币</translation>
        </message>
        <message>
            <source>amount sold</source>
            <translation>卖出数量</translation>
        </message>
        <message>
            <source>minimum received</source>
            <translation>最少收到</translation>
        </message>
        <message>
            <source>the call's {what} is {found}, not the {wanted} you were shown</source>
            <translation>该调用的{what}是 {found}，而不是向你显示的 {wanted}</translation>
        </message>
        <message>
            <source>the call's deadline has already passed</source>
            <translation>该调用的截止时间已过</translation>
        </message>
        <message>
            <source>the call's deadline is more than an hour away</source>
            <translation>该调用的截止时间在一小时以后</translation>
        </message>
        <message>
            <source>the quote sends the swap to {aggregator}, which is neither swapdesk's router nor a DEX router this chain's catalogue names</source>
            <translation>该报价把兑换发往 {aggregator}，它既不是 swapdesk 路由合约，也不是此链合约目录中列出的 DEX 路由合约</translation>
        </message>
        <message>
            <source>{reason}</source>
            <translation>{reason}</translation>
        </message>
        <message>
            <source>the chain refused to prepare the transaction: {reason}</source>
            <translation>链拒绝构建该交易：{reason}</translation>
        </message>
        <message>
            <source>the chain cannot be reached: {reason}</source>
            <translation>无法连接该链：{reason}</translation>
        </message>
        <message>
            <source>the node answers as chain {answered}, not {expected}: nothing was signed</source>
            <translation>节点回答的链是 {answered}，不是 {expected}：未签署任何交易</translation>
        </message>
        <message>
            <source>the chain refused an earlier transaction again: {reason}</source>
            <translation>链再次拒绝了之前的一笔交易：{reason}</translation>
        </message>
        <message>
            <source>the node rejected the transaction: {reason}</source>
            <translation>节点拒绝了该交易：{reason}</translation>
        </message>
        <message>
            <source>the chain cannot be reached ({reason}); the transaction will be re-sent</source>
            <translation>无法连接该链（{reason}）；交易将重新发送</translation>
        </message>
        <message>
            <source>no receipt yet: the transaction is still pending, see History</source>
            <translation>尚无回执：交易仍在处理中，请查看“历史”页</translation>
        </message>
        <message>
            <source>lost the chain while waiting for the receipt ({reason}); see History</source>
            <translation>等待回执时与链断开了连接（{reason}）；请查看“历史”页</translation>
        </message>
        <message>
            <source>name the chain's wrapped coin</source>
            <translation>指定该链的包装币</translation>
        </message>
        <message>
            <source>register a V2 factory and its fee</source>
            <translation>登记一个 V2 工厂及其费率</translation>
        </message>
        <message>
            <source>register a V3 factory</source>
            <translation>登记一个 V3 工厂</translation>
        </message>
        <message>
            <source>register a StableSwap pool</source>
            <translation>登记一个 StableSwap 池</translation>
        </message>
        <message>
            <source>set a channel's fee rate</source>
            <translation>设置一个渠道的费率</translation>
        </message>
        <message>
            <source>the deterministic-deployment proxy ({proxy}) is not on {chain}: swapdesk's router deploys through it, to the same address on every chain; its keyless deployment transaction must be sent there first</source>
            <translation>{chain} 上没有确定性部署代理（{proxy}）：swapdesk 路由合约通过它部署，在每条链上都得到同一个地址；必须先在该链上发送它的无密钥部署交易</translation>
        </message>
        <message>
            <source>{address} on {chain} holds other code: nothing can be deployed there</source>
            <translation>{chain} 上的 {address} 已有其他代码：无法在那里部署</translation>
        </message>
        <message>
            <source>deploy swapdesk's router through the proxy</source>
            <translation>通过代理部署 swapdesk 路由合约</translation>
        </message>
        <message>
            <source>{n}/{count}: {what}…</source>
            <translation>{n}/{count}：{what}…</translation>
        </message>
        <message>
            <source>after the deployment, the code at {address} is not swapdesk's router</source>
            <translation>部署之后，{address} 上的代码不是 swapdesk 路由合约</translation>
        </message>
        <message>
            <source>a call of the router</source>
            <translation>一次路由合约调用</translation>
        </message>
        <message>
            <source>swapdesk has no router on {chain}: this swap cannot be signed here</source>
            <translation>swapdesk 在 {chain} 上没有路由合约：无法在此签署这笔兑换</translation>
        </message>
        <message>
            <source>the native coin needs no approval</source>
            <translation>原生币无需授权</translation>
        </message>
        <message>
            <source>approve {token} first: the router may not take it yet</source>
            <translation>请先授权 {token}：路由合约目前还不能动用它</translation>
        </message>
        <message>
            <source>the token</source>
            <translation>该代币</translation>
        </message>
        <message>
            <source>Dry run of the swap…</source>
            <translation>正在模拟执行兑换…</translation>
        </message>
        <message>
            <source>a dry run gives {amount} {symbol}, below the minimum of {minimum}</source>
            <translation>模拟执行得到 {amount} {symbol}，低于最少 {minimum}</translation>
        </message>
        <message>
            <source>Signing and sending; waiting for the receipt…</source>
            <translation>正在签名并发送，等待回执…</translation>
        </message>
        <message>
            <source>the swap was mined without the router's Swapped event</source>
            <translation>兑换已上链，但没有路由合约的 Swapped 事件</translation>
        </message>
        <message>
            <source>a dry run of the swap reverts: {reason}</source>
            <translation>兑换的模拟执行被回滚：{reason}</translation>
        </message>
        <message>
            <source>a dry run of the swap failed: {reason}</source>
            <translation>兑换的模拟执行失败：{reason}</translation>
        </message>
        <message>
            <source>the node gave the transaction an id that is not its own: nothing was signed</source>
            <translation>节点给出的交易 ID 与交易本身不符：没有签署任何内容</translation>
        </message>
        <message>
            <source>tronpy would not sign it: {reason}; nothing was sent</source>
            <translation>tronpy 拒绝签署：{reason}；没有发送任何交易</translation>
        </message>
        <message>
            <source>the TRON node cannot be reached ({reason}); it will be sent again</source>
            <translation>无法连接 TRON 节点（{reason}）；交易将重新发送</translation>
        </message>
        <message>
            <source>lost the TRON node waiting for the receipt ({reason}); see History</source>
            <translation>等待回执时与 TRON 节点断开了连接（{reason}）；请查看“历史”页</translation>
        </message>
        <message>
            <source>cannot reach the TRON node: {reason}</source>
            <translation>无法连接 TRON 节点：{reason}</translation>
        </message>
        <message>
            <source>TRX needs no approval</source>
            <translation>TRX 无需授权</translation>
        </message>
        <message>
            <source>the approval did not go through: the node refused to prepare it: {reason}</source>
            <translation>授权未成功：节点拒绝构建该交易：{reason}</translation>
        </message>
        <message>
            <source>the approval did not go through: cannot reach the TRON node: {reason}</source>
            <translation>授权未成功：无法连接 TRON 节点：{reason}</translation>
        </message>
        <message>
            <source>Checking the transaction description against what you were shown…</source>
            <translation>正在对照向你显示的内容检查交易描述…</translation>
        </message>
        <message>
            <source>sender</source>
            <translation>发送方</translation>
        </message>
        <message>
            <source>contract</source>
            <translation>合约</translation>
        </message>
        <message>
            <source>call data</source>
            <translation>调用数据</translation>
        </message>
        <message>
            <source>TRX sent</source>
            <translation>发送的 TRX</translation>
        </message>
        <message>
            <source>fee limit</source>
            <translation>手续费上限</translation>
        </message>
        <message>
            <source>the transaction built for the swap has another {what} than its description</source>
            <translation>为兑换构建的交易的{what}与其描述不符</translation>
        </message>
        <message>
            <source>the transaction built for the swap has expired, or expires more than an hour away</source>
            <translation>为兑换构建的交易已过期，或过期时间在一小时以后</translation>
        </message>
        <message>
            <source>the description's fee limit is below the energy the swap needs: it would fail</source>
            <translation>交易描述的手续费上限低于兑换所需的能量：交易会失败</translation>
        </message>
        <message>
            <source>this machine's keyring service is not running or cannot be reached</source>
            <translation>本机的密钥环服务未运行或无法连接</translation>
        </message>
        <message>
            <source>this machine's keyring is switched off (it keeps nothing)</source>
            <translation>本机的密钥环已关闭（不保存任何内容）</translation>
        </message>
        <message>
            <source>this machine's keyring writes secrets to a file as they are, unencrypted</source>
            <translation>本机的密钥环会把机密原样写入文件，不加密</translation>
        </message>
        <message>
            <source>this machine's keyring does not keep secrets safely</source>
            <translation>本机的密钥环不能安全地保存机密</translation>
        </message>
        <message>
            <source>{address} is already in your accounts</source>
            <translation>{address} 已在你的账户中</translation>
        </message>
        <message>
            <source>{problem}; choose a password to keep the key in an encrypted file instead</source>
            <translation>{problem}；请设置密码，改为将私钥保存在加密文件中</translation>
        </message>
        <message>
            <source>choose a password: it protects the recovery phrase, and the key when exported</source>
            <translation>请设置密码：它保护助记词，以及导出时的私钥</translation>
        </message>
        <message>
            <source>this account was not created here: swapdesk has no recovery phrase for it</source>
            <translation>此账户不是在这里创建的：swapdesk 没有它的助记词</translation>
        </message>
        <message>
            <source>swapdesk keeps no copy of this key under a password, so it cannot show it</source>
            <translation>swapdesk 没有用密码保存此私钥的副本，因此无法显示它</translation>
        </message>
        <message>
            <source>the keyring no longer holds the key of {account}</source>
            <translation>密钥环中已没有 {account} 的私钥</translation>
        </message>
        <message>
            <source>address: {reason}</source>
            <translation>地址：{reason}</translation>
        </message>
        <message>
            <source>{address} is not one of your accounts</source>
            <translation>{address} 不是你的账户</translation>
        </message>
        <message>
            <source>{account} is a devnet demo account: its key is public, so it is refused on a real network</source>
            <translation>{account} 是开发网演示账户：其私钥是公开的，因此在真实网络上会被拒绝</translation>
        </message>
        <message>
            <source>{account} is watch-only: swapdesk has no key to sign for it</source>
            <translation>{account} 是观察账户：swapdesk 没有它的私钥，无法为它签名</translation>
        </message>
        <message>
            <source>{account} is locked: enter its keystore password</source>
            <translation>{account} 已锁定：请输入其密钥库密码</translation>
        </message>
        <message>
            <source>the transaction reverted</source>
            <translation>交易被回滚</translation>
        </message>
        <message>
            <source>the transaction reverted: {reason}</source>
            <translation>交易被回滚：{reason}</translation>
        </message>
        <message>
            <source>the transaction failed</source>
            <translation>交易失败</translation>
        </message>
        <message>
            <source>the transaction failed: {reason}</source>
            <translation>交易失败：{reason}</translation>
        </message>
        <message>
            <source>hash: no transaction with that hash on {chain}</source>
            <translation>哈希：{chain} 上没有这个哈希对应的交易</translation>
        </message>
        <message>
            <source>an approval</source>
            <translation>一笔授权</translation>
        </message>
        <message>
            <source>a token transfer</source>
            <translation>一笔代币转账</translation>
        </message>
        <message>
            <source>a payment of the coin</source>
            <translation>一笔原生币支付</translation>
        </message>
        <message>
            <source>a wrap of the coin</source>
            <translation>一笔原生币包装</translation>
        </message>
        <message>
            <source>an unwrap of the coin</source>
            <translation>一笔原生币解包</translation>
        </message>
        <message>
            <source>a contract call swapdesk cannot read as a swap</source>
            <translation>一笔 swapdesk 无法识别为兑换的合约调用</translation>
        </message>
        <message>
            <source>a contract deployment</source>
            <translation>一笔合约部署</translation>
        </message>
        <message>
            <source>a bridge deposit no bridge provider here knows</source>
            <translation>一笔此处没有任何跨链桥服务商认识的跨链存入</translation>
        </message>
        <message>
            <source>hash: the transaction is not mined yet on {chain}</source>
            <translation>哈希：该交易在 {chain} 上尚未打包上链</translation>
        </message>
        <message>
            <source>not a swap</source>
            <translation>不是兑换</translation>
        </message>
        <message>
            <source>hash: that transaction is {what}, not a swap or a cross-chain transfer; /ext/v1/transaction describes it</source>
            <translation>哈希：这笔交易是{what}，不是兑换，也不是跨链转账；可用 /ext/v1/transaction 查看它的说明</translation>
        </message>
        <message>
            <source>No chain that answered knows that transaction hash; {chains} could not be asked.</source>
            <translation>已应答的链上都没有这个交易哈希；无法查询 {chains}。</translation>
        </message>
        <message>
            <source>must be 0x followed by 40 hexadecimal digits</source>
            <translation>必须是 0x 加 40 位十六进制字符</translation>
        </message>
        <message>
            <source>mixed-case address fails its EIP-55 checksum</source>
            <translation>大小写混合的地址未通过 EIP-55 校验</translation>
        </message>
        <message>
            <source>must be a base58check TRON address (T...)</source>
            <translation>必须是 base58check 格式的 TRON 地址（T...）</translation>
        </message>
        <message>
            <source>TRON address fails its base58check checksum</source>
            <translation>TRON 地址未通过 base58check 校验</translation>
        </message>
        <message>
            <source>internal error</source>
            <translation>内部错误</translation>
        </message>
        <message>
            <source>{parameter}: {rule}</source>
            <translation>{parameter}：{rule}</translation>
        </message>
        <message>
            <source>was given more than once</source>
            <translation>被提供了不止一次</translation>
        </message>
        <message>
            <source>is required</source>
            <translation>为必填项</translation>
        </message>
        <message>
            <source>did you mean {name}?</source>
            <translation>你是想用 {name} 吗？</translation>
        </message>
        <message>
            <source>this path takes {names}</source>
            <translation>此路径接受的参数为 {names}</translation>
        </message>
        <message>
            <source>this path takes none</source>
            <translation>此路径不接受任何参数</translation>
        </message>
        <message>
            <source>unknown parameter; {hint}</source>
            <translation>未知参数；{hint}</translation>
        </message>
        <message>
            <source>must differ from {first}: {what}</source>
            <translation>必须与 {first} 不同：{what}</translation>
        </message>
        <message>
            <source>a cross-chain swap needs two chains</source>
            <translation>跨链兑换需要两条不同的链</translation>
        </message>
        <message>
            <source>this path quotes on TRON only</source>
            <translation>此路径只在 TRON 上报价</translation>
        </message>
        <message>
            <source>TRON quotes are served by /v3/core/swap</source>
            <translation>TRON 的报价由 /v3/core/swap 提供</translation>
        </message>
        <message>
            <source>a swap needs two different tokens</source>
            <translation>兑换需要两种不同的代币</translation>
        </message>
        <message>
            <source>must be an integer from {low} to {high} in ASCII digits, without sign (got {raw})</source>
            <translation>必须是 {low} 到 {high} 之间的整数，只用 ASCII 数字，不带正负号（收到的是 {raw}）</translation>
        </message>
        <message>
            <source>must be an integer from {low} to {high} (got {raw})</source>
            <translation>必须是 {low} 到 {high} 之间的整数（收到的是 {raw}）</translation>
        </message>
        <message>
            <source>must be a whole number of the token's smallest unit, in ASCII digits only (got {raw})</source>
            <translation>必须是以代币最小单位计的整数，只用 ASCII 数字（收到的是 {raw}）</translation>
        </message>
        <message>
            <source>must be below 10^{digits} (got {raw})</source>
            <translation>必须小于 10^{digits}（收到的是 {raw}）</translation>
        </message>
        <message>
            <source>must be greater than 0</source>
            <translation>必须大于 0</translation>
        </message>
        <message>
            <source>unknown chain {raw}; use a chain id or one of {known}</source>
            <translation>未知的链 {raw}；请使用链 ID，或以下之一：{known}</translation>
        </message>
        <message>
            <source>{chain} is not supported here: {why}</source>
            <translation>此处不支持 {chain}：{why}</translation>
        </message>
        <message>
            <source>must be a numeric chain id, one of {listed} (got {raw})</source>
            <translation>必须是数字链 ID，为以下之一：{listed}（收到的是 {raw}）</translation>
        </message>
        <message>
            <source>unknown chain id {raw}; use one of {listed}</source>
            <translation>未知的链 ID {raw}；请使用以下之一：{listed}</translation>
        </message>
        <message>
            <source>{chain} has no cross-chain bridge; use one of {listed}</source>
            <translation>{chain} 没有跨链桥；请使用以下之一：{listed}</translation>
        </message>
        <message>
            <source>must be one of {values} (got {raw})</source>
            <translation>必须是以下之一：{values}（收到的是 {raw}）</translation>
        </message>
        <message>
            <source>must be bridges separated by commas, each one of {bridges} (got {raw})</source>
            <translation>必须是以逗号分隔的跨链桥，每个都是以下之一：{bridges}（收到的是 {raw}）</translation>
        </message>
        <message>
            <source>must be a transaction hash of 64 hexadecimal digits (got {raw})</source>
            <translation>必须是 64 位十六进制数字的交易哈希（收到的是 {raw}）</translation>
        </message>
        <message>
            <source>must be 0x followed by 40 hexadecimal digits (EIP-55 when mixed case)</source>
            <translation>必须是 0x 加 40 位十六进制数字（大小写混合时须符合 EIP-55）</translation>
        </message>
        <message>
            <source>an EVM address (0x…)</source>
            <translation>EVM 地址（0x…）</translation>
        </message>
        <message>
            <source>must be a base58check TRON address: T followed by 33 base58 characters</source>
            <translation>必须是 Base58Check 编码的 TRON 地址：T 加 33 个 Base58 字符</translation>
        </message>
        <message>
            <source>a TRON address (T…)</source>
            <translation>TRON 地址（T…）</translation>
        </message>
        <message>
            <source>fails its base58check: it is not 0x41 and 20 bytes</source>
            <translation>未通过 Base58Check 校验：它不是 0x41 加 20 字节</translation>
        </message>
        <message>
            <source>must be {evm} or {tron}</source>
            <translation>必须是 {evm} 或 {tron}</translation>
        </message>
        <message>
            <source>{rule} (got {raw})</source>
            <translation>{rule}（收到的是 {raw}）</translation>
        </message>
        <message>
            <source>{rule} on {chain} (got {raw})</source>
            <translation>在 {chain} 上{rule}（收到的是 {raw}）</translation>
        </message>
        <message>
            <source>is {form}, but {chain} takes {wanted}</source>
            <translation>这是 {form}，但 {chain} 需要 {wanted}</translation>
        </message>
        <message>
            <source>no answer within {seconds} s; try again</source>
            <translation>{seconds} 秒内没有应答；请重试</translation>
        </message>
        <message>
            <source>asks for at least {minimum}, but the route gives {out} now (block {block}); quote again and confirm the new minimum</source>
            <translation>要求至少 {minimum}，但该路径现在只给出 {out}（区块 {block}）；请重新报价并确认新的最低数量</translation>
        </message>
        <message>
            <source>is the zero address: what is sent there is lost</source>
            <translation>是零地址：发送到这里的资产将会丢失</translation>
        </message>
        <message>
            <source>is the aggregation router: it keeps nothing for anyone</source>
            <translation>是聚合路由合约：它不为任何人保管资产</translation>
        </message>
        <message>
            <source>is a token being swapped: tokens sent to its contract are lost</source>
            <translation>是正在兑换的代币：发送到其合约的代币将会丢失</translation>
        </message>
        <message>
            <source>is a liquidity pool: the next trade would take what is sent there</source>
            <translation>是流动性池：发送到这里的资产会被下一笔交易拿走</translation>
        </message>
        <message>
            <source>{reason}; give the address that should receive the tokens</source>
            <translation>{reason}；请填写应当收到代币的地址</translation>
        </message>
        <message>
            <source>is the zero address: no one can send from it</source>
            <translation>是零地址：没有人能从它发送交易</translation>
        </message>
        <message>
            <source>is the aggregation router: it never calls itself</source>
            <translation>是聚合路由合约：它从不调用自己</translation>
        </message>
        <message>
            <source>{reason}; give the address that sends the swap</source>
            <translation>{reason}；请填写发送这笔兑换的地址</translation>
        </message>
        <message>
            <source>the native coin and its wrapped token are one asset</source>
            <translation>原生币与其包装代币是同一种资产</translation>
        </message>
        <message>
            <source>must be at most {limit} with channel {channel} on {chain}: the router multiplies the amount by its fee rate in 256 bits</source>
            <translation>在 {chain} 上使用渠道 {channel} 时最多为 {limit}：路由合约以 256 位整数计算数量乘以费率</translation>
        </message>
        <message>
            <source>no ERC-20 token at that address on {chain}</source>
            <translation>{chain} 上该地址没有 ERC-20 代币</translation>
        </message>
        <message>
            <source>the token has {actual} decimals on {chain}, not {given}</source>
            <translation>该代币在 {chain} 上的精度是 {actual}，不是 {given}</translation>
        </message>
        <message>
            <source>swapdesk's router is not deployed on {chain}, and no DEX whose own router the catalogue names has a route between token0 and token1 that gives anything</source>
            <translation>{chain} 上没有部署 swapdesk 的路由合约，而目录中列出自有路由合约的 DEX 也都没有能在卖出代币与买入代币之间换出任何数量的路径</translation>
        </message>
        <message>
            <source>no pool path between token0 and token1 on {chain}</source>
            <translation>{chain} 上没有连接卖出代币与买入代币的资金池路径</translation>
        </message>
        <message>
            <source>no pool between token0 and token1 can pay for it</source>
            <translation>卖出代币与买入代币之间没有资金池能支付这笔数量</translation>
        </message>
        <message>
            <source>too small: after the fee, {used} reaches the pools and every route rounds it to nothing; the smallest amount that gives any output is {smallest}</source>
            <translation>数量太小：扣除手续费后进入资金池的是 {used}，每条路径都会把它舍入为零；能换出任何数量的最小数额是 {smallest}</translation>
        </message>
        <message>
            <source>more than the pools between token0 and token1 can pay</source>
            <translation>超出了卖出代币与买入代币之间的资金池所能支付的数量</translation>
        </message>
        <message>
            <source>more than the pools can absorb (price impact {impact})</source>
            <translation>超出了资金池所能承接的数量（价格影响 {impact}）</translation>
        </message>
        <message>
            <source>no RPC endpoint is configured for {chain}</source>
            <translation>{chain} 没有配置 RPC 节点</translation>
        </message>
        <message>
            <source>swapdesk knows no pools or router on {chain}: add its catalogue ({id}.json)</source>
            <translation>swapdesk 不知道 {chain} 上的资金池和路由合约：请添加它的目录（{id}.json）</translation>
        </message>
        <message>
            <source>the devnet at {url} did not give the {chain} catalogue: {why}</source>
            <translation>位于 {url} 的开发网没有提供 {chain} 的目录：{why}</translation>
        </message>
        <message>
            <source>cannot reach {chain}: {why}</source>
            <translation>无法连接 {chain}：{why}</translation>
        </message>
        <message>
            <source>the {chain} node refused a read: {why}</source>
            <translation>{chain} 节点拒绝了一次读取，节点说：{why}</translation>
        </message>
        <message>
            <source>bridge: Multichain's bridge stopped in July 2023; ANYSWAP quotes only on the devnet. Its old transfers can still be looked up (/v3/core/details)</source>
            <translation>跨链桥：Multichain 的跨链桥已于 2023 年 7 月停止运行；ANYSWAP 只在开发网上报价。它过去的转账仍可查询（/v3/core/details）</translation>
        </message>
        <message>
            <source>the ANYSWAP provider cannot reach {chain}</source>
            <translation>ANYSWAP 服务商无法连接 {chain}</translation>
        </message>
        <message>
            <source>answered the token list of {chain} with {why}</source>
            <translation>对 {chain} 的代币列表返回了 {why}</translation>
        </message>
        <message>
            <source>answered a malformed token list</source>
            <translation>返回了格式错误的代币列表</translation>
        </message>
        <message>
            <source>hash: its ANYSWAP deposit is not on its chain</source>
            <translation>哈希：它的 ANYSWAP 存入不在其所在链上</translation>
        </message>
        <message>
            <source>answered the scan of {key} with HTTP {status}</source>
            <translation>对 {key} 的查询返回了 HTTP {status}</translation>
        </message>
        <message>
            <source>answered a malformed scan</source>
            <translation>返回了格式错误的查询结果</translation>
        </message>
        <message>
            <source>answered a malformed transfer status</source>
            <translation>返回了格式错误的转账状态</translation>
        </message>
        <message>
            <source>answered malformed transfer configs</source>
            <translation>返回了格式错误的转账配置</translation>
        </message>
        <message>
            <source>answered {what}</source>
            <translation>返回了：{what}</translation>
        </message>
        <message>
            <source>{bridge}: the bridge contract the gateway names on {chain} ({contract}) does not answer {getter} as cBridge's does ({error}): no transfer is offered through it</source>
            <translation>{bridge}：网关在 {chain} 上指定的跨链桥合约（{contract}）不像 cBridge 的合约那样应答 {getter}（{error}）：不经由它提供任何转账</translation>
        </message>
        <message>
            <source>answered a malformed estimate</source>
            <translation>返回了格式错误的估算</translation>
        </message>
        <message>
            <source>the CBRIDGE fees ({fees}) take all of the {sent} sent</source>
            <translation>CBRIDGE 的费用（{fees}）占去了发送的全部 {sent}</translation>
        </message>
        <message>
            <source>hash: its CBRIDGE send is not on its chain</source>
            <translation>哈希：它的 CBRIDGE 发送不在其所在链上</translation>
        </message>
        <message>
            <source>from 0 to 2^256 - 1</source>
            <translation>应介于 0 和 2^256 - 1 之间</translation>
        </message>
        <message>
            <source>must be more than 0</source>
            <translation>必须大于 0</translation>
        </message>
        <message>
            <source>more than 0 and at most eq_value_token_amt {eq} less perc_fee {perc} and base_fee {base}: {rest}</source>
            <translation>应大于 0，且不超过 eq_value_token_amt {eq} 减去 perc_fee {perc} 和 base_fee {base}：{rest}</translation>
        </message>
        <message>
            <source>from 1 to 999999 millionths</source>
            <translation>应介于百万分之 1 和百万分之 999999 之间</translation>
        </message>
        <message>
            <source>a send with it guarantees {least}, where {out} is quoted and {tolerance} millionths less taken</source>
            <translation>按此发送只保证到账 {least}，而报价为 {out}，最多只应再少百万分之 {tolerance}</translation>
        </message>
        <message>
            <source>the CBRIDGE gateway cannot reach a chain</source>
            <translation>CBRIDGE 网关无法连接某条链</translation>
        </message>
        <message>
            <source>answered {path} with HTTP {status} outside the gateway's shape</source>
            <translation>对 {path} 返回了 HTTP {status}，不符合网关的格式</translation>
        </message>
        <message>
            <source>the CBRIDGE gateway refused ({code}): {message}</source>
            <translation>CBRIDGE 网关拒绝了（{code}），网关说：{message}</translation>
        </message>
        <message>
            <source>the CBRIDGE pool is short: {message}</source>
            <translation>CBRIDGE 资金池余额不足，网关说：{message}</translation>
        </message>
        <message>
            <source>answered {path} with HTTP {status}, error {code}: {message}</source>
            <translation>对 {path} 返回了 HTTP {status}，错误 {code}：{message}</translation>
        </message>
        <message>
            <source>answered the refund of {transfer} without its seqnum</source>
            <translation>对 {transfer} 的退款应答中没有序号（seqnum）</translation>
        </message>
        <message>
            <source>answered a malformed signed withdrawal</source>
            <translation>返回了格式错误的已签名提款</translation>
        </message>
        <message>
            <source>hash: no mined transaction with that hash on {chain}</source>
            <translation>哈希：{chain} 上没有这个哈希对应的已上链交易</translation>
        </message>
        <message>
            <source>it failed: it deposited nothing</source>
            <translation>它执行失败了：没有存入任何资产</translation>
        </message>
        <message>
            <source>it is not a deposit into {bridge}</source>
            <translation>它不是存入 {bridge} 的交易</translation>
        </message>
        <message>
            <source>{why} on {chain}</source>
            <translation>在 {chain} 上{why}</translation>
        </message>
        <message>
            <source>the deposit goes to {chain} ({id})</source>
            <translation>该存入发往 {chain}（{id}）</translation>
        </message>
        <message>
            <source>the deposit sent {symbol} ({token})</source>
            <translation>该存入发送的是 {symbol}（{token}）</translation>
        </message>
        <message>
            <source>the deposit asks for {symbol} ({token})</source>
            <translation>该存入要换取的是 {symbol}（{token}）</translation>
        </message>
        <message>
            <source>the deposit pays {receiver}</source>
            <translation>该存入付给 {receiver}</translation>
        </message>
        <message>
            <source>the deposit sent {amount} ({human})</source>
            <translation>该存入发送了 {amount}（{human}）</translation>
        </message>
        <message>
            <source>the deposit accepts no less than {minimum}</source>
            <translation>该存入接受的最少数量为 {minimum}</translation>
        </message>
        <message>
            <source>answered {path} with HTTP {status} outside Bridgers' shape</source>
            <translation>对 {path} 返回了 HTTP {status}，不符合 Bridgers 的格式</translation>
        </message>
        <message>
            <source>the METAPATH provider cannot reach a chain: {message}</source>
            <translation>METAPATH 服务商无法连接某条链，服务商说：{message}</translation>
        </message>
        <message>
            <source>the METAPATH desk refused: {message}</source>
            <translation>METAPATH 兑换台拒绝了，兑换台说：{message}</translation>
        </message>
        <message>
            <source>answered {path} with error {code}: {message}</source>
            <translation>对 {path} 返回了错误 {code}：{message}</translation>
        </message>
        <message>
            <source>answered a malformed coin list</source>
            <translation>返回了格式错误的币种列表</translation>
        </message>
        <message>
            <source>answered a malformed quote</source>
            <translation>返回了格式错误的报价</translation>
        </message>
        <message>
            <source>registered the order without naming it</source>
            <translation>登记了订单，却没有给出订单号</translation>
        </message>
        <message>
            <source>hash: the METAPATH desk knows no such order</source>
            <translation>哈希：METAPATH 兑换台没有这笔订单</translation>
        </message>
        <message>
            <source>answered a malformed order</source>
            <translation>返回了格式错误的订单</translation>
        </message>
        <message>
            <source>{field} {value}: {rule}</source>
            <translation>{field} 为 {value}：{rule}</translation>
        </message>
        <message>
            <source>from 0 to {most}</source>
            <translation>应介于 0 和 {most} 之间</translation>
        </message>
        <message>
            <source>{field} {value} of {symbol} on {chain}: {rule}</source>
            <translation>{chain} 上 {symbol} 的 {field} 为 {value}：{rule}</translation>
        </message>
        <message>
            <source>not an amount of whole tokens</source>
            <translation>不是以整枚代币计的金额</translation>
        </message>
        <message>
            <source>more than any token can hold</source>
            <translation>超过了任何代币所能表示的数量</translation>
        </message>
        <message>
            <source>{bridge} takes from {low} to {high} from {chain} ({low_units} to {high_units} smallest units; got {amount})</source>
            <translation>{bridge} 从 {chain} 接受 {low} 到 {high}（{low_units} 到 {high_units} 个最小单位；收到的是 {amount}）</translation>
        </message>
        <message>
            <source>{bridge} does not carry {what}</source>
            <translation>{bridge} 不承运{what}</translation>
        </message>
        <message>
            <source>the same asset on {chain}</source>
            <translation>{chain} 上的同一种资产</translation>
        </message>
        <message>
            <source>{token} on {chain}</source>
            <translation>{chain} 上的 {token}</translation>
        </message>
        <message>
            <source>{sent} to {received}</source>
            <translation>从{sent}到{received}</translation>
        </message>
        <message>
            <source>cannot be reached: no answer to {path} within {seconds} s</source>
            <translation>无法连接：{seconds} 秒内没有应答 {path}</translation>
        </message>
        <message>
            <source>answered {path} with more than {size} bytes</source>
            <translation>对 {path} 返回了超过 {size} 字节的内容</translation>
        </message>
        <message>
            <source>cannot be reached: {why}</source>
            <translation>无法连接：{why}</translation>
        </message>
        <message>
            <source>answered {path} with HTTP {status} and JSON nested deeper than {depth} levels</source>
            <translation>对 {path} 返回了 HTTP {status}，其 JSON 嵌套超过 {depth} 层</translation>
        </message>
        <message>
            <source>answered {path} with HTTP {status} and something other than JSON</source>
            <translation>对 {path} 返回了 HTTP {status}，内容不是 JSON</translation>
        </message>
        <message>
            <source>the {bridge} provider {why}</source>
            <translation>{bridge} 服务商{why}</translation>
        </message>
        <message>
            <source>{said}: {why}</source>
            <translation>{said}：{why}</translation>
        </message>
        <message>
            <source>cross-chain swaps need bridge providers: this engine has none</source>
            <translation>跨链兑换需要跨链桥服务商：此引擎没有</translation>
        </message>
        <message>
            <source>bridge: {bridge} is not offered here; use one of {offered}</source>
            <translation>跨链桥：此处不提供 {bridge}；请使用以下之一：{offered}</translation>
        </message>
        <message>
            <source>{symbol} has {decimals} decimals on {chain}, not {given}</source>
            <translation>{symbol} 在 {chain} 上的精度是 {decimals}，不是 {given}</translation>
        </message>
        <message>
            <source>is the zero address: what is paid there is lost</source>
            <translation>是零地址：付到这里的资产将会丢失</translation>
        </message>
        <message>
            <source>is the token being received: tokens sent to its contract are lost</source>
            <translation>是正在换取的代币：发送到其合约的代币将会丢失</translation>
        </message>
        <message>
            <source>{reason}; give the address that should receive</source>
            <translation>{reason}；请填写应当收款的地址</translation>
        </message>
        <message>
            <source>the node configured for {chain} is chain {answered}, not {id}: check its URL</source>
            <translation>为 {chain} 配置的节点是链 {answered}，不是 {id}：请检查它的网址</translation>
        </message>
        <message>
            <source>there is no Multicall3 at {address} on {chain}: swapdesk reads the chain through it; correct the catalogue's `multicall`</source>
            <translation>{chain} 上的 {address} 处没有 Multicall3：swapdesk 通过它读取链上数据；请更正目录中的 `multicall`</translation>
        </message>
        <message>
            <source>no ERC-20 token at that address on {chain}: it must answer symbol() and decimals() (at most {decimals})</source>
            <translation>{chain} 上该地址没有 ERC-20 代币：它必须应答 symbol() 和 decimals()（精度最多 {decimals}）</translation>
        </message>
        <message>
            <source>swapdesk's router is not deployed on this TRON network: the TRON quote describes a call of swapdesk's router only (deploy it, or name it in TRON's catalogue)</source>
            <translation>此 TRON 网络上没有部署 swapdesk 的路由合约：TRON 报价只描述对 swapdesk 路由合约的调用（请部署它，或在 TRON 的目录中指定它）</translation>
        </message>
        <message>
            <source>no TRON HTTP API is configured: give the node's URL (java-tron serves it on :8090; a TRON JSON-RPC endpoint ending in /jsonrpc is read as the same node's)</source>
            <translation>没有配置 TRON HTTP API：请提供节点的网址（java-tron 在 :8090 端口提供它；以 /jsonrpc 结尾的 TRON JSON-RPC 地址会被视为同一节点的）</translation>
        </message>
        <message>
            <source>the {chain} node did not answer in time</source>
            <translation>{chain} 节点没有及时应答</translation>
        </message>
        <message>
            <source>cannot reach the {chain} node: {why}</source>
            <translation>无法连接 {chain} 节点：{why}</translation>
        </message>
        <message>
            <source>is an account of the public test mnemonic (a demo account): its key is public, so on a real network whatever is sent there is taken at once</source>
            <translation>是公开测试助记词中的账户（演示账户）：它的私钥是公开的，所以在真实网络上发送到这里的任何资产都会被立刻拿走</translation>
        </message>
        <message>
            <source>cannot reach {url}: {why}</source>
            <translation>无法连接 {url}：{why}</translation>
        </message>
        <message>
            <source>{url} did not answer JSON</source>
            <translation>{url} 的应答不是 JSON</translation>
        </message>
        <message>
            <source>{url} did not answer the spec's envelope</source>
            <translation>{url} 的应答不符合规范的信封格式</translation>
        </message>
        <message>
            <source>{url} answered a malformed {path} record</source>
            <translation>{url} 返回了格式错误的 {path} 记录</translation>
        </message>
        <message>
            <source>no quote within {seconds} s: {chain} did not answer its reads in time; try again</source>
            <translation>{seconds} 秒内没有报价：{chain} 未能及时应答读取；请重试</translation>
        </message>
        <message>
            <source>a ratio of the deposit from 0 to 1</source>
            <translation>应为存入金额的比例，介于 0 和 1 之间</translation>
        </message>
        <message>
            <source>the fee ratio {rate} of the {amount} deposited is {fee}</source>
            <translation>按费率 {rate}，存入 {amount} 的费用应为 {fee}</translation>
        </message>
        <message>
            <source>below depositMin</source>
            <translation>低于 depositMin</translation>
        </message>
        <message>
            <source>{symbol} has {decimals} decimals in the coin list</source>
            <translation>币种列表中 {symbol} 有 {decimals} 位小数</translation>
        </message>
        <message>
            <source>a folder</source>
            <translation>一个文件夹</translation>
        </message>
        <message>
            <source>a named pipe (FIFO)</source>
            <translation>一个命名管道（FIFO）</translation>
        </message>
        <message>
            <source>a character device</source>
            <translation>一个字符设备</translation>
        </message>
        <message>
            <source>a block device</source>
            <translation>一个块设备</translation>
        </message>
        <message>
            <source>a socket</source>
            <translation>一个套接字</translation>
        </message>
        <message>
            <source>cannot read {file}: {why}</source>
            <translation>无法读取 {file}：{why}</translation>
        </message>
        <message>
            <source>{file} is larger than {size}</source>
            <translation>{file} 超过 {size}</translation>
        </message>
        <message>
            <source>{file} is {kind}: only a regular file can be read</source>
            <translation>{file} 是{kind}：只能读取普通文件</translation>
        </message>
        <message>
            <source>something other than a file</source>
            <translation>不是普通文件的对象</translation>
        </message>
        <message>
            <source>Pasted text</source>
            <translation>粘贴的文本</translation>
        </message>
        <message>
            <source>{source}: {lines} lines, too long to show here. Look up all reads all of it; type or paste to replace it.</source>
            <translation>{source}：共 {lines} 行，太长，无法在此显示。“全部查询”会读取全部内容；输入或粘贴新内容即可替换。</translation>
        </message>
        <message>
            <source>more than {most} hashes: at most {most} at once</source>
            <translation>哈希超过 {most} 个：一次最多 {most} 个</translation>
        </message>
        <message>
            <source>line {line} of the CSV has a cell longer than {limit} characters, the most one may hold</source>
            <translation>CSV 第 {line} 行有一个单元格超过 {limit} 个字符，即单元格允许的上限</translation>
        </message>
        <message>
            <source>line {line} of the CSV cannot be read: {why}</source>
            <translation>无法读取 CSV 第 {line} 行：{why}</translation>
        </message>
        <message>
            <source>I understand the risks marked in red, and want to go on</source>
            <translation>我了解红色标出的风险，仍要继续</translation>
        </message>
        <message>
            <source>Risks</source>
            <translation>风险</translation>
        </message>
        <message>
            <source>Slippage {slippage}: the swap may fail at the least move of the price.</source>
            <translation>滑点 {slippage}：价格稍有变动，兑换就可能失败。</translation>
        </message>
        <message>
            <source>Slippage {slippage}: you may receive up to {slippage} less than quoted.</source>
            <translation>滑点 {slippage}：你可能比报价少收至多 {slippage}。</translation>
        </message>
        <message>
            <source>Slippage {slippage} is very low: the swap fails if the price moves at all before it is mined, and the network fee is paid all the same. 0.1 % to 1 % is usual.</source>
            <translation>滑点 {slippage} 过低：打包前价格稍有变动，兑换就会失败，网络费照样要付。通常为 0.1 % 到 1 %。</translation>
        </message>
        <message>
            <source>Slippage {slippage} is high: you accept as little as {minimum}, up to {slippage} less than quoted, and bots may take the difference.</source>
            <translation>滑点 {slippage} 偏高：你最少只收到 {minimum}，比报价少至多 {slippage}，差额可能被机器人夺走。</translation>
        </message>
        <message>
            <source>Price impact {impact} is very high: you get much less than the pools' price. A smaller amount loses less.</source>
            <translation>价格影响 {impact} 非常高：你得到的远少于资金池的价格。金额小一些损失更少。</translation>
        </message>
        <message>
            <source>Price impact {impact}: this amount moves the pools' price against you.</source>
            <translation>价格影响 {impact}：这笔金额会让资金池价格朝不利于你的方向变动。</translation>
        </message>
        <message>
            <source>The network fee, up to {fee}, is up to {share} of what you trade ({worth}).</source>
            <translation>网络费最多 {fee}，最多占你交易金额（{worth}）的 {share}。</translation>
        </message>
        <message>
            <source>The network fee, {fee}, is {share} of what you trade ({worth}).</source>
            <translation>网络费 {fee}，占你交易金额（{worth}）的 {share}。</translation>
        </message>
        <message>
            <source>Unlimited approval: {spender} may take all your {token}, now and later, until you revoke it. An approval of this amount only is safer.</source>
            <translation>无限额授权：在你撤销之前，{spender} 现在和以后都可以取走你全部的 {token}。只授权本次金额更安全。</translation>
        </message>
        <message>
            <source>{spender} may already take any amount of your {token}: an unlimited approval was given before.</source>
            <translation>{spender} 已经可以取走你任意数量的 {token}：之前已给过无限额授权。</translation>
        </message>
        <message>
            <source>New recipient: {address} is not one of your accounts, and swapdesk has never sent to it. Check every character before you sign.</source>
            <translation>新收款地址：{address} 不是你的账户，swapdesk 也从未向它发送过。签名前请逐个字符核对。</translation>
        </message>
        <message>
            <source>It receives {worth}.</source>
            <translation>它将收到 {worth}。</translation>
        </message>
        <message>
            <source>What it receives has no dollar price here.</source>
            <translation>它收到的资产在这里没有美元价格。</translation>
        </message>
        <message>
            <source>No dollar price for {tokens}: no pool on {chain} leads from it to a stablecoin, so its worth cannot be checked here.</source>
            <translation>{tokens} 没有美元价格：{chain} 上没有资金池能把它换成稳定币，因此这里无法核对它的价值。</translation>
        </message>
        <message>
            <source>The quote sends to {quoted}, not {what} that swapdesk's catalogue names ({known}): swapdesk checks the call against its catalogue and will refuse to sign this one.</source>
            <translation>报价发往 {quoted}，而不是 swapdesk 目录所列的{what}（{known}）：swapdesk 会按目录核对调用，并将拒绝签署这笔交易。</translation>
        </message>
        <message>
            <source>anvil (Foundry's local node) is needed to fork a network: install Foundry (https://getfoundry.sh), or in a checkout run `npm ci` for the @foundry-rs/anvil package it pins; swapdesk's bundle carries it</source>
            <translation>分叉网络需要 anvil（Foundry 的本地节点）：请安装 Foundry（https://getfoundry.sh），或在源码目录中运行 `npm ci` 安装其锁定的 @foundry-rs/anvil 包；swapdesk 的安装包已自带</translation>
        </message>
        <message>
            <source>anvil could not fork {chain} from {url}: {why}</source>
            <translation>anvil 无法从 {url} 分叉 {chain}：{why}</translation>
        </message>
        <message>
            <source>{url} is a node of chain {answered}, not of {chain} ({id}): nothing was forked</source>
            <translation>{url} 是链 {answered} 的节点，不是 {chain}（{id}）的：未进行分叉</translation>
        </message>
        <message>
            <source>the fork of {chain} refused {method}: {why}</source>
            <translation>{chain} 的分叉链拒绝了 {method}：{why}</translation>
        </message>
        <message>
            <source>Until it is mended, {name} runs on the devnet: correct or remove its line there.</source>
            <translation>修好之前，{name} 在开发网上运行：请在那里更正或删除这一行。</translation>
        </message>
        <message>
            <source>{where} cannot be used: {why}. {fix}</source>
            <translation>{where}无法使用：{why}。{fix}</translation>
        </message>
        <message>
            <source>{url} does not answer ({why})</source>
            <translation>{url} 没有响应（{why}）</translation>
        </message>
        <message>
            <source>{url} does not answer as a JSON-RPC node ({why})</source>
            <translation>{url} 没有作为 JSON-RPC 节点响应（{why}）</translation>
        </message>
        <message>
            <source>{url} is a node of chain {answered}, not of {chain} ({id})</source>
            <translation>{url} 是链 {answered} 的节点，不是 {chain}（{id}）的</translation>
        </message>
        <message>
            <source>Practice on a fork of {name} (Settings → Real networks)</source>
            <translation>在 {name} 的分叉链上练习（设置 → 真实网络）</translation>
        </message>
        <message>
            <source>The RPC endpoint for {name} (Settings → Real networks)</source>
            <translation>{name} 的 RPC 端点（设置 → 真实网络）</translation>
        </message>
        <message>
            <source>The bridge provider {name} (Settings → Real networks)</source>
            <translation>跨链桥服务商 {name}（设置 → 真实网络）</translation>
        </message>
        <message>
            <source>The server (Settings → Engine)</source>
            <translation>服务器（设置 → 引擎）</translation>
        </message>
        <message>
            <source>Until it answers, its bridge is left out of the comparison: correct or remove its line.</source>
            <translation>在它响应之前，它的跨链桥不参与比较：请更正或删除这一行。</translation>
        </message>
        <message>
            <source>Check its URL and that it runs, or choose the embedded devnet.</source>
            <translation>请检查其 URL 以及它是否在运行，或改用内置开发网。</translation>
        </message>
    </context>
</TS>
