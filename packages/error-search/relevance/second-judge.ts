// Judged queries written by a second judge, blind: from the entries' text alone (content/errors,
// English and each translation), without the search engine, its code or the first judge's set,
// in the four languages the catalogue is written in. A miss here is a miss of the engine: what it
// shows is fixed for a kind of text (the five-digit Windows socket errors it found), never by
// giving an entry a query's words. `pnpm bench search` and tests/test/search-relevance.test.ts
// report them apart from the first set as well as with it.

import type { JudgedQuery } from './judged-queries';

export const SECOND_JUDGE_QUERIES: readonly JudgedQuery[] = [
  // ───────────── English (30) ─────────────
  // AUTH2001 — token rejected right after copying it
  { q: 'it keeps telling me my token is invalid but I literally just copied it from the dashboard', accept: ['AUTH2001'], kind: 'own-words' },
  // AUTH2002 — short: expired token
  { q: 'login token expired', accept: ['AUTH2002'], kind: 'own-words' },
  // AUTH2003 — VM resumed from snapshot, clock skew on login
  { q: "can't log in after resuming my VM from a snapshot, something about the clock being off", accept: ['AUTH2003'], kind: 'own-words' },
  // AUTH2004 — same token/client ID on another machine replaces the session
  { q: 'my tunnel gets kicked off whenever a coworker starts the client with the same token and it never reconnects', accept: ['AUTH2004'], kind: 'own-words' },
  // CFG8001 — pasted TOML parser error
  { q: 'toml parse error at line 12, column 9: unknown field "local_addr"', accept: ['CFG8001'], kind: 'pasted-log' },
  // CFG8002 — udp type not available in region
  { q: "udp tunnel won't start, says the type isn't supported in my region", accept: ['CFG8002'], kind: 'own-words' },
  // CFG8003 — short: subdomain taken
  { q: 'subdomain already taken', accept: ['CFG8003'], kind: 'own-words' },
  // CLI9001 — client version retired
  { q: 'app stopped connecting this morning and says my version is too old', accept: ['CLI9001'], kind: 'own-words' },
  // DNS3101 — Go resolver message
  { q: 'dial tcp: lookup eu-central.relay.example.com: no such host', accept: ['DNS3101'], kind: 'pasted-log' },
  // LOCAL6001 — public URL cannot reach local app
  { q: "tunnel is up but the public URL can't reach my app on localhost:3000", accept: ['LOCAL6001'], kind: 'own-words' },
  // LOCAL6002 — Go http client header timeout
  { q: 'net/http: timeout awaiting response headers', accept: ['LOCAL6002'], kind: 'pasted-log' },
  // LOCAL6003 — errno constant for too many open files
  { q: 'EMFILE tunnel client', accept: ['LOCAL6003'], kind: 'code-spelling' },
  // NET3001 — relay refuses the connection although service is up
  { q: 'relay server refuses my connection even though the status page is all green', accept: ['NET3001'], kind: 'own-words' },
  // NET3002 — Windows socket timeout code
  { q: 'SocketException 10060', accept: ['NET3002'], kind: 'code-spelling' },
  // NET3003 — office firewall only allows web ports
  { q: 'works at home but never connects from the office, IT says only web ports are open', accept: ['NET3003'], kind: 'own-words' },
  // NET3004 — network change drops tunnel, auto reconnect
  { q: 'tunnel drops every time I switch from wifi to my phone hotspot, then comes back on its own', accept: ['NET3004'], kind: 'own-words' },
  // NET3005 — reset by peer on control connection
  { q: 'read tcp 192.168.1.20:51234->203.0.113.7:7000: read: connection reset by peer', accept: ['NET3005'], kind: 'pasted-log' },
  // NET3006 — forced IPv6 setting
  { q: 'what does transport.ip_version = 6 do? getting network is unreachable', accept: ['NET3006'], kind: 'command-or-setting' },
  // NET3007 — websocket upgrade refused
  { q: 'websocket: bad handshake', accept: ['NET3007'], kind: 'pasted-log' },
  // PORT1001 — admin API port in use (misspelled "address")
  { q: 'adress already in use port 7400', accept: ['PORT1001'], kind: 'typo' },
  // PORT1002 — privileged port without root
  { q: "can't bind port 443 on linux without sudo", accept: ['PORT1002'], kind: 'own-words' },
  // PROXY5002 — proxy denies CONNECT
  { q: 'corporate proxy denies the CONNECT to the relay', accept: ['PROXY5002'], kind: 'own-words' },
  // PROXY5003 — 407, common misspelling "authentification"
  { q: 'proxy authentification required 407', accept: ['PROXY5003'], kind: 'typo' },
  // QUOTA7001 — throttled to 64 KB/s after monthly bandwidth used up
  { q: 'everything got super slow like 64 KB/s near the end of the month', accept: ['QUOTA7001'], kind: 'own-words' },
  // QUOTA7002 — concurrent tunnel limit, asks about enabled = false
  { q: 'does enabled = false free a slot when I hit the max number of tunnels', accept: ['QUOTA7002'], kind: 'command-or-setting' },
  // QUOTA7003 — rate limited with retry
  { q: '429 Too Many Requests, retrying in 30s', accept: ['QUOTA7003'], kind: 'pasted-log' },
  // TLS4001 — non-TLS answer on the port
  { q: 'tls: first record does not look like a TLS handshake', accept: ['TLS4001'], kind: 'pasted-log' },
  // TLS4002 — TLS-inspecting proxy, asks about skipping verification
  { q: 'is it ok to set insecure_skip_verify = true to get past the cert error on the work network', accept: ['TLS4002'], kind: 'command-or-setting' },
  // TLS4003 — expired cert on self-hosted relay (typo "certifcate")
  { q: 'certifcate expired self hosted relay', accept: ['TLS4003'], kind: 'typo' },
  // TLS4004 — short: hostname mismatch
  { q: 'cert hostname mismatch', accept: ['TLS4004'], kind: 'own-words' },

  // ───────────── German (30) ─────────────
  // AUTH2001 — token rejected although freshly copied
  { q: 'Anmeldung klappt nicht, angeblich ist mein Token ungültig, dabei hab ich es gerade erst aus dem Dashboard kopiert', accept: ['AUTH2001'], kind: 'translated', lang: 'de' },
  // AUTH2002 — localized message in CI
  { q: 'Fehlermeldung „Das Zugriffstoken ist abgelaufen“ im CI-Build, was muss ich tun?', accept: ['AUTH2002'], kind: 'translated', lang: 'de' },
  // AUTH2003 — dual boot, clock in local time
  { q: 'seit ich zwischen Windows und Linux hin- und herboote, geht der Login nicht mehr – irgendwas mit der Uhrzeit', accept: ['AUTH2003'], kind: 'translated', lang: 'de' },
  // AUTH2004 — colleague with same token replaces session
  { q: 'Tunnel fliegt raus, sobald der Kollege den Client auf seinem Rechner startet, und verbindet sich danach nicht mehr', accept: ['AUTH2004'], kind: 'translated', lang: 'de' },
  // CFG8001 — config file unreadable (typo "Konfiguratonsdatei")
  { q: 'Konfiguratonsdatei kann nicht gelesen werden unbekanntes Feld', accept: ['CFG8001'], kind: 'translated', lang: 'de' },
  // CFG8003 — short: subdomain taken
  { q: 'Subdomain schon vergeben', accept: ['CFG8003'], kind: 'translated', lang: 'de' },
  // CFG8004 — setting remote_port outside range
  { q: 'welche Werte sind bei remote_port erlaubt? Port 5000 wird abgelehnt', accept: ['CFG8004'], kind: 'translated', lang: 'de' },
  // CLI9001 — version retired, IT-managed updates
  { q: 'seit heute früh meckert das Programm, meine Version wird nicht mehr unterstützt, aber Updates macht bei uns die IT', accept: ['CLI9001'], kind: 'translated', lang: 'de' },
  // CLI9002 — compression setting, relay hangs up right after login
  { q: 'was muss bei transport.compression stehen? Relay trennt direkt nach dem Login', accept: ['CLI9002'], kind: 'translated', lang: 'de' },
  // DNS3101 — localized Windows resolver message
  { q: 'Fehler: Der angegebene Host ist unbekannt (eu-central.relay.example.com)', accept: ['DNS3101'], kind: 'translated', lang: 'de' },
  // DNS3102 — custom domain / CNAME not accepted
  { q: 'eigene Domain für den HTTP-Tunnel wird nicht angenommen, den CNAME-Eintrag hab ich doch angelegt', accept: ['DNS3102'], kind: 'translated', lang: 'de' },
  // LOCAL6001 — app in Docker not reachable through tunnel
  { q: 'Tunnel steht, aber im Browser kommt nur ein Fehler – meine App läuft im Docker-Container auf Port 3000', accept: ['LOCAL6001'], kind: 'translated', lang: 'de' },
  // LOCAL6002 — short: 504
  { q: '504 Gateway Timeout Tunnel', accept: ['LOCAL6002'], kind: 'translated', lang: 'de' },
  // NET3001 — localized "no route to host"
  { q: 'Keine Route zum Zielrechner beim Verbinden mit dem Relay', accept: ['NET3001'], kind: 'translated', lang: 'de' },
  // NET3002 — short: connect timeout
  { q: 'Zeitüberschreitung Verbindungsaufbau', accept: ['NET3002'], kind: 'translated', lang: 'de' },
  // NET3003 — company firewall blocks 7000, only 443 open
  { q: 'in der Firma blockt die Firewall alles außer 443 – wie bekomme ich den Tunnel trotzdem zum Laufen?', accept: ['NET3003'], kind: 'translated', lang: 'de' },
  // NET3004 — drop after Mac wakes from sleep, reconnects
  { q: 'nach dem Aufwachen aus dem Ruhezustand ist der Tunnel kurz weg und verbindet sich dann neu (MacBook)', accept: ['NET3004'], kind: 'translated', lang: 'de' },
  // NET3005 — localized forcibly-closed message at fixed interval
  { q: 'Eine vorhandene Verbindung wurde vom Remotehost geschlossen – passiert genau alle 5 Minuten', accept: ['NET3005'], kind: 'translated', lang: 'de' },
  // NET3007 — websocket mode fails behind corporate proxy
  { q: 'über den Firmenproxy klappt der WebSocket-Modus nicht, der Handshake schlägt fehl', accept: ['NET3007'], kind: 'translated', lang: 'de' },
  // PORT1001 — short: port busy
  { q: 'Port 7400 belegt', accept: ['PORT1001'], kind: 'translated', lang: 'de' },
  // PORT1002 — setcap question for privileged port
  { q: 'was bringt setcap cap_net_bind_service? Client darf unter Linux nicht auf Port 80 lauschen', accept: ['PORT1002'], kind: 'translated', lang: 'de' },
  // PROXY5001 — nginx logs PROXY header as bad request
  { q: 'nginx schreibt seit dem Tunnel „PROXY TCP4 …“ als fehlerhafte Anfrage ins Log', accept: ['PROXY5001'], kind: 'translated', lang: 'de' },
  // PROXY5002 — short: proxy refuses CONNECT
  { q: 'Firmenproxy lehnt CONNECT ab', accept: ['PROXY5002'], kind: 'translated', lang: 'de' },
  // PROXY5003 — proxy auth (typo "Proxyauthentifizerung")
  { q: 'Proxyauthentifizerung erforderlich obwohl Passwort eingetragen', accept: ['PROXY5003'], kind: 'translated', lang: 'de' },
  // QUOTA7001 — everything slow, data volume used up
  { q: 'plötzlich ist alles schnarchlangsam, haben wir diesen Monat unser Datenvolumen verbraten? viel Video gestreamt', accept: ['QUOTA7001'], kind: 'translated', lang: 'de' },
  // QUOTA7002 — short: max tunnels
  { q: 'maximale Anzahl Tunnel erreicht', accept: ['QUOTA7002'], kind: 'translated', lang: 'de' },
  // TLS4001 — localized + English handshake log line
  { q: 'TLS-Handshake fehlgeschlagen: tls: first record does not look like a TLS handshake', accept: ['TLS4001'], kind: 'translated', lang: 'de' },
  // TLS4002 — unknown authority in company network (typo "Zertifkat")
  { q: 'Zertifkat von unbekannter Stelle signiert im Firmennetz', accept: ['TLS4002'], kind: 'translated', lang: 'de' },
  // TLS4003 — expired cert on own relay despite certbot
  { q: 'Zertifikatsfehler „abgelaufen“ bei unserem selbst gehosteten Relay, obwohl certbot eigentlich laufen sollte', accept: ['TLS4003'], kind: 'translated', lang: 'de' },
  // TLS4004 — English x509 message, German question
  { q: 'Was bedeutet „x509: certificate is valid for relay.example.com, not 203.0.113.7“?', accept: ['TLS4004'], kind: 'translated', lang: 'de' },

  // ───────────── French (30) ─────────────
  // AUTH2001 — token rejected though pasted from dashboard
  { q: "il me dit que mon jeton est invalide alors que je l'ai collé direct depuis le tableau de bord", accept: ['AUTH2001'], kind: 'translated', lang: 'fr' },
  // AUTH2002 — short: expired token
  { q: 'jeton expiré', accept: ['AUTH2002'], kind: 'translated', lang: 'fr' },
  // AUTH2003 — localized clock message on a VM
  { q: "que veut dire « L'horloge du système est décalée » ? je suis sur une VM", accept: ['AUTH2003'], kind: 'translated', lang: 'fr' },
  // CFG8001 — tunnel config migrate for [common] section
  { q: "à quoi sert tunnel config migrate ? mon fichier a encore une section [common] et il ne se charge plus", accept: ['CFG8001'], kind: 'translated', lang: 'fr' },
  // CFG8002 — udp type not supported
  { q: 'je veux faire un tunnel udp mais il refuse, apparemment ce type ne passe pas dans ma région', accept: ['CFG8002'], kind: 'translated', lang: 'fr' },
  // CFG8003 — localized message, subdomain is ours
  { q: "Sous-domaine déjà pris alors que c'est le nôtre", accept: ['CFG8003'], kind: 'translated', lang: 'fr' },
  // CFG8004 — short: remote port refused
  { q: 'port distant refusé tunnel tcp', accept: ['CFG8004'], kind: 'translated', lang: 'fr' },
  // CLI9002 — zstd compression, relay closes right after auth
  { q: "depuis que j'ai activé la compression zstd, le relais coupe juste après l'authentification", accept: ['CLI9002'], kind: 'translated', lang: 'fr' },
  // DNS3101 — unknown host (missing accents: hôte, résoudre)
  { q: 'hote inconnu impossible de resoudre le nom du relais', accept: ['DNS3101'], kind: 'translated', lang: 'fr' },
  // DNS3102 — dig CNAME check for custom domain
  { q: 'dig +short CNAME ne renvoie rien pour mon domaine perso, le tunnel refuse de démarrer', accept: ['DNS3102'], kind: 'translated', lang: 'fr' },
  // LOCAL6001 — localized refused message seen by visitors
  { q: "les visiteurs de mon URL publique voient « Aucune connexion n'a pu être établie car l'ordinateur cible l'a expressément refusée »", accept: ['LOCAL6001'], kind: 'translated', lang: 'fr' },
  // LOCAL6002 — slow app, visitors get 504
  { q: 'mon appli met trop de temps à répondre et les visiteurs tombent sur une erreur 504', accept: ['LOCAL6002'], kind: 'translated', lang: 'fr' },
  // LOCAL6003 — short: too many open files
  { q: 'trop de fichiers ouverts', accept: ['LOCAL6003'], kind: 'translated', lang: 'fr' },
  // NET3001 — relay refuses connection while internet works
  { q: 'impossible de joindre le serveur relais, la connexion est refusée alors que le reste d’internet marche', accept: ['NET3001'], kind: 'translated', lang: 'fr' },
  // NET3002 — localized connect timeout on hotel wifi
  { q: "Délai de connexion dépassé depuis le wifi de l'hôtel", accept: ['NET3002'], kind: 'translated', lang: 'fr' },
  // NET3003 — office firewall only lets 443 through
  { q: 'au bureau le client ne se connecte jamais, le pare-feu ne laisse passer que le 443', accept: ['NET3003'], kind: 'translated', lang: 'fr' },
  // NET3004 — wifi ↔ 4G switch drops tunnel, auto-reconnect
  { q: 'le tunnel se coupe à chaque fois que je passe du wifi à la 4G, puis il revient tout seul', accept: ['NET3004'], kind: 'translated', lang: 'fr' },
  // NET3005 — localized Windows forcibly-closed message
  { q: "Une connexion existante a dû être fermée par l'hôte distant", accept: ['NET3005'], kind: 'translated', lang: 'fr' },
  // NET3006 — short: IPv6 network unreachable
  { q: 'réseau inaccessible ipv6', accept: ['NET3006'], kind: 'translated', lang: 'fr' },
  // PORT1001 — second instance, port already used
  { q: "impossible de lancer une deuxième instance, le port est déjà utilisé par l'autre", accept: ['PORT1001'], kind: 'translated', lang: 'fr' },
  // PROXY5001 — proxy_protocol version for HAProxy
  { q: 'proxy_protocol v1 ou v2 pour HAProxy ? le service rejette la connexion', accept: ['PROXY5001'], kind: 'translated', lang: 'fr' },
  // PROXY5002 — short: proxy refuses CONNECT
  { q: "le proxy de l'entreprise refuse CONNECT", accept: ['PROXY5002'], kind: 'translated', lang: 'fr' },
  // PROXY5003 — proxy auth despite credentials (missing accent: malgré)
  { q: 'authentification proxy requise 407 malgre identifiant et mot de passe', accept: ['PROXY5003'], kind: 'translated', lang: 'fr' },
  // QUOTA7001 — throttled to 64 Ko/s
  { q: 'tout est devenu hyper lent, genre 64 Ko/s, on a dépassé le forfait ?', accept: ['QUOTA7001'], kind: 'translated', lang: 'fr' },
  // QUOTA7002 — localized concurrent-tunnel limit
  { q: "Nombre maximal de tunnels simultanés atteint — mais je n'en ai que deux ouverts", accept: ['QUOTA7002'], kind: 'translated', lang: 'fr' },
  // QUOTA7003 — CI script restarting client in a loop, countdown
  { q: 'mon script CI relance le client en boucle et maintenant il affiche un compte à rebours avant de réessayer', accept: ['QUOTA7003'], kind: 'translated', lang: 'fr' },
  // TLS4001 — short: TLS negotiation failed
  { q: 'échec négociation TLS', accept: ['TLS4001'], kind: 'translated', lang: 'fr' },
  // TLS4002 — English x509 message, French question
  { q: "que veut dire « x509: certificate signed by unknown authority » sur le réseau de la boîte ?", accept: ['TLS4002'], kind: 'translated', lang: 'fr' },
  // TLS4003 — expired cert although PC date is right (missing accent: expiré)
  { q: 'certificat expire alors que la date du pc est bonne', accept: ['TLS4003'], kind: 'translated', lang: 'fr' },
  // TLS4004 — hostname mismatch when using relay IP
  { q: "erreur de certificat quand je mets l'adresse IP du relais au lieu du nom", accept: ['TLS4004'], kind: 'translated', lang: 'fr' },

  // ───────────── Spanish (30) ─────────────
  // AUTH2001 — TUNNEL_TOKEN and auth.token both set
  { q: 'tengo TUNNEL_TOKEN y también auth.token en tunnel.toml y me dice que el token no es válido', accept: ['AUTH2001'], kind: 'translated', lang: 'es' },
  // AUTH2002 — expired token (missing accent: cómo)
  { q: 'token caducado como lo renuevo', accept: ['AUTH2002'], kind: 'translated', lang: 'es' },
  // AUTH2004 — colleague with same token kicks session
  { q: 'se me cierra la sesión cuando mi compañero abre el cliente con el mismo token y ya no vuelve a conectar', accept: ['AUTH2004'], kind: 'translated', lang: 'es' },
  // CFG8001 — localized config read error
  { q: 'Error al leer el archivo de configuración: Campo desconocido en la línea 8', accept: ['CFG8001'], kind: 'translated', lang: 'es' },
  // CFG8002 — udp type unsupported
  { q: 'quiero montar un túnel udp pero me dice que ese tipo no está soportado', accept: ['CFG8002'], kind: 'translated', lang: 'es' },
  // CFG8004 — short: remote_port out of range
  { q: 'remote_port fuera de rango', accept: ['CFG8004'], kind: 'translated', lang: 'es' },
  // CLI9001 — forced update, old version refused
  { q: 'desde hoy el programa no conecta y dice que tengo que actualizar sí o sí', accept: ['CLI9001'], kind: 'translated', lang: 'es' },
  // CLI9002 — compression setting, relay cuts after login
  { q: '¿qué pongo en transport.compression? el relé corta justo después de iniciar sesión', accept: ['CLI9002'], kind: 'translated', lang: 'es' },
  // DNS3101 — Node resolver error pasted
  { q: 'getaddrinfo ENOTFOUND eu-central.relay.example.com ¿qué significa?', accept: ['DNS3101'], kind: 'translated', lang: 'es' },
  // DNS3102 — custom domain needs CNAME
  { q: 'mi dominio propio no funciona con el túnel http, ¿hace falta un registro CNAME?', accept: ['DNS3102'], kind: 'translated', lang: 'es' },
  // LOCAL6001 — local app on 3000 gets nothing, refused
  { q: 'el túnel está conectado pero la app en localhost:3000 no recibe nada, sale conexión rechazada', accept: ['LOCAL6001'], kind: 'translated', lang: 'es' },
  // LOCAL6002 — short: 504 (missing accent: túnel)
  { q: 'error 504 tunel', accept: ['LOCAL6002'], kind: 'translated', lang: 'es' },
  // LOCAL6003 — pasted EMFILE message, asks about raising limit
  { q: 'accept: too many open files en Linux, ¿cómo subo el límite?', accept: ['LOCAL6003'], kind: 'translated', lang: 'es' },
  // NET3001 / LOCAL6001 — bare "connection refused" without context: genuinely ambiguous
  { q: 'connect: connection refused ¿qué hago?', accept: ['NET3001', 'LOCAL6001'], kind: 'translated', lang: 'es' },
  // NET3002 — airport wifi, connect times out (captive portal)
  { q: 'en el wifi del aeropuerto el cliente se queda intentando conectar y al final da tiempo agotado', accept: ['NET3002'], kind: 'translated', lang: 'es' },
  // NET3003 — university firewall blocks port 7000
  { q: 'en la universidad no conecta, creo que el firewall bloquea el puerto 7000', accept: ['NET3003'], kind: 'translated', lang: 'es' },
  // NET3004 — drops every few minutes with VPN, reconnects alone
  { q: 'el túnel se cae cada pocos minutos y se vuelve a conectar solo, tengo una VPN puesta', accept: ['NET3004'], kind: 'translated', lang: 'es' },
  // NET3005 — short localized reset message (missing accent: conexión)
  { q: 'conexion restablecida por el otro extremo', accept: ['NET3005'], kind: 'translated', lang: 'es' },
  // NET3006 — ip_version = 6 setting
  { q: '¿cómo quito ip_version = 6? dice que la red es inaccesible', accept: ['NET3006'], kind: 'translated', lang: 'es' },
  // NET3007 — websocket upgrade answered with 200 behind proxy
  { q: 'unexpected server response: 200 al usar websocket detrás del proxy', accept: ['NET3007'], kind: 'translated', lang: 'es' },
  // PORT1001 — localized Windows socket-address message
  { q: 'Solo se permite un uso de cada dirección de socket (protocolo/dirección de red/puerto)', accept: ['PORT1001'], kind: 'translated', lang: 'es' },
  // PORT1002 — port 443 without root on Mac/Linux
  { q: 'no me deja usar el puerto 443 en Linux si no soy root', accept: ['PORT1002'], kind: 'translated', lang: 'es' },
  // PROXY5001 — enabling proxy protocol makes nginx return bad request
  { q: 'activé proxy protocol en el túnel y ahora nginx devuelve bad request', accept: ['PROXY5001'], kind: 'translated', lang: 'es' },
  // PROXY5003 — short: proxy asks for password
  { q: 'proxy pide contraseña', accept: ['PROXY5003'], kind: 'translated', lang: 'es' },
  // QUOTA7001 — short: bandwidth used up
  { q: 'ancho de banda agotado', accept: ['QUOTA7001'], kind: 'translated', lang: 'es' },
  // QUOTA7002 — can't open more tunnels, plan maximum
  { q: 'no puedo abrir más túneles, dice que llegué al máximo de mi plan', accept: ['QUOTA7002'], kind: 'translated', lang: 'es' },
  // QUOTA7003 — 429 pasted, how long to wait
  { q: '429 too many requests ¿cuánto tengo que esperar?', accept: ['QUOTA7003'], kind: 'translated', lang: 'es' },
  // TLS4002 — unknown authority behind company proxy (typo "proxi")
  { q: 'certificado firmado por una autoridad desconocida proxi de la empresa', accept: ['TLS4002'], kind: 'translated', lang: 'es' },
  // TLS4003 — expired cert ("a" instead of "ha")
  { q: 'el certificado a caducado en mi relé propio', accept: ['TLS4003'], kind: 'translated', lang: 'es' },
  // TLS4004 — cert error when server_addr is an IP
  { q: 'error de certificado al conectar por IP en vez de por nombre en server_addr', accept: ['TLS4004'], kind: 'translated', lang: 'es' },
];
