import type { CategoryNouns, CategoryScripts, LanguageScripts, LineTemplate } from './library-types.js';

/**
 * Spanish as US Hispanic local businesses speak to their customers: neutral Latin American,
 * tuteo, warm and close ("te esperamos"). No vosotros and no regionalisms that read as one
 * country only; carro/coche is sidestepped with "auto". Lines avoid adjectives that would have
 * to agree with the viewer's gender ("cansado/cansada"), since the viewer could be anyone, and
 * shared lines that carry a noun slot get it with its own article.
 */

function generic(
  nouns: CategoryNouns,
  defaultCta: string,
  hashtags: readonly string[],
  own: { problem: readonly LineTemplate[]; signature: readonly LineTemplate[]; titles: readonly string[] },
): CategoryScripts {
  return {
    nouns,
    default_cta: defaultCta,
    hashtags,
    titles: [...own.titles, 'Conoce {shop}', 'Por qué los vecinos de {area} eligen {shop}'],
    hooks: {
      question: [
        { on_screen: '¿Buscas {a_noun} de confianza?', spoken: '¿Buscas {a_noun} de confianza? Dame treinta segundos y te cuento.' },
        { on_screen: '¿Necesitas ayuda en {area}?', spoken: '¿Necesitas {a_noun} en {area}? Esto es lo que tus vecinos ya saben.' },
      ],
      bold_claim: [
        { on_screen: 'Tu lugar de confianza', spoken: 'Guarda este video, porque {shop} va a ser tu lugar de confianza.' },
        { on_screen: 'Bien hecho desde la primera vez', spoken: 'Lo hacemos bien desde la primera vez, y respondemos por nuestro trabajo.' },
      ],
      behind_the_scenes: [
        { on_screen: ['Un día con {shop}', 'Un día con nosotros'], spoken: 'Acompáñanos un día en {shop} y mira cómo trabajamos de verdad.' },
        { on_screen: 'Lo que nunca ves', spoken: 'Esta es la parte del trabajo que casi nadie llega a ver.' },
      ],
      problem_solution: own.problem,
    },
    beats: {
      signature: [
        ...own.signature,
        { on_screen: 'Respuestas claras, sin rodeos', spoken: 'Te damos respuestas claras y un plan sencillo, sin rodeos.' },
      ],
      craft: [
        { on_screen: 'Cuidamos cada detalle', spoken: 'Cuidamos hasta el último detalle para que tú no tengas que preocuparte.' },
        { on_screen: 'La experiencia se nota', spoken: 'La experiencia se nota en cómo escuchamos, planeamos y cumplimos.' },
        { on_screen: 'Consejos honestos, siempre', spoken: 'Siempre te vamos a decir lo que de verdad necesitas, y lo que no.' },
      ],
      experience: [
        { on_screen: 'Fácil desde el primer contacto', spoken: 'Desde el primer saludo hasta el final, todo es fácil con nosotros.' },
        { on_screen: 'Puntuales y de palabra', spoken: 'Llegamos cuando decimos y hacemos lo que prometemos.' },
        { on_screen: 'Aquí no eres un número', spoken: 'Con nosotros eres un vecino, nunca un número más.' },
      ],
    },
  };
}

const restaurant: CategoryScripts = {
  nouns: { noun: 'restaurante', a_noun: 'un restaurante', the_noun: 'el restaurante', our_noun: 'nuestro restaurante', offering: 'nuestro menú' },
  default_cta: 'Reserva tu mesa hoy',
  hashtags: ['DóndeComer', 'ComidaRica', 'Restaurante', 'ComeLocal', 'Foodie', 'Antojo'],
  titles: ['Dónde comer en {area}: {shop}', 'La cena de hoy, resuelta: {shop}', 'Lo que se cocina en {shop}'],
  hooks: {
    question: [
      { on_screen: '¿Qué vas a cenar hoy?', spoken: '¿No sabes qué cenar hoy? No te preocupes, aquí te lo resolvemos.' },
      { on_screen: '¿Con hambre en {area}?', spoken: '¿Tienes hambre y andas por {area}? Esta es la mesa donde quieres estar.' },
    ],
    bold_claim: [
      { on_screen: 'El plato que vas a extrañar', spoken: 'Vas a pensar en este plato toda la semana. Luego no digas que no te avisé.' },
      { on_screen: 'Lo más rico de tu semana', spoken: 'Puede que sea lo más rico que comas esta semana, y sale de nuestra cocina.', tones: ['energetic', 'playful', 'friendly'] },
    ],
    behind_the_scenes: [
      { on_screen: 'Así es nuestra cocina', spoken: 'Ven conmigo a la cocina: aquí es donde de verdad empieza tu cena.' },
      { on_screen: 'Horas antes de que llegues', spoken: 'Horas antes de que llegue el primer cliente, la cocina ya está a todo vapor.' },
    ],
    offer_first: [{ on_screen: ['{offer}', 'Una promo para sentarse a comer'], spoken: 'Empecemos con la buena noticia: {offer}.' }],
    local_pride: [
      { on_screen: 'Cocinando para {area}', spoken: 'Cocinamos para {area}: para nuestros vecinos, nuestros clientes de siempre, nuestra gente.' },
      { on_screen: 'La mesa de tu barrio', spoken: 'Todo barrio necesita esa mesa que se siente como en casa. Esta es la nuestra.' },
    ],
    problem_solution: [
      { on_screen: '¿Otra vez la misma comida?', spoken: '¿Otra vez la misma comida para llevar? Hoy cambiamos eso.' },
      { on_screen: '¿Nadie se pone de acuerdo?', spoken: '¿En tu casa nadie se pone de acuerdo sobre dónde comer? Aquí se acaba la discusión.' },
    ],
  },
  beats: {
    signature: [
      { on_screen: 'Hecho al momento, servido caliente', spoken: 'Todo en nuestro menú se prepara fresco y llega calientito a tu mesa.' },
      { on_screen: 'El plato que todos piden', spoken: 'Pide la especialidad de la casa: es el plato que hace que la gente vuelva.' },
      { on_screen: 'Mucho sabor, porciones generosas', spoken: 'Mucho sabor y porciones de verdad, de esas que sí te llenan.' },
    ],
    craft: [
      { on_screen: 'Cocinado al momento', spoken: 'Tu comida se cocina cuando la pides, y esa diferencia se siente en el sabor.' },
      { on_screen: 'Buenos ingredientes, bien tratados', spoken: 'Todo empieza con buenos ingredientes, y en nuestra cocina los tratamos con cariño.' },
      { on_screen: 'Probado antes de salir', spoken: 'Nuestros cocineros prueban y sazonan cada plato hasta que queda perfecto.' },
    ],
    experience: [
      { on_screen: 'Buena comida, buena compañía', spoken: 'Trae a tu gente, escoge una mesa y quédate un buen rato.' },
      { on_screen: 'Cita, familia o equipo: hay lugar', spoken: 'Una cita, una cena en familia o un almuerzo con el equipo: aquí hay lugar para ti.' },
      { on_screen: 'Para comer aquí o para llevar', spoken: 'Come aquí o llévatelo a casa: sabe igual de rico en tu sillón.' },
    ],
    people: [{ on_screen: 'Cocinamos como para la familia', spoken: 'Nuestro equipo cocina cada plato como si fuera para su propia familia.' }],
    proof: [
      {
        on_screen: 'Pregúntale a nuestros clientes',
        spoken: 'Pregúntale a nuestros clientes de siempre qué pedir: cada uno te dirá algo distinto, y todos tienen razón.',
      },
    ],
  },
};

