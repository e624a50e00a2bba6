/**
 * The accent colours offered (spec 001 §2.8, §3 "Colour entry: name, color, optional cname"):
 * the default first, then CSS's named colours, then Japanese traditional colours (the names are
 * proper names, shown as they are, with the hex beside them). Colours too pale to mark anything
 * on a white page are left out.
 */
export interface AccentColour {
  name: string;
  /** #rrggbb */
  color: string;
  /** The CSS colour keyword of exactly this colour, where there is one. */
  cname?: string;
}

export const ACCENT_COLOURS: readonly AccentColour[] = [
  { name: 'pixiv', color: '#38a9f5' },
  { name: 'Dodger blue', color: '#1e90ff', cname: 'dodgerblue' },
  { name: 'Deep sky blue', color: '#00bfff', cname: 'deepskyblue' },
  { name: 'Steel blue', color: '#4682b4', cname: 'steelblue' },
  { name: 'Royal blue', color: '#4169e1', cname: 'royalblue' },
  { name: 'Slate blue', color: '#6a5acd', cname: 'slateblue' },
  { name: 'Medium purple', color: '#9370db', cname: 'mediumpurple' },
  { name: 'Orchid', color: '#da70d6', cname: 'orchid' },
  { name: 'Deep pink', color: '#ff1493', cname: 'deeppink' },
  { name: 'Hot pink', color: '#ff69b4', cname: 'hotpink' },
  { name: 'Crimson', color: '#dc143c', cname: 'crimson' },
  { name: 'Indian red', color: '#cd5c5c', cname: 'indianred' },
  { name: 'Tomato', color: '#ff6347', cname: 'tomato' },
  { name: 'Dark orange', color: '#ff8c00', cname: 'darkorange' },
  { name: 'Orange', color: '#ffa500', cname: 'orange' },
  { name: 'Gold', color: '#ffd700', cname: 'gold' },
  { name: 'Chocolate', color: '#d2691e', cname: 'chocolate' },
  { name: 'Olive drab', color: '#6b8e23', cname: 'olivedrab' },
  { name: 'Lime green', color: '#32cd32', cname: 'limegreen' },
  { name: 'Medium sea green', color: '#3cb371', cname: 'mediumseagreen' },
  { name: 'Sea green', color: '#2e8b57', cname: 'seagreen' },
  { name: 'Teal', color: '#008080', cname: 'teal' },
  { name: 'Dark cyan', color: '#008b8b', cname: 'darkcyan' },
  { name: 'Cadet blue', color: '#5f9ea0', cname: 'cadetblue' },
  { name: 'Slate grey', color: '#708090', cname: 'slategray' },
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
