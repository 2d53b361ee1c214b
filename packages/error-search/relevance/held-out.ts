// Held-out judged queries for error search.
//
// Written from the text of the catalogue entries in content/errors/*.yaml alone
// (English and the de/fr/es translations), by someone who has not seen the
// search engine's rules, its tests or any other query set. The queries are the
// way customers put a problem in a support chat, not the way the entries put it.
//
// Two kinds:
// - 'own-words': a customer describing the problem in their own everyday words,
//   paraphrasing rather than repeating the entry's wording; about a fifth embed
//   an error code or message token the entry lists.
// - 'situation': only the situation the customer is in, with no product words
//   and no error text or codes at all.
//
// `accept` lists the Flag(s) a support agent would send in reply; two only where
// both entries genuinely answer the query.
//
// This set is used to compare ranking approaches, never to tune them: do not
// adjust the engine against these queries, and do not edit the queries to suit
// the engine.

import type { JudgedQuery } from './judged-queries';

export const HELD_OUT_QUERIES: readonly JudgedQuery[] = [
  // ---------------------------------------------------------------- own words, English
  { q: "it keeps telling me my key is wrong but I copied it straight from the website, maybe with a space at the end?", accept: ['AUTH2001'], kind: 'own-words' },
  { q: 'our build server stopped signing in on monday, i think the key we gave it had an end date and nobody renewed it', accept: ['AUTH2002'], kind: 'own-words' },
  { q: "getting AUTH2003 every time I try to sign in on my dual boot pc, right after I've been in windows", accept: ['AUTH2003'], kind: 'own-words' },
  { q: 'I keep getting kicked off, it says somebody else signed in as me. I do have the same thing installed on my home desktop', accept: ['AUTH2004'], kind: 'own-words' },
  { q: "edited the settings file by hand in notepad and now it won't start, just says unknown field on line 14", accept: ['CFG8001'], kind: 'own-words' },
  { q: 'the name I wanted for my public link is already taken??', accept: ['CFG8003'], kind: 'own-words' },
  { q: "says my app is too old and refuses to connect, I haven't touched it in ages", accept: ['CLI9001'], kind: 'own-words' },
  { q: 'since I switched on zstd to squeeze more through the line it drops me right after I log in', accept: ['CLI9002'], kind: 'own-words' },
  { q: 'it cant find your server at all, looks like a name lookup problem. our school network blocks a lot of sites', accept: ['DNS3101'], kind: 'own-words' },
  { q: "I want people to use my own domain instead of your random link, I set it up at my registrar but it won't come up", accept: ['DNS3102'], kind: 'own-words' },
  { q: "people who open my link get an error but my app is definitely running... it's inside docker if that matters", accept: ['LOCAL6001'], kind: 'own-words' },
  { q: 'visitors get a 504 when they export the big yearly report, it takes around a minute to build', accept: ['LOCAL6002'], kind: 'own-words' },
  { q: 'after a few hours nobody new can connect to my site, restarting everything fixes it for a while', accept: ['LOCAL6003'], kind: 'own-words' },
  { q: 'ECONNREFUSED when it tries to reach your servers, the rest of the internet works fine', accept: ['NET3001'], kind: 'own-words' },
  { q: 'on the hotel wifi it just sits there trying to connect and eventually gives up', accept: ['NET3002'], kind: 'own-words' },
  { q: 'works at home but not in the office, I think the office network only lets websites through', accept: ['NET3003'], kind: 'own-words' },
  { q: 'every time I close the lid and open it again it drops out for a bit and then comes back on its own', accept: ['NET3004'], kind: 'own-words' },
  { q: "I told it to only use ipv6 and now it can't get out at all", accept: ['NET3006'], kind: 'own-words' },
  { q: "it won't start because something else on my machine is already sitting on that port number", accept: ['PORT1001'], kind: 'own-words' },
  { q: "trying to use port 80 on my ubuntu box and it says I'm not allowed, do i really have to run it as root?", accept: ['PORT1002'], kind: 'own-words' },
  { q: 'behind the company proxy I get 407, where do I put my username and password?', accept: ['PROXY5003'], kind: 'own-words' },
  { q: 'everything is crawling since the middle of the month, like dial-up speed. did we run out of data?', accept: ['QUOTA7001'], kind: 'own-words' },
  { q: "can't start one more, apparently we've hit the maximum for our plan but I only have two open", accept: ['QUOTA7002'], kind: 'own-words' },
  { q: "my pc doesnt trust your certificate, we have one of those security boxes at work that looks inside all the traffic", accept: ['TLS4002'], kind: 'own-words' },
  { q: 'complains the certificate is for a different name, I put in the IP address of our own server instead of the host name', accept: ['TLS4004'], kind: 'own-words' },

  // ---------------------------------------------------------------- own words, German
  { q: "Ich wollte meinen Minecraft-Server per UDP freigeben, aber er meint, diese Art von Verbindung gibt's in meiner Region nicht", accept: ['CFG8002'], kind: 'own-words', lang: 'de' },
  { q: 'Ich will für meine Datenbank von außen immer dieselbe Portnummer 5432 haben, das wird aber abgelehnt', accept: ['CFG8004'], kind: 'own-words', lang: 'de' },
  { q: 'Verbindung bricht mehrmals am Tag einfach so ab, ohne Meldung, und baut sich dann von selbst wieder auf – im Log steht ECONNRESET', accept: ['NET3005'], kind: 'own-words', lang: 'de' },
  { q: 'In der Firma funktioniert der Websocket-Modus nicht, unser Sicherheits-Gateway lässt das wohl nicht durch', accept: ['NET3007'], kind: 'own-words', lang: 'de' },
  { q: 'Mein nginx schreibt plötzlich lauter kaputte Anfragen ins Log, die alle mit PROXY TCP4 anfangen', accept: ['PROXY5001'], kind: 'own-words', lang: 'de' },
  { q: 'Hab die Adresse von unserem Firmenproxy eingetragen, normales Surfen geht darüber, aber zu euren Servern lässt er mich nicht durch', accept: ['PROXY5002'], kind: 'own-words', lang: 'de' },
  { q: 'Unser Skript startet das Ding bei jedem Build neu und jetzt muss ich ständig warten, da läuft so ein Countdown', accept: ['QUOTA7003'], kind: 'own-words', lang: 'de' },
  { q: 'Seit wir im Büro eine neue Firewall haben, bricht der verschlüsselte Verbindungsaufbau gleich am Anfang ab, als ob irgendein anderes Gerät statt eurem Server antwortet', accept: ['TLS4001'], kind: 'own-words', lang: 'de' },
  { q: 'Er sagt, das Zertifikat von meinem selbst gehosteten Server sei abgelaufen – oder kann das an der falschen Uhrzeit liegen?', accept: ['TLS4003'], kind: 'own-words', lang: 'de' },
  { q: 'Mein Zugangsschlüssel wird nicht angenommen, hab ihn direkt aus dem Webportal rauskopiert', accept: ['AUTH2001'], kind: 'own-words', lang: 'de' },
  { q: 'Immer wenn mein Laptop im Zug das Netz wechselt, fliegt die Verbindung kurz raus und kommt dann wieder', accept: ['NET3004'], kind: 'own-words', lang: 'de' },
  { q: 'nach ein paar Stunden kommt keiner mehr auf meine Seite drauf, im Log steht EMFILE', accept: ['LOCAL6003'], kind: 'own-words', lang: 'de' },
  { q: 'Das Programm sagt, meine Version wird nicht mehr unterstützt, aber Updates verteilt bei uns die IT', accept: ['CLI9001'], kind: 'own-words', lang: 'de' },
  { q: 'seit letzter woche ist alles schneckenlangsam, haben wir unser Monatsvolumen aufgebraucht?', accept: ['QUOTA7001'], kind: 'own-words', lang: 'de' },
  { q: 'Beim Start heißt es, die Adresse sei schon belegt – ich glaub, ich hab das Programm zweimal offen', accept: ['PORT1001'], kind: 'own-words', lang: 'de' },

  // ---------------------------------------------------------------- own words, French
  { q: "je voulais exposer mon serveur de jeu en UDP mais on me dit que ce n'est pas possible dans ma zone", accept: ['CFG8002'], kind: 'own-words', lang: 'fr' },
  { q: "je demande le port 2222 côté public pour mon SSH et il me le refuse, alors que personne chez nous ne l'utilise", accept: ['CFG8004'], kind: 'own-words', lang: 'fr' },
  { q: 'la connexion saute sans prévenir plusieurs fois par jour puis revient toute seule, aucun message', accept: ['NET3005'], kind: 'own-words', lang: 'fr' },
  { q: "au boulot le mode websocket ne passe pas, j'ai « bad handshake » dans les journaux", accept: ['NET3007'], kind: 'own-words', lang: 'fr' },
  { q: "depuis que j'ai activé l'option pour transmettre l'IP des visiteurs à mon nginx, nginx rejette toutes les requêtes", accept: ['PROXY5001'], kind: 'own-words', lang: 'fr' },
  { q: "le proxy de l'entreprise bloque la connexion vers vos serveurs, il n'accepte que certains sites autorisés", accept: ['PROXY5002'], kind: 'own-words', lang: 'fr' },
  { q: "notre job d'intégration continue relance le programme en boucle et maintenant il doit attendre avant chaque essai", accept: ['QUOTA7003'], kind: 'own-words', lang: 'fr' },
  { q: 'la négociation sécurisée échoue tout de suite sur le wifi de la fac, comme si un autre appareil répondait à la place de votre serveur', accept: ['TLS4001'], kind: 'own-words', lang: 'fr' },
  { q: "NET::ERR_CERT_DATE_INVALID quand j'ouvre mon service local en https, le certificat date peut-être de plus d'un an", accept: ['TLS4003'], kind: 'own-words', lang: 'fr' },
  { q: "ma clé d'accès ne marche plus depuis ce matin, j'avais reçu un avertissement la semaine dernière comme quoi elle arrivait à échéance", accept: ['AUTH2002'], kind: 'own-words', lang: 'fr' },
  { q: 'dès que mon collègue lance le programme sur son poste avec nos identifiants partagés, moi je suis déconnecté et ça ne revient pas', accept: ['AUTH2004'], kind: 'own-words', lang: 'fr' },
  { q: 'getaddrinfo ENOTFOUND quand je lance le programme depuis chez moi, avec la box de mon operateur', accept: ['DNS3101'], kind: 'own-words', lang: 'fr' },
  { q: 'les gens qui ouvrent mon lien public tombent sur une erreur alors que mon appli tourne bien sur le port 3000', accept: ['LOCAL6001'], kind: 'own-words', lang: 'fr' },
  { q: 'au bureau ca marche pas, chez moi oui ; je pense que le réseau de la boite ne laisse passer que la navigation web', accept: ['NET3003'], kind: 'own-words', lang: 'fr' },
  { q: 'mon ordi ne fait pas confiance à votre certificat, au travail ils ont un boîtier de sécurité qui inspecte tout le trafic', accept: ['TLS4002'], kind: 'own-words', lang: 'fr' },

  // ---------------------------------------------------------------- own words, Spanish
  { q: 'no me deja iniciar sesión desde la máquina virtual que recuperé de una copia de hace un mes, dice algo de la hora', accept: ['AUTH2003'], kind: 'own-words', lang: 'es' },
  { q: 'toml parse error al arrancar, solo cambié una línea del archivo de ajustes con el bloc de notas', accept: ['CFG8001'], kind: 'own-words', lang: 'es' },
  { q: 'el nombre que quería para mi enlace público ya lo tiene otro, ¿se puede reservar?', accept: ['CFG8003'], kind: 'own-words', lang: 'es' },
  { q: 'desde que cambie el ajuste para comprimir los datos con zstd me desconecta nada mas iniciar sesion', accept: ['CLI9002'], kind: 'own-words', lang: 'es' },
  { q: 'quiero usar mi propio dominio, ya lo configuré en el proveedor donde lo compré pero no arranca, ¿qué registro tengo que poner?', accept: ['DNS3102'], kind: 'own-words', lang: 'es' },
  { q: 'los visitantes ven una página de error por tiempo agotado cuando la consulta a la base de datos tarda mucho', accept: ['LOCAL6002'], kind: 'own-words', lang: 'es' },
  { q: 'mi portátil no consigue conectar con vuestros servidores, dice conexión rechazada, y en la página de estado no veo nada raro', accept: ['NET3001'], kind: 'own-words', lang: 'es' },
  { q: 'en el wifi del aeropuerto se queda intentando conectar un buen rato y al final se rinde con ETIMEDOUT', accept: ['NET3002'], kind: 'own-words', lang: 'es' },
  { q: 'obligué a que usara solo ipv6 y ahora no llega a ningún sitio, creo que mi operador no lo tiene activado', accept: ['NET3006'], kind: 'own-words', lang: 'es' },
  { q: 'en mi raspberry quiero usar el puerto 443 en local y me dice que no tengo permiso, ¿tengo que ejecutarlo como root?', accept: ['PORT1002'], kind: 'own-words', lang: 'es' },
  { q: 'el proxy de la oficina me pide usuario y contraseña y el programa no sabe dárselos', accept: ['PROXY5003'], kind: 'own-words', lang: 'es' },
  { q: 'no me deja abrir uno más, dice que ya llegamos al máximo del plan pero yo solo tengo uno abierto, ¿cuentan los de mis compañeros?', accept: ['QUOTA7002'], kind: 'own-words', lang: 'es' },
  { q: 'se queja de que el certificado es de otro nombre, me conecto a nuestro servidor propio por la IP', accept: ['TLS4004'], kind: 'own-words', lang: 'es' },
  { q: 'me sale un 429 y una cuenta atrás, tengo un script que lo arranca y lo para todo el rato', accept: ['QUOTA7003'], kind: 'own-words', lang: 'es' },
  { q: 'en la empresa no funciona la conexión por websocket, creo que el filtro de seguridad solo los deja pasar a sitios aprobados', accept: ['NET3007'], kind: 'own-words', lang: 'es' },

  // ---------------------------------------------------------------- situations, English
  { q: 'whenever I open my laptop again after lunch everything is dead for a minute and then picks up again by itself', accept: ['NET3004'], kind: 'situation' },
  { q: "I resumed an old virtual machine from a snapshot and now I can't sign in from it, from my normal PC it's fine", accept: ['AUTH2003'], kind: 'situation' },
  { q: 'my site is fine in the morning but by the afternoon new visitors just cant get in, the ones already on it are fine', accept: ['LOCAL6003'], kind: 'situation' },
  { q: "I'm in a hotel where the wifi makes you click accept on a page first, and nothing I start goes through", accept: ['NET3002'], kind: 'situation' },
  { q: 'the university network lets web pages through but anything on other ports is blocked', accept: ['NET3003'], kind: 'situation' },
  { q: "we've been sending video to customers all month and in the last week everything has become painfully slow", accept: ['QUOTA7001'], kind: 'situation' },
  { q: 'I want my home server on the normal web port 80 without running everything as the admin account on linux', accept: ['PORT1002'], kind: 'situation' },
  { q: 'I installed this two years ago and never updated it, today it just stopped working', accept: ['CLI9001'], kind: 'situation' },
  { q: 'same account on my work computer and my home computer, and whichever one I start last kicks the other one off', accept: ['AUTH2004'], kind: 'situation' },
  { q: "my web app runs inside docker and people from outside can't reach it, even though the container is up", accept: ['LOCAL6001'], kind: 'situation' },

  // ---------------------------------------------------------------- situations, German
  { q: 'Im Büro bricht alle fünf Minuten genau alles ab und kommt dann wieder, zu Hause passiert das nie', accept: ['NET3005', 'NET3004'], kind: 'situation', lang: 'de' },
  { q: 'Wir sind zu fünft im Team und ich kann heute nichts Neues mehr starten, weil die anderen schon so viel am Laufen haben', accept: ['QUOTA7002'], kind: 'situation', lang: 'de' },
  { q: 'Im Firmennetz findet mein Rechner eure Adresse nicht, als gäbe es den Namen gar nicht – über den Handy-Hotspot gehts', accept: ['DNS3101'], kind: 'situation', lang: 'de' },
  { q: 'Wenn Kunden bei mir den großen Jahresexport anstoßen, warten sie ewig und bekommen am Ende eine Fehlerseite', accept: ['LOCAL6002'], kind: 'situation', lang: 'de' },
  { q: 'Bei uns im Büro muss man sich für jede Internetverbindung mit Benutzername und Passwort am Firmenproxy anmelden', accept: ['PROXY5003'], kind: 'situation', lang: 'de' },
  { q: 'Die Batterie im alten Rechner ist leer, das Datum steht auf 2015, und jetzt beschweren sich alle sicheren Verbindungen', accept: ['TLS4003'], kind: 'situation', lang: 'de' },
  { q: 'Ich sitze am Flughafen im WLAN, Webseiten laden zäh, aber das Programm kommt gar nicht erst durch und gibt irgendwann auf', accept: ['NET3002'], kind: 'situation', lang: 'de' },
  { q: 'Ich hab das Programm aus Versehen zweimal auf demselben Rechner gestartet, einmal unter meinem Benutzer und einmal unter dem meiner Frau', accept: ['PORT1001'], kind: 'situation', lang: 'de' },
  { q: 'Lief ein Jahr lang problemlos auf unserem Build-Server, seit heute Nacht kommt er nicht mehr rein; letzte Woche kam noch ein Hinweis, dass bald etwas abläuft', accept: ['AUTH2002'], kind: 'situation', lang: 'de' },
  { q: 'Ich hab eingestellt, dass nur noch die neuen langen IP-Adressen benutzt werden, und seitdem geht zu Hause gar nichts mehr', accept: ['NET3006'], kind: 'situation', lang: 'de' },

  // ---------------------------------------------------------------- situations, French
  { q: "avec le VPN de la boîte qui se reconnecte toutes les heures, tout se coupe quelques secondes puis repart", accept: ['NET3004'], kind: 'situation', lang: 'fr' },
  { q: "un collègue a fait le ménage dans les accès de l'équipe hier soir et depuis ce matin je ne peux plus me connecter", accept: ['AUTH2001'], kind: 'situation', lang: 'fr' },
  { q: "le service informatique a installé un boîtier qui déchiffre et inspecte tout le trafic, et depuis plus rien ne se connecte chez vous", accept: ['TLS4002', 'TLS4001'], kind: 'situation', lang: 'fr' },
  { q: "mon script de tests démarre et arrête le programme des dizaines de fois par minute, et maintenant on me fait patienter", accept: ['QUOTA7003'], kind: 'situation', lang: 'fr' },
  { q: "mon site marche bien le matin, mais après une grosse journée de trafic plus personne ne peut s'y connecter tant que je ne relance pas tout", accept: ['LOCAL6003'], kind: 'situation', lang: 'fr' },
  { q: "le nom que je voulais pour mon adresse publique est deja pris par quelqu'un d'une autre entreprise", accept: ['CFG8003'], kind: 'situation', lang: 'fr' },
  { q: "j'ai acheté un nom de domaine pour ma démo et je voudrais qu'il mène à mon ordinateur, mais rien ne démarre", accept: ['DNS3102'], kind: 'situation', lang: 'fr' },
  { q: "au lycée seul le web passe, tout ce qui utilise un autre port reste bloqué", accept: ['NET3003'], kind: 'situation', lang: 'fr' },
  { q: "dans mon entreprise tout passe par un proxy qui n'autorise qu'une liste de sites approuvés", accept: ['PROXY5002'], kind: 'situation', lang: 'fr' },
  { q: "j'ai un PC en dual boot et chaque fois que je repasse de Windows à Linux, je ne peux plus me connecter pendant un moment", accept: ['AUTH2003'], kind: 'situation', lang: 'fr' },

  // ---------------------------------------------------------------- situations, Spanish
  { q: 'cada vez que cierro la tapa del portátil y la vuelvo a abrir se corta todo un momento y luego vuelve solo', accept: ['NET3004'], kind: 'situation', lang: 'es' },
  { q: 'estaba depurando mi aplicación con un punto de parada y la gente que entraba desde fuera se quedaba esperando hasta que le salía un error', accept: ['LOCAL6002'], kind: 'situation', lang: 'es' },
  { q: 'en mi empresa las actualizaciones las controla informática y llevamos mucho sin instalar ninguna; hoy ya no funciona', accept: ['CLI9001'], kind: 'situation', lang: 'es' },
  { q: 'edité a mano el archivo de opciones y desde entonces el programa no arranca', accept: ['CFG8001'], kind: 'situation', lang: 'es' },
  { q: 'quiero que mi base de datos tenga siempre el mismo número de puerto publico, el 3306, y no me lo dan', accept: ['CFG8004'], kind: 'situation', lang: 'es' },
  { q: 'mi aplicación corre dentro de docker y quien entra desde fuera ve un error, aunque el contenedor está encendido', accept: ['LOCAL6001'], kind: 'situation', lang: 'es' },
  { q: 'activé la opción para pasar la IP real de los visitantes a mi nginx y ahora nginx rechaza todas las peticiones', accept: ['PROXY5001'], kind: 'situation', lang: 'es' },
  { q: 'tengo lo mismo instalado en el portátil y en un contenedor del servidor con la misma cuenta, y uno echa al otro', accept: ['AUTH2004'], kind: 'situation', lang: 'es' },
  { q: 'para ir más rápido me conecto a nuestro servidor propio escribiendo la IP en lugar del nombre, y se niega', accept: ['TLS4004'], kind: 'situation', lang: 'es' },
  { q: 'en la red del instituto hay un filtro que bloquea muchas paginas y el ordenador no encuentra vuestra direccion', accept: ['DNS3101'], kind: 'situation', lang: 'es' },
];