const cafe: CategoryScripts = {
  nouns: { noun: 'cafetería', a_noun: 'una cafetería', the_noun: 'la cafetería', our_noun: 'nuestra cafetería', offering: 'nuestras bebidas' },
  default_cta: 'Ven por tu café hoy',
  hashtags: ['Cafetería', 'AmantesDelCafé', 'CaféLocal', 'HoraDelCafé', 'ArteLatte', 'Cafecito'],
  titles: ['Tu nueva cafetería en {area}: {shop}', 'Un cafecito en {shop}', 'La taza con la que empezamos el día'],
  hooks: {
    question: [
      { on_screen: '¿Todavía café de gasolinera?', spoken: '¿Todavía empiezas el día con café de gasolinera? Tenemos que hablar.' },
      { on_screen: '¿Buscas un lugar para relajarte?', spoken: '¿Necesitas un lugar para bajar el ritmo, tomar algo rico y respirar?' },
    ],
    bold_claim: [
      { on_screen: 'El latte que vale el madrugón', spoken: 'Este es el latte por el que vale la pena levantarse temprano.' },
      { on_screen: 'Tus mañanas van a mejorar', spoken: 'Tu rutina de la mañana está a punto de mejorar, y mucho. Te cuento cómo.' },
    ],
    behind_the_scenes: [
      { on_screen: 'Antes de abrir la puerta', spoken: 'Así se ve nuestra cafetería antes de abrir: el molino encendido y la leche al vapor.' },
      { on_screen: 'Así calibramos el espresso', spoken: 'Cada mañana ajustamos el espresso antes de servir el primer sorbo.' },
    ],
    offer_first: [{ on_screen: ['{offer}', 'Promo de café por aquí'], spoken: 'Amantes del café, atención: {offer}.' }],
    local_pride: [
      { on_screen: 'El café de {area}', spoken: 'Servimos café a {area}, una taza a la vez.' },
      { on_screen: 'La cafetería de tu barrio', spoken: 'Esta es la cafetería de tu barrio, donde los baristas se aprenden tu pedido.' },
    ],
    problem_solution: [
      { on_screen: '¿Bajón de la tarde?', spoken: '¿Te dio el bajón de la tarde? Tenemos el remedio, y viene con espuma.' },
      { on_screen: '¿Trabajar en casa te aburre?', spoken: '¿Trabajar desde casa ya te aburre? Trae tu laptop y vente para acá.' },
    ],
  },
  beats: {
    signature: [
      { on_screen: 'Espresso preparado con cuidado', spoken: 'Cada shot se prepara con cuidado y se prueba antes de llegar a tu taza.' },
      { on_screen: 'Algo para cada gusto', spoken: 'Cold brew, lattes con leche de avena y té para quien no toma café: hay para todos.' },
      { on_screen: 'Arte latte en cada taza', spoken: 'Sí, seguimos haciendo arte latte en cada taza. Simplemente sabe mejor.' },
    ],
    craft: [
      { on_screen: 'Molido al momento', spoken: 'Molemos el café para cada taza, porque el aroma se pierde rápido.' },
      { on_screen: 'Leche cremosa, en su punto', spoken: 'Nuestros baristas dejan la leche sedosa y cremosa, nunca quemada.' },
      { on_screen: 'Y algo dulce para acompañar', spoken: 'Y algo dulce para acompañar, porque el café sabe mejor en compañía.' },
    ],
    experience: [
      { on_screen: 'Rincones acogedores y buen wifi', spoken: 'Rincones acogedores, buena luz y un wifi que sí funciona.' },
      { on_screen: 'Para llevar o para quedarte', spoken: '¿Con prisa? Pídelo para llevar. ¿Con tiempo? Quédate lo que quieras.' },
      { on_screen: 'Ven con tus amigos', spoken: 'Las mejores charlas pasan con una taza calientita en la mano.' },
    ],
    people: [{ on_screen: 'Baristas que recuerdan tu pedido', spoken: 'Ven dos veces y nuestros baristas ya se van a saber tu pedido.' }],
  },
};

