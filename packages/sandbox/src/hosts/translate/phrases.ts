/**
 * The phrase table of the sandbox's translation services: every piece the generated novel prose
 * is assembled from (data/novel-words.ts: subjects, places, actions, lines of speech, ruby words,
 * chapter titles, link labels) with its Simplified Chinese, Traditional Chinese and English
 * rendering, plus Japanese punctuation. A test checks that the table covers the vocabulary, so
 * generated text never comes back untranslated.
 */
export type TargetLanguage = 'zh-CN' | 'zh-TW' | 'en';
export const TARGET_LANGUAGES: readonly TargetLanguage[] = ['zh-CN', 'zh-TW', 'en'];

export interface Phrase {
  ja: string;
  'zh-CN': string;
  'zh-TW': string;
  en: string;
}

function p(ja: string, zhCN: string, zhTW: string, en: string): Phrase {
  return { ja, 'zh-CN': zhCN, 'zh-TW': zhTW, en };
}

export const PHRASES: readonly Phrase[] = [
  // Subjects.
  p('彼女は', '她', '她', 'she'),
  p('僕は', '我', '我', 'I'),
  p('私は', '我', '我', 'I'),
  p('少年は', '少年', '少年', 'the boy'),
  p('魔女は', '魔女', '魔女', 'the witch'),
  p('先輩は', '前辈', '前輩', 'my senior'),
  p('黒猫が', '黑猫', '黑貓', 'the black cat'),
  p('旅人は', '旅人', '旅人', 'the traveller'),
  p('姉は', '姐姐', '姐姐', 'my sister'),
  p('騎士は', '骑士', '騎士', 'the knight'),
  p('司書は', '图书管理员', '圖書管理員', 'the librarian'),
  p('ふたりは', '两人', '兩人', 'the two of them'),
  // Places.
  p('駅のホームで', '在车站的月台上', '在車站的月台上', 'on the station platform'),
  p('図書館の窓辺で', '在图书馆的窗边', '在圖書館的窗邊', 'by the library window'),
  p('屋上で', '在屋顶上', '在屋頂上', 'on the rooftop'),
  p('雨上がりの路地で', '在雨后的小巷里', '在雨後的小巷裡', 'in the alley after the rain'),
  p('海辺の堤防で', '在海边的堤坝上', '在海邊的堤壩上', 'on the seawall'),
  p('古い教会の前で', '在古老的教堂前', '在古老的教堂前', 'in front of the old church'),
  p('夕暮れの教室で', '在黄昏的教室里', '在黃昏的教室裡', 'in the classroom at dusk'),
  p('港の灯台の下で', '在港口的灯塔下', '在港口的燈塔下', 'under the harbour lighthouse'),
  p('森の奥の小屋で', '在森林深处的小屋里', '在森林深處的小屋裡', 'in the hut deep in the forest'),
  p('喫茶店の片隅で', '在咖啡馆的角落里', '在咖啡館的角落裡', 'in a corner of the café'),
  // Actions.
  p('静かに空を見上げた', '静静地仰望天空', '靜靜地仰望天空', 'quietly looked up at the sky'),
  p('小さく息をついた', '轻轻地叹了口气', '輕輕地嘆了口氣', 'let out a small sigh'),
  p('手紙をそっと開いた', '轻轻地打开了信', '輕輕地打開了信', 'gently opened the letter'),
  p('何も言わずに笑った', '什么也没说地笑了', '什麼也沒說地笑了', 'smiled without a word'),
  p(
    '遠くの汽笛に耳を澄ませた',
    '侧耳倾听远处的汽笛声',
    '側耳傾聽遠處的汽笛聲',
    'listened to a distant whistle',
  ),
  p('冷めた紅茶を飲み干した', '喝光了凉掉的红茶', '喝光了涼掉的紅茶', 'drank up the cold tea'),
  p('古い地図を広げた', '摊开了旧地图', '攤開了舊地圖', 'spread out an old map'),
  p(
    '約束の時間を思い出した',
    '想起了约定的时间',
    '想起了約定的時間',
    'remembered the promised hour',
  ),
  p('ページをめくる手を止めた', '停下了翻页的手', '停下了翻頁的手', 'stopped turning the pages'),
  p(
    '振り返らずに歩き出した',
    '头也不回地走了出去',
    '頭也不回地走了出去',
    'walked off without looking back',
  ),
  p(
    '名前を呼ばれた気がした',
    '仿佛听见有人叫自己的名字',
    '彷彿聽見有人叫自己的名字',
    'felt someone call their name',
  ),
  p('窓の外の雪を数えていた', '数着窗外的雪花', '數著窗外的雪花', 'was counting the snow outside'),
  // Lines of speech.
  p(
    'また明日、ここで会おう',
    '明天再在这里见面吧',
    '明天再在這裡見面吧',
    "let's meet here again tomorrow",
  ),
  p('それは本当の話なの？', '那是真的吗？', '那是真的嗎？', 'is that really true?'),
  p(
    'もう少しだけ、このままでいさせて',
    '再让我这样待一会儿',
    '再讓我這樣待一會兒',
    'let me stay like this a little longer',
  ),
  p(
    '大丈夫、きっと間に合うよ',
    '没关系，一定来得及',
    '沒關係，一定來得及',
    "it's fine, we will make it",
  ),
  p('忘れたりなんかしないから', '我绝对不会忘记的', '我絕對不會忘記的', 'I will never forget'),
  p('君の番だよ', '轮到你了', '輪到你了', 'it is your turn'),
  p('ねえ、聞こえる？', '喂，听得见吗？', '喂，聽得見嗎？', 'hey, can you hear me?'),
  p('行こう、夜が明ける前に', '走吧，在天亮之前', '走吧，在天亮之前', "let's go, before dawn"),
  // Ruby words (their base text) and the phrase that follows them.
  p('黄昏', '黄昏', '黃昏', 'twilight'),
  p('邂逅', '邂逅', '邂逅', 'encounter'),
  p('刹那', '刹那', '剎那', 'instant'),
  p('久遠', '久远', '久遠', 'eternity'),
  p('硝子', '玻璃', '玻璃', 'glass'),
  p('月虹', '月虹', '月虹', 'moonbow'),
  p('微睡', '微睡', '微睡', 'slumber'),
  p('泡沫', '泡沫', '泡沫', 'bubbles'),
  p('東雲', '东云', '東雲', 'daybreak'),
  p('彼方', '彼方', '彼方', 'the far side'),
  p('の中で', '之中', '之中', 'within it'),
  // Chapter titles.
  p('はじまり', '开端', '開端', 'the beginning'),
  p('再会', '重逢', '重逢', 'reunion'),
  p('嵐の夜', '暴风雨之夜', '暴風雨之夜', 'the stormy night'),
  p('秘密', '秘密', '秘密', 'the secret'),
  p('旅立ち', '启程', '啟程', 'departure'),
  p('手紙', '信', '信', 'the letter'),
  p('約束の場所', '约定的地方', '約定的地方', 'the promised place'),
  p('終わりと始まり', '结束与开始', '結束與開始', 'end and beginning'),
  p('夜明け', '黎明', '黎明', 'dawn'),
  p('エピローグ', '尾声', '尾聲', 'epilogue'),
  // Link labels.
  p('作者のページ', '作者的主页', '作者的主頁', "the author's page"),
];

/** Japanese punctuation in each language; English punctuation sticks to the word before it. */
export const PUNCTUATION: Readonly<Record<string, Record<TargetLanguage, string>>> = {
  '。': { 'zh-CN': '。', 'zh-TW': '。', en: '.' },
  '、': { 'zh-CN': '，', 'zh-TW': '，', en: ',' },
  '？': { 'zh-CN': '？', 'zh-TW': '？', en: '?' },
  '！': { 'zh-CN': '！', 'zh-TW': '！', en: '!' },
  '「': { 'zh-CN': '“', 'zh-TW': '「', en: '"' },
  '」': { 'zh-CN': '”', 'zh-TW': '」', en: '"' },
  '…': { 'zh-CN': '…', 'zh-TW': '…', en: '…' },
  '　': { 'zh-CN': '　', 'zh-TW': '　', en: ' ' },
};
