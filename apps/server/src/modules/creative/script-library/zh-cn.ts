import type { CategoryNouns, CategoryScripts, LanguageScripts, LineTemplate } from './library-types.js';

/**
 * 简体中文：抖音、小红书上本地小店的口播腔调——像店主对着镜头跟街坊聊天，句子短、口语化，
 * 有"看完这条""别犹豫"这种节奏，但不堆网络梗。屏幕字幕尽量短（十几个字），念白按中文
 * 每秒约五个字的语速控制长度。不编造店家没给的数字、排名和年份。
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
    titles: [...own.titles, '认识一下{shop}', '{area}的街坊为什么选{shop}'],
    hooks: {
      question: [
        { on_screen: '想找靠谱的{noun}？', spoken: '想找一家真正靠谱的{noun}？给我三十秒。' },
        { on_screen: '在{area}找{noun}？', spoken: '在{area}找{noun}的，看看街坊们都找谁。' },
      ],
      bold_claim: [
        { on_screen: '你的新首选', spoken: '建议先收藏，{shop}很可能会成为你的首选。' },
        { on_screen: '一次就做好', spoken: '我们力求一次就做好，做完的活儿我们负责到底。' },
      ],
      behind_the_scenes: [
        { on_screen: ['跟{shop}过一天', '跟我们过一天'], spoken: '跟着我们在{shop}过一天，看看我们平时是怎么干活的。' },
        { on_screen: '你平时看不到的部分', spoken: '这是我们工作里，大多数人从来看不到的那一部分。' },
      ],
      problem_solution: own.problem,
    },
    beats: {
      signature: [...own.signature, { on_screen: '说清楚 不绕弯', spoken: '给你清楚的答复和简单的方案，不绕弯子。' }],
      craft: [
        { on_screen: '细节我们来操心', spoken: '小细节我们来操心，你就不用费心了。' },
        { on_screen: '经验看得见', spoken: '我们怎么听、怎么规划、怎么落实，经验都看得见。' },
        { on_screen: '只说实话', spoken: '你需要什么、不需要什么，我们都跟你实话实说。' },
      ],
      experience: [
        { on_screen: '从头到尾都省心', spoken: '从第一次联系到最后完工，全程都很省心。' },
        { on_screen: '准时 守信', spoken: '说几点到就几点到，答应的事一定做到。' },
        { on_screen: '你不只是一个单号', spoken: '在我们这儿，你是街坊邻居，不只是一个订单号。' },
      ],
    },
  };
}

const restaurant: CategoryScripts = {
  nouns: { noun: '餐厅', a_noun: '一家餐厅', the_noun: '这家餐厅', our_noun: '我们店', offering: '我们的菜' },
  default_cta: '现在就来订座',
  hashtags: ['探店', '本地美食', '美食推荐', '吃货日常', '同城美食', '餐厅推荐'],
  titles: ['{area}吃什么？来{shop}就对了', '今晚的饭，{shop}包了', '{shop}后厨探秘'],
  hooks: {
    question: [
      { on_screen: '今晚吃什么？', spoken: '今晚吃什么又不知道？别纠结了，跟着我走。' },
      { on_screen: '在{area}不知道吃啥？', spoken: '在{area}不知道吃什么的，这条视频一定要看完。' },
    ],
    bold_claim: [
      { on_screen: '吃完会想一整周', spoken: '说真的，这道菜吃一次，你会惦记一整个礼拜。' },
      { on_screen: '这周吃过最香的一口', spoken: '这可能是你这周吃过最香的一口，不信你来试试。', tones: ['energetic', 'playful', 'friendly'] },
    ],
    behind_the_scenes: [
      { on_screen: '带你看看我们后厨', spoken: '带大家进我们后厨看看，好吃的饭菜都是从这儿开始的。' },
      { on_screen: '开门前几个小时', spoken: '客人还没到，我们后厨几个小时前就已经忙起来了。' },
    ],
    offer_first: [{ on_screen: ['{offer}', '福利来了'], spoken: '先说好消息：{offer}。' }],
    local_pride: [
      { on_screen: '给{area}街坊做饭', spoken: '我们就给{area}的街坊邻居做饭，做的都是熟客爱吃的口味。' },
      { on_screen: '家门口的好饭馆', spoken: '每个街区都需要一家像家一样的饭馆，这就是我们。' },
    ],
    problem_solution: [
      { on_screen: '外卖吃腻了？', spoken: '外卖天天吃，是不是早就吃腻了？今晚换个吃法。' },
      { on_screen: '聚餐选店总商量半天？', spoken: '一家人聚餐，每次选店都要商量半天？来这儿，一次搞定。' },
    ],
  },
  beats: {
    signature: [
      { on_screen: '现点现做 热乎上桌', spoken: '我们家每道菜都是现点现做，端上桌还冒着热气。' },
      { on_screen: '回头客必点招牌', spoken: '来了一定要点招牌菜，好多回头客就是冲它来的。' },
      { on_screen: '味道足 分量实在', spoken: '味道足、分量实在，一个人来也能吃得饱饱的。' },
    ],
    craft: [
      { on_screen: '下单才开火', spoken: '你下单我们才开火，新鲜不新鲜，一口就能吃出来。' },
      { on_screen: '好食材 用心做', spoken: '好味道从好食材开始，我们后厨对每样食材都特别用心。' },
      { on_screen: '每道菜都先尝再出', spoken: '每道菜出锅前，师傅都要亲自尝一口，味道对了才上桌。' },
    ],
    experience: [
      { on_screen: '带上家人朋友来', spoken: '叫上家人朋友，找张桌子坐下，慢慢吃慢慢聊。' },
      { on_screen: '约会家宴工作餐都行', spoken: '约会、家庭聚餐、同事工作餐，在这儿都合适。' },
      { on_screen: '堂食外带都好吃', spoken: '堂食好吃，打包回家也一样香。' },
    ],
    people: [{ on_screen: '当自家人做饭', spoken: '我们的师傅做每道菜，都像在给自家人做饭。' }],
    proof: [{ on_screen: '问问老顾客点什么', spoken: '不知道点什么就问问老顾客，每个人推荐的都不一样，但都好吃。' }],
  },
};

const cafe: CategoryScripts = {
  nouns: { noun: '咖啡店', a_noun: '一家咖啡店', the_noun: '这家咖啡店', our_noun: '我们店', offering: '我们的咖啡' },
  default_cta: '今天就来喝一杯',
  hashtags: ['咖啡', '咖啡店', '探店', '咖啡日常', '同城咖啡', '拉花'],
  titles: ['{area}宝藏咖啡店：{shop}', '在{shop}喝杯咖啡', '我们每天早上的第一杯'],
  hooks: {
    question: [
      { on_screen: '还在喝速溶咖啡？', spoken: '每天早上还靠速溶咖啡续命？那你真的得来试试我们家的。' },
      { on_screen: '想找个地方歇一歇？', spoken: '想找个安静的地方坐一会儿，喝杯好咖啡发发呆吗？' },
    ],
    bold_claim: [
      { on_screen: '值得早起的一杯拿铁', spoken: '这杯拿铁，值得你每天早起十分钟。' },
      { on_screen: '你的早晨要升级了', spoken: '你的早晨马上要升级了，看完你就知道为什么。' },
    ],
    behind_the_scenes: [
      { on_screen: '开门前的咖啡店', spoken: '这是我们开门前的样子：磨豆机转起来，奶泡打起来。' },
      { on_screen: '每天先调好浓缩', spoken: '每天开门前，我们都要先把意式浓缩调到最佳状态。' },
    ],
    offer_first: [{ on_screen: ['{offer}', '咖啡福利来了'], spoken: '咖啡爱好者注意了：{offer}。' }],
    local_pride: [
      { on_screen: '{area}人的咖啡站', spoken: '我们在{area}，一杯一杯地给街坊们做咖啡。' },
      { on_screen: '家门口的咖啡店', spoken: '就是你家门口那家咖啡店，来两次咖啡师就记住你的口味了。' },
    ],
    problem_solution: [
      { on_screen: '下午犯困？', spoken: '一到下午就犯困？来一杯，比什么都管用。' },
      { on_screen: '在家办公没效率？', spoken: '在家办公老是分心？带上电脑来我们这儿坐坐。' },
    ],
  },
  beats: {
    signature: [
      { on_screen: '每一杯都认真萃取', spoken: '每一杯浓缩都是认真萃取的，尝过没问题才端给你。' },
      { on_screen: '总有一款适合你', spoken: '冷萃、燕麦拿铁，不喝咖啡的还有茶，总有一款适合你。' },
      { on_screen: '每杯都有拉花', spoken: '对，我们每一杯都还坚持做拉花，好看，喝着也开心。' },
    ],
    craft: [
      { on_screen: '现磨现做', spoken: '咖啡豆都是现磨的，因为磨好的粉香气散得特别快。' },
      { on_screen: '奶泡绵密刚刚好', spoken: '咖啡师打的奶泡细腻绵密，温度刚刚好，不会烫口。' },
      { on_screen: '配块小甜点', spoken: '再配一块小甜点，咖啡有伴才更好喝。' },
    ],
    experience: [
      { on_screen: '舒服的角落 好用的网', spoken: '有舒服的角落、好的光线，还有真的好用的无线网。' },
      { on_screen: '带走或坐一会儿', spoken: '赶时间就带走，不赶时间就坐下来，想坐多久坐多久。' },
      { on_screen: '约朋友来聊聊', spoken: '跟朋友最好的聊天，都发生在一杯热咖啡旁边。' },
    ],
    people: [{ on_screen: '记得你口味的咖啡师', spoken: '来两次，咖啡师就能记住你习惯喝什么了。' }],
  },
};

const bakery: CategoryScripts = {
  nouns: { noun: '面包店', a_noun: '一家面包店', the_noun: '这家面包店', our_noun: '我们店', offering: '我们的面包' },
  default_cta: '趁热来买',
  hashtags: ['面包', '烘焙', '面包店', '探店', '甜品', '新鲜出炉'],
  titles: ['{shop}新鲜出炉', '{area}的宝藏面包店', '今天早上我们烤了什么'],
  hooks: {
    question: [
      { on_screen: '吃过还温热的面包吗？', spoken: '你有多久没吃过刚出炉、还带着温度的面包了？' },
      { on_screen: '周末的蛋糕订了吗？', spoken: '周末要过生日、办聚会，蛋糕还没着落？' },
    ],
    bold_claim: [
      { on_screen: '热乎的可颂 不用多说', spoken: '酥脆、掉渣、黄油香，还是热的。说实话，不用我多说了吧。' },
      { on_screen: '隔着屏幕都能闻到香', spoken: '要是视频能闻到味道，你现在已经在来的路上了。', tones: ['playful', 'energetic', 'friendly'] },
    ],
    behind_the_scenes: [
      { on_screen: '天没亮 烤箱先热了', spoken: '街坊们还在睡觉，我们的烤箱已经开始预热了。' },
      { on_screen: '看看这团面', spoken: '看这团面，从昨晚就开始发酵，等的就是现在。' },
    ],
    offer_first: [{ on_screen: ['{offer}', '烘焙福利'], spoken: '刚出炉的面包，刚出炉的福利：{offer}。' }],
    local_pride: [
      { on_screen: '为{area}烤面包', spoken: '我们每天早上都在为{area}的街坊烤面包，这事儿我们乐意一直做。' },
      { on_screen: '街角的面包店', spoken: '每条街都值得拥有一家这样的街角面包店。' },
    ],
    problem_solution: [
      { on_screen: '超市面包吃够了？', spoken: '超市袋装面包，保质期长得吓人，其实你有更好的选择。' },
      { on_screen: '忘买甜点了？', spoken: '晚上请客忘了买甜点？别慌，我们今早刚烤好。' },
    ],
  },
  beats: {
    signature: [
      { on_screen: '每天早上新鲜烤', spoken: '架子上的每一样，都是今天早上新鲜烤出来的。' },
      { on_screen: '外脆里软', spoken: '外皮酥脆，里面松软有嚼劲，面包本来就该是这个样子。' },
      { on_screen: '各种庆祝蛋糕', spoken: '生日、派对，或者只是想犒劳自己，什么场合的蛋糕我们都能做。' },
    ],
    craft: [
      { on_screen: '慢发酵 更有风味', spoken: '我们的面团慢慢发酵，时间到了，风味自然就出来了。' },
      { on_screen: '每一个都手工整形', spoken: '每一个面包、每一块酥皮，都是手工一个个整形的。' },
      { on_screen: '真黄油 用料足', spoken: '我们用的是真黄油，每一层酥皮里都吃得出来。' },
    ],
    experience: [
      { on_screen: '早点来 选择多', spoken: '建议早点来，品种最全，招牌款卖得特别快。' },
      { on_screen: '咖啡配面包 刚刚好', spoken: '一个面包，一杯咖啡，给自己留五分钟安静的早晨。' },
      { on_screen: '带一盒去公司', spoken: '带一盒去公司分给同事，你马上就是办公室最受欢迎的人。' },
    ],
    people: [{ on_screen: '比太阳起得早的面包师', spoken: '我们的面包师天不亮就开工，就为了你早上能吃上新鲜的。' }],
  },
};

const beauty: CategoryScripts = {
  nouns: { noun: '美容店', a_noun: '一家美容店', the_noun: '这家店', our_noun: '我们店', offering: '我们的服务' },
  default_cta: '现在就来预约',
  hashtags: ['美发', '美甲', '美容', '变美', '发型设计', '宠爱自己'],
  titles: ['在{shop}变美', '{area}宝藏美容店', '换个造型，还是你：{shop}'],
  hooks: {
    question: [
      { on_screen: '多久没好好宠自己了？', spoken: '姐妹们说实话，多久没好好宠爱一下自己了？' },
      { on_screen: '想换个造型吗？', spoken: '想换个造型，又不知道从哪儿开始？来聊聊。' },
    ],
    bold_claim: [
      { on_screen: '进门疲惫 出门发光', spoken: '进门的时候一脸疲惫，出门的时候整个人都在发光。' },
      { on_screen: '你值得这次变美', spoken: '你值得这次变美，剩下的交给我们。', tones: ['energetic', 'playful', 'friendly'] },
    ],
    behind_the_scenes: [
      { on_screen: '看完这个变身', spoken: '一定要看到最后，前后对比真的很惊艳。' },
      { on_screen: '你来之前我们在做什么', spoken: '你坐上椅子之前，我们都会这样提前准备好。' },
    ],
    offer_first: [{ on_screen: ['{offer}', '变美福利'], spoken: '变美正当时，现在有福利：{offer}。' }],
    local_pride: [
      { on_screen: '{area}的变美小店', spoken: '在{area}，我们就是那个专门留给你自己的地方。' },
      { on_screen: '家门口的美容店', spoken: '家门口的美容店，椅子舒服，聊天更舒服。' },
    ],
    problem_solution: [
      { on_screen: '头发天天不听话？', spoken: '是不是每天起床头发都不听话？来了这儿，这个问题就解决了。' },
      { on_screen: '忙到没空打理自己？', spoken: '忙到没空打理自己？我们帮你把每一分钟都用在刀刃上。' },
    ],
  },
  beats: {
    signature: [
      { on_screen: '为你量身打造', spoken: '我们先听你说，再帮你设计一个真正适合你生活的造型。' },
      { on_screen: '染烫剪 美甲 修眉', spoken: '染发、剪发、美甲、修眉，一次全部搞定，还很放松。' },
      { on_screen: '好看几周 不止一天', spoken: '做完不只是当天好看，几周之后依然好看。' },
    ],
    craft: [
      { on_screen: '手法专业 细节到位', spoken: '我们的老师一直在学习新技术，每个细节都做得很用心。' },
      { on_screen: '工具一客一消毒', spoken: '工具一客一消毒，工位每次都重新整理，干净放心。' },
      { on_screen: '自己也用的产品', spoken: '我们只用自己也愿意用的产品。' },
    ],
    experience: [
      { on_screen: '放下手机 放松一下', spoken: '坐下来，放下手机，剩下的交给我们就好。' },
      { on_screen: '出门照照镜子', spoken: '走的时候照照镜子，看到那个笑容，就是我们想要的效果。' },
      { on_screen: '约上闺蜜一起来', spoken: '约上闺蜜一起来，并排做，一下午都是好心情。' },
    ],
    people: [{ on_screen: '真的会听你说的发型师', spoken: '我们的发型师动剪刀之前一定先问清楚，而且是真的在听。' }],
  },
};

const fitness: CategoryScripts = {
  nouns: { noun: '健身房', a_noun: '一家健身房', the_noun: '这家健身房', our_noun: '我们健身房', offering: '我们的课程' },
  default_cta: '来练一次试试',
  hashtags: ['健身', '健身房', '运动打卡', '自律', '减脂', '增肌'],
  titles: ['跟我们一起练：{shop}', '在{area}找到你愿意去的健身房', '走进{shop}'],
  hooks: {
    question: [
      { on_screen: '一进健身房就发怵？', spoken: '一进健身房就发怵，不知道从哪儿练起？其实真的不用怕。' },
      { on_screen: '这次能坚持下去吗？', spoken: '办了多少次卡又放弃了？这一次，我们陪你坚持。' },
    ],
    bold_claim: [
      { on_screen: '最强的一年从这里开始', spoken: '你最强壮的一年，就从这里开始，一节课一节课地来。' },
      { on_screen: '不评判 只进步', spoken: '这里没人笑话你，也没人炫耀，大家只是每周进步一点点。' },
    ],
    behind_the_scenes: [
      { on_screen: ['清晨的{shop}', '清晨的健身房'], spoken: '这是清晨的{shop}，说真的，现场的能量感特别强。' },
      { on_screen: '你的训练是这样安排的', spoken: '你上的每一节课，教练都提前安排好了。' },
    ],
    offer_first: [{ on_screen: ['{offer}', '开练福利'], spoken: '一直在等一个开始的理由？来了：{offer}。' }],
    local_pride: [
      { on_screen: '{area}的运动伙伴', spoken: '这里是{area}的大家一起流汗、一起笑、一起变强的地方。' },
      { on_screen: '家门口的健身房', spoken: '家门口的健身房，大家见面都会打招呼。' },
    ],
    problem_solution: [
      { on_screen: '办了卡却不去？', spoken: '健身卡办了一直不去？这次我们帮你改掉这个毛病。' },
      { on_screen: '一个人练太无聊？', spoken: '一个人戴着耳机练，越练越没劲？来跟大家一起练。' },
    ],
  },
  beats: {
    signature: [
      { on_screen: '零基础也能练', spoken: '不管是第一次健身，还是在备赛，都有适合你的课。' },
      { on_screen: '教练盯动作', spoken: '教练全程盯你的动作，练得更有效，也不容易受伤。' },
      { on_screen: '力量 有氧 拉伸', spoken: '力量、有氧、拉伸放松，一个地方全都有。' },
    ],
    craft: [
      { on_screen: '计划循序渐进', spoken: '我们的训练计划一周一周循序渐进，进步看得见。' },
      { on_screen: '每个动作都能调整', spoken: '每个动作都可以调难或者调简单，按你的水平来。' },
      { on_screen: '器械干净 维护到位', spoken: '器械干净，保养到位，随时等你来用。' },
    ],
    experience: [
      { on_screen: '第一节课全场为你鼓掌', spoken: '上完第一节课，全场都会为你鼓掌。' },
      { on_screen: '练完很骄傲', spoken: '练完浑身是汗，有点累，但你会特别为自己骄傲。' },
      { on_screen: '再忙也能练', spoken: '课程短而高效，再忙也能挤出时间。' },
    ],
    people: [{ on_screen: '记得你名字的教练', spoken: '我们的教练会记住你的名字、你的目标，还有你的借口。', tones: ['playful', 'friendly', 'energetic'] }],
  },
};

const retail: CategoryScripts = {
  nouns: { noun: '小店', a_noun: '一家小店', the_noun: '这家店', our_noun: '我们店', offering: '我们的好物' },
  default_cta: '今天就来店里逛逛',
  hashtags: ['好物分享', '小店推荐', '探店', '礼物推荐', '新品上架', '同城好店'],
  titles: ['{shop}上新啦', '{area}值得逛的小店：{shop}', '大家都在问的好物'],
  hooks: {
    question: [
      { on_screen: '送礼不想太普通？', spoken: '送礼不想再送千篇一律的东西？看这里。' },
      { on_screen: '看到新到的货了吗？', spoken: '我们店刚到的新货你看了吗？先给大家看看。' },
    ],
    bold_claim: [
      { on_screen: '网上刷不到的好物', spoken: '这些好物，你在网上刷一整天都刷不到。' },
      { on_screen: '你的新晋心头好', spoken: '提前说一句，{shop}很可能成为你最爱逛的小店。' },
    ],
    behind_the_scenes: [
      { on_screen: '一起拆新货', spoken: '跟我一起拆这周的新货，评论区告诉我你最喜欢哪件。' },
      { on_screen: '每件都是亲手挑的', spoken: '店里每一件都是我们亲手挑的，给大家讲讲怎么选的。' },
    ],
    offer_first: [{ on_screen: ['{offer}', '逛店福利'], spoken: '喜欢逛店的朋友看过来：{offer}。' }],
    local_pride: [
      { on_screen: '支持{area}本地小店', spoken: '在我们这儿买东西，钱就留在{area}，支持的是身边的小店。' },
      { on_screen: '本地独立小店', spoken: '我们是一家本地独立小店，每一个货架都用心布置。' },
    ],
    problem_solution: [
      { on_screen: '网购老是退货？', spoken: '网上买回来不合适，一半都得退？来店里试试就知道了。' },
      { on_screen: '到处都卖一样的？', spoken: '感觉每家店卖的都差不多？我们家不一样。' },
    ],
  },
  beats: {
    signature: [
      { on_screen: '精挑细选 不撞款', spoken: '都是精挑细选的款，不容易跟别人撞。' },
      { on_screen: '每周都有上新', spoken: '每周都有新品到店，每次来都有新发现。' },
      { on_screen: '送礼几分钟搞定', spoken: '告诉我们送给谁，我们帮你几分钟挑好礼物。' },
    ],
    craft: [
      { on_screen: '质感摸得到', spoken: '拿在手里，质感一摸就知道。' },
      { on_screen: '先试再买', spoken: '摸一摸、试一试，在真实光线下看清楚再买。' },
      { on_screen: '可以帮你包装', spoken: '需要的话我们帮你包好，拿走就能直接送人。' },
    ],
    experience: [
      { on_screen: '随便逛 不推销', spoken: '随便逛，没人追着你推销，只有好东西。' },
      { on_screen: '懂货的人给你建议', spoken: '有问题随便问，我们对卖的每样东西都很熟。' },
      { on_screen: '比刷手机有意思多了', spoken: '说真的，来店里逛比刷手机有意思多了。' },
    ],
  },
};

const auto: CategoryScripts = {
  nouns: { noun: '汽修店', a_noun: '一家汽修店', the_noun: '这家汽修店', our_noun: '我们店', offering: '我们的服务' },
  default_cta: '现在就预约保养',
  hashtags: ['汽车保养', '汽修', '养车', '爱车', '汽车维修', '同城汽修'],
  titles: ['车有问题？找{shop}', '{area}靠谱的汽修店', '走进{shop}的车间'],
  hooks: {
    question: [
      { on_screen: '故障灯又亮了？', spoken: '仪表盘上的故障灯又亮了？千万别不当回事。' },
      { on_screen: '刹车有异响？', spoken: '最近一踩刹车就有奇怪的声音？赶紧来查一查。' },
    ],
    bold_claim: [
      { on_screen: '修得实在 价格公道', spoken: '修得实在，价格公道，这就是我们的承诺。' },
      { on_screen: '先讲清楚再动手', spoken: '每一项维修，我们都先跟你讲清楚再动手，绝不套路。' },
    ],
    behind_the_scenes: [
      { on_screen: '带你看看车间', spoken: '带你进车间看看，一次认真的检查到底是什么样的。' },
      { on_screen: '每台车都要查这些', spoken: '每一台开进来的车，我们都会检查这几个地方。' },
    ],
    offer_first: [{ on_screen: ['{offer}', '养车福利'], spoken: '车主朋友们注意了：{offer}。' }],
    local_pride: [
      { on_screen: '让{area}的车跑得稳', spoken: '我们让{area}的车都跑得稳稳的，一台一台来。' },
      { on_screen: '家门口的修车师傅', spoken: '每个街区都需要一个信得过的修车师傅，我们想当你的那一个。' },
    ],
    problem_solution: [
      { on_screen: '怕修车被坑？', spoken: '一想到修车账单就头疼，怕被坑？我们把事情变简单。' },
      { on_screen: '去大店保养等太久？', spoken: '做个简单保养，在大店排队等好几天？其实不用那么麻烦。' },
    ],
  },
  beats: {
    signature: [
      { on_screen: '机油 刹车 轮胎都能做', spoken: '换机油、刹车、轮胎、故障诊断，日常保养和疑难杂症都能做。' },
      { on_screen: '各种品牌车型', spoken: '国产车、进口车，新车老车，都可以开过来。' },
      { on_screen: '报价提前说清楚', spoken: '开工之前，先给你一个明明白白的报价。' },
    ],
    craft: [
      { on_screen: '找准问题 不乱换件', spoken: '我们先找准真正的问题，不靠猜，也不乱换零件。' },
      { on_screen: '旧件给你看', spoken: '换下来的旧零件，你想看我们就拿给你看，哪里坏了一清二楚。' },
      { on_screen: '修完再检查一遍', spoken: '每台车修完都要再检查一遍，确认没问题才把钥匙交给你。' },
    ],
    experience: [
      { on_screen: '进度随时告诉你', spoken: '维修进度我们随时跟你沟通，不让你干着急。' },
      { on_screen: '很快就能开走', spoken: '大部分日常保养，当天就能开走。' },
      { on_screen: '说人话 不乱推销', spoken: '说大白话，不讲术语，也不推销你用不上的项目。' },
    ],
    people: [{ on_screen: '对手艺较真的师傅', spoken: '我们的师傅对手艺特别较真，每台车都看得出来。' }],
  },
};

const health: CategoryScripts = {
  nouns: { noun: '诊所', a_noun: '一家诊所', the_noun: '这家诊所', our_noun: '我们诊所', offering: '我们的服务' },
  default_cta: '现在就预约',
  hashtags: ['健康生活', '诊所', '健康', '养生', '家庭健康', '预防保健'],
  titles: ['在{shop}，被认真倾听', '{area}身边的健康团队', '认识{shop}的团队'],
  hooks: {
    question: [
      { on_screen: '体检一拖再拖？', spoken: '体检是不是一拖再拖？别担心，很多人都这样。' },
      { on_screen: '想被认真倾听吗？', spoken: '想找一个真正愿意花时间听你说的医疗团队吗？' },
    ],
    bold_claim: [
      { on_screen: '看病不赶时间', spoken: '好的照护需要时间，我们从不催你。' },
      { on_screen: '一进门就安心', spoken: '从你走进门的那一刻，我们就希望你是放松安心的。' },
    ],
    behind_the_scenes: [
      { on_screen: '你来之前我们在准备', spoken: '在你就诊之前，我们的团队是这样做准备的。' },
      { on_screen: '认识一下我们的团队', spoken: '给大家介绍一下接待你、引导你、照顾你的这些人。' },
    ],
    offer_first: [{ on_screen: ['{offer}', '健康福利'], spoken: '这个月给大家的健康福利：{offer}。' }],
    local_pride: [
      { on_screen: '守护{area}的健康', spoken: '我们服务{area}的许多家庭，很自豪能在这里。' },
      { on_screen: '家门口的健康团队', spoken: '离家近，还叫得出你名字的健康团队。' },
    ],
    problem_solution: [
      { on_screen: '看病总是匆匆忙忙？', spoken: '每次看病都匆匆忙忙，话还没说完就结束了？' },
      { on_screen: '预约要等好几周？', spoken: '预约一等就是好几周？来看看我们能怎么帮你。' },
    ],
  },
  beats: {
    signature: [
      { on_screen: '围绕你制定方案', spoken: '你的方案，是根据你的情况、你的病史和你的目标来制定的。' },
      { on_screen: '有问题尽管问', spoken: '有什么问题尽管问，在这里没有问题是多余的。' },
      { on_screen: '下一步清清楚楚', spoken: '每次离开，你都清楚地知道下一步该做什么。' },
    ],
    craft: [
      { on_screen: '持证专业人员', spoken: '为你服务的都是持证的专业人员，每一步都认真负责。' },
      { on_screen: '干净 安静 舒适', spoken: '诊室干净、安静又舒适，因为这些同样重要。' },
      { on_screen: '讲清楚 你来决定', spoken: '我们用大白话讲清楚每种选择，再和你一起做决定。' },
    ],
    experience: [
      { on_screen: '预约方便 有人接', spoken: '预约很方便，需要我们的时候，电话那头是真人。' },
      { on_screen: '全家都欢迎', spoken: '从小朋友到爷爷奶奶，全家人都欢迎。' },
      { on_screen: '对健康更有底', spoken: '我们的目标很简单：让你走的时候，对自己的健康更有底。' },
    ],
    people: [{ on_screen: '记得你的团队', spoken: '我们的团队记得的是你这个人，而不只是你的病历。' }],
  },
};

const homeServices = generic(
  { noun: '上门服务', a_noun: '一家上门服务团队', the_noun: '这支团队', our_noun: '我们团队', offering: '我们的服务' },
  '现在就预约上门',
  ['家政服务', '上门维修', '家居维修', '居家生活', '同城服务'],
  {
    problem: [
      { on_screen: '师傅总不回电话？', spoken: '找师傅总是等不到回电？我们接电话，也准时上门。' },
      { on_screen: '小问题拖成大麻烦？', spoken: '一个小毛病拖成了大麻烦？交给我们，一次修好。' },
    ],
    signature: [{ on_screen: '维修 安装 保养', spoken: '维修、安装、日常保养，让你家里的一切都顺顺当当。' }],
    titles: ['家里的事交给{shop}', '{area}的上门服务团队'],
  },
);

const realEstate = generic(
  { noun: '房产中介', a_noun: '一家房产中介', the_noun: '这家中介', our_noun: '我们团队', offering: '我们的房源' },
  '预约一次咨询',
  ['买房', '房产', '看房', '租房', '安家'],
  {
    problem: [
      { on_screen: '买房太让人头大？', spoken: '买房的事情又多又杂，让人头大？我们一步一步来。' },
      { on_screen: '你的房子值多少？', spoken: '不知道你的房子在现在的市场上到底值多少？' },
    ],
    signature: [{ on_screen: '买房 卖房 租房', spoken: '买房、卖房、租房，每一步我们都陪着你。' }],
    titles: ['在{area}安家，找{shop}', '想换房？先和{shop}聊聊'],
  },
);

const education = generic(
  { noun: '培训中心', a_noun: '一家培训中心', the_noun: '这家培训中心', our_noun: '我们中心', offering: '我们的课程' },
  '预约一节试听课',
  ['学习', '课外辅导', '教育', '学习方法', '培训'],
  {
    problem: [
      { on_screen: '辅导作业鸡飞狗跳？', spoken: '每天晚上辅导作业都鸡飞狗跳？其实有更好的办法。' },
      { on_screen: '成绩下滑没信心？', spoken: '成绩往下掉，孩子信心也没了？我们可以帮忙。' },
    ],
    signature: [{ on_screen: '小班教学 关注每个人', spoken: '小班教学，每个学生每节课都能得到真正的关注。' }],
    titles: ['在{shop}，学习开窍了', '{area}的课程：{shop}'],
  },
);

const other = generic(
  { noun: '小店', a_noun: '一家小店', the_noun: '这家店', our_noun: '我们店', offering: '我们的服务' },
  '今天就来看看',
  ['宝藏小店', '探店', '同城好店', '本地生活'],
  {
    problem: [
      { on_screen: '连锁店都不认识你？', spoken: '大连锁店谁也不认识谁？在我们这儿可不一样。' },
      { on_screen: '总在将就？', spoken: '总是在将就？其实你不必将就。' },
    ],
    signature: [{ on_screen: '每次都用心做', spoken: '不管你来做什么，我们每一次都用心做好。' }],
    titles: ['发现{shop}', '{area}的宝藏小店：{shop}'],
  },
);

export const zhCn: LanguageScripts = {
  language: 'zh',
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
      { on_screen: '{area}的朋友看过来', spoken: '{area}的朋友们看过来，这家{noun}你一定要知道。' },
      { on_screen: ['听说过{shop}吗？', '听说过我们吗？'], spoken: '你听说过{shop}吗？还没有的话，看完你会感谢我。' },
    ],
    bold_claim: [
      { on_screen: '你的新宝藏{noun}', spoken: '提前预警：{shop}马上就要成为你的宝藏{noun}了。' },
      { on_screen: ['{shop}就是不一样', '我们就是不一样'], spoken: '很多地方都在偷工减料，在{shop}，我们就是不这么干。' },
    ],
    behind_the_scenes: [
      { on_screen: ['{shop}的幕后', '带你看幕后'], spoken: '带你看看{shop}的幕后，这是平时大家看不到的部分。' },
      { on_screen: '开门之前', spoken: '第一位客人进门之前，我们这儿早就忙开了。' },
    ],
    offer_first: [
      { on_screen: ['福利：{offer}', '{offer}', '福利来了'], spoken: '福利来了：{offer}，就在{shop}。' },
      { on_screen: '今天出门的理由', spoken: '如果你需要一个今天犒劳自己的理由，这就是。' },
      { on_screen: '每分钱都花得值', spoken: '想让每一分钱都花得值？带你看看{shop}。' },
    ],
    local_pride: [
      { on_screen: '{area}本地好店', spoken: '土生土长的{area}本地好店，这里是{shop}。' },
      { on_screen: '本地人开的店', spoken: '我们不是连锁店，我们就是你的街坊邻居，这里是{shop}。' },
    ],
    problem_solution: [
      { on_screen: '别再将就了', spoken: '还在将就吗？其实你真的不用再将就了。' },
      { on_screen: '其实可以更简单', spoken: '如果一件事总是比想象中麻烦，那一定有更简单的办法。' },
    ],
  },
  beats: {
    people: [
      { on_screen: '本地人开 本地人管', spoken: '我们是本地人开的店，老板和团队每天都在店里。' },
      { on_screen: '真人服务 记得你', spoken: '为你服务的是真真切切的人，还会记得你的名字。' },
    ],
    proof: [
      { on_screen: '街坊们一来再来', spoken: '街坊们来了一次又一次，还总带着朋友一起来。' },
      { on_screen: '全靠口碑', spoken: '我们大多数客人，都是朋友介绍来的。' },
    ],
    local: [
      { on_screen: '就在{area}', spoken: '我们就在{area}，离你不远，拐个弯就到。' },
      { on_screen: '{area}就是我们的家', spoken: '{area}就是我们的家，能服务街坊们，我们特别自豪。' },
    ],
    offer: [
      { on_screen: ['{offer}', '本月福利'], spoken: '还有，这个月：{offer}。' },
      { on_screen: ['福利：{offer}', '问问本月福利'], spoken: '重点来了：{offer}。' },
      { on_screen: ['{offer}', '趁现在'], spoken: '悄悄告诉你：{offer}，趁现在。' },
    ],
    hours: [
      { on_screen: ['营业时间：{hours}', '记得看营业时间'], spoken: '营业时间是{hours}，记得别跑空。' },
      { on_screen: ['{hours}', '来之前看一眼时间'], spoken: '来之前看一眼时间：{hours}。' },
    ],
    visit: [
      { on_screen: ['{street}', '欢迎到店'], spoken: '地址在{street}。' },
      { on_screen: ['地址：{street}', '很好找'], spoken: '我们在{street}，很好找，来了就不想走。' },
      { on_screen: ['电话：{phone}', '欢迎来电'], spoken: '有问题可以先打电话：{phone}。' },
    ],
    vibe: [
      { on_screen: '随意来 别拘束', spoken: '不用拘束，也不用有压力，随意就好。', tones: ['friendly', 'calm'] },
      { on_screen: '能量拉满', spoken: '我们每天都能量拉满，你一进门就能感觉到。', tones: ['energetic', 'playful'] },
      { on_screen: '每个细节都讲究', spoken: '每一个细节我们都很讲究，因为你一定感受得到。', tones: ['premium', 'calm'] },
      { on_screen: '警告：容易上瘾', spoken: '友情提醒：来了一次，很可能就天天想来。', tones: ['playful'] },
      { on_screen: '慢下来 深呼吸', spoken: '慢下来，深呼吸，在这里不用赶时间。', tones: ['calm'] },
      { on_screen: '小店 大心意', spoken: '我们是一家本地小店，你每一次光临，我们都特别珍惜。' },
    ],
  },
  calls_to_action: [
    { on_screen: '{cta}', spoken: '{cta}，我们在{shop}等你！' },
    { on_screen: '{cta}', spoken: '{cta}！{shop}，地址{street}。' },
    { on_screen: '{cta}', spoken: '{cta}，也可以打电话{phone}。' },
    { on_screen: '{cta}', spoken: '{cta}，超期待见到你！', tones: ['friendly'] },
    { on_screen: '{cta}', spoken: '{cta}，别犹豫，冲就完事了！', tones: ['energetic'] },
    { on_screen: '{cta}', spoken: '{cta}，{shop}期待您的光临。', tones: ['premium'] },
    { on_screen: '{cta}', spoken: '{cta}，未来的你会感谢现在的你！', tones: ['playful'] },
    { on_screen: '{cta}', spoken: '{cta}，等你有空的时候，我们都在。', tones: ['calm'] },
  ],
  titles: ['认识一下{shop}', '{area}的{shop}', '街坊们为什么喜欢{shop}', '{cta}｜{shop}'],
  captions: {
    short: ['{hook_line} 👉 {cta}，就在{shop}', '{hook_line} {cta}！', '{hook_line} 📍{area}·{shop}', '终于被我发现了{shop}！{cta}'],
    youtube: ['{hook}｜{shop}', '{title}', '{area}·{shop}：{hook}'],
    address: '📍地址：{address}',
    hours: '🕒营业时间：{hours}',
    phone: '📞电话：{phone}',
    offer: '🎁福利：{offer}',
    link: '🔗{link}',
    closing: ['{cta}，等你来！', '{cta}，转给想去的朋友吧～', '先收藏，{cta}！'],
    area_topic: '{area}探店',
  },
  hashtags: ['同城好店', '本地生活', '探店'],
  short_name_max: 12,
};