const bakery: CategoryScripts = {
  nouns: { noun: 'panadería', a_noun: 'una panadería', the_noun: 'la panadería', our_noun: 'nuestra panadería', offering: 'nuestro pan' },
  default_cta: 'Ven por pan recién horneado',
  hashtags: ['Panadería', 'PanRecienHorneado', 'PanDulce', 'Repostería', 'PanaderíaLocal', 'Pasteles'],
  titles: ['Recién salido del horno en {shop}', 'La panadería de {area}: {shop}', 'Lo que horneamos esta mañana'],
  hooks: {
    question: [
      { on_screen: '¿Has probado pan todavía tibio?', spoken: '¿Cuándo fue la última vez que compraste pan todavía tibio?' },
      { on_screen: '¿Te falta el pastel?', spoken: '¿Tienes un cumpleaños o una fiesta y todavía no tienes pastel?' },
    ],
    bold_claim: [
      { on_screen: 'Croissants calientitos. ¿Qué más?', spoken: 'Hojaldrado, con mantequilla y todavía calientito. Sinceramente, no hace falta decir más.' },
      { on_screen: 'Casi puedes oler este video', spoken: 'Si pudieras oler este video, ya estarías en camino.', tones: ['playful', 'energetic', 'friendly'] },
    ],
    behind_the_scenes: [
      { on_screen: 'Antes del amanecer', spoken: 'Mientras el barrio duerme, nuestros hornos ya se están calentando.' },
      { on_screen: 'Mira esta masa', spoken: 'Mira esta masa: lleva preparándose desde anoche.' },
    ],
    offer_first: [{ on_screen: ['{offer}', 'Promo recién horneada'], spoken: 'Recién salido del horno y recién anunciado: {offer}.' }],
    local_pride: [
      { on_screen: 'Horneando para {area}', spoken: 'Cada mañana horneamos para {area}, y no lo cambiaríamos por nada.' },
      { on_screen: 'La panadería de la esquina', spoken: 'Toda calle merece una panadería de esquina como esta.' },
    ],
    problem_solution: [
      { on_screen: '¿Pan de supermercado otra vez?', spoken: 'Si tu pan viene en bolsa de plástico y dura semanas, hay una mejor opción.' },
      { on_screen: '¿Se te olvidó el postre?', spoken: '¿Se te olvidó el postre para hoy? Tranquilidad: lo horneamos esta mañana.' },
    ],
  },
  beats: {
    signature: [
      { on_screen: 'Horneado fresco cada mañana', spoken: 'Todo lo que ves en nuestros estantes se horneó esta misma mañana.' },
      { on_screen: 'Crujiente por fuera, suave por dentro', spoken: 'Crujiente por fuera, suave y esponjoso por dentro, como debe ser el pan.' },
      { on_screen: 'Pasteles para cada celebración', spoken: 'Cumpleaños, baby showers o un martes cualquiera: tenemos el pastel para la ocasión.' },
    ],
    craft: [
      { on_screen: 'Masa con calma, más sabor', spoken: 'Dejamos reposar la masa con calma, porque ahí nace el sabor.' },
      { on_screen: 'Formado a mano', spoken: 'Cada pan y cada pieza se forma a mano, uno por uno.' },
      { on_screen: 'Mantequilla de verdad', spoken: 'Horneamos con mantequilla de verdad, y se nota en cada capa.' },
    ],
    experience: [
      { on_screen: 'Llega temprano y escoge', spoken: 'Llega temprano para encontrar de todo: lo más rico se acaba rápido.' },
      { on_screen: 'Un cafecito y un pan dulce', spoken: 'Un pan dulce, un cafecito y cinco minutos de paz para ti.' },
      { on_screen: 'Una caja para la oficina', spoken: 'Lleva una caja a la oficina y verás cómo te ganas a todo el mundo.' },
    ],
    people: [{ on_screen: 'Panaderos que madrugan', spoken: 'Nuestros panaderos empiezan antes del amanecer para que tu desayuno esté listo.' }],
  },
};

const beauty: CategoryScripts = {
  nouns: { noun: 'salón de belleza', a_noun: 'un salón de belleza', the_noun: 'el salón', our_noun: 'nuestro salón', offering: 'nuestros servicios' },
  default_cta: 'Haz tu cita hoy',
  hashtags: ['SalónDeBelleza', 'CuidadoPersonal', 'Belleza', 'Uñas', 'Cabello', 'Peinados'],
  titles: ['Tu momento en {shop}', 'Belleza y cuidado en {area}', 'Un look nuevo en {shop}'],
  hooks: {
    question: [
      { on_screen: '¿Cuándo te diste un gusto?', spoken: 'Dime la verdad: ¿cuándo fue la última vez que te diste un gusto?' },
      { on_screen: '¿Con ganas de un cambio de look?', spoken: '¿Tienes ganas de un cambio pero no sabes por dónde empezar? Hablemos.' },
    ],
    bold_claim: [
      { on_screen: 'Entras con prisa, sales radiante', spoken: 'Entras con el día pesado y sales radiante. Ese es el trato.' },
      { on_screen: 'El cambio que te mereces', spoken: 'Te mereces ese cambio, y estamos aquí para hacerlo realidad.', tones: ['energetic', 'playful', 'friendly'] },
    ],
    behind_the_scenes: [
      { on_screen: 'Mira esta transformación', spoken: 'Quédate hasta el final: el antes y el después vale la pena.' },
      { on_screen: 'Preparando tu silla', spoken: 'Así nos preparamos antes de que te sientes en nuestra silla.' },
    ],
    offer_first: [{ on_screen: ['{offer}', 'Un detalle para ti'], spoken: 'Date un gusto, porque ahora mismo: {offer}.' }],
    local_pride: [
      { on_screen: 'Tu rincón de belleza en {area}', spoken: 'Somos el rincón de {area} para regalarte un tiempo solo para ti.' },
      { on_screen: 'El salón de tu barrio', spoken: 'El salón de tu barrio, donde la silla es cómoda y la charla es aún mejor.' },
    ],
    problem_solution: [
      { on_screen: '¿Tu cabello no coopera?', spoken: '¿Sientes que todos los días son un mal día para tu cabello? Eso se acaba aquí.' },
      { on_screen: '¿Sin tiempo para ti?', spoken: '¿No tienes tiempo para cuidarte? Nosotros hacemos que cada minuto valga.' },
    ],
  },
  beats: {
    signature: [
      { on_screen: 'Un look hecho para ti', spoken: 'Primero te escuchamos y luego creamos un look que va con tu vida.' },
      { on_screen: 'Color, cortes, uñas y más', spoken: 'Color, cortes, uñas y cejas, todo en una sola visita relajante.' },
      { on_screen: 'Resultados que duran', spoken: 'Un acabado que se ve increíble semanas después, no solo el primer día.' },
    ],
    craft: [
      { on_screen: 'Manos expertas, trabajo fino', spoken: 'Nuestro equipo se sigue capacitando para darte técnicas actuales con mucho cuidado.' },
      { on_screen: 'Herramientas limpias, siempre', spoken: 'Limpiamos las herramientas y preparamos la estación para cada cliente.' },
      { on_screen: 'Productos en los que confiamos', spoken: 'Solo usamos productos que usaríamos con gusto en nuestra propia piel.' },
    ],
    experience: [
      { on_screen: 'Relájate. Respira.', spoken: 'Siéntate, deja el celular y déjanos el resto a nosotros.' },
      { on_screen: 'Mírate al salir', spoken: 'Mírate en el espejo al salir. Esa sonrisa es justo lo que buscamos.' },
      { on_screen: 'Ven con tu mejor amiga', spoken: 'Reserva junto a tu mejor amiga y conviértelo en una tarde especial.' },
    ],
    people: [{ on_screen: 'Un equipo que sí escucha', spoken: 'Nuestro equipo pregunta antes de cortar, y de verdad escucha tu respuesta.' }],
  },
};

