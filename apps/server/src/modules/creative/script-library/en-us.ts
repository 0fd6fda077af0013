import type { CategoryNouns, CategoryScripts, LanguageScripts, LineTemplate } from './library-types.js';

/**
 * US English: the voice of a local shop owner talking straight to camera — warm, direct,
 * second person, short sentences. Claims stay the kind any honest shop can make (no ratings,
 * awards, prices or years in business the brief did not give).
 */

/**
 * The set for categories without their own texts: every line reads right with any of the noun
 * forms, and each category adds a few lines of its own where the generic ones would sound vague.
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
    titles: [...own.titles, 'Meet {shop}, {a_noun} that does it right', 'Why neighbors in {area} choose {shop}'],
    hooks: {
      question: [
        { on_screen: 'Looking for {a_noun} you can trust?', spoken: 'Looking for {a_noun} you can actually trust? Give me thirty seconds.' },
        { on_screen: 'Who do you call in {area}?', spoken: 'Need {a_noun} in {area}? Here is who your neighbors call.' },
      ],
      bold_claim: [
        { on_screen: 'Your new go-to {noun}', spoken: 'Save this video, because {shop} is about to be your go-to {noun}.' },
        { on_screen: 'Done right the first time', spoken: 'We do it right the first time, and we stand behind it.' },
      ],
      behind_the_scenes: [
        { on_screen: 'A day with {shop}', spoken: 'Come spend a day with us at {shop} and see how we really work.' },
        { on_screen: 'What you never get to see', spoken: "Here's the part of the job most people never get to see." },
      ],
      problem_solution: own.problem,
    },
    beats: {
      signature: [
        ...own.signature,
        { on_screen: 'Clear answers, no runaround', spoken: 'You get clear answers and a straight plan, with no runaround.' },
      ],
      craft: [
        { on_screen: 'We sweat the details', spoken: 'We sweat the small details so you never have to think about them.' },
        { on_screen: 'Experience you can feel', spoken: 'You can feel the experience in how we listen, plan and follow through.' },
        { on_screen: 'Honest advice, always', spoken: "We'll always tell you what you actually need — and what you don't." },
      ],
      experience: [
        { on_screen: 'Easy from the first call', spoken: 'From the first hello to the final handshake, we keep it easy.' },
        { on_screen: 'On time. As promised.', spoken: 'We show up when we say we will, and we do what we said we would.' },
        { on_screen: 'You are never just a number', spoken: "With us you're a neighbor, never just a ticket number." },
      ],
    },
  };
}

const restaurant: CategoryScripts = {
  nouns: { noun: 'restaurant', a_noun: 'a restaurant', the_noun: 'the restaurant', our_noun: 'our restaurant', offering: 'our menu' },
  default_cta: 'Book your table today',
  hashtags: ['LocalEats', 'Foodie', 'DinnerIdeas', 'EatLocal', 'FoodTok', 'Restaurant'],
  titles: ['Where to eat in {area}: {shop}', "Dinner plans, sorted: {shop}", "What's cooking at {shop}"],
  hooks: {
    question: [
      { on_screen: "What's for dinner tonight?", spoken: "Can't decide what's for dinner tonight? I've got you covered." },
      { on_screen: 'Hungry in {area}?', spoken: 'Hungry in {area}? This is the table you want to be sitting at.' },
    ],
    bold_claim: [
      { on_screen: "The dish you'll crave all week", spoken: "This is the dish you'll be thinking about all week. Don't say I didn't warn you." },
      { on_screen: 'Best bite of your week', spoken: 'This might be the best thing you eat all week — and it comes out of our kitchen.', tones: ['energetic', 'playful', 'friendly'] },
    ],
    behind_the_scenes: [
      { on_screen: 'Inside our kitchen', spoken: 'Step into our kitchen with me — this is where dinner really starts.' },
      { on_screen: 'Prep starts hours before you', spoken: 'Hours before the first guest sits down, our kitchen is already going.' },
    ],
    offer_first: [{ on_screen: ['{offer}', 'A deal worth sitting down for'], spoken: "Let's start with the good news: {offer}." }],
    local_pride: [
      { on_screen: 'Cooking for {area}', spoken: 'We cook for {area} — our neighbors, our regulars, our people.' },
      { on_screen: 'Your neighborhood table', spoken: 'Every neighborhood needs that one table that feels like home. This is ours.' },
    ],
    problem_solution: [
      { on_screen: 'Tired of the same takeout?', spoken: "Tired of the same old takeout? Let's fix dinner tonight." },
      { on_screen: 'Nobody can agree where to eat?', spoken: "Can't get everyone to agree on where to eat? This place ends the debate." },
    ],
  },
  beats: {
    signature: [
      { on_screen: 'Made fresh, served hot', spoken: 'Everything on our menu is made fresh and lands on your table hot.' },
      { on_screen: 'The plate everyone orders', spoken: "Ask for the house favorite. It's the plate that keeps people coming back." },
      { on_screen: 'Big flavor, honest portions', spoken: 'Big flavors and honest portions that actually fill you up.' },
    ],
    craft: [
      { on_screen: 'Cooked to order', spoken: "Your food is cooked when you order it, and that's a difference you can taste." },
      { on_screen: 'Good ingredients, treated right', spoken: 'It starts with good ingredients, and our cooks treat them right.' },
      { on_screen: 'Tasted before it leaves', spoken: 'Our cooks taste, season and adjust until every plate is just right.' },
    ],
    experience: [
      { on_screen: 'Good food, good company', spoken: 'Bring your people, grab a table, and stay a while.' },
      { on_screen: 'Date night? Family night? Yes.', spoken: "Date night, family dinner or lunch with the team — there's a seat for you." },
      { on_screen: 'Dine in or take it home', spoken: 'Eat with us or take it home — it tastes just as good on your couch.' },
    ],
    people: [{ on_screen: 'Cooked like it’s for family', spoken: 'Our team cooks every plate like it is going to our own family.' }],
    proof: [{ on_screen: 'Ask our regulars what to order', spoken: "Ask our regulars what to order and you'll get five different answers. All of them right." }],
  },
};

const cafe: CategoryScripts = {
  nouns: { noun: 'coffee shop', a_noun: 'a coffee shop', the_noun: 'the coffee shop', our_noun: 'our café', offering: 'our drinks' },
  default_cta: 'Grab your coffee today',
  hashtags: ['CoffeeShop', 'CoffeeTime', 'LocalCoffee', 'CafeVibes', 'CoffeeLover', 'LatteArt'],
  titles: ['Your new coffee spot in {area}: {shop}', 'Coffee break at {shop}', 'The cup that starts our mornings'],
  hooks: {
    question: [
      { on_screen: 'Still drinking gas station coffee?', spoken: 'Still starting your day with gas station coffee? We need to talk.' },
      { on_screen: 'Need a spot to slow down?', spoken: 'Need a spot to slow down, sip something good and just breathe?' },
    ],
    bold_claim: [
      { on_screen: 'The latte worth getting up for', spoken: 'This is the latte worth setting your alarm early for.' },
      { on_screen: 'Your morning just got better', spoken: "Your morning routine is about to get a serious upgrade. Here's how." },
    ],
    behind_the_scenes: [
      { on_screen: 'Before we unlock the door', spoken: "This is our café before we unlock the door — grinders on, milk steaming." },
      { on_screen: 'How we dial in the espresso', spoken: 'Every morning we dial in the espresso before anyone gets a single sip.' },
    ],
    offer_first: [{ on_screen: ['{offer}', 'Coffee deal, right this way'], spoken: 'Coffee lovers, listen up: {offer}.' }],
    local_pride: [
      { on_screen: "{area}'s coffee stop", spoken: "We've been pouring coffee for {area} one cup at a time." },
      { on_screen: 'Your neighborhood coffee bar', spoken: 'This is your neighborhood coffee bar, where the baristas learn your order.' },
    ],
    problem_solution: [
      { on_screen: 'Afternoon slump?', spoken: "Hit that afternoon slump? We've got the fix, and it comes with foam." },
      { on_screen: 'No place to work in peace?', spoken: 'Tired of working from a noisy kitchen table? Bring the laptop here.' },
    ],
  },
  beats: {
    signature: [
      { on_screen: 'Espresso pulled with care', spoken: 'Every shot is pulled with care and tasted before it reaches your cup.' },
      { on_screen: 'Something for every order', spoken: 'Cold brew, oat milk lattes, tea for the non-coffee crowd — we have you covered.' },
      { on_screen: 'Latte art, every single time', spoken: 'Yes, we still do latte art on every cup. It just tastes better.' },
    ],
    craft: [
      { on_screen: 'Ground fresh for every cup', spoken: 'We grind fresh for every cup, because coffee fades fast once it is ground.' },
      { on_screen: 'Milk steamed just right', spoken: 'Our baristas steam the milk silky smooth, never scalded.' },
      { on_screen: 'Baked goods to match', spoken: 'And something sweet on the side, because coffee is better with company.' },
    ],
    experience: [
      { on_screen: 'Cozy corners, good Wi-Fi', spoken: 'Cozy corners, good light and Wi-Fi that actually works.' },
      { on_screen: 'Grab and go, or stay a while', spoken: "In a rush? Grab and go. Got time? Stay as long as you like." },
      { on_screen: 'Meet a friend here', spoken: 'The best catch-ups happen over a warm cup at a corner table.' },
    ],
    people: [{ on_screen: 'Baristas who know your order', spoken: 'Come in twice and our baristas will start remembering your order.' }],
  },
};

const bakery: CategoryScripts = {
  nouns: { noun: 'bakery', a_noun: 'a bakery', the_noun: 'the bakery', our_noun: 'our bakery', offering: 'our bakes' },
  default_cta: 'Come grab something fresh',
  hashtags: ['Bakery', 'FreshBread', 'LocalBakery', 'Pastry', 'BakedFresh', 'SweetTreats'],
  titles: ['Fresh from the oven at {shop}', 'The bakery {area} wakes up for', 'What we baked this morning'],
  hooks: {
    question: [
      { on_screen: 'Ever had bread still warm?', spoken: 'When was the last time you bought bread that was still warm?' },
      { on_screen: 'Need a cake for this weekend?', spoken: 'Got a birthday or a party coming up and still need a cake?' },
    ],
    bold_claim: [
      { on_screen: 'Warm croissants. Need we say more?', spoken: 'Flaky, buttery, still warm. Honestly, that is the whole pitch.' },
      { on_screen: 'You can smell this video', spoken: 'If you could smell this video, you would already be in the car.', tones: ['playful', 'energetic', 'friendly'] },
    ],
    behind_the_scenes: [
      { on_screen: 'Before sunrise at the bakery', spoken: 'While most of the neighborhood is asleep, our ovens are already warming up.' },
      { on_screen: 'Watch this dough', spoken: 'Watch this dough, because it has been getting ready since last night.' },
    ],
    offer_first: [{ on_screen: ['{offer}', 'Fresh deal from our ovens'], spoken: 'Fresh out of the oven and fresh off the press: {offer}.' }],
    local_pride: [
      { on_screen: 'Baking for {area}', spoken: "Every morning we bake for {area}, and we wouldn't have it any other way." },
      { on_screen: 'Your corner bakery', spoken: 'Every street deserves a corner bakery like this one.' },
    ],
    problem_solution: [
      { on_screen: 'Sad supermarket bread?', spoken: "If your bread comes in a plastic bag with a long expiration date, we've got a better way." },
      { on_screen: 'Last-minute dessert panic?', spoken: 'Forgot dessert for tonight? Relax. We baked it this morning.' },
    ],
  },
  beats: {
    signature: [
      { on_screen: 'Baked fresh every morning', spoken: 'Everything on our shelves was baked fresh this morning.' },
      { on_screen: 'Crusty outside, soft inside', spoken: 'Crusty on the outside, soft and airy inside — the way bread should be.' },
      { on_screen: 'Cakes for every celebration', spoken: 'Birthdays, showers, just-because Tuesdays: we bake the cake for it.' },
    ],
    craft: [
      { on_screen: 'Slow dough, better flavor', spoken: 'We give our dough time to rest, because time is where the flavor comes from.' },
      { on_screen: 'Shaped by hand', spoken: 'Every loaf and pastry is shaped by hand, one at a time.' },
      { on_screen: 'Real butter. Lots of it.', spoken: "We bake with real butter, and yes, you can taste it in every layer." },
    ],
    experience: [
      { on_screen: 'Come early for the best pick', spoken: 'Come early for the full selection. Our favorites go fast.' },
      { on_screen: 'Coffee and a pastry, perfect', spoken: 'Grab a pastry, grab a coffee and give yourself five quiet minutes.' },
      { on_screen: 'A box for the office', spoken: 'Bring a box to the office and watch how fast you become everyone’s favorite.' },
    ],
    people: [{ on_screen: 'Bakers up before the sun', spoken: 'Our bakers start before sunrise so your breakfast is ready when you are.' }],
  },
};

const beauty: CategoryScripts = {
  nouns: { noun: 'salon', a_noun: 'a salon', the_noun: 'the salon', our_noun: 'our salon', offering: 'our services' },
  default_cta: 'Book your appointment today',
  hashtags: ['BeautySalon', 'SelfCare', 'HairGoals', 'NailInspo', 'GlowUp', 'SalonLife'],
  titles: ['Glow-up time at {shop}', 'Your self-care spot in {area}', 'Fresh look, same you: {shop}'],
  hooks: {
    question: [
      { on_screen: 'When did you last treat yourself?', spoken: 'Be honest — when was the last time you actually treated yourself?' },
      { on_screen: 'Ready for a fresh look?', spoken: 'Thinking about a change but not sure where to start? Let’s talk.' },
    ],
    bold_claim: [
      { on_screen: 'Walk in tired, leave glowing', spoken: 'You walk in tired, you walk out glowing. That is the deal.' },
      { on_screen: 'The glow-up you deserve', spoken: 'You deserve the glow-up, and we are here to make it happen.', tones: ['energetic', 'playful', 'friendly'] },
    ],
    behind_the_scenes: [
      { on_screen: 'Watch this transformation', spoken: 'Stick around until the end of this one. The before and after is worth it.' },
      { on_screen: 'Getting the chair ready', spoken: 'Here is how we get ready before you ever sit in our chair.' },
    ],
    offer_first: [{ on_screen: ['{offer}', 'A little treat for you'], spoken: 'Treat yourself, because right now: {offer}.' }],
    local_pride: [
      { on_screen: "{area}'s self-care spot", spoken: "We're {area}'s spot for a little time that is just for you." },
      { on_screen: 'Your neighborhood salon', spoken: 'Your neighborhood salon, where the chair is comfy and the chat is better.' },
    ],
    problem_solution: [
      { on_screen: 'Bad hair day, every day?', spoken: 'Feel like every day is a bad hair day? That stops here.' },
      { on_screen: 'No time for self-care?', spoken: 'Too busy for self-care? We make the time count.' },
    ],
  },
  beats: {
    signature: [
      { on_screen: 'A look made for you', spoken: 'We start by listening, then create a look that actually fits your life.' },
      { on_screen: 'Color, cuts, nails and more', spoken: 'Color, cuts, nails and brows — all in one relaxing visit.' },
      { on_screen: 'Results you’ll love for weeks', spoken: 'A finish that still looks great weeks later, not just on day one.' },
    ],
    craft: [
      { on_screen: 'Trained hands, steady work', spoken: 'Our stylists keep training, so you get today’s techniques done with care.' },
      { on_screen: 'Clean tools, every client', spoken: 'Tools are cleaned and stations reset for every single client.' },
      { on_screen: 'Products we trust', spoken: 'We only use products we would happily use on ourselves.' },
    ],
    experience: [
      { on_screen: 'Sit back. Breathe. Relax.', spoken: 'Sit back, put your phone down and let us take it from here.' },
      { on_screen: 'Leave feeling brand new', spoken: 'Catch your reflection on the way out. That smile is the whole point.' },
      { on_screen: 'Bring a friend along', spoken: 'Book side by side with a friend and make an afternoon of it.' },
    ],
    people: [{ on_screen: 'Stylists who really listen', spoken: 'Our stylists ask before they cut, and they really listen to the answer.' }],
  },
};

const fitness: CategoryScripts = {
  nouns: { noun: 'gym', a_noun: 'a gym', the_noun: 'the gym', our_noun: 'our gym', offering: 'our classes' },
  default_cta: 'Try your first class',
  hashtags: ['Fitness', 'GymLife', 'WorkoutMotivation', 'FitFam', 'LocalGym', 'StrongerTogether'],
  titles: ['Train with us at {shop}', 'A workout in {area} you will actually enjoy', 'Inside {shop}'],
  hooks: {
    question: [
      { on_screen: 'Gym feel intimidating?', spoken: 'Does walking into a gym feel intimidating? It really does not have to.' },
      { on_screen: 'Ready to actually stick with it?', spoken: 'How many times have you started over? Let’s make this the last time.' },
    ],
    bold_claim: [
      { on_screen: 'Your strongest year starts here', spoken: 'Your strongest year starts right here, one session at a time.' },
      { on_screen: 'No judgment. Just progress.', spoken: 'No judgment, no egos. Just people getting a little better every week.' },
    ],
    behind_the_scenes: [
      { on_screen: ['Early mornings at {shop}', 'Early mornings here'], spoken: 'This is what an early morning looks like at {shop}. Spoiler: the energy is real.' },
      { on_screen: 'How we plan your workout', spoken: 'Every class you take was planned by a coach before you walked in.' },
    ],
    offer_first: [{ on_screen: ['{offer}', 'Start strong with this deal'], spoken: 'If you have been waiting for a sign: {offer}.' }],
    local_pride: [
      { on_screen: "{area}'s training crew", spoken: 'This is where {area} comes to sweat, laugh and get stronger together.' },
      { on_screen: 'Your neighborhood gym', spoken: 'Your neighborhood gym, where people actually say hi.' },
    ],
    problem_solution: [
      { on_screen: 'Paying for a gym you never use?', spoken: 'Paying for a gym membership you never use? Let’s change that.' },
      { on_screen: 'Bored of working out alone?', spoken: 'Bored of working out alone with your headphones? Come train with a crew.' },
    ],
  },
  beats: {
    signature: [
      { on_screen: 'Classes for every level', spoken: 'First workout ever or training for a race, there is a class for your level.' },
      { on_screen: 'Coaches who correct your form', spoken: 'Our coaches watch your form so you get stronger without getting hurt.' },
      { on_screen: 'Strength, cardio, mobility', spoken: 'Strength, cardio and mobility, all in one place.' },
    ],
    craft: [
      { on_screen: 'Programs that build week by week', spoken: 'Our programs build week by week, so you can actually see your progress.' },
      { on_screen: 'Every move can be scaled', spoken: 'Every move can be scaled up or down to meet you where you are.' },
      { on_screen: 'Clean, well-kept equipment', spoken: 'The equipment is clean, well kept and ready when you are.' },
    ],
    experience: [
      { on_screen: 'The crew will cheer you on', spoken: 'Finish your first class and the whole room will cheer you on.' },
      { on_screen: 'Leave sweaty and proud', spoken: 'You will leave sweaty, a little tired and really proud of yourself.' },
      { on_screen: 'Fits a busy schedule', spoken: 'Short, focused sessions that fit into an actual busy schedule.' },
    ],
    people: [{ on_screen: 'Coaches who know your name', spoken: 'Our coaches learn your name, your goals and your excuses.', tones: ['playful', 'friendly', 'energetic'] }],
  },
};

const retail: CategoryScripts = {
  nouns: { noun: 'shop', a_noun: 'a shop', the_noun: 'the shop', our_noun: 'our shop', offering: 'our collection' },
  default_cta: 'Stop by and shop today',
  hashtags: ['ShopLocal', 'ShopSmall', 'NewArrivals', 'Boutique', 'GiftIdeas', 'LocalShop'],
  titles: ['New in at {shop}', 'Shop small in {area}: {shop}', 'The finds everyone asks about'],
  hooks: {
    question: [
      { on_screen: 'Need a gift that isn’t boring?', spoken: 'Need a gift that is not another boring gift card?' },
      { on_screen: 'Seen what just came in?', spoken: 'Have you seen what just landed on our shelves? Look at this.' },
    ],
    bold_claim: [
      { on_screen: 'You won’t find these online', spoken: 'These are the finds you will not scroll past on a big-box website.' },
      { on_screen: 'Your new favorite shop', spoken: 'Fair warning: {shop} is about to become your favorite place to browse.' },
    ],
    behind_the_scenes: [
      { on_screen: 'Unboxing new arrivals', spoken: 'Unboxing this week’s new arrivals with you. Tell me your favorite.' },
      { on_screen: 'How we pick every item', spoken: 'Every single item in here was picked by hand. Here is how we choose.' },
    ],
    offer_first: [{ on_screen: ['{offer}', 'A deal you’ll want to see'], spoken: 'Shoppers, this one is for you: {offer}.' }],
    local_pride: [
      { on_screen: 'Shop small in {area}', spoken: 'When you shop with us, your money stays right here in {area}.' },
      { on_screen: 'Local, independent, proud', spoken: 'We are local, independent and proud of every shelf in this store.' },
    ],
    problem_solution: [
      { on_screen: 'Tired of returns and bad fits?', spoken: 'Tired of ordering online and sending half of it back?' },
      { on_screen: 'Everything looks the same?', spoken: 'Feel like every store sells the exact same things? Not this one.' },
    ],
  },
  beats: {
    signature: [
      { on_screen: 'Hand-picked, not mass-made', spoken: 'Hand-picked pieces you will not see on everyone else.' },
      { on_screen: 'New arrivals every week', spoken: 'New things arrive every week, so there is always something to discover.' },
      { on_screen: 'Gifts sorted in minutes', spoken: 'Tell us who it is for and we will help you find the perfect gift.' },
    ],
    craft: [
      { on_screen: 'Quality you can feel', spoken: 'Pick it up and you will feel the difference in quality right away.' },
      { on_screen: 'Try it before you buy', spoken: 'Touch it, try it on, see it in real light before you buy it.' },
      { on_screen: 'Gift wrap on the house', spoken: 'Ask us to wrap it and you will walk out with something ready to give.' },
    ],
    experience: [
      { on_screen: 'Browse without pressure', spoken: 'Browse at your own pace. No pressure, just good stuff.' },
      { on_screen: 'Advice from people who care', spoken: 'Ask us anything. We actually know the products we sell.' },
      { on_screen: 'Way more fun than scrolling', spoken: 'Honestly, it is way more fun than scrolling through another website.' },
    ],
  },
};

const auto: CategoryScripts = {
  nouns: { noun: 'auto shop', a_noun: 'an auto shop', the_noun: 'the auto shop', our_noun: 'our shop', offering: 'our repairs' },
  default_cta: 'Book your service today',
  hashtags: ['AutoRepair', 'CarCare', 'Mechanic', 'CarMaintenance', 'LocalMechanic', 'AutoShop'],
  titles: ['Car trouble? {shop} has you covered', 'Honest auto repair in {area}', 'Inside the shop at {shop}'],
  hooks: {
    question: [
      { on_screen: 'Is that check engine light on?', spoken: 'Is that check engine light staring at you again? Don’t ignore it.' },
      { on_screen: 'Hear a weird noise lately?', spoken: 'Hearing a strange noise every time you brake? Let’s take a look.' },
    ],
    bold_claim: [
      { on_screen: 'Honest repairs. Fair prices.', spoken: 'Honest repairs and fair prices. That is the whole promise.' },
      { on_screen: 'We explain before we fix', spoken: 'We explain every repair before we touch your car. No surprises.' },
    ],
    behind_the_scenes: [
      { on_screen: 'Under the hood with us', spoken: 'Come under the hood with us and see what a proper inspection looks like.' },
      { on_screen: 'What a real inspection is', spoken: 'This is what we check on every car that rolls into our bay.' },
    ],
    offer_first: [{ on_screen: ['{offer}', 'A deal for your car'], spoken: 'Drivers, take note: {offer}.' }],
    local_pride: [
      { on_screen: 'Keeping {area} on the road', spoken: 'We keep {area} on the road, one car at a time.' },
      { on_screen: 'Your neighborhood mechanic', spoken: 'Every neighborhood needs a mechanic it can trust. We want to be yours.' },
    ],
    problem_solution: [
      { on_screen: 'Scared of the repair bill?', spoken: 'Scared of what the repair bill might say? Let’s make it simple.' },
      { on_screen: 'Dealer service taking forever?', spoken: 'Tired of waiting days at the dealer for a simple service?' },
    ],
  },
  beats: {
    signature: [
      { on_screen: 'Oil, brakes, tires and more', spoken: 'Oil changes, brakes, tires, diagnostics. We handle the everyday and the tricky.' },
      { on_screen: 'All makes and models', spoken: 'Domestic or import, new or older, bring it in.' },
      { on_screen: 'A clear quote up front', spoken: 'You get a clear quote before any work starts.' },
    ],
    craft: [
      { on_screen: 'Diagnosed, not guessed', spoken: 'We diagnose the actual problem instead of guessing and swapping parts.' },
      { on_screen: 'We show you the old part', spoken: 'Ask to see the old part and we will show you exactly what was wrong.' },
      { on_screen: 'Done right, checked twice', spoken: 'Every job gets a second look before the keys go back to you.' },
    ],
    experience: [
      { on_screen: 'Updates by text or call', spoken: 'We keep you updated while we work, so you are never left guessing.' },
      { on_screen: 'Back on the road fast', spoken: 'Most everyday services get you back on the road the same day.' },
      { on_screen: 'Straight talk, no jargon', spoken: 'Straight talk, plain English, and no upselling you do not need.' },
    ],
    people: [{ on_screen: 'Mechanics who take pride', spoken: 'Our mechanics take pride in the work, and it shows in every car.' }],
  },
};

const health: CategoryScripts = {
  nouns: { noun: 'clinic', a_noun: 'a clinic', the_noun: 'the clinic', our_noun: 'our clinic', offering: 'our care' },
  default_cta: 'Book your visit today',
  hashtags: ['HealthyLiving', 'Wellness', 'LocalClinic', 'SelfCare', 'HealthTips', 'CareTeam'],
  titles: ['Care that listens at {shop}', 'Your wellness team in {area}', 'Meet the team at {shop}'],
  hooks: {
    question: [
      { on_screen: 'Putting off that checkup?', spoken: 'Been putting off that checkup for a while now? You are not alone.' },
      { on_screen: 'Want a care team that listens?', spoken: 'Want a care team that actually takes the time to listen?' },
    ],
    bold_claim: [
      { on_screen: 'Care that takes its time', spoken: 'Good care takes time, and we never rush yours.' },
      { on_screen: 'Feel at ease from the door', spoken: 'From the moment you walk in, we want you to feel at ease.' },
    ],
    behind_the_scenes: [
      { on_screen: 'Before your appointment', spoken: 'Here is how our team gets ready before your appointment even starts.' },
      { on_screen: 'Meet the people behind the desk', spoken: 'Meet the people who will greet you, guide you and look after you.' },
    ],
    offer_first: [{ on_screen: ['{offer}', 'Good news for your health'], spoken: 'A bit of good news for your health this month: {offer}.' }],
    local_pride: [
      { on_screen: 'Caring for {area}', spoken: 'We care for families all across {area}, and we are proud to be here.' },
      { on_screen: 'Your neighborhood care team', spoken: 'A care team close to home, that knows you by name.' },
    ],
    problem_solution: [
      { on_screen: 'Tired of rushed appointments?', spoken: 'Tired of appointments that feel like a rush from start to finish?' },
      { on_screen: 'Waiting weeks to be seen?', spoken: 'Waiting weeks just to get an appointment? Let’s see what we can do.' },
    ],
  },
  beats: {
    signature: [
      { on_screen: 'Care built around you', spoken: 'Your care plan is built around you, your history and your goals.' },
      { on_screen: 'Questions always welcome', spoken: 'Bring your questions. There are no silly ones here.' },
      { on_screen: 'Clear next steps', spoken: 'You leave every visit knowing exactly what comes next.' },
    ],
    craft: [
      { on_screen: 'Licensed, caring professionals', spoken: 'You are looked after by licensed professionals who care about getting it right.' },
      { on_screen: 'Clean, calm and comfortable', spoken: 'Our rooms are clean, calm and comfortable, because that matters too.' },
      { on_screen: 'We explain, you decide', spoken: 'We explain your options in plain words, and you decide together with us.' },
    ],
    experience: [
      { on_screen: 'Easy to book, easy to reach', spoken: 'Booking is easy, and a real person answers when you need us.' },
      { on_screen: 'Welcoming for the whole family', spoken: 'From kids to grandparents, the whole family is welcome here.' },
      { on_screen: 'Feel better about your health', spoken: 'Our goal is simple: you walk out feeling better about your health.' },
    ],
    people: [{ on_screen: 'A team that remembers you', spoken: 'Our team remembers you, not just your file.' }],
  },
};

const homeServices = generic(
  { noun: 'home service pro', a_noun: 'a home service pro', the_noun: 'the home service pros', our_noun: 'our crew', offering: 'our work' },
  'Get your estimate today',
  ['HomeServices', 'HomeImprovement', 'HomeRepair', 'LocalPros', 'HomeOwner', 'FixItRight'],
  {
    problem: [
      { on_screen: 'Still waiting on a callback?', spoken: 'Still waiting on that contractor to call you back? We actually pick up.' },
      { on_screen: 'Small fix turned big mess?', spoken: 'Did a small fix turn into a big mess? Let’s sort it out properly.' },
    ],
    signature: [{ on_screen: 'Repairs, installs, upkeep', spoken: 'Repairs, installs and the upkeep that keeps your home running smoothly.' }],
    titles: ['Home repairs done right by {shop}', 'Your home pros in {area}'],
  },
);

const realEstate = generic(
  { noun: 'real estate team', a_noun: 'a real estate team', the_noun: 'the real estate team', our_noun: 'our team', offering: 'our listings' },
  'Book your consultation',
  ['RealEstate', 'HomeBuying', 'JustListed', 'DreamHome', 'Realtor', 'HomeForSale'],
  {
    problem: [
      { on_screen: 'Buying feels overwhelming?', spoken: 'Does buying a home feel completely overwhelming right now? Let’s slow it down.' },
      { on_screen: 'Not sure what your home is worth?', spoken: 'Not sure what your home is really worth in today’s market?' },
    ],
    signature: [{ on_screen: 'Buying, selling, renting', spoken: 'Buying, selling or renting, we guide you through every step.' }],
    titles: ['Find your place in {area} with {shop}', 'Thinking of moving? Talk to {shop}'],
  },
);

const education = generic(
  { noun: 'learning center', a_noun: 'a learning center', the_noun: 'the learning center', our_noun: 'our center', offering: 'our classes' },
  'Sign up for a class',
  ['Learning', 'Tutoring', 'StudyTips', 'AfterSchool', 'Education', 'KidsLearning'],
  {
    problem: [
      { on_screen: 'Homework battles every night?', spoken: 'Homework turning into a battle every single night? There is a better way.' },
      { on_screen: 'Grades slipping this term?', spoken: 'Grades slipping and confidence going with them? We can help turn that around.' },
    ],
    signature: [{ on_screen: 'Small groups, real attention', spoken: 'Small groups mean every student gets real attention, every class.' }],
    titles: ['Learning that clicks at {shop}', 'Classes in {area} at {shop}'],
  },
);

const other = generic(
  { noun: 'local spot', a_noun: 'a local spot', the_noun: 'the place', our_noun: 'our place', offering: 'what we do' },
  'Come see us today',
  ['ShopLocal', 'SmallBusiness', 'LocalBusiness', 'SupportLocal', 'HiddenGem'],
  {
    problem: [
      { on_screen: 'Tired of big, faceless chains?', spoken: 'Tired of big chains that do not know your name? Same here.' },
      { on_screen: 'Settling for just okay?', spoken: 'Still settling for just okay? You really do not have to.' },
    ],
    signature: [{ on_screen: 'Made with care, every time', spoken: 'Whatever you come in for, it is done with care, every single time.' }],
    titles: ['Discover {shop}', 'A hidden gem in {area}: {shop}'],
  },
);

export const enUs: LanguageScripts = {
  language: 'en',
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
      { on_screen: 'Looking for {a_noun} in {area}?', spoken: 'Looking for {a_noun} in {area} that gets it right every time? Stay with me.' },
      { on_screen: 'Ever heard of {shop}?', spoken: 'Have you heard of {shop} yet? If not, you are about to thank me.' },
    ],
    bold_claim: [
      { on_screen: 'Your new favorite {noun}', spoken: 'Fair warning: {shop} is about to become your new favorite {noun}.' },
      { on_screen: ['{shop} does it differently', 'We do it differently'], spoken: 'Plenty of places cut corners. At {shop}, we simply do not.' },
    ],
    behind_the_scenes: [
      { on_screen: ['Behind the scenes at {shop}', 'Behind the scenes'], spoken: 'Come behind the scenes at {shop}. This is the part nobody usually sees.' },
      { on_screen: 'Before the doors open', spoken: 'This is what happens here long before the first customer walks in.' },
    ],
    offer_first: [
      { on_screen: ['Deal alert: {offer}', '{offer}', 'Deal alert'], spoken: 'Deal alert: {offer}, at {shop}.' },
      { on_screen: 'Your reason to come in today', spoken: 'If you needed a reason to treat yourself today, here it is.' },
      { on_screen: 'Worth every penny', spoken: 'Want the most for your money? Let me show you {shop}.' },
    ],
    local_pride: [
      { on_screen: 'Proudly {area}', spoken: 'Proudly local, proudly {area}. This is {shop}.' },
      { on_screen: 'Locally owned, right here', spoken: 'We are not a chain. We are your neighbors, and this is {shop}.' },
    ],
    problem_solution: [
      { on_screen: 'Tired of settling?', spoken: 'Tired of settling for just okay? You do not have to anymore.' },
      { on_screen: 'There’s an easier way', spoken: 'If it always feels harder than it should be, there is an easier way.' },
    ],
  },
  beats: {
    people: [
      { on_screen: 'Locally owned and run', spoken: 'We are locally owned, and the people who run this place are right here every day.' },
      { on_screen: 'Real people, real care', spoken: 'You are taken care of by real people who remember your name.' },
    ],
    proof: [
      { on_screen: 'Neighbors keep coming back', spoken: 'Our neighbors keep coming back, and they keep bringing their friends.' },
      { on_screen: 'Built on word of mouth', spoken: 'Most of our customers found us the best way: a friend told them.' },
    ],
    local: [
      { on_screen: 'Right here in {area}', spoken: 'We are right here in {area}, just around the corner from you.' },
      { on_screen: '{area} is home', spoken: '{area} is home, and we are proud to serve it every day.' },
    ],
    offer: [
      { on_screen: ['{offer}', 'This month’s deal'], spoken: 'And this month: {offer}.' },
      { on_screen: ['Deal: {offer}', 'Ask about our deal'], spoken: 'Here is the deal: {offer}.' },
      { on_screen: ['{offer}', 'While it lasts'], spoken: 'Quick heads-up: {offer}, while it lasts.' },
    ],
    hours: [
      { on_screen: ['Hours: {hours}', 'Check our hours'], spoken: 'Here is when to find us: {hours}.' },
      { on_screen: ['{hours}', 'Open and ready for you'], spoken: 'Our hours are {hours}.' },
    ],
    visit: [
      { on_screen: ['{street}', 'Come see us'], spoken: 'Find us at {street}.' },
      { on_screen: ['Find us: {street}', 'Easy to find'], spoken: 'We are at {street}. Easy to find, hard to leave.' },
      { on_screen: ['Call {phone}', 'Give us a call'], spoken: 'Questions first? Call us at {phone}.' },
    ],
    vibe: [
      { on_screen: 'Come as you are', spoken: 'No fuss and no pressure. Just come as you are.', tones: ['friendly', 'calm'] },
      { on_screen: 'Bring the energy', spoken: 'We bring the energy every single day, and you will feel it the second you walk in.', tones: ['energetic', 'playful'] },
      { on_screen: 'Every detail matters', spoken: 'Every detail is considered, because you notice the difference.', tones: ['premium', 'calm'] },
      { on_screen: 'Warning: highly addictive', spoken: 'Warning: side effects include coming back way too often.', tones: ['playful'] },
      { on_screen: 'Slow down. Breathe.', spoken: 'Slow down and take a breath. There is no rush here.', tones: ['calm'] },
      { on_screen: 'Small business, big heart', spoken: 'We are a small local business, and every visit genuinely matters to us.' },
    ],
  },
  calls_to_action: [
    { on_screen: '{cta}', spoken: '{cta}. We will see you at {shop}.' },
    { on_screen: '{cta}', spoken: '{cta}. {shop}, {street}.' },
    { on_screen: '{cta}', spoken: '{cta}. Call {phone} or just stop by.' },
    { on_screen: '{cta}', spoken: '{cta}! Can’t wait to meet you.', tones: ['friendly'] },
    { on_screen: '{cta}', spoken: '{cta}, and don’t wait on this one!', tones: ['energetic'] },
    { on_screen: '{cta}', spoken: '{cta}. We look forward to welcoming you at {shop}.', tones: ['premium'] },
    { on_screen: '{cta}', spoken: '{cta}. Your future self says thank you.', tones: ['playful'] },
    { on_screen: '{cta}', spoken: '{cta}, whenever you are ready. We will be here.', tones: ['calm'] },
  ],
  titles: ['Meet {shop}', '{shop} in {area}', 'Why locals love {shop}', '{cta} at {shop}'],
  captions: {
    short: ['{hook_line} 👉 {cta} at {shop}.', '{hook_line} {cta}!', '{hook_line} 📍 {shop}, {area}', 'POV: you just found {shop}. {cta}!'],
    youtube: ['{hook} | {shop}', '{title}', '{shop} in {area}: {hook}'],
    address: '📍 {address}',
    hours: '🕒 {hours}',
    phone: '📞 {phone}',
    offer: '🎁 {offer}',
    link: '🔗 {link}',
    closing: ['{cta}. See you soon!', '{cta}. Tag someone who needs to see this.', 'Save this for later. {cta}!'],
    area_topic: '{area}',
  },
  hashtags: ['ShopLocal', 'SmallBusiness', 'SupportLocal'],
  short_name_max: 28,
};
