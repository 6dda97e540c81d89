/**
 * Spanish threats built from a lexicon rather than set phrases (docs/screening.md): the verbs of harm in the
 * forms a threat takes (an announced future with its object pronoun before the verb or after it, the first
 * person's present and future), what the person will pay or regret, conditions, allies sent, being found,
 * last days and warnings. Read without accents, after the texting spellings ('t voy a', 'q', 'dnd').
 */

// Harm aimed at someone whatever follows: 'te voy a matar', 'voy a reventarte'.
const HARM = String.raw`(?:matar|reventar|madrear|quebrar|joder|destrozar|apunalar|acuchillar|rajar|machacar|desfigurar|ahorcar|estrangular|degollar|torturar|linchar|pegar un tiro|meter un tiro|pegar una paliza|meter una paliza|dar una paliza|dar (?:de )?(?:hostias|palos|golpes)|dar una (?:hostia|golpiza|putiza|madriza)|dar en la madre|hacer dano|hacer (?:mierda|pedazos|trizas|polvo)|hacer (?:pagar|sufrir|llorar|desaparecer)|hacer la vida (?:imposible|de cuadritos|un infierno|miserable|de mierda)|desaparecer|poner una (?:madriza|putiza|golpiza|paliza|chinga)|meter plomo|dar plomo|llenar de plomo|coser a punaladas|meter (?:un|una) (?:navajazo|punalada|balazo|bala|tiro)|dar (?:un )?balazo|dar cran|dar piso|levantar(?=[.!,?;]|$| (?:saliendo|cuando|en la calle|afuera|a la salida))|dejar (?:en silla de ruedas|sin dientes|tirad[oa]|marcad[oa]|cieg[oa]|coj[oa]|muert[oa])|dejar la cara (?:como|hecha|marcada)|acabar con)`;
// A body part after a verb that breaks or cuts: 'partir la cara', 'romper los huesos', 'sacar los ojos'.
const BODY = String.raw`(?:(?:todos )?(?:la|las|los|el) (?:cara|madre|crisma|jeta|boca|hocico|dientes|piernas|brazos|manos|cuello|cabeza|huesos|costillas|nariz|alma|ojos|espalda|rodillas|lengua|tripas|cuerpo))`;
const BREAK = String.raw`(?:partir|romper|reventar|sacar|arrancar|cortar|rajar|quemar|volar|abrir|machacar|destrozar|quebrar)`;
// Looking for someone and finding them: a threat when nothing follows but where or however ('te voy a buscar
// hasta debajo de las piedras'), not 'te voy a buscar un buen abogado'.
const SEEK = String.raw`(?:buscar|encontrar|cazar|pillar)`;
const SEEK_END = String.raw`(?=[.!,?;]|$| (?:hasta|donde|adonde|a donde|aunque|como sea|da igual|y te|cuando|vayas|te escondas|tarde o temprano|algun dia|un dia))`;
const SEEK_FUTURE = String.raw`(?:buscare|encontrare|cazare|pillare)`;
const CLITIC = String.raw`(?:te|le|les|os|lo|la|los|las)`;
// Who announces it: 'voy a', 'vamos a', 'van a', 'pienso', 'juro que voy a'.
const WILL = String.raw`(?:voy|vamos|va|van|iremos) a`;
const PRESENT = String.raw`(?:mato|reviento|madreo|quiebro|rajo|apunalo|destrozo|machaco|degollo|ahorco|estrangulo|parto|rompo|arranco|quemo)`;
const FUTURE = String.raw`(?:matare|mataremos|reventare|partire|rompere|madreare|quebrare|destrozare|apunalare|quemare|arrancare)`;
// Harm and conditions that end in death or a hospital, said of the person.
const END_STATE = String.raw`(?:en (?:una|un) (?:bolsa|cuneta|zanja|caja|ataud|hospital|silla de ruedas|cementerio|hoyo)|en (?:el|la) (?:hospital|cementerio|morgue|uci|urgencias|suelo)|bajo tierra|como tu ex|como (?:el|la) otr[oa]|muert[oa]|desaparecid[oa])`;