const fitness: CategoryScripts = {
  nouns: { noun: 'gimnasio', a_noun: 'un gimnasio', the_noun: 'el gimnasio', our_noun: 'nuestro gimnasio', offering: 'nuestras clases' },
  default_cta: 'Prueba tu primera clase',
  hashtags: ['Fitness', 'Gimnasio', 'Entrenamiento', 'Motivación', 'VidaSana', 'EntrenaConNosotros'],
  titles: ['Entrena con nosotros en {shop}', 'Un entrenamiento en {area} que sí vas a disfrutar', 'Así se entrena en {shop}'],
  hooks: {
    question: [
      { on_screen: '¿Te intimida el gimnasio?', spoken: '¿Te intimida entrar a un gimnasio? De verdad no tiene por qué.' },
      { on_screen: '¿Esta vez sí va en serio?', spoken: '¿Cuántas veces has empezado de cero? Que esta sea la última.' },
    ],
    bold_claim: [
      { on_screen: 'Tu año más fuerte empieza aquí', spoken: 'Tu año más fuerte empieza aquí, una sesión a la vez.' },
      { on_screen: 'Sin juicios. Solo progreso.', spoken: 'Sin juicios y sin egos: solo gente mejorando un poquito cada semana.' },
    ],
    behind_the_scenes: [
      { on_screen: ['Temprano en {shop}', 'Así empieza el día aquí'], spoken: 'Así se ve una mañana temprano en {shop}. Te adelanto: la energía es real.' },
      { on_screen: 'Así planeamos tu rutina', spoken: 'Cada clase que tomas la planeó un entrenador antes de que llegaras.' },
    ],
    offer_first: [{ on_screen: ['{offer}', 'Empieza con todo'], spoken: 'Si estabas esperando una señal, aquí está: {offer}.' }],
    local_pride: [
      { on_screen: 'El equipo de {area}', spoken: 'Aquí es donde {area} viene a sudar, reír y ponerse fuerte en equipo.' },
      { on_screen: 'El gimnasio de tu barrio', spoken: 'El gimnasio de tu barrio, donde la gente sí te saluda.' },
    ],
    problem_solution: [
      { on_screen: '¿Pagas un gimnasio que no usas?', spoken: '¿Pagas una membresía que nunca usas? Vamos a cambiar eso.' },
      { on_screen: '¿Entrenar a solas te aburre?', spoken: '¿Ya te aburre entrenar a solas con tus audífonos? Ven a entrenar en grupo.' },
    ],
  },
  beats: {
    signature: [
      { on_screen: 'Clases para todos los niveles', spoken: 'Desde tu primer entrenamiento hasta preparar una carrera, hay una clase para tu nivel.' },
      { on_screen: 'Entrenadores que cuidan tu técnica', spoken: 'Nuestros entrenadores corrigen tu técnica para que te pongas fuerte sin lastimarte.' },
      { on_screen: 'Fuerza, cardio y movilidad', spoken: 'Fuerza, cardio y movilidad, todo en un solo lugar.' },
    ],
    craft: [
      { on_screen: 'Programas que avanzan contigo', spoken: 'Nuestros programas avanzan semana a semana, para que veas tu progreso.' },
      { on_screen: 'Cada ejercicio se adapta', spoken: 'Cada ejercicio se adapta a tu nivel, más fácil o más intenso.' },
      { on_screen: 'Equipo limpio y bien cuidado', spoken: 'El equipo está limpio, bien cuidado y listo para ti.' },
    ],
    experience: [
      { on_screen: 'Todo el grupo te anima', spoken: 'Termina tu primera clase y todo el salón te va a aplaudir.' },
      { on_screen: 'Sudor, energía y orgullo', spoken: 'Vas a salir con sudor, con energía y con mucho orgullo.' },
      { on_screen: 'Cabe en tu agenda', spoken: 'Sesiones cortas y enfocadas que caben en una agenda ocupada de verdad.' },
    ],
    people: [{ on_screen: 'Entrenadores que te conocen', spoken: 'Nuestros entrenadores se aprenden tu nombre, tus metas y tus excusas.', tones: ['playful', 'friendly', 'energetic'] }],
  },
};

