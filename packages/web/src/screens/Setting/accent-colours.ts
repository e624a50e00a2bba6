/**
 * The accent colours offered (spec 001 §2.8, §3 "Colour entry: name, color, optional cname"):
 * the default first, then CSS's named colours, then Japanese traditional colours. Every swatch
 * shows its value; a CSS colour's name is a catalogue text (`accent.names.<cname>`), so it reads
 * in the interface language, while a traditional colour's name is a proper name, shown as it is
 * (in Japanese). Colours too pale to mark anything on a white page are left out.
 */
export type AccentColour = {
  /** #rrggbb */
  color: string;
} & (
  | {
      /** Catalogue key under `accent.names` (the CSS keyword, or `pixiv` for the default). */
      nameKey: string;
      /** The CSS colour keyword of exactly this colour, where there is one. */
      cname?: string;
    }
  | {
      /** A Japanese traditional colour's name: a proper name, not translated. */
      name: string;
    }
);

export const ACCENT_COLOURS: readonly AccentColour[] = [
  { nameKey: 'pixiv', color: '#38a9f5' },
  { nameKey: 'dodgerblue', color: '#1e90ff', cname: 'dodgerblue' },
  { nameKey: 'deepskyblue', color: '#00bfff', cname: 'deepskyblue' },
  { nameKey: 'steelblue', color: '#4682b4', cname: 'steelblue' },
  { nameKey: 'royalblue', color: '#4169e1', cname: 'royalblue' },
  { nameKey: 'slateblue', color: '#6a5acd', cname: 'slateblue' },
  { nameKey: 'mediumpurple', color: '#9370db', cname: 'mediumpurple' },
  { nameKey: 'orchid', color: '#da70d6', cname: 'orchid' },
  { nameKey: 'deeppink', color: '#ff1493', cname: 'deeppink' },
  { nameKey: 'hotpink', color: '#ff69b4', cname: 'hotpink' },
  { nameKey: 'crimson', color: '#dc143c', cname: 'crimson' },
  { nameKey: 'indianred', color: '#cd5c5c', cname: 'indianred' },
  { nameKey: 'tomato', color: '#ff6347', cname: 'tomato' },
  { nameKey: 'darkorange', color: '#ff8c00', cname: 'darkorange' },
  { nameKey: 'orange', color: '#ffa500', cname: 'orange' },
  { nameKey: 'gold', color: '#ffd700', cname: 'gold' },
  { nameKey: 'chocolate', color: '#d2691e', cname: 'chocolate' },
  { nameKey: 'olivedrab', color: '#6b8e23', cname: 'olivedrab' },
  { nameKey: 'limegreen', color: '#32cd32', cname: 'limegreen' },
  { nameKey: 'mediumseagreen', color: '#3cb371', cname: 'mediumseagreen' },
  { nameKey: 'seagreen', color: '#2e8b57', cname: 'seagreen' },
  { nameKey: 'teal', color: '#008080', cname: 'teal' },
  { nameKey: 'darkcyan', color: '#008b8b', cname: 'darkcyan' },
  { nameKey: 'cadetblue', color: '#5f9ea0', cname: 'cadetblue' },
  { nameKey: 'slategray', color: '#708090', cname: 'slategray' },
  { name: '紅梅色', color: '#f2a0a1' },
  { name: '韓紅', color: '#e95464' },
  { name: '紅色', color: '#d7003a' },
  { name: '茜色', color: '#b7282e' },
  { name: '朱色', color: '#eb6101' },
  { name: '柿色', color: '#ed6d3d' },
  { name: '山吹色', color: '#f8b500' },
  { name: '黄金色', color: '#e6b422' },
  { name: '萌黄', color: '#aacf53' },
  { name: '若竹色', color: '#68be8d' },
  { name: '青竹色', color: '#7ebea5' },
  { name: '常磐色', color: '#007b43' },
  { name: '浅葱色', color: '#00a3af' },
  { name: '新橋色', color: '#59b9c6' },
  { name: '空色', color: '#a0d8ef' },
  { name: '露草色', color: '#38a1db' },
  { name: '瑠璃色', color: '#1e50a2' },
  { name: '群青色', color: '#4c6cb3' },
  { name: '藍色', color: '#165e83' },
  { name: '紺色', color: '#223a70' },
  { name: '桔梗色', color: '#5654a2' },
  { name: '菫色', color: '#7058a3' },
  { name: '江戸紫', color: '#745399' },
  { name: '牡丹色', color: '#e7609e' },
  { name: '躑躅色', color: '#e95295' },
  { name: '鉛色', color: '#7b7c7d' },
];