export const SPANISH_THREAT_LEXICON: readonly string[] = [
  String.raw`(?:te|le|les|os) ${WILL} (?:${HARM}|${BREAK} ${BODY}|${SEEK}${SEEK_END}|(?:partir|romper)(?=[.!,?;]|$| a (?:golpes|palos|hostias)))`,
  String.raw`${WILL} (?:matar|reventar|madrear|quebrar|joder|destrozar|apunalar|rajar|machacar|desfigurar|ahorcar|estrangular|degollar|torturar|buscar|encontrar)${CLITIC}(?![\p{L}])`,
  String.raw`${WILL} ${BREAK}${CLITIC} ${BODY}`,
  String.raw`(?:te|le|os) (?:${PRESENT} ${BODY}|(?:mato|reviento|madreo|quiebro|rajo|apunalo|destrozo|machaco|degollo|ahorco|estrangulo)(?![\p{L}]))`,
  String.raw`(?:te|le|os) (?:${FUTURE}|${SEEK_FUTURE}${SEEK_END})`,
  String.raw`(?:acabare|acabaremos|voy a acabar|vamos a acabar|van a acabar) con(?:tigo| ti| tu (?:vida|familia)| vosotros)`,
  String.raw`(?:le|te) ${WILL} (?:prender fuego|pegar fuego|quemar) (?:a )?(?:tu|su|el|la)? ?(?:casa|coche|carro|piso|moto|negocio)`,
  // What the person will pay, regret or remember: 'lo vas a pagar caro', 'te arrepentirás el resto de tu vida'.
  String.raw`(?:vas|vais|va|van) a pagar (?:muy |bien )?caro|pagar(?:as|eis|an|a) (?:muy |bien )?caro|(?:te|le|os) (?:va|van) a salir (?:muy |bien )?caro|(?:te|le|os) (?:saldra|costara) (?:muy |bien )?caro|vas a pagar (?:por )?todo lo que`,
  String.raw`te (?:vas a arrepentir|arrepentiras)[^.!?\n]{0,30}(?:resto de tu vida|toda tu vida|te lo aseguro|te lo garantizo|de haber nacido|de haberme conocido|de conocerme)`,
  String.raw`te vas a acordar de (?:mi|este dia|esto)[^.!?\n]{0,25}(?:toda tu vida|el resto de tu vida|te lo juro|te lo prometo)`,
  String.raw`ya sabes lo que (?:te|le|les|os) (?:pasa|va a pasar|pasara|espera)(?: (?:si|como|cuando|a (?:los|las|la|el|quien|quienes))\b)`,
  // A condition with death as its end: 'si me denuncias, te mueres', 'un paso más y te mueres'.
  String.raw`(?:si|como|un paso mas|una palabra mas|una vez mas|otra vez|vuelve a)[^.!?\n]{0,40}(?:,|y) te (?:mueres|matamos|mato|quedas sin)(?! de (?:risa|ganas|envidia|amor|verguenza|frio|calor|miedo|pena|hambre|sueno|gusto))`,
  String.raw`ojala (?:te|le) (?:atropelle|atropellen|maten|mate|peguen|parta un rayo|caiga (?:un|una|el)|revienten|quemen|violen|pase algo (?:malo|grave|feo))`,
  // Allies and people sent: 'tengo amigos que se encargan de gente como tú', 'te voy a mandar a alguien'.
  String.raw`(?:tengo|tenemos|conozco) (?:amigos|gente|colegas|contactos|primos|socios|amigos mios)[^.!?\n]{0,20}(?:que se encargan|que (?:te|le) (?:pueden|van a|harian)|que saben donde|que hacen (?:desaparecer|este tipo)|que no se andan|que te (?:buscan|encuentran))`,
  String.raw`(?:unos|mis|nuestros|los) (?:amigos|colegas|primos|hermanos|chicos|socios|tios|cunados|muchachos|compas)(?: mios| nuestros)? (?:van a|vendran a|iran a|pasaran a) (?:pasar|ir|visitarte|verte|saludarte|buscarte|por ti|a por ti|hacerte|darte|partirte|hablar contigo)`,
  String.raw`(?:te |le )?(?:voy|vamos) a (?:mandar|enviar) a (?:alguien|unos|mis|un par|gente|mi gente|mis chicos)`,
  String.raw`(?:ir|pasar|venir) a (?:verte|visitarte|saludarte)[^.!?\n]{0,20}ya sabes quien(?:es)?`,
  // Found, and what ends it: 'nadie va a encontrar tu cuerpo', 'te van a encontrar en una cuneta'.
  String.raw`nadie (?:va a|podra|podria|vaya a) (?:encontrar|reconocer) (?:tu|el|sus|tus) (?:cuerpo|cadaver|restos)|nadie te va a (?:encontrar|reconocer)`,
  String.raw`te (?:van a|vamos a|va a) encontrar (?:en (?:una|un|el|la)|tirad[oa]|muert[oa]|colgad[oa])`,
  String.raw`(?:vas|va|van) a (?:acabar|terminar) ${END_STATE}`,
  String.raw`(?:vas a salir|sales|salgas) de (?:tu )?casa y no (?:vas a|vuelvas a|volveras a|vas a poder) volver|no vas a volver a (?:casa|salir|tu casa)`,
  String.raw`(?:vas|va|van) a amanecer (?:muert[oa]|con la boca llena|en una|tirad[oa])|boca llena de hormigas`,
  String.raw`lo (?:vas|van|vais|va) a lamentar|(?:vas|van|vais) a lamentar (?:el dia|haberme|haberte|lo que)|lo lamentaras|lamentaras el dia`,
  String.raw`de esta no (?:te salvas|sales|te libras)|no te (?:salvas|libras) de esta`,
  String.raw`te queda(?:n)? poc[oa]s?(?: dias| tiempo| de vida)?(?=[.!,;]|$)`,
  String.raw`(?:te lo advierto|te aviso|te lo digo|te lo repito) por ultima vez|es tu ultima (?:advertencia|oportunidad)(?! de| para)`,
  String.raw`(?:si|como) [^.!?\n]{0,40}no respondo(?: de (?:mi|lo que (?:pase|haga|te pase)))?(?=[.!,]|$)|no respondo de lo que (?:te )?(?:pase|haga|pueda pasar)`,
  String.raw`(?:luego|despues) no digas que no te (?:avise|lo adverti|lo dije)|(?:quedas|estas|ya estas) avisad[oa]`,
  String.raw`(?:mi|nuestra) (?:gente|familia|banda)[^.!?\n]{0,15}(?:te (?:esta|estan) buscando|te busca|te buscan|te va a|va a por ti|sabe donde)`,
  String.raw`(?:ya )?(?:tengo|tenemos|consegui|averigue) tu (?:direccion|domicilio|horario|matricula)(?! para)`,
  String.raw`(?:vigila|cuida|cuidado con) (?:bien |mucho )?a tus? (?:hijos|hija|hijo|ninos|nina|nino|madre|familia|hermana|hermano)[^.!?\n]{0,30}(?:cuando|al salir|salgan|sale|de noche|sol[oa]s?)`,
  String.raw`vas a saber (?:quien soy|de lo que soy capaz|lo que es bueno)|no sabes de lo que soy capaz`,
  // Last days, warnings, the moment awaited.
  String.raw`(?:disfruta|aprovecha|vive) (?:tus|los|de tus) ultimos dias|te quedan (?:pocos|contados) dias`,
  String.raw`mas te vale (?:no )?(?:salir|andar|volver|caminar|dormir|cerrar|mirar|callarte|esconderte|irte|mudarte|cambiarte|ir sol[oa])`,
  String.raw`reza (?:para )?(?:que|por que) no (?:te|me) (?:encuentre|encontremos|vea|veamos|pille|cruce|cruces)`,
  String.raw`accidentes(?: [\p{L}]+){0,3} (?:pasan|ocurren|suceden|son (?:muy )?(?:comunes|frecuentes))`,
  String.raw`(?:un dia de estos|cualquier dia|el dia menos pensado)[^.!?\n]{0,30}(?:te llevas|te vas a llevar|vas a recibir|te (?:pasa|va a pasar)) (?:un susto|una sorpresa|algo|lo que)|te vas a llevar un susto`,
  // What the writer knows of where the person will be: 'sé dónde aparcas', 'sé a qué hora sales'.
  String.raw`(?<!no )(?:se|sabemos|ya se|ya sabemos|saben|conozco) (?:donde|a donde|adonde|a que hora|cuando|por donde|con quien|que dias|en que) (?!(?:mientes|exageras|bromeas|finges|estas (?:triste|cansad[oa]|enfadad[oa]|nervios[oa]|content[oa]|feliz|mal|bien))(?![\p{L}]))[\p{L}]+(?:as|es)(?![\p{L}])`,
  // Reputational: 'voy a hacer que te echen del trabajo', 'le voy a mandar tus fotos a tu jefe'.
  String.raw`(?:voy|vamos) a (?:hacer|conseguir) que te (?:echen|despidan|corran|quiten|detengan|metan en)`,
  String.raw`(?:le|les|te) (?:voy|vamos) a (?:mandar|ensenar|pasar|enviar|contar|decir)[^.!?\n]{0,30}a tu (?:jefe|jefa|mujer|marido|madre|padre|familia|hijos|novio|novia|empresa|pareja)`,
  String.raw`(?:voy|vamos) a (?:mandar|ensenar|pasar|enviar|publicar|subir|difundir) (?:tus|sus) (?:fotos|videos|mensajes|audios|desnudos)`,
];