const retail: CategoryScripts = {
  nouns: { noun: 'tienda', a_noun: 'una tienda', the_noun: 'la tienda', our_noun: 'nuestra tienda', offering: 'nuestra colección' },
  default_cta: 'Ven de compras hoy',
  hashtags: ['CompraLocal', 'TiendaLocal', 'Novedades', 'IdeasDeRegalo', 'Boutique', 'ApoyaLoLocal'],
  titles: ['Lo nuevo en {shop}', 'Compra local en {area}: {shop}', 'Los hallazgos por los que todos preguntan'],
  hooks: {
    question: [
      { on_screen: '¿Un regalo que no sea aburrido?', spoken: '¿Necesitas un regalo que no sea otra tarjeta de regalo aburrida?' },
      { on_screen: '¿Ya viste lo que llegó?', spoken: '¿Ya viste lo que acaba de llegar a nuestros estantes? Mira esto.' },
    ],
    bold_claim: [
      { on_screen: 'Esto no lo encuentras en línea', spoken: 'Estas joyitas no las vas a encontrar en una tienda gigante en internet.' },
      { on_screen: 'Tu nueva tienda favorita', spoken: 'Te aviso: {shop} va a ser tu lugar favorito para curiosear.' },
    ],
    behind_the_scenes: [
      { on_screen: 'Abriendo lo nuevo', spoken: 'Abrimos juntos las novedades de esta semana. Dime cuál es tu favorita.' },
      { on_screen: 'Así escogemos cada pieza', spoken: 'Cada cosa que ves aquí la escogimos a mano. Te cuento cómo.' },
    ],
    offer_first: [{ on_screen: ['{offer}', 'Una promo que tienes que ver'], spoken: 'Esto es para ti si te encanta comprar: {offer}.' }],
    local_pride: [
      { on_screen: 'Compra local en {area}', spoken: 'Cuando compras con nosotros, tu dinero se queda aquí mismo en {area}.' },
      { on_screen: 'Local, independiente y con orgullo', spoken: 'Somos una tienda local, independiente y orgullosa de cada estante.' },
    ],
    problem_solution: [
      { on_screen: '¿Otra devolución más?', spoken: '¿Otra vez pediste en línea y tuviste que devolver la mitad?' },
      { on_screen: '¿Todo se ve igual?', spoken: '¿Sientes que todas las tiendas venden exactamente lo mismo? Esta no.' },
    ],
  },
  beats: {
    signature: [
      { on_screen: 'Escogido a mano', spoken: 'Piezas escogidas a mano que no vas a ver en todo el mundo.' },
      { on_screen: 'Novedades cada semana', spoken: 'Cada semana llegan cosas nuevas, así que siempre hay algo por descubrir.' },
      { on_screen: 'Regalos resueltos en minutos', spoken: 'Dinos para quién es y te ayudamos a encontrar el regalo perfecto.' },
    ],
    craft: [
      { on_screen: 'Calidad que se siente', spoken: 'Tómalo en tus manos y vas a sentir la calidad al instante.' },
      { on_screen: 'Pruébalo antes de comprar', spoken: 'Tócalo, pruébatelo y míralo con luz real antes de comprarlo.' },
      { on_screen: 'Te lo envolvemos', spoken: 'Pídenos que lo envolvamos y sales con el regalo listo para dar.' },
    ],
    experience: [
      { on_screen: 'Mira sin presión', spoken: 'Mira con calma, sin presión, solo cosas bonitas.' },
      { on_screen: 'Consejos de quien sabe', spoken: 'Pregúntanos lo que quieras: conocemos de verdad lo que vendemos.' },
      { on_screen: 'Mejor que estar en el celular', spoken: 'La verdad, es mucho más divertido que pasar horas en otra página web.' },
    ],
  },
};

