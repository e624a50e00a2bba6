/**
 * Vocabulary of the seeded novels: tags with their translations, title and series parts, and the
 * pieces Japanese-looking prose is assembled from (subjects, places, actions, lines of speech,
 * words with ruby readings).
 */
import type { TagWord } from './words.ts';

function t(name: string, en: string, zh: string, zhTw: string, ko: string): TagWord {
  return { name, en, zh, zh_tw: zhTw, ko };
}

/** Subject tags of novels; a novel carries two to six. */
export const NOVEL_TAGS: readonly TagWord[] = [
  t('オリジナル', 'original', '原创', '原創', '오리지널'),
  t('創作', 'original work', '原创', '原創', '창작'),
  t('恋愛', 'romance', '恋爱', '戀愛', '연애'),
  t('ファンタジー', 'fantasy', '奇幻', '奇幻', '판타지'),
  t('異世界', 'another world', '异世界', '異世界', '이세계'),
  t('学園', 'school', '校园', '校園', '학원'),
  t('ミステリー', 'mystery', '推理', '推理', '미스터리'),
  t('SF', 'science fiction', '科幻', '科幻', 'SF'),
  t('ホラー', 'horror', '恐怖', '恐怖', '호러'),
  t('百合', 'yuri', '百合', '百合', '백합'),
  t('BL', 'boys love', '耽美', '耽美', 'BL'),
  t('日常', 'slice of life', '日常', '日常', '일상'),
  t('短編', 'short story', '短篇', '短篇', '단편'),
  t('長編', 'long story', '长篇', '長篇', '장편'),
  t('シリアス', 'serious', '严肃', '嚴肅', '시리어스'),
  t('ほのぼの', 'heartwarming', '温馨', '溫馨', '훈훈'),
  t('切ない', 'bittersweet', '虐心', '虐心', '애절'),
  t('純愛', 'pure love', '纯爱', '純愛', '순애'),
  t('冒険', 'adventure', '冒险', '冒險', '모험'),
  t('幼馴染', 'childhood friend', '青梅竹马', '青梅竹馬', '소꿉친구'),
  t('魔法', 'magic', '魔法', '魔法', '마법'),
  t('猫', 'cat', '猫', '貓', '고양이'),
  t('夏', 'summer', '夏天', '夏天', '여름'),
  t('冬', 'winter', '冬天', '冬天', '겨울'),
  t('転生', 'reincarnation', '转生', '轉生', '환생'),
  t('ハッピーエンド', 'happy ending', '好结局', '好結局', '해피엔딩'),
  t('小説', 'novel', '小说', '小說', '소설'),
  t('pixiv小説', 'pixiv novel', 'pixiv小说', 'pixiv小說', 'pixiv 소설'),
  t('1000users入り', '1000+ bookmarks', '1000收藏', '1000收藏', '1000북마크'),
];

export const NOVEL_TITLE_HEADS = [
  '夏の終わりの',
  '星降る夜の',
  '雨上がりの',
  '真夜中の',
  '放課後の',
  '最果ての',
  '硝子の',
  '忘れられた',
  '僕と君の',
  '魔女の',
  '灰色の',
  '春を待つ',
];
export const NOVEL_TITLE_NOUNS = [
  '約束',
  '手紙',
  '図書館',
  '物語',
  '帰り道',
  '記憶',
  '祈り',
  '航海',
  '庭園',
  '恋文',
  '鯨',
  '停留所',
];
export const SERIES_TAILS = ['シリーズ', '物語', '連作', '短編集', '異聞', '記録'];

export const SUBJECTS = [
  '彼女は',
  '僕は',
  '私は',
  '少年は',
  '魔女は',
  '先輩は',
  '黒猫が',
  '旅人は',
  '姉は',
  '騎士は',
  '司書は',
  'ふたりは',
];
export const PLACES = [
  '駅のホームで',
  '図書館の窓辺で',
  '屋上で',
  '雨上がりの路地で',
  '海辺の堤防で',
  '古い教会の前で',
  '夕暮れの教室で',
  '港の灯台の下で',
  '森の奥の小屋で',
  '喫茶店の片隅で',
  '',
  '',
];
export const ACTIONS = [
  '静かに空を見上げた',
  '小さく息をついた',
  '手紙をそっと開いた',
  '何も言わずに笑った',
  '遠くの汽笛に耳を澄ませた',
  '冷めた紅茶を飲み干した',
  '古い地図を広げた',
  '約束の時間を思い出した',
  'ページをめくる手を止めた',
  '振り返らずに歩き出した',
  '名前を呼ばれた気がした',
  '窓の外の雪を数えていた',
];
export const SPEECH = [
  'また明日、ここで会おう',
  'それは本当の話なの？',
  'もう少しだけ、このままでいさせて',
  '大丈夫、きっと間に合うよ',
  '忘れたりなんかしないから',
  '君の番だよ',
  'ねえ、聞こえる？',
  '行こう、夜が明ける前に',
];
/** Words written with a reading: `[[rb:黄昏 > たそがれ]]`. */
export const RUBY_WORDS: readonly (readonly [string, string])[] = [
  ['黄昏', 'たそがれ'],
  ['邂逅', 'かいこう'],
  ['刹那', 'せつな'],
  ['久遠', 'くおん'],
  ['硝子', 'ガラス'],
  ['月虹', 'げっこう'],
  ['微睡', 'まどろ'],
  ['泡沫', 'うたかた'],
  ['東雲', 'しののめ'],
  ['彼方', 'かなた'],
];
export const CHAPTER_TITLES = [
  'はじまり',
  '再会',
  '嵐の夜',
  '秘密',
  '旅立ち',
  '手紙',
  '約束の場所',
  '終わりと始まり',
  '夜明け',
  'エピローグ',
];
export const NOVEL_CAPTIONS = [
  '初めての投稿です。楽しんでいただけたら嬉しいです。',
  '続きは近いうちに。',
  '表紙はお借りしました。',
  '誤字脱字があればお知らせください。',
  '短いお話です。',
  'シリーズの続きです。前作から読むとより楽しめます。',
  '評価・ブックマークありがとうございます！',
  'pixivで書く初めての長編です。',
];
