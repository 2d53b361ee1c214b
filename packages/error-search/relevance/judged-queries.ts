// Judged relevance set for error search.
//
// Written from the catalogue entries in content/errors/*.yaml and from the way
// customers and client logs phrase problems — deliberately NOT from the search
// implementation, so it can serve as a held-out judgement.
//
// `accept` lists the Flag(s) a support agent would accept as the right answer.
// Usually one; two or more only where the query genuinely fits several entries
// (e.g. a bare command that several entries tell the customer to run).

export type QueryKind = 'pasted-log' | 'own-words' | 'situation' | 'code-in-text' | 'code-spelling' | 'typo' | 'command-or-setting' | 'translated';
/** The languages the catalogue is translated into, besides English. */
export type QueryLanguage = 'en' | 'de' | 'fr' | 'es';
/** `lang`: the language the query is written in; absent: English. */
export interface JudgedQuery { q: string; accept: readonly string[]; kind: QueryKind; lang?: QueryLanguage }

export const JUDGED_QUERIES: readonly JudgedQuery[] = [
  // ---------------------------------------------------------------------------
  // pasted-log: lines (or fragments of lines) copied from the desktop client's
  // log or terminal. Go-style and Rust-style error chains, timestamps, ids,
  // addresses. Some are only a fragment of a message, some describe the
  // situation in the client's own wording rather than an OS error string.
  // ---------------------------------------------------------------------------

  // PORT1001 — local port already taken
  { q: 'listen tcp 127.0.0.1:8080: bind: address already in use', accept: ['PORT1001'], kind: 'pasted-log' },
  { q: 'address already in use', accept: ['PORT1001'], kind: 'pasted-log' },
  { q: '2025-03-14T09:12:44.118Z ERROR visitor[db-tunnel] failed to start: listen tcp 127.0.0.1:5432: bind: address already in use', accept: ['PORT1001'], kind: 'pasted-log' },
  { q: '2025-06-02 08:01:17.552 [E] admin api disabled: listen tcp 127.0.0.1:7400: bind: Only one usage of each socket address (protocol/network address/port) is normally permitted.', accept: ['PORT1001'], kind: 'pasted-log' },

  // PORT1002 — privileged port
  { q: 'Mar  3 10:22:01 devbox tunnel[2291]: level=error msg="start visitor \\"web\\"" err="listen tcp 0.0.0.0:443: bind: permission denied"', accept: ['PORT1002'], kind: 'pasted-log' },
  {
    q: `Error: could not open visitor listener on 127.0.0.1:80

Caused by:
    Permission denied (os error 13)`,
    accept: ['PORT1002'],
    kind: 'pasted-log',
  },

  // NET3001 — relay refused / unreachable
  { q: '2024-11-02T17:45:09+01:00 WARN  control: dial tcp 203.0.113.7:443: connect: connection refused (attempt 3, next in 4s)', accept: ['NET3001'], kind: 'pasted-log' },
  { q: 'time="2025-01-09T07:30:12Z" level=error msg="login to relay failed" error="dial tcp 198.51.100.23:443: connect: no route to host" region=eu-central', accept: ['NET3001'], kind: 'pasted-log' },
  { q: 'dial tcp 203.0.113.7:443: connectex: No connection could be made because the target machine actively refused it.', accept: ['NET3001'], kind: 'pasted-log' },

  // NET3002 — connect timeout
  { q: 'i/o timeout', accept: ['NET3002'], kind: 'pasted-log' },
  { q: '2025-04-18T06:55:31.004Z ERROR session=a41f09c2 connect eu-central.relay.example.com (203.0.113.50): dial tcp 203.0.113.50:443: i/o timeout', accept: ['NET3002'], kind: 'pasted-log' },
  {
    q: `error: failed to connect to relay
  caused by: connection attempt timed out after 10s (us-east.relay.example.com:443)`,
    accept: ['NET3002'],
    kind: 'pasted-log',
  },

  // NET3003 — port 7000 blocked, 443 fine
  {
    q: `2026-02-11 14:03:55 INFO  doctor: tcp 203.0.113.7:443 ok (38ms)
2026-02-11 14:04:05 ERROR doctor: tcp 203.0.113.7:7000 failed: dial tcp 203.0.113.7:7000: i/o timeout`,
    accept: ['NET3003'],
    kind: 'pasted-log',
  },
  { q: '2026-01-20T08:14:02Z WARN control: dial tcp 198.51.100.4:7000: connect: connection timed out (tls probe on :443 succeeded)', accept: ['NET3003'], kind: 'pasted-log' },

  // NET3004 — missed heartbeats
  { q: '2025-10-03T22:41:17.900Z WARN  session=9f3c2a7e heartbeat: no pong from relay for 45s (3 missed), reconnecting', accept: ['NET3004'], kind: 'pasted-log' },
  {
    q: `[2025-10-04 07:02:11] info: system resumed from sleep
[2025-10-04 07:02:56] warn: keepalive timeout, control connection considered dead; reconnecting in 1s`,
    accept: ['NET3004'],
    kind: 'pasted-log',
  },

  // NET3005 — relay dropped the connection
  { q: '2025-08-19T02:00:03Z ERROR control: read tcp 192.168.1.23:52144->203.0.113.7:443: read: connection reset by peer', accept: ['NET3005'], kind: 'pasted-log' },
  { q: 'Aug 19 02:05:00 nas tunnel[811]: relay closed control connection: unexpected EOF; reconnect attempt 1 in 1s', accept: ['NET3005'], kind: 'pasted-log' },
  {
    q: `Error: control stream ended

Caused by:
    0: connection closed by peer
    1: unexpected end of file`,
    accept: ['NET3005'],
    kind: 'pasted-log',
  },

  // NET3006 — no IPv6 route
  { q: 'dial tcp [2001:db8:85a3::8a2e:370:7334]:443: connect: network is unreachable', accept: ['NET3006'], kind: 'pasted-log' },
  { q: '2025-05-05T10:10:10Z ERROR ip_version=6 forced, not falling back: dial tcp6 [2a01:4f8:c17:1a2b::1]:7000: connect: network is unreachable', accept: ['NET3006'], kind: 'pasted-log' },

  // NET3007 — websocket upgrade refused
  { q: '2025-12-01T09:33:48.221Z ERROR ws transport: websocket: bad handshake (got 200 OK, expected 101 Switching Protocols)', accept: ['NET3007'], kind: 'pasted-log' },
  {
    q: `error: websocket transport failed
caused by: server answered 400 Bad Request instead of 101 Switching Protocols (Upgrade header missing)`,
    accept: ['NET3007'],
    kind: 'pasted-log',
  },

  // DNS3101 — relay name does not resolve
  { q: 'dial tcp: lookup eu-central.relay.example.com: no such host', accept: ['DNS3101'], kind: 'pasted-log' },
  { q: '2024-09-10T12:00:01Z ERROR resolve relay: lookup us-east.relay.example.com on 10.0.0.2:53: server misbehaving', accept: ['DNS3101'], kind: 'pasted-log' },
  {
    q: `Error: failed to resolve relay address

Caused by:
    failed to lookup address information: Temporary failure in name resolution`,
    accept: ['DNS3101'],
    kind: 'pasted-log',
  },

  // DNS3102 — custom domain without CNAME
  { q: '2025-02-01T15:20:00Z ERROR tunnel "shop": relay rejected custom domain shop.acme.io: CNAME points to shop-acme.netlify.app, expected ws-7f3a.eu-central.relay.example.com', accept: ['DNS3102'], kind: 'pasted-log' },
  { q: 'WARN http tunnel docs.example.org: hostname has no CNAME to the workspace relay host (found A 198.51.100.77)', accept: ['DNS3102'], kind: 'pasted-log' },

  // TLS4001 — handshake failed before certificate check
  {
    q: `Error: failed to connect to relay

Caused by:
    0: tls handshake eof
    1: remote 198.51.100.9:443 closed the connection during ClientHello`,
    accept: ['TLS4001'],
    kind: 'pasted-log',
  },
  { q: '2025-07-07T11:11:11Z ERROR control: tls: first record does not look like a TLS handshake (remote 198.51.100.9:7000)', accept: ['TLS4001'], kind: 'pasted-log' },
  { q: '2024-12-12 09:40:02.113 ERROR transport req=0x5e21c7: remote error: tls: protocol version not supported', accept: ['TLS4001'], kind: 'pasted-log' },

  // TLS4002 — unknown authority
  { q: 'Post "https://eu-central.relay.example.com/v1/login": tls: failed to verify certificate: x509: certificate signed by unknown authority', accept: ['TLS4002'], kind: 'pasted-log' },
  { q: '2025-03-03T16:12:40Z ERROR rustls: invalid peer certificate: UnknownIssuer (relay.example.com:443)', accept: ['TLS4002'], kind: 'pasted-log' },
  { q: 'SSL certificate problem: self-signed certificate in certificate chain', accept: ['TLS4002'], kind: 'pasted-log' },

  // TLS4003 — certificate expired / not yet valid
  { q: 'x509: certificate has expired or is not yet valid: current time 2019-01-01T00:00:12Z is before 2025-05-01T00:00:00Z', accept: ['TLS4003'], kind: 'pasted-log' },
  { q: '2026-03-02T08:00:00Z ERROR tunnel "app" local https://127.0.0.1:8443: tls: failed to verify certificate: x509: certificate has expired or is not yet valid: current time 2026-03-02T08:00:00Z is after 2026-02-28T23:59:59Z', accept: ['TLS4003'], kind: 'pasted-log' },
  { q: 'error: invalid peer certificate: Expired', accept: ['TLS4003'], kind: 'pasted-log' },

  // TLS4004 — name mismatch
  { q: 'tls: failed to verify certificate: x509: certificate is valid for *.relay.example.com, relay.example.com, not 203.0.113.7', accept: ['TLS4004'], kind: 'pasted-log' },
  { q: '2026-09-02T10:45:19Z ERROR x509: cannot validate certificate for 203.0.113.7 because it doesn\'t contain any IP SANs', accept: ['TLS4004'], kind: 'pasted-log' },
  { q: 'error: invalid peer certificate: NotValidForName', accept: ['TLS4004'], kind: 'pasted-log' },

  // PROXY5001 — PROXY protocol header mismatch
  { q: '2026-04-03T13:37:00Z WARN tunnel "pg" proxy_protocol=v2: local 127.0.0.1:5432 closed the connection right after the header (0 bytes read)', accept: ['PROXY5001'], kind: 'pasted-log' },
  { q: '198.51.100.20 - - [30/Jun/2025:10:02:11 +0000] "PROXY TCP4 198.51.100.20 127.0.0.1 51234 8080" 400 157 "-" "-"', accept: ['PROXY5001'], kind: 'pasted-log' },

  // PROXY5002 — proxy refused CONNECT
  { q: '2025-01-14T10:01:00Z ERROR transport: proxyconnect tcp: CONNECT relay.example.com:7000 via proxy.corp:3128: 403 Forbidden', accept: ['PROXY5002'], kind: 'pasted-log' },
  { q: 'curl: (56) CONNECT tunnel failed, response 403', accept: ['PROXY5002'], kind: 'pasted-log' },

  // PROXY5003 — proxy credentials
  { q: '407 Proxy Authentication Required', accept: ['PROXY5003'], kind: 'pasted-log' },
  { q: '2025-02-20T08:30:44Z ERROR proxy http://10.1.2.3:8080 answered "407 Proxy Authentication Required" (Proxy-Authenticate: NTLM, Negotiate)', accept: ['PROXY5003'], kind: 'pasted-log' },
  { q: 'socks connect tcp 10.0.0.9:1080->relay.example.com:443: username/password authentication failed', accept: ['PROXY5003'], kind: 'pasted-log' },

  // QUOTA7001 / QUOTA7002 / QUOTA7003
  { q: '2025-05-20T12:00:00Z WARN relay: monthly bandwidth allowance used up (100.0 GB of 100 GB), traffic throttled until 2025-06-01', accept: ['QUOTA7001'], kind: 'pasted-log' },
  { q: 'quota exceeded', accept: ['QUOTA7001', 'QUOTA7002'], kind: 'pasted-log' },
  { q: '2025-06-03T09:15:22Z ERROR tunnel "api-staging" not started: workspace limit reached (5/5 concurrent tunnels)', accept: ['QUOTA7002'], kind: 'pasted-log' },
  { q: '2026-07-22T10:00:01Z WARN login: relay responded 429 Too Many Requests, Retry-After: 90; waiting 90s', accept: ['QUOTA7003'], kind: 'pasted-log' },
  {
    q: `error: relay throttled session creation
caused by: too many sessions opened in the last minute, retry in 37s`,
    accept: ['QUOTA7003'],
    kind: 'pasted-log',
  },

  // AUTH2001..AUTH2004
  { q: 'invalid token', accept: ['AUTH2001'], kind: 'pasted-log' },
  { q: 'authtoken invalid', accept: ['AUTH2001'], kind: 'pasted-log' },
  { q: '2024-05-11T19:02:33Z ERROR login failed: relay: 401 Unauthorized: token not recognised (workspace=acme-dev, req=7c1e9a0b44d2)', accept: ['AUTH2001'], kind: 'pasted-log' },
  { q: '2025-03-05T08:00:02Z ERROR login: 401 Unauthorized: access token expired on 2025-03-01 (token tk_3f9a21c0)', accept: ['AUTH2002'], kind: 'pasted-log' },
  { q: '2025-02-24 08:00:00 WARN your access token expires in 7 days', accept: ['AUTH2002'], kind: 'pasted-log' },
  { q: '2025-06-02T14:20:00Z ERROR login rejected: request timestamp outside allowed window (skew 7m42s)', accept: ['AUTH2003'], kind: 'pasted-log' },
  {
    q: `Error: login failed

Caused by:
    0: relay returned 401
    1: signature expired: local clock is 9m13s behind the relay`,
    accept: ['AUTH2003'],
    kind: 'pasted-log',
  },
  { q: '2026-08-01T10:10:10Z WARN session 4b9e1c replaced: client_id=laptop-01 logged in from 198.51.100.44; not reconnecting', accept: ['AUTH2004'], kind: 'pasted-log' },
  { q: 'relay closed session: superseded by a newer session (same token, same client id)', accept: ['AUTH2004'], kind: 'pasted-log' },

  // CFG8001..CFG8004
  {
    q: `Error: failed to load config C:\\Users\\anna\\AppData\\Roaming\\tunnel\\tunnel.toml

Caused by:
    TOML parse error at line 7, column 12
      |
    7 | local_ip = 127.0.0.1
      |            ^
    invalid number`,
    accept: ['CFG8001'],
    kind: 'pasted-log',
  },
  { q: 'config /etc/tunnel/tunnel.toml: line 3: unknown field "server_address", expected one of "server_addr", "region", "auth", "transport"', accept: ['CFG8001'], kind: 'pasted-log' },
  { q: '2024-07-01T10:00:00Z ERROR tunnel "game": type "udp" not available in region ap-south', accept: ['CFG8002'], kind: 'pasted-log' },
  { q: 'tunnel "edge": unknown variant "tls", expected one of "tcp", "udp", "http", "https"', accept: ['CFG8002'], kind: 'pasted-log' },
  { q: '2025-04-30T11:00:00Z ERROR tunnel "web": subdomain "demo" is already taken', accept: ['CFG8003'], kind: 'pasted-log' },
  { q: '2024-06-26T09:12:00Z ERROR tunnel "ssh": relay: requested remote port 22 unavailable', accept: ['CFG8004'], kind: 'pasted-log' },

  // CLI9001 / CLI9002
  { q: '2026-10-02T08:00:00Z ERROR relay: client version 1.8.3 is no longer supported, please upgrade', accept: ['CLI9001'], kind: 'pasted-log' },
  {
    q: `Error: handshake rejected by relay

Caused by:
    relay protocol v3 retired (minimum v5), client 1.4.0`,
    accept: ['CLI9001'],
    kind: 'pasted-log',
  },
  {
    q: `2025-01-01T00:00:00Z INFO  login ok (session=0c9d7e12)
2025-01-01T00:00:00Z ERROR relay closed connection: no common compression algorithm (offered: zstd; relay: snappy, none)`,
    accept: ['CLI9002'],
    kind: 'pasted-log',
  },

  // LOCAL6001..LOCAL6003
  { q: '2025-09-17T14:02:11Z WARN tunnel "web" visitor 198.51.100.80:61422: dial tcp 127.0.0.1:3000: connect: connection refused', accept: ['LOCAL6001'], kind: 'pasted-log' },
  { q: 'forward to local service failed: dial tcp [::1]:8000: connect: connection refused', accept: ['LOCAL6001'], kind: 'pasted-log' },
  { q: '2025-04-29T10:00:00Z WARN tunnel "api" GET /reports/export: local service did not respond within 30s -> 504 Gateway Timeout', accept: ['LOCAL6002'], kind: 'pasted-log' },
  { q: 'net/http: timeout awaiting response headers (upstream 127.0.0.1:8080)', accept: ['LOCAL6002'], kind: 'pasted-log' },
  { q: '2025-07-09T03:00:00Z ERROR accept tcp 127.0.0.1:8080: accept4: too many open files; retrying in 1s', accept: ['LOCAL6003'], kind: 'pasted-log' },
  { q: 'Jul  9 03:00:04 web-01 tunnel[4410]: dial tcp 127.0.0.1:9000: socket: too many open files', accept: ['LOCAL6003'], kind: 'pasted-log' },

  // Longer pastes: several lines (or two lines run together) with the error
  // buried among ordinary INFO output.
  {
    q: `2025-09-16T08:30:01.002Z INFO  tunnel-client 1.11.2 (darwin/arm64) starting, config=/Users/marc/.config/tunnel/tunnel.toml
2025-09-16T08:30:01.017Z INFO  region=eu-central server_addr=eu-central.relay.example.com:443 transport=websocket
2025-09-16T08:30:01.245Z INFO  session=5d2f8a91c3e04b7a logged in to workspace "acme-dev" (client_id=marc-mbp)
2025-09-16T08:30:01.251Z INFO  tunnel "web" (http) online at https://marc-web.eu-central.relay.example.com
2025-09-16T08:30:01.252Z ERROR tunnel "cache" (visitor) failed: listen tcp 127.0.0.1:6379: bind: address already in use
2025-09-16T08:30:01.252Z WARN  1 of 2 tunnels running`,
    accept: ['PORT1001'],
    kind: 'pasted-log',
  },
  {
    q: `[2025-03-03T16:12:39.880Z INFO  tunnel_client] tunnel-client 1.10.2 (windows/x86_64)
[2025-03-03T16:12:39.902Z INFO  tunnel_client::transport] connecting to eu-central.relay.example.com:443 (203.0.113.50) via http://proxy.corp.local:8080
[2025-03-03T16:12:40.114Z ERROR tunnel_client] Error: failed to connect to relay

Caused by:
    0: tls handshake with eu-central.relay.example.com failed
    1: invalid peer certificate: UnknownIssuer
[2025-03-03T16:12:40.115Z INFO  tunnel_client] retrying in 2s (attempt 4)`,
    accept: ['TLS4002'],
    kind: 'pasted-log',
  },
  {
    q: `Oct  3 22:40:32 mbp tunnel[6120]: session=9f3c2a7e heartbeat ok rtt=41ms
Oct  3 22:41:02 mbp tunnel[6120]: session=9f3c2a7e no heartbeat reply (1/3)
Oct  3 22:41:17 mbp tunnel[6120]: session=9f3c2a7e no heartbeat reply (2/3)
Oct  3 22:41:32 mbp tunnel[6120]: session=9f3c2a7e no heartbeat reply (3/3)
Oct  3 22:41:32 mbp tunnel[6120]: session=9f3c2a7e connection to 203.0.113.7:443 presumed dead, reconnecting
Oct  3 22:41:33 mbp tunnel[6120]: session=b81d04e6 logged in, restoring 3 tunnels`,
    accept: ['NET3004'],
    kind: 'pasted-log',
  },
  { q: '2025-02-20T08:30:43.998Z INFO  transport: using proxy http://10.1.2.3:8080 for eu-central.relay.example.com:443 2025-02-20T08:30:44.120Z ERROR transport: proxyconnect tcp: CONNECT eu-central.relay.example.com:443: proxy responded 407 Proxy Authentication Required; no proxy credentials configured (req=3fa85f64c2e1)', accept: ['PROXY5003'], kind: 'pasted-log' },
  {
    q: `{"ts":"2026-08-04T16:44:59.120Z","level":"info","msg":"tunnel up","tunnel":"api","url":"https://api-dev.us-east.relay.example.com"}
{"ts":"2026-08-04T16:45:03.881Z","level":"error","msg":"session closed by relay","session":"e3b0c44298fc1c14","reason":"replaced by newer session","client_id":"build-agent","peer":"[2001:db8:4::17]:50122"}
{"ts":"2026-08-04T16:45:03.882Z","level":"info","msg":"not reconnecting"}`,
    accept: ['AUTH2004'],
    kind: 'pasted-log',
  },
  {
    q: `Jul  7 11:11:09 gw tunnel[901]: tunnel-client 1.9.4 starting (linux/amd64)
Jul  7 11:11:10 gw tunnel[901]: doctor: tcp 198.51.100.9:443 open
Jul  7 11:11:11 gw tunnel[901]: control: remote error: tls: handshake failure (offered TLS 1.2-1.3, 5 cipher suites)
Jul  7 11:11:11 gw tunnel[901]: retrying in 4s (attempt 2)`,
    accept: ['TLS4001'],
    kind: 'pasted-log',
  },
  {
    q: `2025-12-01T09:33:47.002+01:00 INFO  tunnel-client 1.10.1 (windows/amd64) pid=14232
2025-12-01T09:33:47.010+01:00 INFO  config C:\\ProgramData\\tunnel\\tunnel.toml: transport.protocol=websocket region=eu-central
2025-12-01T09:33:47.118+01:00 DEBUG GET wss://eu-central.relay.example.com/v2/connect (Connection: Upgrade, Upgrade: websocket, Sec-WebSocket-Protocol: tunnel.v2)
2025-12-01T09:33:47.341+01:00 DEBUG response via 10.20.0.1:8080: HTTP/1.1 403 Forbidden (X-Gateway: swg-02, X-Block-Reason: websocket-not-allowed)
2025-12-01T09:33:47.342+01:00 ERROR ws transport: websocket: bad handshake
2025-12-01T09:33:47.342+01:00 INFO  reconnecting in 2s (attempt 1)`,
    accept: ['NET3007'],
    kind: 'pasted-log',
  },
  { q: 'error: forwarding visitor connection failed, caused by: connect 127.0.0.1:5173: Connection refused (os error 111)', accept: ['LOCAL6001'], kind: 'pasted-log' },

  // ---------------------------------------------------------------------------
  // own-words: how customers describe the problem in a ticket or chat.
  // ---------------------------------------------------------------------------
  { q: 'my tunnel keeps disconnecting every few minutes', accept: ['NET3004', 'NET3005'], kind: 'own-words' },
  { q: 'it says my token is wrong', accept: ['AUTH2001'], kind: 'own-words' },
  { q: "can't connect from the office, we have a proxy and it keeps asking for a password", accept: ['PROXY5003'], kind: 'own-words' },
  { q: 'expired', accept: ['AUTH2002', 'TLS4003'], kind: 'own-words' },
  { q: 'worked yesterday, today it says my key is no longer valid because it ran out', accept: ['AUTH2002'], kind: 'own-words' },
  { q: "we revoked an old token in the dashboard and now one laptop can't log in anymore", accept: ['AUTH2001'], kind: 'own-words' },
  { q: 'login only fails on my windows VM after I restored it from a snapshot', accept: ['AUTH2003'], kind: 'own-words' },
  { q: "the time on my pc is about 10 minutes off, is that why it won't sign in?", accept: ['AUTH2003'], kind: 'own-words' },
  { q: 'my colleague started the tunnel on his machine and mine got kicked off', accept: ['AUTH2004'], kind: 'own-words' },
  { q: "tunnel went offline and didn't come back, the dashboard shows a session from a different IP", accept: ['AUTH2004'], kind: 'own-words' },
  { q: "config file won't load after I edited it in notepad", accept: ['CFG8001'], kind: 'own-words' },
  { q: 'after updating it complains about the [common] section in my config', accept: ['CFG8001'], kind: 'own-words' },
  { q: "udp tunnel doesn't work in the singapore region", accept: ['CFG8002'], kind: 'own-words' },
  { q: 'someone else already grabbed my subdomain', accept: ['CFG8003'], kind: 'own-words' },
  { q: "can't get port 22 on the relay for my ssh tunnel", accept: ['CFG8004'], kind: 'own-words' },
  { q: "says my app version is too old and refuses to connect", accept: ['CLI9001'], kind: 'own-words' },
  { q: 'IT never updated the client and since this week nobody in the company can connect', accept: ['CLI9001'], kind: 'own-words' },
  { q: 'connection drops right after login since I changed the compression option', accept: ['CLI9002'], kind: 'own-words' },
  { q: 'our company dns filter seems to block the relay address', accept: ['DNS3101'], kind: 'own-words' },
  { q: "the client can't find the server name, looks like a DNS problem", accept: ['DNS3101'], kind: 'own-words' },
  { q: 'my own domain is not accepted for the http tunnel, I added an A record pointing at the relay', accept: ['DNS3102'], kind: 'own-words' },
  { q: 'visitors get connection refused but my app is running in docker', accept: ['LOCAL6001'], kind: 'own-words' },
  { q: 'my dev server only listens on ipv6 localhost and the tunnel cannot reach it', accept: ['LOCAL6001'], kind: 'own-words' },
  { q: 'visitors see a 504 when they export a big report', accept: ['LOCAL6002'], kind: 'own-words' },
  { q: 'requests hang for half a minute and then the browser shows gateway timeout', accept: ['LOCAL6002'], kind: 'own-words' },
  { q: 'under heavy load the client stops accepting connections and mentions a file limit', accept: ['LOCAL6003'], kind: 'own-words' },
  { q: "can't reach the relay server at all, the connection is rejected", accept: ['NET3001'], kind: 'own-words' },
  { q: 'relay host unreachable from my home network', accept: ['NET3001'], kind: 'own-words' },
  { q: "connecting takes forever and then gives up, I'm on airport wifi", accept: ['NET3002'], kind: 'own-words' },
  { q: 'on our satellite link the connection to the relay always times out', accept: ['NET3002'], kind: 'own-words' },
  { q: 'works at home but not at the university, I think their firewall only allows web browsing', accept: ['NET3003'], kind: 'own-words' },
  { q: 'the tunnel drops every time my macbook goes to sleep', accept: ['NET3004'], kind: 'own-words' },
  { q: 'it reconnects whenever our VPN client re-establishes', accept: ['NET3004'], kind: 'own-words' },
  { q: 'the relay hung up on me without any error message, was there maintenance?', accept: ['NET3005'], kind: 'own-words' },
  { q: 'our firewall kills idle connections after 5 minutes and the tunnel drops each time', accept: ['NET3005', 'NET3004'], kind: 'own-words' },
  { q: "I forced ipv6 in the config and now it doesn't connect", accept: ['NET3006'], kind: 'own-words' },
  { q: 'our security gateway blocks websockets', accept: ['NET3007'], kind: 'own-words' },
  { q: 'zscaler strips the upgrade header', accept: ['NET3007'], kind: 'own-words' },
  { q: 'haproxy shows garbage at the start of every connection coming through the tunnel', accept: ['PROXY5001'], kind: 'own-words' },
  { q: 'nginx returns 400 bad request for everything through the tcp tunnel since I enabled proxy protocol', accept: ['PROXY5001'], kind: 'own-words' },
  { q: "the corporate proxy won't let the tunnel through to port 7000", accept: ['PROXY5002'], kind: 'own-words' },
  { q: 'our proxy uses kerberos single sign-on, can the client log in through it?', accept: ['PROXY5003'], kind: 'own-words' },
  { q: 'site became really slow near the end of the month, like dial-up', accept: ['QUOTA7001'], kind: 'own-words' },
  { q: 'we used up all our traffic for this month', accept: ['QUOTA7001'], kind: 'own-words' },
  { q: "can't start another tunnel, it says we hit the limit", accept: ['QUOTA7002'], kind: 'own-words' },
  { q: 'how many tunnels can I run at the same time on my plan', accept: ['QUOTA7002'], kind: 'own-words' },
  { q: 'our CI starts the client for every job and now it gets throttled', accept: ['QUOTA7003'], kind: 'own-words' },
  { q: 'it tells me to wait and shows a countdown before trying again', accept: ['QUOTA7003'], kind: 'own-words' },
  { q: 'certificate not trusted at work, we have an SSL inspection appliance', accept: ['TLS4002'], kind: 'own-words' },
  { q: 'the self-signed cert on my own relay gets rejected', accept: ['TLS4002'], kind: 'own-words' },
  { q: 'the cert on my self hosted relay ran out last night', accept: ['TLS4003'], kind: 'own-words' },
  { q: 'when I connect using the IP address I get a certificate name error', accept: ['TLS4004'], kind: 'own-words' },
  { q: "the secure connection can't even be set up, it fails during the handshake", accept: ['TLS4001'], kind: 'own-words' },
  { q: "can't use port 443 locally on linux without running as root", accept: ['PORT1002'], kind: 'own-words' },
  { q: 'port 8080 is taken by something else', accept: ['PORT1001'], kind: 'own-words' },
  { q: 'I accidentally started the client twice and now it says the port is busy', accept: ['PORT1001'], kind: 'own-words' },

  // ---------------------------------------------------------------------------
  // code-in-text: a catalogue code mentioned inside a sentence.
  // ---------------------------------------------------------------------------
  { q: 'error TLS4002 while connecting', accept: ['TLS4002'], kind: 'code-in-text' },
  { q: 'getting AUTH2002 since this morning, all our CI jobs broke', accept: ['AUTH2002'], kind: 'code-in-text' },
  { q: 'tray shows NET3003 at work but it is fine at home', accept: ['NET3003'], kind: 'code-in-text' },
  { q: 'what does CFG8002 mean?', accept: ['CFG8002'], kind: 'code-in-text' },
  { q: 'customer reports QUOTA7001 and their site is crawling', accept: ['QUOTA7001'], kind: 'code-in-text' },
  { q: 'NET3005 every night around 2am', accept: ['NET3005'], kind: 'code-in-text' },
  { q: 'after the holidays CLI9001 on every machine', accept: ['CLI9001'], kind: 'code-in-text' },
  { q: 'we see AUTH2003 on our hyper-v machines', accept: ['AUTH2003'], kind: 'code-in-text' },
  { q: 'CFG8003 when I start the http tunnel', accept: ['CFG8003'], kind: 'code-in-text' },
  { q: 'LOCAL6001 but my app is definitely running!', accept: ['LOCAL6001'], kind: 'code-in-text' },
  { q: 'PROXY5002 behind the corporate proxy, what should IT allow?', accept: ['PROXY5002'], kind: 'code-in-text' },
  { q: 'tunnel stopped with AUTH2004, is someone else using my account?', accept: ['AUTH2004'], kind: 'code-in-text' },
  { q: 'DNS3101 on the guest network', accept: ['DNS3101'], kind: 'code-in-text' },
  { q: 'code PORT1002 when I set the visitor port to 443', accept: ['PORT1002'], kind: 'code-in-text' },
  { q: 'TLS4001 right after our firewall was replaced', accept: ['TLS4001'], kind: 'code-in-text' },
  { q: 'keep getting LOCAL6003 during our load test', accept: ['LOCAL6003'], kind: 'code-in-text' },
  { q: 'error code NET3002 on the train', accept: ['NET3002'], kind: 'code-in-text' },
  { q: 'CFG8004 when I ask for remote port 5432', accept: ['CFG8004'], kind: 'code-in-text' },
  { q: 'the client shows TLS4004 when I connect to our own relay', accept: ['TLS4004'], kind: 'code-in-text' },
  { q: 'NET3007 only in the office', accept: ['NET3007'], kind: 'code-in-text' },
  { q: 'QUOTA7002 when starting a sixth tunnel', accept: ['QUOTA7002'], kind: 'code-in-text' },
  { q: 'our build server hits QUOTA7003 now and then', accept: ['QUOTA7003'], kind: 'code-in-text' },

  // ---------------------------------------------------------------------------
  // code-spelling: an existing code written differently (space, dash,
  // underscore, case, # or E prefix).
  // ---------------------------------------------------------------------------
  { q: 'AUTH 2004', accept: ['AUTH2004'], kind: 'code-spelling' },
  { q: 'net-3004', accept: ['NET3004'], kind: 'code-spelling' },
  { q: 'quota7002', accept: ['QUOTA7002'], kind: 'code-spelling' },
  { q: 'port_1001', accept: ['PORT1001'], kind: 'code-spelling' },
  { q: 'tls4003', accept: ['TLS4003'], kind: 'code-spelling' },
  { q: '#CFG8001', accept: ['CFG8001'], kind: 'code-spelling' },
  { q: 'E_NET3001', accept: ['NET3001'], kind: 'code-spelling' },
  { q: 'Tls 4004', accept: ['TLS4004'], kind: 'code-spelling' },
  { q: 'local-6002', accept: ['LOCAL6002'], kind: 'code-spelling' },
  { q: 'cli 9002', accept: ['CLI9002'], kind: 'code-spelling' },
  { q: '#QUOTA7003', accept: ['QUOTA7003'], kind: 'code-spelling' },
  { q: 'Dns3102', accept: ['DNS3102'], kind: 'code-spelling' },
  { q: 'cfg_8004', accept: ['CFG8004'], kind: 'code-spelling' },
  { q: 'proxy 5001', accept: ['PROXY5001'], kind: 'code-spelling' },
  { q: 'E-PROXY5003', accept: ['PROXY5003'], kind: 'code-spelling' },
  { q: 'port 1002', accept: ['PORT1002'], kind: 'code-spelling' },
  { q: 'Net3007', accept: ['NET3007'], kind: 'code-spelling' },

  // ---------------------------------------------------------------------------
  // typo: misspelt words and mistyped codes (transposed / missing / swapped
  // characters). Code typos never collide with another existing code.
  // ---------------------------------------------------------------------------
  { q: 'PRT1001', accept: ['PORT1001'], kind: 'typo' },
  { q: 'TSL4002', accept: ['TLS4002'], kind: 'typo' },
  { q: 'certficate expried', accept: ['TLS4003'], kind: 'typo' },
  { q: 'proxi authentification', accept: ['PROXY5003'], kind: 'typo' },
  { q: 'adress allready in use', accept: ['PORT1001'], kind: 'typo' },
  { q: 'conection refused by relay sever', accept: ['NET3001'], kind: 'typo' },
  { q: 'acces tokn expird', accept: ['AUTH2002'], kind: 'typo' },
  { q: 'login rejcted, clok out of sync', accept: ['AUTH2003'], kind: 'typo' },
  { q: 'hartbeat missed, reconecting', accept: ['NET3004'], kind: 'typo' },
  { q: 'to many open files', accept: ['LOCAL6003'], kind: 'typo' },
  { q: 'subdomian already taken', accept: ['CFG8003'], kind: 'typo' },
  { q: 'ATUH2001', accept: ['AUTH2001'], kind: 'typo' },
  { q: 'NTE3002', accept: ['NET3002'], kind: 'typo' },
  { q: 'QOUTA7001', accept: ['QUOTA7001'], kind: 'typo' },
  { q: 'LOCL6002', accept: ['LOCAL6002'], kind: 'typo' },
  { q: 'CGF8001', accept: ['CFG8001'], kind: 'typo' },
  { q: 'DSN3101', accept: ['DNS3101'], kind: 'typo' },
  { q: 'CIL9001', accept: ['CLI9001'], kind: 'typo' },
  { q: 'websoket upgrade faild', accept: ['NET3007'], kind: 'typo' },
  { q: 'compresion algoritm not suported', accept: ['CLI9002'], kind: 'typo' },
  { q: 'unsuported tunel type', accept: ['CFG8002'], kind: 'typo' },
  { q: 'remote_prot out of range', accept: ['CFG8004'], kind: 'typo' },
  { q: 'bind permision denied on port 80', accept: ['PORT1002'], kind: 'typo' },
  { q: 'cerificate signed by unknwon authority', accept: ['TLS4002'], kind: 'typo' },
  { q: 'certifcate hostname missmatch', accept: ['TLS4004'], kind: 'typo' },
  { q: 'tls handshak failled', accept: ['TLS4001'], kind: 'typo' },
  { q: 'ipv6 netwrok unreachible', accept: ['NET3006'], kind: 'typo' },
  { q: 'to many tunnles open', accept: ['QUOTA7002'], kind: 'typo' },
  { q: 'rate limted by relay', accept: ['QUOTA7003'], kind: 'typo' },
  { q: 'custom domian cname not pointing to relay', accept: ['DNS3102'], kind: 'typo' },
  { q: 'PROXY5010', accept: ['PROXY5001'], kind: 'typo' },
  { q: 'AUTH2040', accept: ['AUTH2004'], kind: 'typo' },

  // ---------------------------------------------------------------------------
  // command-or-setting: commands and config keys people paste (often taken from
  // a Solution step). A bare command mentioned by several entries accepts all
  // of them.
  // ---------------------------------------------------------------------------
  { q: 'lsof', accept: ['PORT1001', 'LOCAL6001'], kind: 'command-or-setting' },
  { q: 'ping', accept: ['NET3006'], kind: 'command-or-setting' },
  { q: 'curl', accept: ['PROXY5002'], kind: 'command-or-setting' },
  { q: 'dig', accept: ['DNS3102'], kind: 'command-or-setting' },
  { q: 'brew', accept: ['CLI9001'], kind: 'command-or-setting' },
  { q: 'sudo', accept: ['AUTH2003', 'CLI9001', 'DNS3101', 'LOCAL6003', 'PORT1002'], kind: 'command-or-setting' },
  { q: 'lsof -i :8080', accept: ['PORT1001', 'LOCAL6001'], kind: 'command-or-setting' },
  { q: 'netstat -ano | findstr :8080', accept: ['PORT1001', 'LOCAL6001'], kind: 'command-or-setting' },
  { q: 'bind_port', accept: ['PORT1001', 'PORT1002'], kind: 'command-or-setting' },
  { q: 'admin.port', accept: ['PORT1001'], kind: 'command-or-setting' },
  { q: 'tunnel restart web', accept: ['PORT1001'], kind: 'command-or-setting' },
  { q: 'timedatectl set-ntp true', accept: ['AUTH2003'], kind: 'command-or-setting' },
  { q: 'w32tm /resync', accept: ['AUTH2003'], kind: 'command-or-setting' },
  { q: 'ulimit -n 4096', accept: ['LOCAL6003'], kind: 'command-or-setting' },
  { q: 'LimitNOFILE', accept: ['LOCAL6003'], kind: 'command-or-setting' },
  { q: 'ipconfig /flushdns', accept: ['DNS3101'], kind: 'command-or-setting' },
  { q: 'nslookup us-east.relay.example.com', accept: ['DNS3101'], kind: 'command-or-setting' },
  { q: 'dig CNAME shop.mycompany.de +short', accept: ['DNS3102'], kind: 'command-or-setting' },
  { q: 'transport.heartbeat_interval', accept: ['NET3004', 'NET3005'], kind: 'command-or-setting' },
  { q: 'transport.insecure_skip_verify = true', accept: ['TLS4002'], kind: 'command-or-setting' },
  { q: 'transport.ca_file', accept: ['TLS4002', 'TLS4001'], kind: 'command-or-setting' },
  { q: 'transport.dial_timeout = "30s"', accept: ['NET3002'], kind: 'command-or-setting' },
  { q: 'transport.ip_version = 6', accept: ['NET3006'], kind: 'command-or-setting' },
  { q: 'setcap cap_net_bind_service', accept: ['PORT1002'], kind: 'command-or-setting' },
  { q: 'openssl s_client -connect relay.example.com:443', accept: ['TLS4003'], kind: 'command-or-setting' },
  { q: 'certbot renew', accept: ['TLS4003'], kind: 'command-or-setting' },
  { q: 'tunnel config check', accept: ['CFG8001'], kind: 'command-or-setting' },
  { q: 'proxy_protocol = "v2"', accept: ['PROXY5001'], kind: 'command-or-setting' },
  { q: 'local.response_timeout', accept: ['LOCAL6002'], kind: 'command-or-setting' },
  { q: 'client.id', accept: ['AUTH2004'], kind: 'command-or-setting' },
  { q: 'TUNNEL_TOKEN', accept: ['AUTH2001', 'AUTH2002'], kind: 'command-or-setting' },
  { q: 'brew upgrade --cask tunnel', accept: ['CLI9001'], kind: 'command-or-setting' },
  { q: 'transport.compression = "lz4"', accept: ['CLI9002'], kind: 'command-or-setting' },
  { q: 'Get-NetFirewallRule -Direction Outbound', accept: ['NET3003'], kind: 'command-or-setting' },
  { q: 'curl -x http://10.0.0.5:8080 https://relay.example.com', accept: ['PROXY5002'], kind: 'command-or-setting' },
  { q: 'ping6 relay.example.com', accept: ['NET3006'], kind: 'command-or-setting' },
  { q: 'docker run -p 3000:3000 myapp', accept: ['LOCAL6001'], kind: 'command-or-setting' },
  { q: 'enabled = false', accept: ['QUOTA7002'], kind: 'command-or-setting' },

  // ---------------------------------------------------------------------------
  // English wordings the entries' messages and notes carry since the catalogue
  // grew platform wordings, synonyms support engineers use, and codes typed with
  // letters for digits.
  // ---------------------------------------------------------------------------
  { q: 'login fails only on the virtual machine I restored from a snapshot', accept: ['AUTH2003'], kind: 'own-words' },
  { q: 'snapshot', accept: ['AUTH2003'], kind: 'own-words' },
  { q: 'dual boot with windows and now I cannot log in', accept: ['AUTH2003'], kind: 'own-words' },
  { q: 'An existing connection was forcibly closed by the remote host', accept: ['NET3005'], kind: 'pasted-log' },
  { q: 'System.Net.Sockets.SocketException (10060): A connection attempt failed because the connected party did not properly respond after a period of time', accept: ['NET3002'], kind: 'pasted-log' },
  { q: 'System.Net.Http.HttpRequestException: No such host is known. (eu-central.relay.example.com:443)', accept: ['DNS3101'], kind: 'pasted-log' },
  { q: 'An attempt was made to access a socket in a way forbidden by its access permissions', accept: ['PORT1002'], kind: 'pasted-log' },
  { q: 'The remote certificate is invalid according to the validation procedure: RemoteCertificateChainErrors', accept: ['TLS4002'], kind: 'pasted-log' },
  { q: 'curl: (60) SSL certificate problem: unable to get local issuer certificate', accept: ['TLS4002'], kind: 'pasted-log' },
  { q: 'getaddrinfo ENOTFOUND eu-central.relay.example.com', accept: ['DNS3101'], kind: 'pasted-log' },
  { q: 'TLS4OO2', accept: ['TLS4002'], kind: 'code-spelling' },
  { q: 'NET3OO4', accept: ['NET3004'], kind: 'code-spelling' },
  { q: 'P0RT1OO1', accept: ['PORT1001'], kind: 'code-spelling' },
  { q: 'L0CAL6OO3', accept: ['LOCAL6003'], kind: 'code-spelling' },
  { q: 'tokn expird', accept: ['AUTH2002'], kind: 'typo' },
  { q: 'clock skew', accept: ['AUTH2003'], kind: 'own-words' },
  { q: 'clock skew on login', accept: ['AUTH2003'], kind: 'own-words' },
  { q: 'hostname mismatch', accept: ['TLS4004'], kind: 'own-words' },
  { q: 'cert hostname mismatch behind proxy', accept: ['TLS4004'], kind: 'own-words' },
  { q: 'rate limited', accept: ['QUOTA7003'], kind: 'own-words' },
  { q: 'out of file descriptors', accept: ['LOCAL6003'], kind: 'own-words' },

  // ---------------------------------------------------------------------------
  // translated: what customers write in their own language, from the entries'
  // text, in German, French and Spanish. Own words, not the translation's.
  // ---------------------------------------------------------------------------
  { q: 'Zugriffstoken ist abgelaufen', accept: ['AUTH2002'], kind: 'translated', lang: 'de' },
  { q: 'Token abgelaufen, was tun?', accept: ['AUTH2002'], kind: 'translated', lang: 'de' },
  { q: 'Zu viele offene Dateien', accept: ['LOCAL6003'], kind: 'translated', lang: 'de' },
  { q: 'Die Uhrzeit auf meinem Rechner stimmt nicht', accept: ['AUTH2003'], kind: 'translated', lang: 'de' },
  { q: 'Tunnel trennt sich ständig und verbindet sich neu wenn ich das WLAN wechsle', accept: ['NET3004'], kind: 'translated', lang: 'de' },
  { q: 'Port wird schon von einem anderen Programm benutzt', accept: ['PORT1001'], kind: 'translated', lang: 'de' },
  { q: 'Zertifikat selbstsigniert, Überprüfung schlägt fehl', accept: ['TLS4002'], kind: 'translated', lang: 'de' },
  { q: 'Zertifikat abgelaufen', accept: ['TLS4003'], kind: 'translated', lang: 'de' },
  { q: 'Firmen-Firewall blockiert Port 7000', accept: ['NET3003'], kind: 'translated', lang: 'de' },
  { q: 'Proxy verlangt Benutzername und Passwort', accept: ['PROXY5003'], kind: 'translated', lang: 'de' },
  { q: 'Konfigurationsdatei kann nicht gelesen werden', accept: ['CFG8001'], kind: 'translated', lang: 'de' },
  { q: 'Subdomain ist schon vergeben', accept: ['CFG8003'], kind: 'translated', lang: 'de' },
  { q: 'Datenvolumen aufgebraucht, alles ist langsam', accept: ['QUOTA7001'], kind: 'translated', lang: 'de' },
  { q: 'Hostname löst nicht auf, DNS Fehler', accept: ['DNS3101'], kind: 'translated', lang: 'de' },
  { q: 'Eine vorhandene Verbindung wurde vom Remotehost geschlossen', accept: ['NET3005'], kind: 'translated', lang: 'de' },
  { q: 'Der lokale Dienst antwortet nicht, 504', accept: ['LOCAL6002'], kind: 'translated', lang: 'de' },
  { q: 'Clientversion wird nicht mehr unterstützt', accept: ['CLI9001'], kind: 'translated', lang: 'de' },
  { q: 'Sitzung beendet weil ein anderer Client mit demselben Token angemeldet ist', accept: ['AUTH2004'], kind: 'translated', lang: 'de' },
  { q: 'Port unter 1024 ohne Root', accept: ['PORT1002'], kind: 'translated', lang: 'de' },
  { q: 'Zertifikat passt nicht zum Hostnamen', accept: ['TLS4004'], kind: 'translated', lang: 'de' },

  { q: 'erreur de certificat auto-signé', accept: ['TLS4002'], kind: 'translated', lang: 'fr' },
  { q: 'mon jeton a expiré', accept: ['AUTH2002'], kind: 'translated', lang: 'fr' },
  { q: "jeton refusé alors que je l'ai copié du tableau de bord", accept: ['AUTH2001'], kind: 'translated', lang: 'fr' },
  { q: "l'heure de mon ordinateur est décalée", accept: ['AUTH2003'], kind: 'translated', lang: 'fr' },
  { q: 'le tunnel se déconnecte quand je change de réseau wifi', accept: ['NET3004'], kind: 'translated', lang: 'fr' },
  { q: 'le port est déjà utilisé par un autre programme', accept: ['PORT1001'], kind: 'translated', lang: 'fr' },
  { q: 'trop de fichiers ouverts', accept: ['LOCAL6003'], kind: 'translated', lang: 'fr' },
  { q: 'bande passante épuisée pour ce mois-ci', accept: ['QUOTA7001'], kind: 'translated', lang: 'fr' },
  { q: 'le pare-feu de l\'entreprise bloque le port 7000', accept: ['NET3003'], kind: 'translated', lang: 'fr' },
  { q: 'le proxy demande un mot de passe', accept: ['PROXY5003'], kind: 'translated', lang: 'fr' },
  { q: 'délai de connexion dépassé vers le relais', accept: ['NET3002'], kind: 'translated', lang: 'fr' },
  { q: 'certificat expiré', accept: ['TLS4003'], kind: 'translated', lang: 'fr' },
  { q: 'sous-domaine déjà pris', accept: ['CFG8003'], kind: 'translated', lang: 'fr' },
  { q: 'Une connexion existante a dû être fermée par l’hôte distant', accept: ['NET3005'], kind: 'translated', lang: 'fr' },
  { q: 'fichier de configuration illisible', accept: ['CFG8001'], kind: 'translated', lang: 'fr' },
  { q: 'nom d\'hôte introuvable, problème DNS', accept: ['DNS3101'], kind: 'translated', lang: 'fr' },
  { q: 'trop de tunnels ouverts en même temps', accept: ['QUOTA7002'], kind: 'translated', lang: 'fr' },
  { q: 'le service local ne répond pas', accept: ['LOCAL6002'], kind: 'translated', lang: 'fr' },
  { q: 'version du client plus prise en charge', accept: ['CLI9001'], kind: 'translated', lang: 'fr' },
  { q: 'le nom d\'hôte ne correspond pas au certificat', accept: ['TLS4004'], kind: 'translated', lang: 'fr' },

  { q: 'el túnel se desconecta cada vez que cambio de red wifi', accept: ['NET3004'], kind: 'translated', lang: 'es' },
  { q: 'tiempo de espera agotado al conectar', accept: ['NET3002'], kind: 'translated', lang: 'es' },
  { q: 'el token caducó', accept: ['AUTH2002'], kind: 'translated', lang: 'es' },
  { q: 'token de acceso rechazado', accept: ['AUTH2001'], kind: 'translated', lang: 'es' },
  { q: 'la hora del ordenador no es correcta y no puedo iniciar sesión', accept: ['AUTH2003'], kind: 'translated', lang: 'es' },
  { q: 'el puerto ya está en uso por otro programa', accept: ['PORT1001'], kind: 'translated', lang: 'es' },
  { q: 'demasiados archivos abiertos', accept: ['LOCAL6003'], kind: 'translated', lang: 'es' },
  { q: 'certificado autofirmado no es de confianza', accept: ['TLS4002'], kind: 'translated', lang: 'es' },
  { q: 'certificado caducado', accept: ['TLS4003'], kind: 'translated', lang: 'es' },
  { q: 'el cortafuegos de la empresa bloquea el puerto 7000', accept: ['NET3003'], kind: 'translated', lang: 'es' },
  { q: 'el proxy pide usuario y contraseña', accept: ['PROXY5003'], kind: 'translated', lang: 'es' },
  { q: 'no puedo leer el archivo de configuración', accept: ['CFG8001'], kind: 'translated', lang: 'es' },
  { q: 'se acabó el ancho de banda de este mes', accept: ['QUOTA7001'], kind: 'translated', lang: 'es' },
  { q: 'Se ha forzado la interrupción de una conexión existente por el host remoto', accept: ['NET3005'], kind: 'translated', lang: 'es' },
  { q: 'el subdominio ya está ocupado', accept: ['CFG8003'], kind: 'translated', lang: 'es' },
  { q: 'no se resuelve el nombre del relé', accept: ['DNS3101'], kind: 'translated', lang: 'es' },
  { q: 'el servicio local no responde a tiempo', accept: ['LOCAL6002'], kind: 'translated', lang: 'es' },
  { q: 'demasiadas solicitudes, límite de frecuencia', accept: ['QUOTA7003'], kind: 'translated', lang: 'es' },
  { q: 'puerto menor que 1024 sin root', accept: ['PORT1002'], kind: 'translated', lang: 'es' },
  { q: 'el nombre de host no coincide con el certificado', accept: ['TLS4004'], kind: 'translated', lang: 'es' },
];