const auto: CategoryScripts = {
  nouns: { noun: 'taller mecánico', a_noun: 'un taller mecánico', the_noun: 'el taller', our_noun: 'nuestro taller', offering: 'nuestras reparaciones' },
  default_cta: 'Agenda tu servicio hoy',
  hashtags: ['TallerMecánico', 'Mecánico', 'CuidaTuAuto', 'Mantenimiento', 'MecánicoDeConfianza', 'Autos'],
  titles: ['¿Problemas con tu auto? {shop} te ayuda', 'Reparaciones honestas en {area}', 'Así trabajamos en {shop}'],
  hooks: {
    question: [
      { on_screen: '¿Se prendió la luz del motor?', spoken: '¿Otra vez se prendió la luz del motor? No la ignores.' },
      { on_screen: '¿Oyes un ruido raro?', spoken: '¿Escuchas un ruido raro cada vez que frenas? Vamos a revisarlo.' },
    ],
    bold_claim: [
      { on_screen: 'Reparaciones honestas, precios justos', spoken: 'Reparaciones honestas y precios justos. Esa es toda la promesa.' },
      { on_screen: 'Te explicamos antes de arreglar', spoken: 'Te explicamos cada reparación antes de tocar tu auto. Sin sorpresas.' },
    ],
    behind_the_scenes: [
      { on_screen: 'Así revisamos tu auto', spoken: 'Acompáñanos y mira cómo se ve una revisión bien hecha.' },
      { on_screen: 'Lo que revisamos siempre', spoken: 'Esto es lo que revisamos en cada auto que entra a nuestro taller.' },
    ],
    offer_first: [{ on_screen: ['{offer}', 'Una promo para tu auto'], spoken: 'Conductores, tomen nota: {offer}.' }],
    local_pride: [
      { on_screen: 'Mantenemos a {area} rodando', spoken: 'Mantenemos a {area} en movimiento, un auto a la vez.' },
      { on_screen: 'El mecánico de tu barrio', spoken: 'Todo barrio necesita un mecánico de confianza. Queremos ser el tuyo.' },
    ],
    problem_solution: [
      { on_screen: '¿Miedo a la cuenta del taller?', spoken: '¿Te da miedo lo que va a decir la cuenta del taller? Vamos a hacerlo sencillo.' },
      { on_screen: '¿Días esperando en el concesionario?', spoken: '¿Esperar días en el concesionario por un servicio sencillo? Ya no.' },
    ],
  },
  beats: {
    signature: [
      { on_screen: 'Aceite, frenos, llantas y más', spoken: 'Cambio de aceite, frenos, llantas y diagnóstico: lo de todos los días y lo complicado.' },
      { on_screen: 'Todas las marcas y modelos', spoken: 'Nacional o importado, nuevo o con sus años: tráelo.' },
      { on_screen: 'Presupuesto claro desde el inicio', spoken: 'Te damos un presupuesto claro antes de empezar cualquier trabajo.' },
    ],
    craft: [
      { on_screen: 'Diagnóstico, no adivinanzas', spoken: 'Encontramos la falla real, en vez de adivinar y cambiar piezas.' },
      { on_screen: 'Te mostramos la pieza vieja', spoken: 'Pide ver la pieza vieja y te enseñamos exactamente qué estaba mal.' },
      { on_screen: 'Revisado dos veces', spoken: 'Cada trabajo se revisa dos veces antes de devolverte las llaves.' },
    ],
    experience: [
      { on_screen: 'Te avisamos en todo momento', spoken: 'Te mantenemos al tanto mientras trabajamos, para que nunca te quedes con la duda.' },
      { on_screen: 'De vuelta al camino', spoken: 'La mayoría de los servicios de rutina quedan listos el mismo día.' },
      { on_screen: 'Claro y sin tecnicismos', spoken: 'Te hablamos claro, sin tecnicismos y sin venderte lo que no necesitas.' },
    ],
    people: [{ on_screen: 'Mecánicos con orgullo', spoken: 'Nuestros mecánicos se enorgullecen de su trabajo, y se nota en cada auto.' }],
  },
};

const health: CategoryScripts = {
  nouns: { noun: 'clínica', a_noun: 'una clínica', the_noun: 'la clínica', our_noun: 'nuestra clínica', offering: 'nuestros servicios' },
  default_cta: 'Agenda tu cita hoy',
  hashtags: ['Salud', 'Bienestar', 'ClínicaLocal', 'CuidaTuSalud', 'VidaSaludable', 'Prevención'],
  titles: ['Atención que escucha en {shop}', 'Tu equipo de salud en {area}', 'Conoce al equipo de {shop}'],
  hooks: {
    question: [
      { on_screen: '¿Sigues posponiendo tu chequeo?', spoken: '¿Llevas tiempo posponiendo ese chequeo? No eres la única persona.' },
      { on_screen: '¿Quieres que de verdad te escuchen?', spoken: '¿Quieres un equipo de salud que de verdad se tome el tiempo de escucharte?' },
    ],
    bold_claim: [
      { on_screen: 'Atención sin prisas', spoken: 'La buena atención lleva tiempo, y nunca te vamos a apurar.' },
      { on_screen: 'En confianza desde que entras', spoken: 'Desde que cruzas la puerta, queremos que te sientas en confianza.' },
    ],
    behind_the_scenes: [
      { on_screen: 'Antes de tu cita', spoken: 'Así se prepara nuestro equipo antes de que empiece tu cita.' },
      { on_screen: 'Conoce a quienes te atienden', spoken: 'Te presentamos a las personas que te reciben, te guían y te cuidan.' },
    ],
    offer_first: [{ on_screen: ['{offer}', 'Buenas noticias para tu salud'], spoken: 'Una buena noticia para tu salud este mes: {offer}.' }],
    local_pride: [
      { on_screen: 'Cuidando a {area}', spoken: 'Cuidamos a familias de todo {area}, y nos enorgullece estar aquí.' },
      { on_screen: 'Tu equipo de salud, cerca', spoken: 'Un equipo de salud cerca de casa, que te conoce por tu nombre.' },
    ],
    problem_solution: [
      { on_screen: '¿Consultas a las carreras?', spoken: '¿Ya no quieres consultas que se sienten a las carreras de principio a fin?' },
      { on_screen: '¿Semanas esperando una cita?', spoken: '¿Llevas semanas esperando una cita? Veamos qué podemos hacer.' },
    ],
  },
  beats: {
    signature: [
      { on_screen: 'Atención pensada para ti', spoken: 'Tu plan de atención se arma alrededor de ti, tu historial y tus metas.' },
      { on_screen: 'Pregunta lo que quieras', spoken: 'Trae tus preguntas. Aquí ninguna pregunta está de más.' },
      { on_screen: 'Pasos claros a seguir', spoken: 'Sales de cada visita sabiendo exactamente qué sigue.' },
    ],
    craft: [
      { on_screen: 'Profesionales con licencia', spoken: 'Te atienden profesionales con licencia que se preocupan por hacerlo bien.' },
      { on_screen: 'Limpio, tranquilo y cómodo', spoken: 'Nuestros consultorios son limpios, tranquilos y cómodos, porque eso también importa.' },
      { on_screen: 'Te explicamos, tú decides', spoken: 'Te explicamos tus opciones con palabras sencillas y decides junto con nosotros.' },
    ],
    experience: [
      { on_screen: 'Fácil de agendar', spoken: 'Agendar es fácil, y una persona de verdad te contesta cuando nos necesitas.' },
      { on_screen: 'Para toda la familia', spoken: 'De los niños a los abuelos, toda la familia es bienvenida.' },
      { on_screen: 'Siéntete mejor con tu salud', spoken: 'Nuestra meta es sencilla: que salgas sintiéndote mejor con tu salud.' },
    ],
    people: [{ on_screen: 'Un equipo que te recuerda', spoken: 'Nuestro equipo te recuerda a ti, no solo tu expediente.' }],
  },
};

