// Development queries for symptom-level matching: what customers write when they describe their
// situation rather than the error, in the four languages the catalogue is written in. Written
// from the entries' text (content/errors) and the way people tell support what they did and where
// they are. The search is tuned on these and on the judged sets; a set written by someone else,
// blind, decides what is kept (held-out.ts, read only as aggregate figures).
//
// `own-words`: the problem in the customer's words (the product's terms swapped for everyday ones).
// `situation`: only what the person did or where they are; the error itself is not named.

import type { JudgedQuery } from './judged-queries';

export const DEV_SITUATION_QUERIES: readonly JudgedQuery[] = [
  // ───────────── English ─────────────
  { q: 'every time I shut my laptop and open it again the tunnel has to reconnect', accept: ['NET3004'], kind: 'situation' },
  { q: 'works at home but not from the university wifi', accept: ['NET3003', 'NET3002'], kind: 'situation' },
  { q: 'the program tells me to download a newer release before it will connect', accept: ['CLI9001'], kind: 'own-words' },
  { q: 'after a busy afternoon the tunnel stops accepting new visitors', accept: ['LOCAL6003'], kind: 'situation' },
  { q: 'my API key is not accepted even though I pasted it correctly', accept: ['AUTH2001'], kind: 'own-words' },
  { q: 'someone else already has that public link name', accept: ['CFG8003'], kind: 'own-words' },
  { q: 'the relay says no to the remote port I picked', accept: ['CFG8004'], kind: 'own-words' },
  { q: 'the tunnel became really slow near the end of the month', accept: ['QUOTA7001'], kind: 'situation' },
  { q: 'cannot start a sixth tunnel, the first five run fine', accept: ['QUOTA7002'], kind: 'situation' },
  { q: 'on the hotel network it never gets past connecting', accept: ['NET3002', 'TLS4001'], kind: 'situation' },
  { q: 'the corporate antivirus scans https and now the client does not trust the relay', accept: ['TLS4002'], kind: 'situation' },
  { q: 'my colleague started the app on his PC with my config and now mine keeps getting thrown out', accept: ['AUTH2004'], kind: 'situation' },
  { q: 'visitors see a gateway error because my app takes ages to respond', accept: ['LOCAL6002'], kind: 'own-words' },
  { q: 'a second copy of the program was still running in the background', accept: ['PORT1001'], kind: 'situation' },
  { q: 'the battery ran out and after booting again the computer clock was wrong and login failed', accept: ['AUTH2003'], kind: 'situation' },
  { q: 'the login key stopped working after a year', accept: ['AUTH2002'], kind: 'own-words' },
  { q: 'since I set up a pi-hole at home the app cannot find its server', accept: ['DNS3101'], kind: 'situation' },
  { q: 'I pointed my own domain at it but the tunnel refuses to start', accept: ['DNS3102'], kind: 'situation' },

  // ───────────── Deutsch ─────────────
  { q: 'Jedes Mal wenn ich den Laptop zuklappe bricht der Tunnel ab', accept: ['NET3004'], kind: 'situation', lang: 'de' },
  { q: 'Im Büro geht es nicht, zu Hause schon', accept: ['NET3003', 'NET3002', 'PROXY5002'], kind: 'situation', lang: 'de' },
  { q: 'Das Programm will, dass ich erst eine neuere Version installiere', accept: ['CLI9001'], kind: 'own-words', lang: 'de' },
  { q: 'Nach ein paar Stunden nimmt der Tunnel keine neuen Besucher mehr an', accept: ['LOCAL6003'], kind: 'situation', lang: 'de' },
  { q: 'Mein Schlüssel wird nicht angenommen, obwohl ich ihn kopiert habe', accept: ['AUTH2001'], kind: 'own-words', lang: 'de' },
  { q: 'Der Name für meinen öffentlichen Link ist schon vergeben', accept: ['CFG8003'], kind: 'own-words', lang: 'de' },
  { q: 'Bei mir kommt immer EMFILE wenn viele Leute kommen', accept: ['LOCAL6003'], kind: 'code-in-text', lang: 'de' },
  { q: 'Gegen Monatsende wird alles furchtbar langsam', accept: ['QUOTA7001'], kind: 'situation', lang: 'de' },
  { q: 'Ein Kollege hat den Client mit meiner Konfiguration gestartet, seitdem fliege ich raus', accept: ['AUTH2004'], kind: 'situation', lang: 'de' },
  { q: 'Die Firma prüft den verschlüsselten Verkehr und jetzt vertraut das Programm dem Server nicht', accept: ['TLS4002'], kind: 'situation', lang: 'de' },
  { q: 'Im Hotel-WLAN hängt die Verbindung ewig', accept: ['NET3002', 'TLS4001'], kind: 'situation', lang: 'de' },
  { q: 'Seit ich den Werbeblocker im Router habe, findet das Programm seinen Server nicht mehr', accept: ['DNS3101'], kind: 'situation', lang: 'de' },
  { q: 'Ohne Administratorrechte kann ich den Tunnel nicht auf Port 80 lauschen lassen', accept: ['PORT1002'], kind: 'own-words', lang: 'de' },
  { q: 'Mein Entwicklungsserver war abgestürzt und Besucher bekamen nur Fehler', accept: ['LOCAL6001'], kind: 'situation', lang: 'de' },
  { q: 'Ich habe meine eigene Domain eingetragen, aber der Tunnel startet nicht', accept: ['DNS3102'], kind: 'situation', lang: 'de' },
  { q: 'Nach dem Bearbeiten der Konfigurationsdatei startet gar nichts mehr', accept: ['CFG8001'], kind: 'situation', lang: 'de' },

  // ───────────── Français ─────────────
  { q: "quand je ferme le couvercle de l'ordinateur le tunnel se coupe", accept: ['NET3004'], kind: 'situation', lang: 'fr' },
  { q: "ça marche chez moi mais pas depuis le réseau de l'école", accept: ['NET3003', 'NET3002'], kind: 'situation', lang: 'fr' },
  { q: "le logiciel refuse de se connecter tant que je n'installe pas une version plus récente", accept: ['CLI9001'], kind: 'own-words', lang: 'fr' },
  { q: "au bout de quelques heures le tunnel n'accepte plus de nouveaux visiteurs", accept: ['LOCAL6003'], kind: 'situation', lang: 'fr' },
  { q: "ma clé n'est pas acceptée alors que je l'ai bien copiée", accept: ['AUTH2001'], kind: 'own-words', lang: 'fr' },
  { q: 'le nom de mon lien public est déjà pris', accept: ['CFG8003'], kind: 'own-words', lang: 'fr' },
  { q: "j'ai EMFILE dès qu'il y a beaucoup de monde", accept: ['LOCAL6003'], kind: 'code-in-text', lang: 'fr' },
  { q: 'en fin de mois tout devient très lent', accept: ['QUOTA7001'], kind: 'situation', lang: 'fr' },
  { q: "un collègue a lancé le programme avec ma configuration et depuis je suis éjecté", accept: ['AUTH2004'], kind: 'situation', lang: 'fr' },
  { q: 'après avoir restauré la machine virtuelle la connexion est refusée', accept: ['AUTH2003'], kind: 'situation', lang: 'fr' },
  { q: "depuis que j'ai installé un bloqueur de pub sur le réseau, le programme ne trouve plus le serveur", accept: ['DNS3101'], kind: 'situation', lang: 'fr' },
  { q: "sans droits administrateur je ne peux pas utiliser le port 80", accept: ['PORT1002'], kind: 'own-words', lang: 'fr' },
  { q: "mon serveur de développement avait planté et les visiteurs voyaient une erreur", accept: ['LOCAL6001'], kind: 'situation', lang: 'fr' },
  { q: "l'antivirus de l'entreprise analyse le https et le client ne fait plus confiance au relais", accept: ['TLS4002'], kind: 'situation', lang: 'fr' },
  { q: "après avoir modifié le fichier de configuration plus rien ne démarre", accept: ['CFG8001'], kind: 'situation', lang: 'fr' },

  // ───────────── Español ─────────────
  { q: 'cada vez que cierro la tapa del portátil el túnel se cae', accept: ['NET3004'], kind: 'situation', lang: 'es' },
  { q: 'en casa funciona pero en la red de la oficina no', accept: ['NET3003', 'NET3002', 'PROXY5002'], kind: 'situation', lang: 'es' },
  { q: 'el programa no se conecta hasta que instale una versión más nueva', accept: ['CLI9001'], kind: 'own-words', lang: 'es' },
  { q: 'después de unas horas el túnel deja de aceptar visitas nuevas', accept: ['LOCAL6003'], kind: 'situation', lang: 'es' },
  { q: 'mi clave no la acepta aunque la copié bien', accept: ['AUTH2001'], kind: 'own-words', lang: 'es' },
  { q: 'el nombre de mi enlace público ya está ocupado', accept: ['CFG8003'], kind: 'own-words', lang: 'es' },
  { q: 'me sale EMFILE cuando entra mucha gente', accept: ['LOCAL6003'], kind: 'code-in-text', lang: 'es' },
  { q: 'a final de mes todo va lentísimo', accept: ['QUOTA7001'], kind: 'situation', lang: 'es' },
  { q: 'el servidor intermedio me pide usuario y contraseña', accept: ['PROXY5003'], kind: 'own-words', lang: 'es' },
  { q: 'en el wifi del aeropuerto no pasa de conectando', accept: ['NET3002', 'TLS4001'], kind: 'situation', lang: 'es' },
  { q: 'desde que puse un bloqueador de anuncios en la red el programa no encuentra el servidor', accept: ['DNS3101'], kind: 'situation', lang: 'es' },
  { q: 'mi compañero abrió el programa con mi configuración y ahora me echa cada rato', accept: ['AUTH2004'], kind: 'situation', lang: 'es' },
];