// Texting spellings of Spanish ('t voy a matar', 'k sepas q', 'ya se dnd vives', 'x hablar d mi').
const TEXTING_ES: Record<string, string> = {
  t: 'te',
  q: 'que',
  k: 'que',
  ke: 'que',
  x: 'por',
  d: 'de',
  dnd: 'donde',
  dnde: 'donde',
  aunq: 'aunque',
  xq: 'porque',
  pq: 'porque',
  porq: 'porque',
  tb: 'tambien',
  tmb: 'tambien',
  pa: 'para',
  toy: 'estoy',
  kien: 'quien',
  vdd: 'verdad',
};
const TEXTING_WORD_ES = new RegExp(
  String.raw`(?<![\p{L}\p{N}'])(?:${Object.keys(TEXTING_ES).join('|')})(?![\p{L}\p{N}'])`,
  'gu',
);

/** A lower-case reading with the Spanish texting spellings read as the words they stand for. */
export function spanishAsWritten(lower: string): string {
  return lower.replace(TEXTING_WORD_ES, (word) => TEXTING_ES[word] ?? word);
}

// What someone else said, reported after or around it: 'me las vas a pagar, decía en broma', 'cuando te
// vea te invito a una caña, le escribí'.
const REPORTED_ES =
  /[^.!?\n]*(?:,\s*(?:me |le |nos )?(?:decia|dijo|dije|escribi|escribio|solia decir|bromeaba|grito|gritaba)\b|\ben broma\b)[^.!?\n]*/giu;

/** A reading without the Spanish sentences that report what was said, or say it in jest. */
export function withoutReportedSpanish(lower: string): string {
  return lower.replace(REPORTED_ES, '');
}