const homeServices = generic(
  { noun: 'equipo de reparaciones', a_noun: 'un equipo de reparaciones', the_noun: 'el equipo', our_noun: 'nuestro equipo', offering: 'nuestros servicios' },
  'Pide tu presupuesto hoy',
  ['ServiciosParaElHogar', 'Reparaciones', 'Hogar', 'MantenimientoDelHogar', 'ExpertosLocales'],
  {
    problem: [
      { on_screen: '¿Sigues esperando esa llamada?', spoken: '¿Sigues esperando que el contratista te devuelva la llamada? Nosotros sí contestamos.' },
      { on_screen: '¿Un arreglito se volvió problema?', spoken: '¿Un arreglo pequeño se convirtió en un desastre? Vamos a resolverlo bien.' },
    ],
    signature: [{ on_screen: 'Reparaciones, instalaciones y más', spoken: 'Reparaciones, instalaciones y el mantenimiento que mantiene tu casa funcionando.' }],
    titles: ['Tu casa en buenas manos con {shop}', 'Servicios para el hogar en {area}'],
  },
);

const realEstate = generic(
  { noun: 'agencia inmobiliaria', a_noun: 'una agencia inmobiliaria', the_noun: 'la agencia', our_noun: 'nuestra agencia', offering: 'nuestras propiedades' },
  'Agenda tu asesoría',
  ['BienesRaíces', 'CasaPropia', 'Inmobiliaria', 'CasaNueva', 'ComprarCasa'],
  {
    problem: [
      { on_screen: '¿Comprar casa te abruma?', spoken: '¿Comprar casa te parece abrumador ahora mismo? Vamos paso a paso.' },
      { on_screen: '¿Cuánto vale tu casa?', spoken: '¿No sabes cuánto vale tu casa en el mercado de hoy?' },
    ],
    signature: [{ on_screen: 'Comprar, vender o rentar', spoken: 'Comprar, vender o rentar: te acompañamos en cada paso.' }],
    titles: ['Encuentra tu lugar en {area} con {shop}', '¿Piensas mudarte? Habla con {shop}'],
  },
);

const education = generic(
  { noun: 'centro de aprendizaje', a_noun: 'un centro de aprendizaje', the_noun: 'el centro', our_noun: 'nuestro centro', offering: 'nuestras clases' },
  'Inscríbete a una clase',
  ['Aprendizaje', 'Tutorías', 'Educación', 'Estudiantes', 'ClasesParticulares'],
  {
    problem: [
      { on_screen: '¿Peleas por la tarea cada noche?', spoken: '¿La tarea se convierte en pelea todas las noches? Hay una mejor manera.' },
      { on_screen: '¿Bajaron las calificaciones?', spoken: '¿Bajaron las calificaciones y la confianza se fue con ellas? Podemos ayudar.' },
    ],
    signature: [{ on_screen: 'Grupos pequeños, atención real', spoken: 'Grupos pequeños para que cada estudiante reciba atención de verdad.' }],
    titles: ['Aprender es más fácil en {shop}', 'Clases en {area} con {shop}'],
  },
);

const other = generic(
  { noun: 'negocio local', a_noun: 'un negocio local', the_noun: 'el negocio', our_noun: 'nuestro negocio', offering: 'lo que hacemos' },
  'Visítanos hoy',
  ['NegocioLocal', 'CompraLocal', 'ApoyaLoLocal', 'PequeñosNegocios', 'JoyaEscondida'],
  {
    problem: [
      { on_screen: '¿Las cadenas no te conocen?', spoken: '¿Las grandes cadenas ni siquiera saben tu nombre? Aquí sí.' },
      { on_screen: '¿Solo "está bien"? No basta.', spoken: 'Si algo solo está bien, no es suficiente. Aquí lo hacemos mejor.' },
    ],
    signature: [{ on_screen: 'Hecho con cariño, siempre', spoken: 'Vengas por lo que vengas, lo hacemos con cariño, cada vez.' }],
    titles: ['Descubre {shop}', 'Una joya escondida en {area}: {shop}'],
  },
);

export const esEs: LanguageScripts = {
  language: 'es',
  categories: {
    restaurant,
    cafe,
    bakery,
    beauty,
    fitness,
    retail,
    auto,
    health,
    home_services: homeServices,
    real_estate: realEstate,
    education,
    other,
  },
  hooks: {
    question: [
      { on_screen: '¿Buscas {a_noun} en {area}?', spoken: '¿Buscas {a_noun} en {area} que siempre lo haga bien? Quédate conmigo.' },
      { on_screen: ['¿Ya conoces {shop}?', '¿Ya nos conoces?'], spoken: '¿Todavía no conoces {shop}? Me lo vas a agradecer.' },
    ],
    bold_claim: [
      { on_screen: 'Tu nuevo lugar favorito', spoken: 'Te aviso: {shop} está por convertirse en tu nuevo lugar favorito.' },
      { on_screen: ['{shop} lo hace diferente', 'Lo hacemos diferente'], spoken: 'Muchos toman atajos. En {shop}, simplemente no.' },
    ],
    behind_the_scenes: [
      { on_screen: ['Detrás de cámaras en {shop}', 'Detrás de cámaras'], spoken: 'Ven detrás de cámaras en {shop}: esta es la parte que casi nadie ve.' },
      { on_screen: 'Antes de abrir', spoken: 'Esto es lo que pasa aquí mucho antes de que llegue el primer cliente.' },
    ],
    offer_first: [
      { on_screen: ['¡Promoción! {offer}', '{offer}', '¡Promoción!'], spoken: '¡Atención! {offer}, en {shop}.' },
      { on_screen: 'Tu pretexto para venir hoy', spoken: 'Si necesitabas un pretexto para darte un gusto hoy, aquí está.' },
      { on_screen: 'Vale cada centavo', spoken: '¿Quieres que tu dinero rinda más? Déjame mostrarte {shop}.' },
    ],
    local_pride: [
      { on_screen: 'Orgullo de {area}', spoken: 'Somos de aquí y orgullo de {area}. Esto es {shop}.' },
      { on_screen: 'De aquí, de tu barrio', spoken: 'No somos una cadena: somos tus vecinos, y esto es {shop}.' },
    ],
    problem_solution: [
      { on_screen: '¿Conformarte? Ya no.', spoken: '¿Por qué conformarte con algo que solo está bien? Ya no tienes que hacerlo.' },
      { on_screen: 'Hay una forma más fácil', spoken: 'Si siempre te cuesta más de lo que debería, hay una forma más fácil.' },
    ],
  },
  beats: {
    people: [
      { on_screen: 'Negocio local, con sus dueños', spoken: 'Somos un negocio local, y quienes lo llevamos estamos aquí todos los días.' },
      { on_screen: 'Gente real, trato real', spoken: 'Te atiende gente de verdad, que se acuerda de tu nombre.' },
    ],
    proof: [
      { on_screen: 'Los vecinos siempre regresan', spoken: 'Nuestros vecinos siempre regresan, y siempre traen a sus amigos.' },
      { on_screen: 'Crecimos de boca en boca', spoken: 'La mayoría de nuestros clientes nos encontró de la mejor manera: alguien se los recomendó.' },
    ],
    local: [
      { on_screen: 'Aquí mismo en {area}', spoken: 'Estamos aquí mismo en {area}, a la vuelta de la esquina.' },
      { on_screen: '{area} es nuestra casa', spoken: '{area} es nuestra casa, y nos encanta atender a nuestros vecinos todos los días.' },
    ],
    offer: [
      { on_screen: ['{offer}', 'La promo del mes'], spoken: 'Y este mes: {offer}.' },
      { on_screen: ['Promo: {offer}', 'Pregunta por la promo'], spoken: 'Aquí va la promo: {offer}.' },
      { on_screen: ['{offer}', 'Aprovecha esta promo'], spoken: 'Aprovecha, porque ahora mismo: {offer}.' },
    ],
    hours: [
      { on_screen: ['Horario: {hours}', 'Consulta nuestro horario'], spoken: 'Nuestro horario: {hours}.' },
      { on_screen: ['{hours}', 'Te esperamos'], spoken: 'Toma nota del horario: {hours}.' },
    ],
    visit: [
      { on_screen: ['{street}', 'Ven a visitarnos'], spoken: 'Encuéntranos en {street}.' },
      { on_screen: ['Estamos en {street}', 'Fácil de encontrar'], spoken: 'Estamos en {street}: fácil de encontrar y difícil de dejar.' },
      { on_screen: ['Llama al {phone}', 'Llámanos'], spoken: '¿Tienes preguntas? Llámanos al {phone}.' },
    ],
    vibe: [
      { on_screen: 'Ven tal como eres', spoken: 'Sin complicaciones y sin presión: ven tal como eres.', tones: ['friendly', 'calm'] },
      { on_screen: 'Pura energía', spoken: 'Aquí le ponemos energía todos los días, y lo vas a sentir en cuanto entres.', tones: ['energetic', 'playful'] },
      { on_screen: 'Cada detalle importa', spoken: 'Cuidamos cada detalle, porque tú notas la diferencia.', tones: ['premium', 'calm'] },
      { on_screen: 'Advertencia: crea hábito', spoken: 'Advertencia: puede que quieras volver más seguido de lo normal.', tones: ['playful'] },
      { on_screen: 'Sin prisas. Respira.', spoken: 'Baja el ritmo y respira. Aquí no hay prisa.', tones: ['calm'] },
      { on_screen: 'Negocio pequeño, gran corazón', spoken: 'Somos un negocio local pequeño, y cada visita de verdad nos importa.' },
    ],
  },
  calls_to_action: [
    { on_screen: '{cta}', spoken: '{cta}. Te esperamos en {shop}.' },
    { on_screen: '{cta}', spoken: '{cta}. {shop}, {street}.' },
    { on_screen: '{cta}', spoken: '{cta}. Llama al {phone} o ven a vernos.' },
    { on_screen: '{cta}', spoken: '{cta}. ¡Nos encantará conocerte!', tones: ['friendly'] },
    { on_screen: '{cta}', spoken: '{cta}. ¡No lo dejes para después!', tones: ['energetic'] },
    { on_screen: '{cta}', spoken: '{cta}. Será un placer recibirte en {shop}.', tones: ['premium'] },
    { on_screen: '{cta}', spoken: '{cta}. Tu yo del futuro te lo va a agradecer.', tones: ['playful'] },
    { on_screen: '{cta}', spoken: '{cta}, cuando tú quieras. Aquí estaremos.', tones: ['calm'] },
  ],
  titles: ['Conoce {shop}', '{shop} en {area}', 'Por qué a los vecinos les encanta {shop}', '{cta} en {shop}'],
  captions: {
    short: ['{hook_line} 👉 {cta} en {shop}.', '{hook_line} ¡{cta}!', '{hook_line} 📍 {shop}, {area}', 'Cuando por fin descubres {shop}. ¡{cta}!'],
    youtube: ['{hook} | {shop}', '{title}', '{shop} en {area}: {hook}'],
    address: '📍 {address}',
    hours: '🕒 {hours}',
    phone: '📞 {phone}',
    offer: '🎁 {offer}',
    link: '🔗 {link}',
    closing: ['{cta}. ¡Te esperamos!', '{cta}. Etiqueta a alguien que tiene que ver esto.', 'Guárdalo para después. ¡{cta}!'],
    area_topic: '{area}',
  },
  hashtags: ['CompraLocal', 'NegocioLocal', 'ApoyaLoLocal'],
  short_name_max: 28,
};
